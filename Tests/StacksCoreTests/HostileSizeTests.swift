import Testing
import StacksTestSupport
@testable import StacksCore

/// A page may list tens of thousands of tags on one line. Reading it must cost in proportion:
/// these took minutes when each flow-list element's column was counted from the line's start
/// and each tag was looked for among the page's earlier ones.
@Suite struct HostileSizeTests {
    static let count = 60_000

    @Test func aFlowListOfManyTagsIsReadInOnePass() {
        let tags = (0..<Self.count).map { "t\($0)é" }
        let text = "---\ntitle: Many\ntags: [" + tags.joined(separator: ", ") + "]\n---\nBody\n"
        #expect(SimpleFrontMatter.compose(["tags: [" + tags.joined(separator: ", ") + "]"]) != nil)
        let parsed = FrontMatterParser.parse(text, path: "many.md")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.frontMatter.tags == tags)
    }

    @Test func aPageWithManyTagsIndexesEachOnce() async throws {
        // Each tag twice, in two spellings of one slug.
        let tags = (0..<Self.count).flatMap { ["tag\($0)", "Tag\($0)"] }
        let catalog = try await resolveInline([("c/many.md", "---\ntitle: Many\ntags: [" + tags.joined(separator: ", ") + "]\n---\n")])
            .renderer.site.catalog
        let index = TagIndex(TagIndex.Inputs(catalog))
        #expect(index.tags.count == Self.count)
        #expect(index.tags.allSatisfy { $0.pages.count == 1 })
    }
}
