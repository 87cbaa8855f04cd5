import Testing
@testable import StacksCore

@Suite struct MarkdownTests {
    let options = SiteConfig.MarkdownOptions()

    @Test func rendersCommonMarkWithSmartPunctuation() {
        let parsed = MarkdownParser.parse("Say \"hi\" -- it's *fine*...\n", extractTitle: false, options: options)
        #expect(parsed.html == "<p>Say “hi” – it’s <em>fine</em>…</p>\n")
    }

    @Test func smartPunctuationCanBeTurnedOff() {
        var plain = options
        plain.smart = false
        #expect(MarkdownParser.parse("\"hi\"", extractTitle: false, options: plain).html == "<p>&quot;hi&quot;</p>\n")
    }

    @Test func rawHTMLIsSanitizedUnlessUnsafe() {
        let source = "<div onclick=\"x()\">block</div>\n\nText with <b>bold</b>.\n"
        let safe = MarkdownParser.parse(source, extractTitle: false, options: options)
        #expect(safe.html == "<div>block</div>\n<p>Text with <b>bold</b>.</p>\n")
        var unsafe = options
        unsafe.unsafe = true
        let raw = MarkdownParser.parse(source, extractTitle: false, options: unsafe)
        #expect(raw.html == "<div onclick=\"x()\">block</div>\n<p>Text with <b>bold</b>.</p>\n")
    }

    @Test func dangerousURLsAreNeutralisedInSafeMode() {
        let parsed = MarkdownParser.parse("[x](javascript:alert(1))", extractTitle: false, options: options)
        #expect(parsed.html == "<p><a href=\"\">x</a></p>\n")
    }

    @Test func theFirstLevelOneHeadingBecomesTheTitleAndLeavesTheBody() {
        let parsed = MarkdownParser.parse("Intro\n\n# The *Title*\n\nText\n\n# Second\n", extractTitle: true, options: options)
        #expect(parsed.headingTitle == "The Title")
        #expect(parsed.html.hasPrefix("<p>Intro</p>\n<p>Text</p>\n<h1 id=\"second\">Second<a class=\"anchor\""))
        let kept = MarkdownParser.parse("# Kept\n", extractTitle: false, options: options)
        #expect(kept.headingTitle == nil && kept.html.hasPrefix("<h1 id=\"kept\">Kept<a"))
    }

    @Test func relativeLinksBecomeTokensWithTheirPositions() {
        let parsed = MarkdownParser.parse(
            "See [sun](sun.md) and\n[web](https://example.org), [top](#top),\nan ![radar](rain/radar.png).\n",
            extractTitle: false, options: options)
        #expect(parsed.links == [
            MarkdownLink(destination: "sun.md", isImage: false, line: 1, column: 5),
            // A fragment of this page too: the resolve stage checks it and writes it back as it is.
            MarkdownLink(destination: "#top", isImage: false, line: 2, column: 29),
            MarkdownLink(destination: "rain/radar.png", isImage: true, line: 3, column: 4),
        ])
        #expect(parsed.html.contains("href=\"stacks-link:0\""))
        #expect(parsed.html.contains("href=\"stacks-link:1\""))
        #expect(parsed.html.contains("src=\"stacks-link:2\""))
        #expect(parsed.html.contains("href=\"https://example.org\""))
    }

    @Test(arguments: [("a.md", true), ("../b/c.md#x", true), ("img.png", true), ("#frag", false),
                      ("/abs/path", false), ("https://x.org/a.md", false), ("mailto:a@b.c", false), ("?q=1", false)])
    func whichLinksAreRelative(destination: String, relative: Bool) {
        #expect(MarkdownParser.isRelative(destination) == relative)
    }
}
