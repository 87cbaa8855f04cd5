import Foundation
import Testing
@testable import StacksCore

/// Raw HTML in Markdown: through GitHub's allow-list by default, parsed over the whole body.
@Suite struct RawHTMLTests {
    func parse(_ body: String, unsafe: Bool = false) -> ParsedMarkdown {
        var options = SiteConfig.MarkdownOptions()
        options.unsafe = unsafe
        options.smart = false
        return MarkdownParser.parse(body, extractTitle: false, options: options)
    }

    func html(_ body: String, unsafe: Bool = false) -> String {
        parse(body, unsafe: unsafe).html
    }

    @Test func detailsSpanBlocksWithMarkdownInside() {
        #expect(html("<details>\n<summary>Hi</summary>\n\nSome **markdown**\n\n</details>\n") == """
            <details>
            <summary>Hi</summary>
            <p>Some <strong>markdown</strong></p>
            </details>

            """)
    }

    @Test func keyboardSubscriptSuperscriptAndBreaksStay() {
        #expect(html("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>: H<sub>2</sub>O, x<sup>2</sup><br>next\n")
            == "<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>: H<sub>2</sub>O, x<sup>2</sup><br />next</p>\n")
    }

    @Test func alignBecomesAClassAndAnImageKeepsItsWrittenWidth() {
        let parsed = parse("<p align=\"center\"><img src=\"x.png\" width=\"100\"></p>\n")
        #expect(parsed.html == #"<p class="align-center"><img src="stacks-link:0" width="100" alt="" /></p>"# + "\n")
        #expect(parsed.links == [MarkdownLink(destination: "x.png", isImage: true, line: 1, column: 19, hasWrittenSize: true)])
        // Only the four values the theme styles.
        #expect(html("<div align=\"middle\" valign=\"top\">x</div>\n") == "<div>x</div>\n")
    }

    @Test func scriptsStylesAndWhatHoldsOtherDocumentsGoWithTheirContent() {
        let body = """
            <script>alert(1)</script><style>p{color:red}</style><iframe src="x">frame</iframe>
            <svg><script>alert(2)</script><a href="javascript:alert(3)">s</a></svg><math><mi>m</mi></math>
            <textarea>area</textarea><noscript>ns</noscript><template><b>t</b></template><object>o</object>

            kept
            """
        #expect(html(body) == "\n<p></p>\n\n<p>kept</p>\n")
    }

    @Test(arguments: [
        #"<a href="javascript:alert(1)">x</a>"#,
        #"<a href="JaVaScRiPt:alert(1)">x</a>"#,
        #"<a href="&#106;avascript:alert(1)">x</a>"#,
        #"<a href="&#x6A;ava&#x09;script:alert(1)">x</a>"#,
        #"<a href=" javascript:alert(1)">x</a>"#,
        #"<a href="vbscript:x">x</a>"#,
        #"<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>"#,
        #"<a href="file:///etc/passwd">x</a>"#,
    ])
    func scriptURLsLoseTheirHref(_ link: String) {
        #expect(html(link + "\n") == "<p><a>x</a></p>\n")
    }

    @Test func eventHandlersAndStylesAreDropped() {
        #expect(html(#"<img src=x onerror=alert(1)> <b onclick="x()" style="color:red" class="evil">b</b>"# + "\n")
            == #"<p><img src="stacks-link:0" alt="" /> <b>b</b></p>"# + "\n")
        #expect(html(#"<img src="data:image/svg+xml,x" onerror="alert(1)">"# + "\n") == "\n")
    }

    @Test(arguments: [
        #"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#,
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<svg><p><style><img src=x onerror=alert(1)></style></p></svg>",
        "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
        "<xmp><script>alert(1)</script></xmp><title></title><img src=x onerror=alert(1)>",
        #"<a href="java&#x0A;script:alert(1)">x</a><iframe srcdoc="<script>alert(1)</script>">"#,
        "<!--><img src=x onerror=alert(1)>-->", "<![CDATA[<img src=x onerror=alert(1)>]]>",
        "<template><img src=x onerror=alert(1)></template><base href=//evil.example/><meta http-equiv=refresh content=0>",
        "<div title=\"unclosed\n\n[link](https://example.org) <img src=x onerror=alert(1)>",
        "<textarea>\n\n# Heading\n\n<script>alert(1)</script>",
    ])
    func parserTricksRunNothing(_ body: String) {
        // What the tricks hide may stay as text (escaped, even inside an attribute's value), never as markup.
        let output = html(body + "\n").lowercased()
        for forbidden in [" onerror=\"", "href=\"javascript", "src=\"javascript", "<script", "<style", "<svg", "<math", "<iframe",
                          "<base", "<meta", "<template", "<noscript", "<textarea", "<title", "<form", "<!--"] {
            #expect(!output.contains(forbidden), "\(forbidden) in \(output)")
        }
    }

    @Test func nothingEscapesTheBody() {
        // An unclosed element is closed at the body's end; a stray end tag is ignored (a stray
        // `</p>` is an empty paragraph, as browsers read it).
        let parsed = html("</div></p><div><span>open\n\n# Heading\n\n<table><tr><td>cell\n")
        #expect(parsed.hasSuffix("</td></tr></tbody></table></span></div>"))
        #expect(parsed.hasPrefix("<p></p><div><span>open\n<h1 id=\"heading\">"))
        #expect(html("text</body></html><body onload=\"x()\">more\n") == "<p>textmore</p>\n")
    }

    @Test func idsAndNamesOfRawHTMLArePrefixedHeadingsKeepTheirOwn() {
        let parsed = parse("""
            <a name="top"></a>

            ## Intro

            <h2 id="intro">Raw</h2>
            <span id="user-content-x">already</span> <span id="two words">x</span>

            [Back](#top) to [intro](#intro).
            """)
        #expect(parsed.html.contains(#"<p><a id="user-content-top"></a></p>"#))
        #expect(parsed.html.contains(##"<h2 id="intro">Intro<a class="anchor" href="#intro" aria-label="Link to this section: Intro">"##))
        #expect(parsed.html.contains(#"<h2 id="user-content-intro">Raw</h2>"#))
        #expect(parsed.html.contains(#"<span id="user-content-x">already</span> <span>x</span>"#))
        #expect(parsed.userContentIDs == ["user-content-intro", "user-content-top", "user-content-x"])
        // A link to a name of raw HTML leads to it as written; one to a heading stays.
        #expect(parsed.links.map(\.destination) == ["#user-content-top", "#user-content-intro"])
        #expect(parsed.headings.map(\.id) == ["intro"])
    }

    @Test func stacksOwnMarkupPassesUnchanged() {
        let body = """
            ## Title

            [a](b.md) ![i](c.png) ~~gone~~ `code`

            | a | b |
            |:-:|--:|
            | 1 | 2 |

            - [x] done
            - [ ] open

            ```swift
            let x = "<b>"
            ```

            > [!NOTE]
            > An alert.

            A note[^1].

            {{< details summary="More" >}}
            Inside
            {{< /details >}}

            [^1]: The note.
            """
        let withRaw = html("<b>raw</b>\n\n" + body + "\n")
        let without = html(body + "\n")
        #expect(withRaw == "<p><b>raw</b></p>\n" + without)
        #expect(without.contains(#"<div class="alert alert-note""#) && without.contains(#"<section class="footnotes""#)
                && without.contains("<details>"))
    }

    @Test func relativeURLsOfRawHTMLBecomeLinksWithTheirPlace() {
        let parsed = parse("Intro\n\n<div>\n  <a href=\"docs/x.md\">x</a>\n  <img src=\"logo.png\" alt=\"Logo\">\n</div>\n\n[own](a.md) <a href=\"https://example.org\">web</a> <a href=\"mailto:a@b.c\">mail</a>\n")
        #expect(parsed.links == [
            MarkdownLink(destination: "a.md", isImage: false, line: 8, column: 1),
            MarkdownLink(destination: "docs/x.md", isImage: false, line: 4, column: 3),
            MarkdownLink(destination: "logo.png", isImage: true, line: 5, column: 3),
        ])
        #expect(parsed.html.contains(#"<a href="stacks-link:1">x</a>"#))
        #expect(parsed.html.contains(#"<img src="stacks-link:2" alt="Logo" />"#))
        #expect(parsed.html.contains(#"<a href="https://example.org">web</a> <a href="mailto:a@b.c">mail</a>"#))
        // A token of the page's own may be named again; any other is a link that names nothing.
        let forged = parse("[own](a.md) <a href=\"stacks-link:0\">again</a> <a href=\"stacks-link:7\">no</a>\n")
        #expect(forged.html.contains(#"<a href="stacks-link:0">again</a> <a href="stacks-link:1">no</a>"#))
        #expect(forged.links.map(\.destination) == ["a.md", "stacks-link:7"])
    }

    @Test func rawLinksResolveLikeMarkdownLinksAndBrokenOnesNameTheirPlace() async throws {
        let prepared = try await resolveInline([
            ("guide/setup.md", "---\ntitle: Setup\n---\n<p align=\"center\">\n  <img src=\"logo.png\"><a href=\"usage.md\">usage</a>\n  <a href=\"nowhere.md\">x</a>\n</p>\n"),
            ("guide/usage.md", "# Usage\n"),
            ("guide/logo.png", ""),
        ], config: { var config = SiteConfig(); config.links.broken = .warning; return config }())
        #expect(prepared.warnings.map(\.description) == [
            "content/guide/setup.md:6:3: warning: broken link 'nowhere.md': there is no page or file content/guide/nowhere.md",
        ])
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == "guide/setup/" }!
        let body = String(decoding: RootMarker.resolve(prepared.renderer.site.bodies[index], depth: 2), as: UTF8.self)
        #expect(body.contains(#"<img src="../../guide/logo.png" alt="" /><a href="../../guide/usage/">usage</a>"#))
        #expect(body.contains(#"<p class="align-center">"#))
    }

    @Test func obsoleteElementsAndAttributesBecomeHTML5() {
        #expect(html("<tt>t</tt> <strike>s</strike> <h7>h</h7> <custom-el>c</custom-el> <font color=red>f</font>\n")
            == "<p><code>t</code> <s>s</s> h c f</p>\n")
        #expect(html(#"<table border="1" width="50%"><tr><td width="10" nowrap valign="top" colspan="2">x</td></tr></table>"# + "\n")
            == #"<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>"# + "\n")
    }

    @Test func commentsAndFormsGoTheirTextStays() {
        #expect(html("<!-- hidden --><form action=\"x\"><button>Go</button><input value=\"v\"></form>\n") == "Go\n")
    }

    @Test func theRawHTMLOfAnImagesDescriptionIsItsAltText() {
        #expect(html("![<b>x</b>](a.png)\n").contains(#"alt="&lt;b&gt;x&lt;/b&gt;""#))
    }

    @Test func unsafeModePassesEverythingUnchanged() {
        let body = "<div onclick=\"x()\"><script>s()</script></div>\n"
        #expect(html(body, unsafe: true) == body)
    }

    @Test func aBodyWithoutRawHTMLIsNeverParsedAsHTML() {
        // Entities and a `<` in text or code are not raw HTML.
        let parsed = parse("a &lt; b, `<div>` and 1 < 2 <https://example.org>\n")
        #expect(parsed.html == #"<p>a &lt; b, <code>&lt;div&gt;</code> and 1 &lt; 2 <a href="https://example.org">https://example.org</a></p>"# + "\n")
        #expect(parsed.userContentIDs.isEmpty)
    }

    /// Comments alone (documentation marks its blocks with them) go without an HTML parser; one
    /// that an HTML parser would close early (`--!>`), or that is not closed, still meets it.
    @Test func commentsAloneGoWithoutTheParser() {
        #expect(RawHTMLPass.isOnlyComments("<!-- YAML\nadded: v0.1\n-->\n"))
        #expect(RawHTMLPass.isOnlyComments("<!--> <!---> <!-- a -->"))
        #expect(!RawHTMLPass.isOnlyComments("<!-- a --!> <script>alert(1)</script> -->"))
        #expect(!RawHTMLPass.isOnlyComments("<!-- unclosed"))
        #expect(!RawHTMLPass.isOnlyComments("<!-- a --> <b>b</b>"))
        #expect(!RawHTMLPass.isOnlyComments("  "))
        #expect(html("Text\n\n<!-- YAML\nadded: v0.1\n-->\n\nMore <!-- inline --> text\n") == "<p>Text</p>\n<p>More  text</p>\n")
        let early = html("<!-- a --!> <script>alert(1)</script> -->\n\nAfter\n")
        #expect(early.hasSuffix("<p>After</p>\n") && !early.contains("script") && !early.contains("alert"))
        #expect(!html("<!-- a --!><img src=x onerror=alert(1)>-->\n").contains("onerror"))
        // Line breaks alone, as recipes write them in cells, need no parser either.
        #expect(["<br>", "<BR/>", "<br />", "<br  />"].allSatisfy(RawHTMLPass.isLineBreak))
        #expect(!["<br/ >", "<br onclick=x>", "<bra>", "<br//>", "<b>"].contains(where: RawHTMLPass.isLineBreak))
        #expect(html("| a | b |\n|---|---|\n| 1<br>2 | 3<BR/>4 |\n").contains("<td>1<br />2</td>\n<td>3<br />4</td>"))
    }

    @Test func theMarkerIsOneTheBodyDoesNotSay() {
        #expect(RawHTMLPass.markerName(absentFrom: ["plain"]) == "stacks-raw")
        #expect(RawHTMLPass.markerName(absentFrom: ["stacks-raw and", "stacks-raw-1"]) == "stacks-raw-2")
        // A body that writes the marker gets another, so its own comment forges nothing.
        #expect(html("<!--stacks-raw--><a href=\"javascript:x\" onclick=\"y\">a</a>\n") == "<a>a</a>\n")
    }

    @Test func deepNestingIsLinearAndNeverOverflowsTheStack() {
        let depth = 9_000
        let body = String(repeating: "<div>", count: depth) + "deep\n"
        let start = ContinuousClock.now
        let result = html(body)
        #expect(result.hasPrefix(String(repeating: "<div>", count: depth) + "deep"))
        #expect(ContinuousClock.now - start < .seconds(5))
        // Past the budget the raw HTML is shown as text, never parsed.
        let tooDeep = html(String(repeating: "<div>", count: 20_000) + "x\n")
        #expect(tooDeep.hasPrefix("<p>&lt;div&gt;&lt;div&gt;"))
        let copies = html(String(repeating: "<b id=1><p>", count: 3_000) + "\n")
        #expect(copies.hasPrefix("<p>&lt;b id=1&gt;"))
    }

    @Test func gitHubsAllowListIsTheDocumentedOne() {
        // html-pipeline's SanitizationFilter::ALLOWLIST.
        #expect(GitHubAllowList.elements == Set("""
            h1 h2 h3 h4 h5 h6 h7 h8 br b i strong em a pre code img tt div ins del sup sub p picture ol ul table \
            thead tbody tfoot blockquote dl dt dd kbd q samp var hr ruby rt rp li tr td th s strike summary details \
            caption figure figcaption abbr bdo cite dfn mark small source span time wbr
            """.split(separator: " ").map(String.init)))
        #expect(GitHubAllowList.globalAttributes == Set("""
            abbr accept accept-charset accesskey action align alt aria-describedby aria-hidden aria-label \
            aria-labelledby axis border char charoff charset checked clear cols colspan compact coords datetime dir \
            disabled enctype for frame headers height hreflang hspace id ismap label lang maxlength media method \
            multiple name nohref noshade nowrap open progress prompt readonly rel rev role rows rowspan rules scope \
            selected shape size span start summary tabindex title type usemap valign value width itemprop
            """.split(separator: " ").map(String.init)))
        #expect(GitHubAllowList.elementAttributes == [
            "a": ["href"], "img": ["src", "longdesc", "loading"], "div": ["itemscope", "itemtype"],
            "blockquote": ["cite"], "del": ["cite"], "ins": ["cite"], "q": ["cite"], "source": ["srcset"],
        ])
        #expect(GitHubAllowList.protocols["a"]?["href"] == ["http", "https", "mailto", "github-windows", "github-mac"])
        #expect(GitHubAllowList.protocols["img"]?["src"] == ["http", "https"])
        // Every attribute HTML5 allows was kept by GitHub first.
        for (attribute, elements) in HTMLConformance.elementAttributes {
            for element in elements { #expect(GitHubAllowList.allows(attribute, on: element), "\(attribute) on \(element)") }
        }
    }
}
