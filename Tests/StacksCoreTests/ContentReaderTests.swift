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

    #if os(Linux)
    /// Files that say they are empty but are not (`/proc`) are read to the end.
    @Test func readsPastTheSizeAFileClaims() {
        let bytes = ContentReader.contents(atPath: "/proc/self/status")
        #expect((bytes?.count ?? 0) > 100)
        #expect(bytes.map { String(decoding: $0, as: UTF8.self).hasPrefix("Name:") } == true)
    }
    #endif
}
