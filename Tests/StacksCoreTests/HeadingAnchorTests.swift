import Foundation
import Testing
@testable import StacksCore

@Suite struct HeadingAnchorTests {
    /// The trim told from a heading's end bytes gives what Foundation's gives, on texts with
    /// ASCII, Unicode and no white space at either end.
    @Test func aHeadingIsTrimmedAsFoundationTrimsIt() {
        let ends = ["", " ", "\t", "\u{A0}", "\u{3000}", "\u{2003}", "a", "é", "e\u{301}", "😀", "\n", "#", "\u{200B}"]
        for head in ends {
            for tail in ends {
                for middle in ["", "Notes", "a b", " x "] {
                    let text = head + middle + tail
                    #expect(HeadingAnchors.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
                }
            }
        }
    }

    func parse(_ markdown: String) -> ParsedMarkdown {
        MarkdownParser.parse(markdown, extractTitle: true, options: SiteConfig.MarkdownOptions())
    }

    func page(_ prepared: Pipeline.Prepared, _ url: String) -> String {
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == url }!
        return String(decoding: prepared.renderer.renderPage(index), as: UTF8.self)
    }

    @Test func idsAreUniqueOnAPageWithRepeatedHeadings() {
        let parsed = parse("""
            # Title

            ## Notes
            ## Notes
            ## Notes 1
            ## Notes
            ## 原料
            ## Café & Crème — 100% done?!
            ## Hello 👋 world
            ### The `--force` flag
            ## Content
            ## Filter 3
            ## !!!
            """)
        #expect(parsed.headings.map(\.id) == [
            "notes", "notes-1", "notes-1-1", "notes-2", "原料", "café--crème--100-done", "hello--world",
            "the---force-flag", "content-1", "filter-3-1", "section",
        ])
        #expect(parsed.headings.map(\.level) == [2, 2, 2, 2, 2, 2, 2, 3, 2, 2, 2])
        #expect(parsed.headings[7].text == "The --force flag")
        #expect(parsed.headings[0].line == 3 && parsed.headings[0].column == 1)
        #expect(parsed.headings[4].line == 7)
    }

    @Test func headingsCarryTheirIdAndAnAnchorLinkWithTheirInlineMarkdown() {
        let parsed = parse("## Use *the* [`map`](https://example.org/map) well\n")
        #expect(parsed.html == """
            <h2 id="use-the-map-well">Use <em>the</em> <a href="https://example.org/map"><code>map</code></a> well\
            <a class="anchor" href="#use-the-map-well" aria-label="Link to this section: Use the map well">\
            <span aria-hidden="true">#</span></a></h2>

            """)
    }

    @Test func hostileHeadingTextIsEscapedInTheIdTheLinkAndItsName() {
        var options = SiteConfig.MarkdownOptions()
        options.smart = false
        let parsed = MarkdownParser.parse("## Say \"\u{301} <script>alert(1)</script> 'x'\n", extractTitle: false, options: options)
        let html = parsed.html
        #expect(!html.contains("<script"))
        #expect(!html.contains("alert(1)</"))
        // Raw HTML in a heading is sanitized (the script goes with its content), and its tags are
        // markup to the slug and the link's name.
        let id = "say-\u{301}-alert1-x"
        #expect(parsed.headings[0].id == id)
        let opening = "<h2 id=\"" + id + "\">"
        #expect(html.hasPrefix(opening))
        let name = "aria-label=\"Link to this section: Say &quot;\u{301} alert(1) &#39;x&#39;\">"
        #expect(html.contains(name))
    }

    @Test func linksInsideHeadingsKeepTheirPositionAndAreResolved() async throws {
        let prepared = try await resolveInline([
            ("a/one.md", "---\ntitle: One\n---\n\n## See [two](two.md) \n\n## [Broken](nowhere.md)\n"),
            ("a/two.md", "Two"),
        ], config: { var config = SiteConfig(); config.links.broken = .warning; return config }())
        #expect(prepared.warnings.map(\.description) == [
            "content/a/one.md:7:4: warning: broken link 'nowhere.md': there is no page or file content/a/nowhere.md",
        ])
        #expect(page(prepared, "a/one/").contains("<h2 id=\"see-two\">See <a href=\"../two/\">two</a><a class=\"anchor\" href=\"#see-two\""))
    }

    let longItem = """
        ---
        title: Bread
        ---
        Flour, water and salt.

        ## Ingredients
        ### Dry
        ### Wet
        ## Method
        ## Salt & "pepper"
        """

    @Test func anItemWithThreeSectionsListsThemOnThePage() async throws {
        let prepared = try await resolveInline([("food/bread.md", longItem)])
        let html = page(prepared, "food/bread/")
        #expect(html.contains("""
            <nav class="outline" aria-label="On this page">
            <h2>On this page</h2>
            <ol><li><a href="#ingredients">Ingredients</a><ol><li><a href="#dry">Dry</a></li><li><a href="#wet">Wet</a></li></ol></li>\
            <li><a href="#method">Method</a></li><li><a href="#salt--pepper">Salt &amp; “pepper”</a></li></ol>
            </nav>
            """))
    }

    @Test func twoSectionsGetNoListAndTheSettingMovesTheThreshold() async throws {
        let short = longItem.replacingOccurrences(of: "## Method\n", with: "")
        #expect(!page(try await resolveInline([("food/bread.md", short)]), "food/bread/").contains("On this page"))
        var config = SiteConfig()
        config.markdown.toc = 2
        #expect(page(try await resolveInline([("food/bread.md", short)], config: config), "food/bread/").contains("aria-label=\"On this page\""))
        config.markdown.toc = 0
        #expect(!page(try await resolveInline([("food/bread.md", longItem)], config: config), "food/bread/").contains("On this page"))
    }

    @Test(arguments: [("toc: 5", 5), ("toc: 0", 0), ("toc: false", 0), ("toc: true", 3)])
    func theSettingIsReadFromStacksYml(_ line: String, _ expected: Int) {
        let (config, problems) = ConfigParser.parse("markdown:\n  \(line)\n", path: "stacks.yml")
        #expect(problems.isEmpty)
        #expect(config.markdown.toc == expected)
    }

    @Test func aNegativeSettingIsAnError() {
        let (_, problems) = ConfigParser.parse("markdown:\n  toc: -1\n", path: "stacks.yml")
        #expect(problems.map(\.description) == ["stacks.yml:2:8: error: 'markdown.toc' must be a whole number of at least 0, or false"])
    }

    @Test func aCategoryIntroductionShownTwiceGivesItsIdsOnce() async throws {
        let prepared = try await resolveInline([
            ("food/_index.md", "---\ntitle: Food\n---\n## Tips\n\nCook slowly.\n"),
            ("food/bread.md", "---\ntitle: Bread\n---\n## Tips\n"),
        ])
        for url in ["food/", "food/bread/"] {
            let html = page(prepared, url)
            #expect(html.components(separatedBy: "id=\"tips\"").count == 2, "\(url)")
            #expect(html.components(separatedBy: "class=\"anchor\"").count == 2, "\(url)")
            #expect(html.contains("<div class=\"intro prose\"><h2>Tips</h2>\n<p>Cook slowly.</p>\n</div>"), "\(url)")
        }
    }
}
