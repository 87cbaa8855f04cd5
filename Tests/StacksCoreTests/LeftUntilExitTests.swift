import Foundation
import Testing
@testable import StacksCore

/// A build in a process that ends with it keeps the site's values rather than freeing them,
/// and writes the same site.
@Suite struct LeftUntilExitTests {
    @Test func aBuildThatEndsTheProcessKeepsItsValuesAndWritesTheSameSite() async throws {
        // The site named in both (by default it takes its folder's name).
        let files = ["stacks.yml": "title: Notes\n", "content/notes/_index.md": "---\ntitle: Notes\n---\n", "content/notes/one.md": "# One\n\nText.\n",
                     "content/notes/two.md": "---\ntags: [a]\n---\n# Two\n\nMore [one](one.md).\n"]
        let freed = try TemporaryProject(files), kept = try TemporaryProject(files)
        _ = try await SiteBuilder.build(freed.options)
        var options = kept.options
        options.processEndsAfter = true
        let before = LeftUntilExit.count
        _ = try await SiteBuilder.build(options)
        #expect(LeftUntilExit.count == before + 1)
        let paths = freed.files(under: "output")
        #expect(paths.count > 5)
        #expect(paths == kept.files(under: "output"))
        for path in paths {
            let one = FileManager.default.contents(atPath: freed.root.appendingPathComponent(path).path)
            #expect(one != nil && one == FileManager.default.contents(atPath: kept.root.appendingPathComponent(path).path), "\(path)")
        }
    }
}
