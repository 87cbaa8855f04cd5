import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The output a build replaced is deleted whole, at every depth, and never through a link:
/// what a link inside it points to is left as it was.
@Suite struct FolderRemovalTests {
    @Test(arguments: [1, 8])
    func removesTheWholeTreeAndNothingALinkLeadsTo(threads: Int) async throws {
        try await withTemporaryFolder { folder in
            let manager = FileManager.default
            let outside = folder.appendingPathComponent("outside")
            try manager.createDirectory(at: outside.appendingPathComponent("kept"), withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: outside.appendingPathComponent("kept/file.txt"))

            let tree = folder.appendingPathComponent("tree")
            var deep = tree
            for level in 0..<70 { deep.appendPathComponent("level-\(level)") }
            try manager.createDirectory(at: deep, withIntermediateDirectories: true)
            try Data("deep".utf8).write(to: deep.appendingPathComponent("index.html"))
            for category in 0..<5 {
                for page in 0..<20 {
                    let pageFolder = tree.appendingPathComponent("category-\(category)/page-\(page)")
                    try manager.createDirectory(at: pageFolder, withIntermediateDirectories: true)
                    try Data("<p>\(page)</p>".utf8).write(to: pageFolder.appendingPathComponent("index.html"))
                }
                try Data("{}".utf8).write(to: tree.appendingPathComponent("category-\(category)/entries.json"))
            }
            try Data("top".utf8).write(to: tree.appendingPathComponent("index.html"))
            try manager.createDirectory(at: tree.appendingPathComponent("empty/inner"), withIntermediateDirectories: true)
            // Links to a folder and to a file outside, at the top and two levels down.
            try manager.createSymbolicLink(atPath: tree.appendingPathComponent("link").path, withDestinationPath: outside.path)
            try manager.createSymbolicLink(atPath: tree.appendingPathComponent("category-0/link").path, withDestinationPath: outside.path)
            try manager.createSymbolicLink(atPath: tree.appendingPathComponent("category-1/page-0/file-link").path,
                                           withDestinationPath: outside.appendingPathComponent("kept/file.txt").path)

            FolderRemoval.remove(tree.path, threads: threads)

            #expect(!manager.fileExists(atPath: tree.path))
            #expect(try String(contentsOf: outside.appendingPathComponent("kept/file.txt"), encoding: .utf8) == "mine")
            #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == ["outside"])
        }
    }

    @Test func aLinkOrAFileInPlaceOfTheFolderIsRemovedItself() async throws {
        try await withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("target")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: target.appendingPathComponent("x.html"))
            let link = folder.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
            FolderRemoval.remove(link.path)
            #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("x.html").path))
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)

            let file = folder.appendingPathComponent("file")
            try Data("y".utf8).write(to: file)
            FolderRemoval.remove(file.path)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            FolderRemoval.remove(folder.appendingPathComponent("missing").path)
        }
    }
}
