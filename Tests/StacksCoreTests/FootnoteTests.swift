import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Footnotes as GitHub renders them: numbered by first reference, notes after the body with
/// links back, definitions found before libcmark parses (it knows none), every position kept.
@Suite struct FootnoteTests {
    static func parse(_ body: String, gfm: Bool = true) -> ParsedMarkdown {
        var options = SiteConfig.MarkdownOptions()
        options.gfm = gfm
        options.smart = false
        return MarkdownParser.parse(body, extractTitle: false, options: options)
    }

    static let body = """
        Here is a footnote[^1]. Another[^note] and the first again[^1].

        A [^missing] reference stays text, `[^1]` in code too.

        | a | b |
        |---|---|
        | cell[^2] | x |

        [^1]: My reference, with [a link](other.md).
        [^note]: To add line breaks within a footnote,
        lazy line here.

            Indented second paragraph, [docs].

        [^2]: In a table. Refers on[^3].
        [^3]: Third.
        [^unused]: Never shown.

        [docs]: https://example.org
        """

    @Test func referencesAreNumberedAndNotesFollowTheBody() {
        let html = Self.parse(Self.body).html
        #expect(html.hasPrefix(##"<p>Here is a footnote<sup class="footnote-ref"><a href="#fn:1" id="fnref:1" role="doc-noteref">1</a></sup>. Another<sup class="footnote-ref"><a href="#fn:2" id="fnref:2" role="doc-noteref">2</a></sup> and the first again<sup class="footnote-ref"><a href="#fn:1" id="fnref:1:2" role="doc-noteref">1</a></sup>.</p>"##), "\(html)")
        #expect(html.contains("<p>A [^missing] reference stays text, <code>[^1]</code> in code too.</p>"))
        #expect(html.contains(##"<td>cell<sup class="footnote-ref"><a href="#fn:3" id="fnref:3" role="doc-noteref">3</a></sup></td>"##))
        let notes = String(html[html.range(of: "<section")!.lowerBound...])
        #expect(notes == """
            <section class="footnotes" role="doc-endnotes" aria-label="Footnotes">
            <ol>
            <li id="fn:1">
            <p>My reference, with <a href="stacks-link:0">a link</a>. <a href="#fnref:1" class="footnote-backref" role="doc-backlink" aria-label="Back to reference 1">↩\u{FE0E}</a> <a href="#fnref:1:2" class="footnote-backref" role="doc-backlink" aria-label="Back to reference 1-2">↩\u{FE0E}<sup>2</sup></a></p>
            </li>
            <li id="fn:2">
            <p>To add line breaks within a footnote,
            lazy line here.</p>
            <p>Indented second paragraph, <a href="https://example.org">docs</a>. <a href="#fnref:2" class="footnote-backref" role="doc-backlink" aria-label="Back to reference 2">↩\u{FE0E}</a></p>
            </li>
            <li id="fn:3">
            <p>In a table. Refers on<sup class="footnote-ref"><a href="#fn:4" id="fnref:4" role="doc-noteref">4</a></sup>. <a href="#fnref:3" class="footnote-backref" role="doc-backlink" aria-label="Back to reference 3">↩\u{FE0E}</a></p>
            </li>
            <li id="fn:4">
            <p>Third. <a href="#fnref:4" class="footnote-backref" role="doc-backlink" aria-label="Back to reference 4">↩\u{FE0E}</a></p>
            </li>
            </ol>
            </section>

            """)
        #expect(!html.contains("Never shown") && !html.contains("[^note]:"))
    }

    /// A link in a note is reported where it was written: line and column of the source.
    @Test func linksInNotesKeepTheirLinesAndColumns() {
        let parsed = Self.parse(Self.body)
        #expect(parsed.links.map { "\($0.destination)@\($0.line):\($0.column)" } == ["other.md@9:26"])
        let indented = Self.parse("Text[^a].\n\n[^a]: First.\n\n    See [b](b.md).\n")
        #expect(indented.links.map { "\($0.line):\($0.column)" } == ["5:9"])
    }

    /// Definitions are blocks: not inside fenced code, not in the middle of a paragraph; a
    /// definition's lines are blank to libcmark, so the lines after keep their numbers.
    @Test func definitionsAreFoundOnlyWhereABlockMayStart() {
        let fenced = Self.parse("Text[^a].\n\n```\n[^a]: in code\n```\n").html
        #expect(fenced.contains("[^a]: in code") && !fenced.contains("footnote-ref"))
        let inParagraph = Self.parse("Text[^a].\nstill the paragraph\n[^a]: not a definition\n").html
        #expect(!inParagraph.contains("<section"))
        let after = Self.parse("Text[^a].\n\n[^a]: Note.\n\n## Later\n")
        #expect(after.headings.map(\.line) == [5])
    }

    @Test func withoutGFMOrWithoutDefinitionsNothingChanges() {
        #expect(!Self.parse(Self.body, gfm: false).html.contains("footnote-ref"))
        #expect(Self.parse("Just [^1] text.\n").html == "<p>Just [^1] text.</p>\n")
    }

    /// Hostile shapes: many openings without an end, a note that refers to itself, labels in
    /// another case; the cost stays linear.
    @Test func hostileShapesStayLinearAndWellFormed() {
        let openings = Self.parse(String(repeating: "[^", count: 50_000) + "]\n\n[^x]: X\n").html
        #expect(!openings.contains("<section"))
        let selfish = Self.parse("A[^Loop].\n\n[^loop]: Again[^LOOP].\n").html
        #expect(selfish.contains(#"id="fnref:1:2""#) && selfish.contains("Back to reference 1-2"))
    }

    /// A `#fn:1` link names the note: the page has that id.
    @Test func aLinkToANoteFindsIt() async throws {
        let project = try TemporaryProject(["content/a.md": "Text[^x]. See [the note](#fn:1), [its mark](#fnref:1) and [none](#fn:2).\n\n[^x]: Note.\n"])
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description) == ["content/a.md:1:59: warning: link '#fn:2': '#fn:2' names no heading of this page"])
    }
}
