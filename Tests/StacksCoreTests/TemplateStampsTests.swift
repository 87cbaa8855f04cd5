import Foundation
import Testing
@testable import StacksCore

/// Stamps must render exactly what swift-mustache renders from the real context, byte for byte:
/// with text that needs escaping or looks like a sentinel, in every kind of tag, for a stamp's
/// first context and for the ones that reuse it, and for whole sites.
@Suite struct TemplateStampsTests {
    /// Texts that escaping, sentinels or root markers could get wrong.
    static let awkward = [
        "", "plain", "&<>\"'", "a & b", "e\u{301}&\u{301}<\u{338}", "\u{2}0&\u{3}", "\u{2}0&amp;\u{3}", "\u{2}", "\u{1}./x",
        "line\nbreak\n", "  spaced  ", "👩‍👩‍👧 & 🇸🇪", "{{title}}", "&amp;",
    ]

    static let probe = """
        <h1 title="{{title}}">{{{title}}}|{{&title}}</h1>
        {{#title}}[{{.}}|{{{.}}}|{{title}}|{{missing}}|{{title.x}}]{{/title}}{{^title}}never{{/title}}
        {{#flag}}on {{flag}}{{/flag}}{{^flag}}off {{flag}}{{/flag}}
        <ul>{{#tags}}<li>{{.}}</li>{{/tags}}{{^tags}}<li>none</li>{{/tags}}</ul>
        {{#rows}}<tr data-n="{{n}}"><th>{{name}}</th><td>{{{value}}}</td><td>{{title}}</td></tr>
        {{/rows}}{{#nested.inner}}{{nested.inner.text}}/{{text}}{{/nested.inner}}{{#nested}}{{> probe-part}}{{/nested}}
        {{count}} {{{count}}} {{#count}}c{{.}}{{/count}}{{^count}}no{{/count}}
        """

    static let part = "<p>{{outer}}: {{#inner}}{{text}}{{/inner}}</p>"

    static func templates(_ extra: [String: String] = [:]) throws -> TemplateSet {
        let files = ["probe.mustache": probe, "probe-part.mustache": part].merging(extra) { _, new in new }
        return try TemplateSet(theme: Theme.builtIn.overridden(by: files.mapValues { Array($0.utf8) }))
    }

    static func context(_ text: String, flag: Bool, tags: Int, rows: Int) -> TemplateObject {
        [
            "title": .text(text),
            "flag": .flag(flag),
            "tags": .list((0..<tags).map { .text(text + "\($0)") }),
            "rows": .list((0..<rows).map { .object(["n": .number($0), "name": .text("<\(text)>"), "value": .text(text)]) }),
            "nested": .object(["outer": .text(text + "!"), "inner": .object(["text": .text("'" + text)])]),
            "count": .number(text.count),
        ]
    }

    @Test(arguments: [(false, 0, 0), (true, 1, 1), (true, 3, 2), (false, 2, 0)])
    func aStampRendersWhatTheEngineRenders(flag: Bool, tags: Int, rows: Int) throws {
        let templates = try Self.templates()
        #expect(templates.allowsStamps)
        var stamps = TemplateStamps()
        // The first text makes the stamp; the others are filled into it.
        for text in Self.awkward {
            let context = Self.context(text, flag: flag, tags: tags, rows: rows)
            let direct = templates.render("probe", context.mustacheValue)
            #expect(stamps.render("probe", context, with: templates) == direct, "\(text.debugDescription)")
            // Filled as bytes (a page's outermost template), the same text's bytes.
            #expect(stamps.renderBytes("probe", context, with: templates) == Array(direct.utf8), "\(text.debugDescription)")
        }
    }

    /// Escaped into bytes as `HTMLEscaping.escape` escapes text.
    @Test func escapingIntoBytesIsEscapingText() {
        for text in Self.awkward + ["'\"'\"", "<<>>&&", "plain text"] {
            let bytes = Array(text.utf8)
            let escaped = [UInt8](unsafeUninitializedCapacity: bytes.count * 6 + 2) { output, count in
                output[0] = UInt8(ascii: "[")
                count = bytes.withUnsafeBufferPointer { HTMLEscaping.escape($0, into: output, at: 1) }
            }
            #expect(escaped == Array(("[" + HTMLEscaping.escape(text)).utf8), "\(text.debugDescription)")
        }
    }

    @Test func aListOrObjectPrintedAsTextIsRenderedDirectly() throws {
        let templates = try Self.templates(["probe.mustache": "{{title}} {{tags}} {{{nested}}}"])
        var stamps = TemplateStamps()
        for text in Self.awkward {
            let context = Self.context(text, flag: true, tags: 2, rows: 0)
            #expect(stamps.render("probe", context, with: templates) == templates.render("probe", context.mustacheValue))
        }
    }

    @Test(arguments: [
        ("<p>{{title}}</p>{{> icon}}\n{{#a}}\n{{> icon}}\n{{/a}}", true),
        ("{{{body}}}{{&body}}{{#a.b}}{{.}}{{/a.b}}{{^c}}x{{/c}}", true),
        ("{{uppercased(title)}}", false),
        ("{{#first(items)}}x{{/first(items)}}", false),
        ("{{>*name}}", false),
        ("{{=<% %>=}}<% title %>", false),
        ("{{%CONTENT_TYPE:TEXT}}{{title}}", false),
        ("<ul>\n  {{> icon}}\n</ul>", false),
        ("\t{{<parent}}{{/parent}}", false),
        ("  {{! note }}{{<parent}}{{/parent}}", false),
        ("x \u{2}", false),
        // Read by the one scanner: a comment is not searched for transforms, a partial is
        // named across a line break, and a delimiter change is refused wherever it hides.
        ("{{! first(items) or *name, in prose }}{{title}}", true),
        ("{{>\n  icon}}{{{body}}}", true),
        ("{{#a}}{{/a}}\t{{>\nicon}}", false),
        ("{{{body}}}{{=<% %>=}}<%> icon%>", false),
        ("{{ >*name}}", false),
    ])
    func templatesUsingFeaturesThatComputeWithTextAreNotStamped(template: String, allowed: Bool) {
        #expect(TemplateStamps.allowsStamps(template) == allowed)
    }

    @Test func aCommentThatReadsLikeATransformIsStampedAsItRenders() throws {
        let templates = try Self.templates(["probe.mustache": "{{! uppercased(title) }}<b>{{title}}</b>"])
        #expect(templates.allowsStamps)
        var stamps = TemplateStamps()
        for text in Self.awkward {
            let context = Self.context(text, flag: true, tags: 2, rows: 0)
            #expect(stamps.render("probe", context, with: templates) == templates.render("probe", context.mustacheValue))
        }
    }

    @Test func aThemeWithOneSuchTemplateIsRenderedDirectly() throws {
        let templates = try Self.templates(["probe.mustache": "{{lowercased(title)}}"])
        #expect(!templates.allowsStamps)
        var stamps = TemplateStamps()
        let context: TemplateObject = ["title": .text("A & B")]
        #expect(stamps.render("probe", context, with: templates) == "a &amp; b")
    }

    /// A catalog whose front matter has every kind of awkward text, in every place templates show it.
    static let awkwardCatalog: [(String, String)] = {
        var files: [(String, String)] = [("_index.md", "---\ntitle: \"Home & <Garden>\"\nsummary: \"'Q' \\\"R\\\"\"\n---\nHello & <b>bye</b>")]
        for (number, text) in awkward.enumerated() {
            let yaml = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? String($0) : String(format: "\\u%04X", $0.value) }.joined()
            let category = "c\(number % 3)"
            if number < 3 {
                files.append(("\(category)/_index.md", "---\ntitle: \"Cat \(yaml)\"\nsummary: \"\(yaml)\"\nicon: \"\(yaml)\"\ncolor: \"#abc\"\n---\nIntro \(number)."))
            }
            // Every fourth item is a bundle with a sub-item; links go to a plain sibling.
            let bundle = number % 4 == 0
            let link = (bundle ? "../" : "") + "item\([3, 1, 2][number % 3]).md"
            files.append((bundle ? "\(category)/item\(number)/index.md" : "\(category)/item\(number).md", """
                ---
                title: "Item \(yaml)"
                summary: "\(yaml)"
                tags: ["\(yaml)", "t\(number)"]
                icon: sun
                date: 2024-0\(number % 9 + 1)-1\(number % 10)
                attributes:
                  "\(yaml)": "\(yaml)"
                  fixed key: value
                extra: "\(yaml)"
                ---
                Body of item \(number) with [a link](\(link)).
                """))
            if bundle {
                files.append(("\(category)/item\(number)/sub.md", "---\ntitle: \"Sub \(yaml)\"\n---\nDeeper."))
            }
        }
        return files
    }()

    @Test(arguments: [false, true])
    func everyPageOfASiteIsTheSameWithAndWithoutStamps(portable: Bool) async throws {
        var config = SiteConfig()
        config.portable = portable
        config.baseURL = "https://example.org/a&b"
        config.layout.listWindow = 2
        let prepared = try await resolveInline(Self.awkwardCatalog, config: config)
        try Self.expectSameWithoutStamps(prepared.renderer)
    }

    @Test func everyPageOfTheExampleIsTheSameWithAndWithoutStamps() async throws {
        try Self.expectSameWithoutStamps(try await ExampleCatalogTests.prepared().renderer)
    }

    static func expectSameWithoutStamps(_ renderer: SiteRenderer) throws {
        var direct = try TemplateSet(theme: .builtIn)
        #expect(direct.allowsStamps)
        direct.allowsStamps = false
        direct.drawsSidebarByNodes = false
        #expect(renderer.templates.drawsSidebarByNodes)
        let reference = SiteRenderer(site: renderer.site, config: renderer.config, templates: direct)
        #expect(renderer.lists == reference.lists)
        #expect(renderer.sidebars == reference.sidebars)
        var stamps = TemplateStamps()
        for index in renderer.site.catalog.pages.indices {
            let page = renderer.renderPage(index, stamps: &stamps)
            #expect(page == reference.renderPage(index), "\(renderer.outputPath(of: index))")
        }
        for list in renderer.listPages {
            let page = renderer.renderPage(list.category, listPage: list.number, stamps: &stamps)
            #expect(page == reference.renderPage(list.category, listPage: list.number),
                    "\(renderer.outputPath(ofListPage: list.number, category: list.category))")
        }
    }
}
