import Foundation
import Testing
@testable import StacksCore

/// A build in a process that ends with it keeps the site's values rather than freeing them,
/// and writes the same site. One test at a time: both count what is kept.
@Suite(.serialized) struct LeftUntilExitTests {
    @Test func aBuildThatEndsTheProcessKeepsItsValuesAndWritesTheSameSite() async throws {
        // The site named in both (by default it takes its folder's name).
        let files = ["stacks.yml": "title: Notes\n", "content/notes/_index.md": "---\ntitle: Notes\n---\n", "content/notes/one.md": "# One\n\nText.\n",
                     "content/notes/two.md": "---\ntags: [a]\n---\n# Two\n\nMore [one](one.md).\n"]
        let freed = try TemporaryProject(files), kept = try TemporaryProject(files)
        _ = try await SiteBuilder.build(freed.options)
        var options = kept.options
        options.processEndsAfter = true
        // Kept, or declined where the test process (all suites in parallel) holds more than the
        // threshold: either way the build asked twice, for the site's values and for the cache's
        // and memos' records (no other test ends a process).
        let before = (LeftUntilExit.count, LeftUntilExit.declinedCount)
        _ = try await SiteBuilder.build(options)
        #expect(LeftUntilExit.count + LeftUntilExit.declinedCount == before.0 + before.1 + 2)
        let paths = freed.files(under: "output")
        #expect(paths.count > 5)
        #expect(paths == kept.files(under: "output"))
        for path in paths {
            let one = FileManager.default.contents(atPath: freed.root.appendingPathComponent(path).path)
            #expect(one != nil && one == FileManager.default.contents(atPath: kept.root.appendingPathComponent(path).path), "\(path)")
        }
    }

    /// Values are kept below the threshold of resident memory and handed back, to be freed, at
    /// or above it or where it cannot be read.
    @Test func valuesAreKeptOnlyBelowTheThreshold() {
        let before = (LeftUntilExit.count, LeftUntilExit.declinedCount)
        #expect(LeftUntilExit.keep([1, 2], resident: FreedMemory.threshold - 4096) == nil)
        #expect(LeftUntilExit.keep([3], resident: FreedMemory.threshold) == [3])
        #expect(LeftUntilExit.keep([4], resident: nil) == [4])
        #expect(LeftUntilExit.count >= before.0 + 1)
        #expect(LeftUntilExit.declinedCount >= before.1 + 2)
    }
}
