import Foundation
import Testing
@testable import StacksCore

/// Alerts as GitHub, Hugo and Obsidian write them, and aligned table cells in valid HTML.
@Suite struct AlertTests {
    static func html(_ body: String, gfm: Bool = true) -> String {
        var options = SiteConfig.MarkdownOptions()
        options.gfm = gfm
        return MarkdownParser.parse(body, extractTitle: false, options: options).html
    }

    @Test(arguments: [("NOTE", "note", "Note"), ("tip", "tip", "Tip"), ("Important", "important", "Important"),
                      ("WARNING", "warning", "Warning"), ("CAUTION", "caution", "Caution")])
    func eachKindIsATitledCallout(marker: String, kind: String, title: String) {
        #expect(Self.html("> [!\(marker)]\n> Mind the **step**.\n") == """
            <div class="alert alert-\(kind)" role="note">
            <p class="alert-title">\(title)</p>
            <p>Mind the <strong>step</strong>.</p>
            </div>

            """)
    }

    @Test func aCalloutHoldsEveryBlockOfItsQuote() {
        let html = Self.html("> [!WARNING]\n>\n> One.\n>\n> - a\n> - b\n>\n> ```sh\n> rm -rf\n> ```\n")
        #expect(html.hasPrefix("<div class=\"alert alert-warning\" role=\"note\">\n<p class=\"alert-title\">Warning</p>\n<p>One.</p>\n<ul>"))
        #expect(html.contains("<code class=\"language-sh\">rm -rf\n</code>") && html.hasSuffix("</div>\n"))
        #expect(!html.contains("blockquote") && !html.contains("[!"))
    }

    /// Hugo and Obsidian: a fold sign and a title of its own after the marker; the title is text.
    @Test func aTitleAfterTheMarkerIsShownAndTheFoldSignIgnored() {
        #expect(Self.html("> [!TIP]- Before you <b>start</b>\n> Read this.\n").hasPrefix(
            "<div class=\"alert alert-tip\" role=\"note\">\n<p class=\"alert-title\">Before you &lt;b&gt;start&lt;/b&gt;</p>\n<p>Read this.</p>"))
        #expect(Self.html("> [!NOTE]\n").hasPrefix("<div class=\"alert alert-note\" role=\"note\">\n<p class=\"alert-title\">Note</p>\n</div>"))
    }

    /// What is not an alert stays a quote, as on GitHub.
    @Test(arguments: ["> [!BUG]\n> Text\n", "> [!NOTE]text\n", "> Text [!NOTE]\n", "[!NOTE]\n> Text\n",
                      "> ` [!NOTE] `\n", "    > [!NOTE]\n"])
    func otherQuotesStayQuotes(body: String) {
        #expect(!Self.html(body).contains("alert"), "\(body)")
    }

    @Test func anAlertInsideAListOrAQuoteAndWithoutGFM() {
        #expect(Self.html("- item\n\n  > [!NOTE]\n  > In a list.\n").contains("<li>\n<p>item</p>\n<div class=\"alert alert-note\""))
        let nested = Self.html("> [!CAUTION]\n> > [!TIP]\n> > Inner.\n")
        #expect(nested.contains("alert-caution") && nested.contains("alert-tip") && !nested.contains("blockquote"))
        #expect(Self.html("> [!NOTE]\n> Text\n", gfm: false).hasPrefix("<blockquote>"))
    }

    /// A link on the first line after the marker keeps its position for its diagnostics.
    @Test func linksInACalloutKeepTheirPositions() {
        let parsed = MarkdownParser.parse("Intro\n\n> [!NOTE]\n> See [x](x.md).\n", extractTitle: false, options: SiteConfig.MarkdownOptions())
        #expect(parsed.links.map { "\($0.line):\($0.column)" } == ["4:7"])
    }

    @Test func alignedCellsUseClassesNotTheObsoleteAttribute() {
        let html = Self.html("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(html.contains(#"<th class="align-left">a</th>"#) && html.contains(#"<th class="align-center">b</th>"#)
                && html.contains(#"<td class="align-right">3</td>"#) && html.contains("<td>4</td>"))
        #expect(!html.contains("align="))
    }
}
