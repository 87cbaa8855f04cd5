import Testing
@testable import StacksCore

/// Keys Hugo and Zola write, and the `frontMatter` mapping of `stacks.yml` for the rest.
@Suite struct NeighbourKeysTests {
    @Test func hugoKeysWithoutConfiguration() {
        let result = FrontMatterParser.parse("---\ntitle: Installing on Linux\nlinkTitle: Linux\ndescription: How to\nweight: 4\n---\n",
                                             path: "content/a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.summary == "How to")
        #expect(result.frontMatter.order == 4)
        #expect(result.frontMatter.linkTitle == "Linux")
        #expect(result.frontMatter.params.isEmpty)
    }

    @Test func theStacksKeyWinsAndTheOtherReachesParams() {
        let result = FrontMatterParser.parse("---\ndescription: Long\nsummary: Short\norder: 1\nweight: 9\n---\n", path: "content/a.md")
        #expect(result.frontMatter.summary == "Short")
        #expect(result.frontMatter.order == 1)
        #expect(result.frontMatter.params == ["description": .string("Long"), "weight": .string("9")])
    }

    @Test func wrongTypeNamesTheKeyAsWritten() {
        let result = FrontMatterParser.parse("+++\nweight = \"heavy\"\n+++\n", path: "content/a.md")
        #expect(result.diagnostics.map(\.description) == ["content/a.md:2:10: error: 'weight' must be a whole number"])
    }

    @Test func zolaTaxonomiesAndExtra() {
        let text = "+++\ntitle = \"x\"\n[taxonomies]\ntags = [\"rust\", \"cli\"]\n[extra]\nauthor = \"Ada\"\n+++\n"
        let result = FrontMatterParser.parse(text, path: "content/a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.tags == ["rust", "cli"])
        #expect(result.frontMatter.params["author"] == .string("Ada"))
        #expect(result.frontMatter.params["taxonomies"] == .map(["tags": .list([.string("rust"), .string("cli")])]))
    }

    @Test func taxonomyTagsOfTheWrongType() {
        let result = FrontMatterParser.parse("+++\n[taxonomies]\ntags = 3\n+++\n", path: "content/a.md")
        #expect(result.diagnostics.map(\.description) == ["content/a.md:3:8: error: 'taxonomies.tags' must be a list of text"])
    }

    @Test func mappingFromStacksYML() throws {
        let (config, problems) = ConfigParser.parse("frontMatter:\n  title: display_name\n  summary: short_description\n")
        #expect(problems.isEmpty)
        let result = FrontMatterParser.parse("---\ndisplay_name: Adventure of Code\nshort_description: Puzzles\n---\n",
                                             path: "content/a.md", keys: config.frontMatterKeys)
        #expect(result.frontMatter.title == "Adventure of Code")
        #expect(result.frontMatter.summary == "Puzzles")
        let present = FrontMatterParser.parse("---\ntitle: Own\ndisplay_name: Other\n---\n", path: "content/a.md",
                                              keys: config.frontMatterKeys)
        #expect(present.frontMatter.title == "Own")
        #expect(present.frontMatter.params["display_name"] == .string("Other"))
    }

    @Test func mappingOfAnUnknownStacksKey() {
        let (_, problems) = ConfigParser.parse("frontMatter:\n  heading: display_name\n")
        #expect(problems.map(\.description) == [
            "stacks.yml:2:12: error: 'frontMatter.heading' is not a front matter key Stacks reads; one of: title, linkTitle, summary, order, draft, date, tags, icon, color, image, attributes, slug, aliases",
        ])
    }

    @Test func linkTitleInListsAndBreadcrumbsNotTheHeading() async throws {
        let project = try TemporaryProject([
            "content/install/_index.md": "---\ntitle: Installing Stacks on every platform\nlinkTitle: Install\n---\n",
            "content/install/linux.md": "+++\ntitle = \"Installing on Linux\"\nlinkTitle = \"Linux\"\n+++\nSteps.\n",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let page = try project.read("output/install/linux/index.html")
        #expect(page.contains("<h1>Installing on Linux</h1>") || page.contains(">Installing on Linux</h1>"))
        #expect(page.contains(">Install</a>"))
        let category = try project.read("output/install/index.html")
        #expect(category.contains(">Linux<"))
        #expect(!category.contains(">Installing on Linux<"))
    }
}
