import Foundation
import Testing
@testable import StacksCore

/// Reading the content folder: what `ContentReader` keeps of each file, compared with what
/// Foundation reads.
@Suite struct ContentReaderTests {
    @Test func readsWholeFilesAsFoundationDoes() throws {
        let text = String(repeating: "Zeile mit Umlauten äöü und mehr.\n", count: 3000)
        let project = try TemporaryProject(["content/_index.md": "", "content/a.md": "---\ntitle: A\n---\nShort.",
                                            "content/big/b.md": text])
        defer { project.remove() }
        for path in ["content/_index.md", "content/a.md", "content/big/b.md"] {
            let url = project.root.appendingPathComponent(path)
            #expect(ContentReader.contents(atPath: url.path) == FileManager.default.contents(atPath: url.path).map { [UInt8]($0) })
        }
        #expect(ContentReader.contents(atPath: project.root.appendingPathComponent("content/missing.md").path) == nil)
        #expect(ContentReader.contents(atPath: project.root.appendingPathComponent("content/big").path) == nil)
        let (tree, problems) = ContentReader(root: project.root.appendingPathComponent("content"), displayRoot: "content").read()
        #expect(problems.isEmpty)
        #expect(tree.markdownFiles.map(\.relativePath) == ["_index.md", "a.md", "big/b.md"])
        #expect(tree.directories.first?.files.first?.contents == Array(text.utf8))
    }

    /// The folders at the content's top are read on all cores: the tree and the problems come
    /// in the order one walk gives them, each folder's where it stands among the root's files.
    @Test func foldersReadOnAllCoresKeepTheirOrder() throws {
        var files: [String: String] = ["content/_index.md": ""]
        let names = (0..<12).map { String(format: "f%02d", $0) }
        for name in names {
            files["content/\(name)/item.md"] = "---\ntitle: \(name)\n---\nText."
            files["content/\(name)/deeper/sub.md"] = "Sub."
            files["content/\(name).md"] = "Beside."
        }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        // A FIFO in every other folder and beside it at the root: a warning each, in walk order.
        var expected: [String] = []
        for (number, name) in names.enumerated() where number % 2 == 0 {
            #expect(mkfifo(project.root.appendingPathComponent("content/\(name)/pipe").path, 0o644) == 0)
            #expect(mkfifo(project.root.appendingPathComponent("content/\(name)-pipe").path, 0o644) == 0)
            expected += ["content/\(name)/pipe", "content/\(name)-pipe"]
        }
        let (tree, problems) = ContentReader(root: project.root.appendingPathComponent("content"), displayRoot: "content").read()
        #expect(problems.map(\.path) == expected)
        #expect(tree.directories.map(\.name) == names)
        #expect(tree.markdownFiles.map(\.relativePath) == ["_index.md"] + names.map { "\($0).md" }
                + names.flatMap { ["\($0)/item.md", "\($0)/deeper/sub.md"] })
    }

    #if os(Linux)
    /// Files that say they are empty but are not (`/proc`) are read to the end.
    @Test func readsPastTheSizeAFileClaims() {
        let bytes = ContentReader.contents(atPath: "/proc/self/status")
        #expect((bytes?.count ?? 0) > 100)
        #expect(bytes.map { String(decoding: $0, as: UTF8.self).hasPrefix("Name:") } == true)
    }
    #endif
}
