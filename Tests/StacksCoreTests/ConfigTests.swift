import Foundation
import Testing
@testable import StacksCore

@Suite struct ConfigTests {
    @Test func readsEverySetting() {
        let (config, problems) = ConfigParser.parse("""
            title: Parts
            baseURL: https://example.org/parts/
            language: de
            layout:
              columns: doubleColumn
              style: balanced
              breakpoints: { medium: 600, wide: 1000 }
              listWindow: 20
            markdown: { unsafe: true, smart: false, gfm: false }
            paths: { content: pages, templates: theme, output: public }
            output: { portable: true }
            placeholders: { noCategory: Choose, noItem: Nothing here }
            """)
        #expect(problems.isEmpty)
        #expect(config.title == "Parts" && config.baseURL == "https://example.org/parts/" && config.language == "de")
        #expect(config.layout.columns == .doubleColumn && config.layout.style == .balanced)
        #expect(config.layout.mediumBreakpoint == 600 && config.layout.wideBreakpoint == 1000 && config.layout.listWindow == 20)
        #expect(config.markdown.unsafe && !config.markdown.smart && !config.markdown.gfm)
        #expect(SiteConfig().markdown.gfm)
        #expect(config.paths.content == "pages" && config.paths.templates == "theme" && config.paths.output == "public")
        #expect(config.portable)
        #expect(config.strings["noCategory"] == "Choose" && config.strings["noItem"] == "Nothing here")
    }

    @Test func wrongValuesAreErrorsAndUnknownKeysWarnings() {
        let (_, problems) = ConfigParser.parse("""
            title: Parts
            layout:
              columns: three
              breakpoints: { medium: wide }
            colour: red
            """)
        #expect(problems.map(\.description) == [
            "stacks.yml:3:12: error: 'layout.columns' must be one of: automatic, all, doubleColumn, detailOnly",
            "stacks.yml:4:26: error: 'layout.breakpoints.medium' must be a whole number of at least 1",
            "stacks.yml:5:1: warning: unknown setting 'colour'; ignored",
        ])
    }

    @Test func malformedYAMLIsAnErrorWithItsPosition() {
        let (_, problems) = ConfigParser.parse("title: [a\n")
        #expect(problems.map(\.description) == ["stacks.yml:2:1: error: invalid YAML: did not find expected ',' or ']'"])
    }

    /// The README's example configuration is real: it parses without a single diagnostic.
    @Test func theReadmeExampleIsValid() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Configuration"))
        let start = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let (config, problems) = ConfigParser.parse(String(readme[start.upperBound..<end.lowerBound]))
        #expect(problems.isEmpty, "\(problems)")
        #expect(config.title == "My Catalog")
    }

    @Test func theStarterConfigurationOfInitIsValid() {
        let (config, problems) = ConfigParser.parse(CatalogTemplate.starterConfig)
        #expect(problems.isEmpty)
        #expect(config.title == "My Catalog")
    }

    /// The base URL goes into canonical links and the sitemap: a web address only.
    @Test func aBaseURLThatIsNotAWebAddressIsAnError() async throws {
        let project = try TemporaryProject(["stacks.yml": "title: T\nbaseURL: \"javascript:alert(1)//\"\n", "content/a/b.md": "Text"])
        defer { project.remove() }
        #expect(await project.buildErrors() == ["stacks.yml:2:10: error: 'baseURL' must be an http(s) URL, such as https://example.org/catalog/"])
        var options = project.options
        options.baseURL = " javascript:alert(1)"
        try project.write("stacks.yml", "title: T\n")
        #expect(await project.buildErrors(options) == ["--base-url: error: must be an http(s) URL, such as https://example.org/catalog/"])
    }

    /// `title:` in stacks.yml, else the home page's title, else the project folder's name.
    @Test func theSiteTitleFallsBackToTheProjectFoldersName() async throws {
        let parent = try TemporaryProject()
        defer { parent.remove() }
        try parent.write("my-recipes/content/soup/tomato.md", "Red.")
        var options = parent.options
        options.projectDirectory = parent.root.appendingPathComponent("my-recipes")
        _ = try await SiteBuilder.build(options)
        let home = try parent.read("my-recipes/output/index.html")
        #expect(home.contains("<title>My recipes</title>"))
        #expect(!home.contains(">Stacks<"))
        try parent.write("my-recipes/content/_index.md", "---\ntitle: Grandma's Kitchen\n---\n")
        _ = try await SiteBuilder.build(options)
        #expect(try parent.read("my-recipes/output/index.html").contains("<title>Grandma&#39;s Kitchen</title>"))
        try parent.write("my-recipes/stacks.yml", "title: Recipes\n")
        _ = try await SiteBuilder.build(options)
        #expect(try parent.read("my-recipes/output/index.html").contains("<title>Recipes</title>"))
    }
}
