import Testing
import StacksTestSupport
@testable import StacksCore

/// The preview reorders its tag index after a few titles changed instead of making it anew:
/// the outcome must be the index made anew, whatever the titles.
@Suite struct TagIndexReorderTests {
    @Test(arguments: [41, 42, 43] as [UInt64])
    func aReorderedIndexIsTheIndexMadeAnew(seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        let words = ["apple", "Apple", "Éclair", "eclair", "zebra", "mango", "", "ápple"]
        var files: [(String, String)] = []
        for number in 0..<60 {
            let tags = ["red", "Red", "blue", "green"].filter { _ in Bool.random(using: &random) }
            let title = words[Int.random(in: 0..<words.count, using: &random)] + (Bool.random(using: &random) ? "" : " \(number % 7)")
            files.append(("c\(number % 3)/p\(number).md", "---\ntitle: \"\(title.isEmpty ? "x" : title)\"\ntags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\n---\n"))
        }
        let catalog = try await resolveInline(files).renderer.site.catalog
        let inputs = TagIndex.Inputs(catalog)
        let index = TagIndex(inputs)
        #expect(!index.isEmpty)
        #expect(index.reordered(from: inputs, to: inputs) == index)
        for _ in 0..<40 {
            var changed = inputs
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<changed.tagged.count, using: &random)
                changed.tagged[position].listTitle = words[Int.random(in: 0..<words.count, using: &random)]
                    + String(repeating: "a", count: Int.random(in: 0...2, using: &random))
            }
            let reordered = try #require(index.reordered(from: inputs, to: changed))
            #expect(reordered == TagIndex(changed))
        }
        // Anything but titles and URLs: made anew.
        var retagged = inputs
        retagged.tagged[0].tags.append("new")
        #expect(index.reordered(from: inputs, to: retagged) == nil)
    }
}
