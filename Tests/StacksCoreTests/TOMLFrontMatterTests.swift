import Testing
@testable import StacksCore

/// TOML front matter between `+++` lines, as Hugo and Zola write it: read like YAML.
@Suite struct TOMLFrontMatterTests {
    private func errors(_ text: String) -> [String] {
        FrontMatterParser.parse(text, path: "content/a.md").diagnostics.map(\.description)
    }

    @Test func readsTheSameKeysAsYAML() throws {
        let text = """
        +++
        title = "Tomato soup"
        date = 2024-05-31
        order = 3
        slug = "soup"
        draft = false
        tags = ["soup", "summer"]
        mood = "sunny"

        [attributes]
        Serves = "4"
        Time = "30 min"
        Difficulty = "easy"
        +++
        Body
        """
        let result = FrontMatterParser.parse(text, path: "content/a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.title == "Tomato soup")
        #expect(result.frontMatter.date == "2024-05-31")
        #expect(result.frontMatter.order == 3)
        #expect(result.frontMatter.tags == ["soup", "summer"])
        #expect(result.frontMatter.params["mood"] == .string("sunny"))
        // As written, though toml++ keeps a table's keys sorted.
        #expect(result.frontMatter.attributes.map(\.name) == ["Serves", "Time", "Difficulty"])
        #expect(result.frontMatter.keyLines["slug"] == 5)
        #expect(result.frontMatter.keyLines["order"] == nil, "only the keys a later diagnostic names keep their line")
        #expect(result.body == "Body")
        #expect(result.bodyLine == 15)
    }

    /// A Zola page as its documentation writes most of them: an empty line, then the block. Its
    /// title and description are the page's, and none of it is in the page or its list row.
    @Test func aZolaPageStartingWithAnEmptyLineReadsItsFrontMatter() async throws {
        let renderer = try await resolveInline([
            ("themes/apollo.md", "\n+++\ntitle = \"apollo\"\ndescription = \"Modern and minimalistic blog theme\"\n+++\n\nApollo, a theme.\n"),
        ]).renderer
        let catalog = renderer.site.catalog
        let index = try #require(catalog.pages.firstIndex { $0.title == "apollo" })
        #expect(catalog[index].summary == "Modern and minimalistic blog theme")
        let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
        #expect(!html.contains("+++") && !html.contains("title = "))
        #expect(html.contains("Apollo, a theme."))
    }

    @Test func inlineTableKeepsItsOrderAndDateTimesAreText() {
        let result = FrontMatterParser.parse("+++\nattributes = { Z = \"1\", A = \"2\" }\ndate = 2024-05-31T10:30:00Z\n+++\n",
                                             path: "content/a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.attributes.map(\.name) == ["Z", "A"])
        #expect(result.frontMatter.date == "2024-05-31T10:30:00Z")
    }

    @Test func neverClosed() {
        #expect(errors("+++\ntitle = \"x\"\n\nBody\n") == ["content/a.md:1:1: error: front matter is never closed: add a line '+++' after it"])
    }

    @Test func yamlFenceDoesNotCloseTOML() {
        #expect(errors("+++\ntitle = \"x\"\n---\n") == ["content/a.md:1:1: error: front matter is never closed: add a line '+++' after it"])
    }

    @Test func invalidTOMLAtItsLine() {
        #expect(errors("+++\ntitle = \"x\"\norder = \n+++\n") == ["content/a.md:3:9: error: invalid front matter: Error while parsing key-value pair: encountered end-of-file"])
    }

    @Test func duplicateKeyAtItsLine() {
        #expect(errors("+++\ntitle = \"x\"\ntitle = \"y\"\n+++\n") == ["content/a.md:3:9: error: invalid front matter: Error while parsing key-value pair: cannot redefine existing string 'title'"])
    }

    @Test func wrongTypes() {
        #expect(errors("+++\ntitle = \"x\"\norder = \"x\"\n+++\n") == ["content/a.md:3:9: error: 'order' must be a whole number"])
        #expect(errors("+++\ntags = 3\n+++\n") == ["content/a.md:2:8: error: 'tags' must be a list of text"])
        #expect(errors("+++\ntitle = 3\n+++\n") == ["content/a.md:2:9: error: 'title' must be text"])
        #expect(errors("+++\ndraft = \"yes\"\n+++\n") == ["content/a.md:2:9: error: 'draft' must be true or false"])
        #expect(errors("+++\ndate = \"2024-02-30\"\n+++\n") == ["content/a.md:2:8: error: 'date' 2024-02-30 is not a calendar date"])
        #expect(errors("+++\n[attributes]\nSize = [1]\n+++\n") == ["content/a.md:3:8: error: each attribute must be a name and a text value"])
    }

    @Test func invalidDateIsTOMLsOwnError() {
        #expect(errors("+++\ndate = 2024-02-30\n+++\n") == ["content/a.md:2:18: error: invalid front matter: Error while parsing date: expected day between 1 and 29 (inclusive), saw 30"])
    }
}
