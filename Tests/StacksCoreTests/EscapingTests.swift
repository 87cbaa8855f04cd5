import Foundation
import Testing
@testable import StacksCore

/// A combining mark after a quote makes one `Character` that is not `"`: escaping must not
/// compare `Character`s, or `s`, a quote, U+0301, ` onmouseover=…` ends its attribute. Every context a value of
/// the content reaches is tried with a combining mark after every character that matters.
@Suite struct EscapingTests {
    static let mark = "\u{301}"
    static let escaped: [(String, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
    /// Every escaped character with a combining mark after it, and an attribute to inject.
    static let hostile = escaped.map { "x\($0.0)\(mark)" }.joined() + " onmouseover=alert(2) </script>"

    @Test func theEscaperWorksOnBytesNotCharacters() {
        for (raw, entity) in Self.escaped {
            #expect(HTMLEscaping.escape("a\(raw)\(Self.mark)b") == "a\(entity)\(Self.mark)b")
            #expect(HTMLEscaping.escape("\(raw)\(Self.mark)") == "\(entity)\(Self.mark)")
        }
        #expect(HTMLEscaping.escape("plain é 😀") == "plain é 😀")
        #expect(HTMLEscaping.escape("") == "")
    }

    /// Values in templates, partials included (swift-mustache starts each partial with its own
    /// escaper unless the template says otherwise).
    @Test func templatesAndTheirPartialsUseTheEscaper() throws {
        let templates = try TemplateSet(theme: Theme.builtIn.overridden(by: [
            "404.mustache": Array("<p title=\"{{site.title}}\">{{site.title}}{{> part}}</p>".utf8),
            "part.mustache": Array("<b title='{{site.title}}'>{{site.title}}</b>".utf8),
        ]))
        let html = templates.render("404", ["site": ["title": Self.hostile]])
        Self.expectNoUnescapedMark(Array(html.utf8), in: "404")
        #expect(html.contains("x&quot;\(Self.mark)"))
        let stylesheet = try TemplateSet.single("a { --x: \"{{v}}\" }").render(["v": Self.hostile])
        Self.expectNoUnescapedMark(Array(stylesheet.utf8), in: "stylesheet")
    }

    @Test func jsonEscapesQuotesBeforeMarksAndIsSafeInsideScript() {
        var json = JSONWriter()
        json.beginArray()
        json.string(Self.hostile + "\u{2028}<!--")
        json.endArray()
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text == "[\"x\\u0026\(Self.mark)x\\u003c\(Self.mark)x\\u003e\(Self.mark)x\\\"\(Self.mark)x'\(Self.mark) onmouseover=alert(2) \\u003c/script\\u003e\\u2028\\u003c!--\"]")
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        #expect(decoded == [Self.hostile + "\u{2028}<!--"])
    }

    static let notColours = ["red\"\u{301} onmouseover=x", "url(x)", "var(--a)", "red;background:blue", "#12345", "rgb(1 2 3)\u{301}",
                             "rgb(calc(1))", "expression(alert(1))", "", "#ab\"", "red\u{301}"]

    @Test(arguments: notColours)
    func coloursThatAreNotColoursAreDropped(_ color: String) {
        #expect(PageContext.safeColor(color) == nil)
    }

    @Test(arguments: ["red", "#fff", "#0a0b0c", "#0a0b0c80", "rgb(10, 20, 30)", "oklch(70% 0.1 200deg)", "hsl(120 50% 50% / 0.5)"])
    func coloursArePassed(_ color: String) {
        #expect(PageContext.safeColor(color) == color)
    }

    /// Every page, the 404 page, alias redirects, the search index (also as a script, in
    /// portable mode), the catalog description and the sitemap of a catalog whose every text
    /// is hostile.
    @Test(arguments: [false, true])
    func noValueOfTheContentEscapesItsContext(portable: Bool) async throws {
        let h = Self.hostile
        // By scalars: `replacingOccurrences` compares `Character`s too, and misses the quote.
        let yaml = String(String.UnicodeScalarView(h.unicodeScalars.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }))
        let project = try TemporaryProject([
            "stacks.yml": "title: \"\(yaml)\"\nbaseURL: https://example.org/\n",
            "content/_index.md": "---\ntitle: \"\(yaml)\"\n---\nHome \(h)\n",
            "content/cat/_index.md": "---\ntitle: \"\(yaml)\"\nsummary: \"\(yaml)\"\nicon: \"\(yaml)\"\ncolor: \"\(yaml)\"\n---\nIntro \(h)\n",
            "content/cat/item.md": """
                ---
                title: "\(yaml)"
                summary: "\(yaml)"
                tags: ["\(yaml)", "b"]
                icon: "\(yaml)"
                color: "red\\"\u{301} onmouseover=x"
                image: "https://example.org/\(yaml).png"
                date: 2024-05-31
                aliases: ["old\(Self.mark)"]
                attributes:
                  "\(yaml)": "\(yaml)"
                extra: "\(yaml)"
                ---
                Body \(h) [link](https://example.org/a"\(Self.mark)b) <https://example.org/"\(Self.mark)>
                [rel](other.md) ![img](https://example.org/i"\(Self.mark).png "\(h)") <b title="\(h)">raw</b>

                ## Heading \(h)
                """,
            "content/cat/other.md": "---\ntitle: Other\n---\nText\n",
        ])
        defer { project.remove() }
        var options = project.options
        options.portable = portable
        let errors = await project.buildErrors(options)
        #expect(errors == nil)
        let files = project.snapshot()
        #expect(files.keys.contains("cat/item/index.html"))
        #expect(files.keys.contains("_stacks/search/index.js"))
        #expect(files.keys.contains { $0.hasPrefix("_stacks/search/pages/") })
        for (path, data) in files {
            let bytes = [UInt8](data)
            if path.hasSuffix(".json") || path.hasPrefix("_stacks/search/") {
                Self.expectJSONStringsClosed(bytes, in: path)
            } else {
                Self.expectNoUnescapedMark(bytes, in: path)
            }
        }
        let item = try project.read("output/cat/item/index.html")
        #expect(!item.contains("onmouseover=x"))
        #expect(!item.contains("--accent:red") && !item.contains("--accent: red"))
    }

    /// Browsers read ` javascript:` and `java⇥script:` as `javascript:`.
    static let scriptURLs = ["javascript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "JavaScript:x", " \tvbscript:x",
                             "data:text/html,<script>x</script>", "file:///etc/passwd"]

    @Test(arguments: scriptURLs)
    func anImageThatIsNotAWebAddressIsAnError(_ url: String) async throws {
        let yaml = url.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04X", $0.value) : String($0) }.joined()
        let project = try TemporaryProject(["content/a/b.md": "---\ntitle: B\nimage: \"\(yaml)\"\n---\nText\n"])
        defer { project.remove() }
        let shown = TextPosition.replacingControlCharacters(in: url)
        #expect(await project.buildErrors() == ["content/a/b.md:3:1: error: image '\(shown)' must be a co-located file or an http(s) URL"])
        #expect(ExternalURL.isAllowed(url) == false)
    }

    /// libcmark blanks `javascript:` links, but not as browsers spell it: with a tab inside, or
    /// spaces before (a pointy-bracket destination may hold both).
    @Test func markdownLinksToScriptsAreBlankedHoweverSpelled() async throws {
        let body = "[a](<java\tscript:alert(1)>) ![b](< vbscript:x>) [c](<JavaScript:x>) [d](data:text/html,x) " +
            "![e](data:image/png;base64,AAAA) [f](https://example.org/)\n"
        let html = MarkdownParser.parse(body, extractTitle: false, options: SiteConfig.MarkdownOptions()).html
        #expect(html == "<p><a href=\"\">a</a> <img src=\"\" alt=\"b\" loading=\"lazy\" decoding=\"async\" /> <a href=\"\">c</a> <a href=\"\">d</a> " +
            "<img src=\"data:image/png;base64,AAAA\" alt=\"e\" loading=\"lazy\" decoding=\"async\" /> <a href=\"https://example.org/\">f</a></p>\n")
    }

    @Test func webAddressesAndRelativePathsAreAllowed() {
        for url in ["https://example.org/a.png", "HTTP://x/y", "photo.png", "../x.png", "#x", "/x.png"] {
            #expect(ExternalURL.isAllowed(url), "\(url)")
        }
    }

    /// None of `&<>"'` is followed by the mark: each was written as an entity.
    static func expectNoUnescapedMark(_ bytes: [UInt8], in file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let mark = Array(Self.mark.utf8)
        for index in bytes.indices.dropLast(2) where "&<>\"'".utf8.contains(bytes[index]) {
            if Array(bytes[(index + 1)...(index + 2)]) == mark {
                let context = String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self)
                Issue.record("\(file): '\(UnicodeScalar(bytes[index]))' before a combining mark is not escaped: …\(context)…",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Every `"` before the mark is escaped, and no `<` is left to close a script.
    static func expectJSONStringsClosed(_ bytes: [UInt8], in file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let mark = Array(Self.mark.utf8)
        for index in bytes.indices.dropLast(2) where Array(bytes[(index + 1)...(index + 2)]) == mark {
            if bytes[index] == UInt8(ascii: "\"") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\\")) || bytes[index] == UInt8(ascii: "<") {
                Issue.record("\(file): unescaped '\(UnicodeScalar(bytes[index]))' before a combining mark", sourceLocation: sourceLocation)
                return
            }
        }
        let hasAngle = bytes.contains(UInt8(ascii: "<"))
        #expect(!hasAngle, "\(file) has a '<'", sourceLocation: sourceLocation)
    }
}
