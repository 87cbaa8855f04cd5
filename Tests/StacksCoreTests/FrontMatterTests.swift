import Testing
@testable import StacksCore

@Suite struct FrontMatterTests {
    @Test func readsEveryKnownKey() throws {
        let text = """
            ---
            title: Rain
            summary: Water from the sky
            order: 4
            draft: false
            date: 2024-05-31
            tags: [wet, grey]
            icon: rain
            color: "#2c3e50"
            image: radar.png
            attributes:
              Zeta: last written first
              Alpha: "2"
            slug: regen
            aliases: [old/rain/, /weather/wet]
            mood: gloomy
            ---
            Body here.
            """
        let result = FrontMatterParser.parse(text, path: "content/rain.md")
        #expect(result.diagnostics.isEmpty)
        let matter = result.frontMatter
        #expect(matter.title == "Rain")
        #expect(matter.summary == "Water from the sky")
        #expect(matter.order == 4)
        #expect(matter.draft == false)
        #expect(matter.date == "2024-05-31")
        #expect(matter.tags == ["wet", "grey"])
        #expect(matter.icon == "rain")
        #expect(matter.color == "#2c3e50")
        #expect(matter.image == "radar.png")
        #expect(matter.attributes == [Attribute(name: "Zeta", value: "last written first"), Attribute(name: "Alpha", value: "2")])
        #expect(matter.slug == "regen")
        #expect(matter.aliases == ["old/rain/", "/weather/wet"])
        #expect(matter.params == ["mood": .string("gloomy")])
        #expect(result.body == "Body here.")
        #expect(result.bodyLine == 18)
    }

    @Test func opensOnlyOnAFirstLineOfExactlyThreeDashes() {
        let text = "Intro\n---\ntitle: no\n---\n"
        let result = FrontMatterParser.parse(text, path: "a.md")
        #expect(result.frontMatter.title == nil)
        #expect(result.body == Substring(text))
        let indented = FrontMatterParser.parse(" ---\ntitle: no\n---\n", path: "a.md")
        #expect(indented.frontMatter.title == nil)
    }

    /// Zola and Hugo read a block after leading blank lines as front matter (129 of 181 pages of
    /// Zola's documentation start with an empty line): so does Stacks, never showing it as text,
    /// and its lines are the file's.
    @Test func frontMatterAfterLeadingBlankLinesIsFrontMatter() {
        let toml = FrontMatterParser.parse("\n+++\ntitle = \"apollo\"\ndescription = \"A theme\"\n+++\nBody\n", path: "a.md")
        #expect(toml.frontMatter.title == "apollo" && toml.frontMatter.summary == "A theme")
        #expect(toml.body == "Body\n" && toml.bodyLine == 6 && toml.diagnostics.isEmpty)
        let yaml = FrontMatterParser.parse("\r\n \t\n---\ntitle: T\n---\nBody", path: "a.md")
        #expect(yaml.frontMatter.title == "T" && yaml.body == "Body" && yaml.bodyLine == 6)
        let wrong = FrontMatterParser.parse("\n\n---\norder: x\n---\n", path: "content/a.md")
        #expect(wrong.diagnostics.map(\.description) == ["content/a.md:4:8: error: 'order' must be a whole number"])
        let broken = FrontMatterParser.parse("\n+++\ntitle = \n+++\n", path: "content/a.md")
        #expect(broken.diagnostics.map(\.description).allSatisfy { $0.hasPrefix("content/a.md:3:") }, "\(broken.diagnostics)")
        #expect(broken.diagnostics.count == 1 && broken.body.isEmpty)
        let unclosed = FrontMatterParser.parse("\n\n---\ntitle: Rain\n", path: "content/a.md")
        #expect(unclosed.diagnostics.map(\.description) == [
            "content/a.md:3:1: error: front matter is never closed: add a line '---' after it",
        ])
        // Text before the fence: Markdown, as before.
        let text = "\nIntro\n---\ntitle: no\n---\n"
        #expect(FrontMatterParser.parse(text, path: "a.md").body == Substring(text))
    }

    /// One text where a list is expected is a list written with commas, as Jekyll's and
    /// GitHub's topic pages write `tags` and `aliases`.
    @Test func aTextWhereAListIsExpectedIsAListWrittenWithCommas() {
        let result = FrontMatterParser.parse("---\ntags: soup,  winter ,,\naliases: 3d-printing, 3d-graphics\n---\n", path: "a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.tags == ["soup", "winter"])
        #expect(result.frontMatter.aliases == ["3d-printing", "3d-graphics"])
        #expect(FrontMatterParser.parse("---\ntags: ''\n---\n", path: "a.md").frontMatter.tags == [])
    }

    @Test func aThematicBreakInTheBodyStaysInTheBody() {
        let result = FrontMatterParser.parse("---\ntitle: T\n---\nOne\n\n---\n\nTwo\n", path: "a.md")
        #expect(result.frontMatter.title == "T")
        #expect(result.body == "One\n\n---\n\nTwo\n")
    }

    @Test func malformedYAMLIsReportedAtItsLineInTheFile() {
        let result = FrontMatterParser.parse("---\ntitle: Rain\nsummary: [unclosed\n---\nBody\n", path: "content/rain.md")
        #expect(result.diagnostics.map(\.description) == [
            "content/rain.md:4:1: error: invalid front matter: did not find expected ',' or ']'",
        ])
    }

    @Test func frontMatterThatNeverClosesIsAnError() {
        let result = FrontMatterParser.parse("---\ntitle: Rain\n\nBody\n", path: "content/rain.md")
        #expect(result.diagnostics.map(\.description) == [
            "content/rain.md:1:1: error: front matter is never closed: add a line '---' after it",
        ])
    }

    @Test(arguments: [
        ("order: \"x\"", "content/a.md:2:8: error: 'order' must be a whole number"),
        ("draft: maybe", "content/a.md:2:8: error: 'draft' must be true or false"),
        ("title: [a, b]", "content/a.md:2:8: error: 'title' must be text"),
        ("date: yesterday", "content/a.md:2:7: error: 'date' must be a date like 2024-05-31"),
        ("attributes: [a]", "content/a.md:2:13: error: 'attributes' must be a map of names to values"),
        ("tags: {a: b}", "content/a.md:2:7: error: 'tags' must be a list of text"),
    ])
    func aKeyOfTheWrongTypeIsAnError(line: String, expected: String) {
        let result = FrontMatterParser.parse("---\n\(line)\n---\n", path: "content/a.md")
        #expect(result.diagnostics.map(\.description) == [expected])
    }

    @Test func dateIsShownReadably() {
        #expect(DateText.readable("2024-05-31") == "31 May 2024")
        #expect(DateText.readable("2024-01-02T10:00:00Z") == "2 January 2024")
        #expect(DateText.machine("2024-01-02T10:00:00Z") == "2024-01-02")
        #expect(!DateText.isValid("2024-13-01"))
    }
}
