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

    /// The preview patches the inputs from the pages an edit touched: the inputs read anew from
    /// the whole catalog, and the index reordered from the positions it gives is the one made anew.
    @Test func patchedInputsAreTheInputsReadAnew() async throws {
        var files: [(String, String)] = []
        for number in 0..<(PageList.chunkSize + 200) {
            let tags = number % 3 == 0 ? "[red, blue]" : number % 3 == 1 ? "[blue]" : "[]"
            files.append(("c\(number % 5)/p\(number).md", "---\ntitle: \"Page \(number)\"\ntags: \(tags)\n---\n"))
        }
        let catalog = try await resolveInline(files).renderer.site.catalog
        let inputs = TagIndex.Inputs(catalog)
        let index = TagIndex(inputs)
        let tagged = try #require(catalog.pages.indices.last { !catalog.pages[$0].frontMatter.tags.isEmpty })
        let untagged = try #require(catalog.pages.indices.first { $0 > 0 && catalog.pages[$0].frontMatter.tags.isEmpty })

        // Titles changed in place, as the preview's resolve stage writes them: the chunks
        // holding neither page are shared and not read.
        var retitled = catalog
        retitled.pages[tagged].title = "Aardvark"
        retitled.pages[untagged].title = "Zebu"
        var patched = inputs
        let patch = patched.patch(from: catalog.pages, earlierAssets: catalog.assets, to: retitled)
        let changed = try #require(patch)
        #expect(patched == TagIndex.Inputs(retitled))
        #expect(changed.map { patched.tagged[$0].index } == [tagged])
        #expect(index.reordered(changing: changed, in: patched) == TagIndex(TagIndex.Inputs(retitled)))

        // Nothing changed: nothing to reorder.
        var same = inputs
        #expect(same.patch(from: catalog.pages, earlierAssets: catalog.assets, to: catalog) == [])
        #expect(same == inputs)

        // New tags, or another number of pages: made anew, the inputs left as they were.
        var retagged = catalog
        retagged.pages[untagged].frontMatter.tags = ["green"]
        var refused = inputs
        #expect(refused.patch(from: catalog.pages, earlierAssets: catalog.assets, to: retagged) == nil)
        #expect(refused == inputs)
        var shorter = catalog
        shorter.pages.truncate(to: catalog.pages.count - 1)
        #expect(refused.patch(from: catalog.pages, earlierAssets: catalog.assets, to: shorter) == nil)
    }
}
