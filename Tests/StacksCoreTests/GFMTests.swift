import Foundation
import Testing
@testable import StacksCore

/// GitHub Flavored Markdown beyond the spec's examples: smart punctuation, `markdown.gfm: false`,
/// tables after a paragraph's lines, cells that would start a block, links inside cells, and
/// hostile content in the new places content reaches.
@Suite struct GFMTests {
    static func html(_ body: String, smart: Bool = true, unsafe: Bool = false, gfm: Bool = true) -> String {
        var options = SiteConfig.MarkdownOptions()
        options.smart = smart
        options.unsafe = unsafe
        options.gfm = gfm
        return MarkdownParser.parse(body, extractTitle: false, options: options).html
    }

    static func normalised(_ body: String, smart: Bool = true, unsafe: Bool = false) -> String {
        GFMBuild.normalised(html(body, smart: smart, unsafe: unsafe))
    }

    @Test func aRecipeTableKeepsItsCentredColumnsWithSmartPunctuationOn() async throws {
        let body = "|原料|数量|单位|\n|:-:|:-:|:-:|\n|面粉|500|克|\n|水|300|毫升|\n"
        let pages = try await GFMBuild.prose(of: [body], config: "")
        #expect(GFMBuild.normalised(pages[0]) == GFMBuild.normalised("""
            <table><thead><tr><th class="align-center">原料</th><th class="align-center">数量</th><th class="align-center">单位</th></tr></thead>
            <tbody><tr><td class="align-center">面粉</td><td class="align-center">500</td><td class="align-center">克</td></tr>
            <tr><td class="align-center">水</td><td class="align-center">300</td><td class="align-center">毫升</td></tr></tbody></table>
            """))
        #expect(pages[0].contains(#"<table tabindex="0">"#))
    }

    @Test func smartPunctuationNeverReachesTheDelimiterRow() {
        let html = Self.html("| a -- b | c... |\n| --- | :---: |\n| \"d\" | e |\n")
        #expect(html.contains("<th>a \u{2013} b</th>"))
        #expect(html.contains(#"<th class="align-center">c…</th>"#))
        #expect(html.contains("<td>\u{201C}d\u{201D}</td>"))
        #expect(!html.contains("\u{2014}"))
        #expect(!html.contains("<p>"))
    }

    @Test func gfmOffLeavesTablesAsParagraphsAndTheRestAsCommonMark() async throws {
        let body = "| a | b |\n| --- | --- |\n\n- [ ] task\n\n~~gone~~ www.example.com"
        let pages = try await GFMBuild.prose(of: [body], config: "markdown:\n  gfm: false\n")
        #expect(GFMBuild.normalised(pages[0]) == GFMBuild.normalised("""
            <p>| a | b |
            | \u{2014} | \u{2014} |</p>
            <ul><li>[ ] task</li></ul>
            <p>~~gone~~ www.example.com</p>
            """))
    }

    @Test func smartPunctuationNeverChangesAURL() {
        let html = Self.html("See https://example.com/a--b...c and www.example.com/it's. It's \"www.x.org\" -- done...")
        // As in cmark-gfm, `www.` after a quote is not a link (only after space, `*`, `_`, `~`, `(`).
        #expect(html == """
            <p>See <a href="https://example.com/a--b...c">https://example.com/a--b...c</a> and \
            <a href="http://www.example.com/it&#x27;s">www.example.com/it's</a>. It\u{2019}s \u{201C}www.x.org\u{201D} \
            \u{2013} done\u{2026}</p>

            """)
        #expect(Self.html("mail me at first.last@example.org...") ==
            "<p>mail me at <a href=\"mailto:first.last@example.org\">first.last@example.org</a>\u{2026}</p>\n")
        #expect(Self.html("https://example.com/a---b") ==
            "<p><a href=\"https://example.com/a---b\">https://example.com/a---b</a></p>\n")
    }

    @Test func aTableMayStartAfterAParagraphsLines() {
        #expect(Self.normalised("Intro *one*\nline two\n| a | b |\n| - | - |\n| 1 | 2 |\n", smart: false) == GFMBuild.normalised("""
            <p>Intro <em>one</em>
            line two</p>
            <table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>
            """))
        // An emphasis across the header line: the lines before are parsed again alone.
        #expect(Self.normalised("*a\n| b* | c |\n| - | - |\n", smart: false) == GFMBuild.normalised("""
            <p>*a</p><table><thead><tr><th>b*</th><th>c</th></tr></thead></table>
            """))
        // A link reference definition before the table is still a definition.
        #expect(Self.normalised("[r]: https://u.org\n| [r] | b |\n| - | - |\n\n[r]\n", smart: false) == GFMBuild.normalised("""
            <table><thead><tr><th>[r]</th><th>b</th></tr></thead></table>
            <p><a href="https://u.org">r</a></p>
            """))
    }

    @Test func aSetextUnderlineIsARowAfterATableAndARuleWhenItIsOne() {
        #expect(Self.normalised("| a |\n| - |\n| b |\n---\n", smart: false) == GFMBuild.normalised("""
            <table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table><hr>
            """))
        #expect(Self.normalised("| a |\n| - |\n| b |\n--\n", smart: false) == GFMBuild.normalised("""
            <table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr><tr><td>--</td></tr></tbody></table>
            """))
        // As in cmark-gfm, a delimiter row that could underline a heading does.
        #expect(Self.html("| a |\n---\n", smart: false).hasPrefix(#"<h2 id="-a-">| a |<a class="anchor""#))
    }

    @Test func tablesInsideQuotesAndListItems() {
        #expect(Self.normalised("> | a | b |\n> | - | -: |\n> | 1 | 2 |\n", smart: false) == GFMBuild.normalised("""
            <blockquote><table><thead><tr><th>a</th><th class="align-right">b</th></tr></thead>
            <tbody><tr><td>1</td><td class="align-right">2</td></tr></tbody></table></blockquote>
            """))
        #expect(Self.normalised("- item\n\n  | a |\n  |:--|\n  | 1 |\n", smart: false) == GFMBuild.normalised("""
            <ul><li><p>item</p><table><thead><tr><th class="align-left">a</th></tr></thead>
            <tbody><tr><td class="align-left">1</td></tr></tbody></table></li></ul>
            """))
    }

    @Test func referenceLinksInCellsFindTheDocumentsDefinitions() {
        let body = "# Title\n\n| [Sun][s] | [moon] | [none][] |\n|-|-|-|\n\n[s]: https://sun.org \"Sun\"\n[moon]:\n  https://moon.org\n"
        var options = SiteConfig.MarkdownOptions()
        options.smart = false
        let parsed = MarkdownParser.parse(body, extractTitle: true, options: options)
        #expect(parsed.headingTitle == "Title")
        #expect(GFMBuild.normalised(parsed.html) == GFMBuild.normalised("""
            <table><thead><tr><th><a href="https://sun.org" title="Sun">Sun</a></th><th><a href="https://moon.org">moon</a></th>\
            <th>[none][]</th></tr></thead></table>
            """))
    }

    @Test func aCellNeverHoldsABlock() {
        #expect(Self.normalised("| # a | > b | - c | 1. d | [e]: /f | *** |\n|-|-|-|-|-|-|\n", smart: false) ==
            GFMBuild.normalised("""
            <table><thead><tr><th># a</th><th>&gt; b</th><th>- c</th><th>1. d</th><th>[e]: /f</th><th>***</th></tr></thead></table>
            """))
    }

    @Test func rawHTMLInACellIsSanitizedUnlessUnsafe() {
        let body = "| <div>x</div> | <script>alert(1)</script> |\n| - | - |\n"
        #expect(Self.normalised(body) == GFMBuild.normalised("""
            <table><thead><tr><th><div>x</div></th><th></th></tr></thead></table>
            """))
        #expect(Self.normalised(body, unsafe: true) == GFMBuild.normalised("""
            <table><thead><tr><th><div>x</div></th><th><script>alert(1)</script></th></tr></thead></table>
            """))
    }

    @Test func linksInCellsResolveAndABrokenOneNamesItsCell() async throws {
        let project = try TemporaryProject([
            "content/_index.md": "---\ntitle: Home\n---\n",
            "content/weather/_index.md": "---\ntitle: Weather\n---\n",
            "content/weather/sun.md": "---\ntitle: Sun\n---\n",
            "content/weather/table.md": "---\ntitle: Table\n---\n| Page | Note |\n| --- | --- |\n| [Sun](sun.md) | ~~old~~ www.example.org |\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/weather/table/index.html")
        #expect(page.contains(#"<td><a href="../sun/">Sun</a></td>"#))
        #expect(page.contains(#"<td><del>old</del> <a href="http://www.example.org">www.example.org</a></td>"#))
        try project.write("content/weather/table.md", "---\ntitle: Table\n---\n| Page | Note |\n| --- | --- |\n| x |  [Rain](rain.md) |\n")
        let errors = await project.buildErrors()
        #expect(errors?.count == 1, "\(errors ?? [])")
        #expect(errors?.first?.hasPrefix("content/weather/table.md:6:8: error:") == true, "\(errors ?? [])")
    }

    @Test func strikethroughPairsRunsOfOneOrTwoTildesOfTheSameLength() {
        #expect(Self.html("~one~ and ~~two~~", smart: false) == "<p><del>one</del> and <del>two</del></p>\n")
        #expect(Self.html("a ~~~three~~~", smart: false) == "<p>a ~~~three~~~</p>\n")
        #expect(Self.html("~~mixed~ ~", smart: false) == "<p>~~mixed~ ~</p>\n")
        #expect(Self.html("a ~~ b ~~ c", smart: false) == "<p>a ~~ b ~~ c</p>\n")
        #expect(Self.html("`~~code~~` ~~*em* `c`~~", smart: false) ==
            "<p><code>~~code~~</code> <del><em>em</em> <code>c</code></del></p>\n")
        #expect(Self.html("~~out ~in~ out~~", smart: false) == "<p><del>out <del>in</del> out</del></p>\n")
        #expect(Self.html("*~~a~~*", smart: false) == "<p><em><del>a</del></em></p>\n")
        // An escaped tilde (or `&#126;`) strikes nothing.
        #expect(Self.html(#"\~~b~~"#, smart: false) == "<p>~~b~~</p>\n")
        #expect(Self.html(#"\~c\~ *x* &#126;d&#126; `\~`~e~"#, smart: false) ==
            "<p>~c~ <em>x</em> ~d~ <code>\\~</code><del>e</del></p>\n")
        #expect(Self.html("> x\n> \\~~b~~", smart: false) == "<blockquote>\n<p>x\n~~b~~</p>\n</blockquote>\n")
    }

    @Test func autolinksStayOutOfLinksAndCode() {
        #expect(Self.html("[www.example.com](https://a.org) `www.b.org` <https://c.org>", smart: false) ==
            "<p><a href=\"https://a.org\">www.example.com</a> <code>www.b.org</code> <a href=\"https://c.org\">https://c.org</a></p>\n")
        #expect(Self.html("~~www.example.com~~ (https://x.org/a_(b)) xhttp://no.org", smart: false) ==
            "<p><del><a href=\"http://www.example.com\">www.example.com</a></del> (<a href=\"https://x.org/a_(b)\">https://x.org/a_(b)</a>) x<a href=\"http://no.org\">http://no.org</a></p>\n".replacingOccurrences(of: "x<a href=\"http://no.org\">http://no.org</a>", with: "xhttp://no.org"))
    }

    @Test func taskItemsInLooseListsAndWithoutText() {
        #expect(Self.html("- [X] done\n\n- [ ] open\n- [ ]\n- [x]not\n", smart: false) == """
            <ul>
            <li>
            <p>\(GFMTaskLists.checkedCheckbox)done</p>
            </li>
            <li>
            <p>\(GFMTaskLists.checkbox)open</p>
            </li>
            <li>
            <p>[ ]</p>
            </li>
            <li>
            <p>[x]not</p>
            </li>
            </ul>

            """)
        #expect(Self.html("1. [x] numbered\n   more\n", smart: false) == "<ol>\n<li>\(GFMTaskLists.checkedCheckbox)numbered\nmore</li>\n</ol>\n")
    }

    @Test func hostileContentInTheNewPlacesStaysText() {
        let html = Self.html(#"""
            | "><img src=x onerror=alert(1)> | b |
            | - | - |
            | http://a.org/"onmouseover="alert(1) | www.x.org/<script> |
            ~~<b>~~ javascript:alert(1)@x.org
            """#)
        // Raw HTML in a cell is sanitized as anywhere: the image stays without its handler, and an
        // unclosed script takes the rest of the body with it, as a browser would read it.
        #expect(html.contains(#"<th>“&gt;<img src="stacks-link:0" alt="" /></th>"#))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains(#"href="http://a.org/"onmouseover"#))
        #expect(html.contains(#"href="http://a.org/%22onmouseover=%22alert(1)""#))
    }
}
