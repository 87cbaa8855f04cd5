import Foundation
import Testing
@testable import StacksCore

/// Every example of the GitHub Flavored Markdown spec's extension sections for tables, task
/// list items, strikethrough and extended autolinks (github/cmark-gfm `test/spec.txt`, spec
/// version 0.29), built through the whole pipeline as the body of an item and compared with the
/// item's `<div class="prose">`.
///
/// The comparison normalises only what HTML does not distinguish or what Stacks adds on
/// purpose: whitespace between tags, `<br />` / `<input … />` against `<br>`, attribute order,
/// `disabled=""` against `disabled`, the `tabindex="0"` every table gets (it scrolls inside the
/// column, and a scrollable region must be reachable by keyboard), the checkbox's
/// `aria-label="Done"` (its accessible name), and a cell's alignment as a class
/// (`class="align-center"`, where the spec writes `align="center"`, which HTML no longer has). The spec examples run with `smart: false`, as the
/// spec knows no smart punctuation; `GFMTests` covers it.
@Suite struct GFMSpecTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var section: String
        var number: Int
        var markdown: String
        var html: String
        var testDescription: String { "\(section) \(number)" }
    }

    static let tables: [Example] = [
        Example(section: "Tables", number: 1, markdown: #"""
        | foo | bar |
        | --- | --- |
        | baz | bim |
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>foo</th>
        <th>bar</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>baz</td>
        <td>bim</td>
        </tr>
        </tbody>
        </table>
        """#),
        Example(section: "Tables", number: 2, markdown: #"""
        | abc | defghi |
        :-: | -----------:
        bar | baz
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th align="center">abc</th>
        <th align="right">defghi</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td align="center">bar</td>
        <td align="right">baz</td>
        </tr>
        </tbody>
        </table>
        """#),
        Example(section: "Tables", number: 3, markdown: #"""
        | f\|oo  |
        | ------ |
        | b `\|` az |
        | b **\|** im |
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>f|oo</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>b <code>|</code> az</td>
        </tr>
        <tr>
        <td>b <strong>|</strong> im</td>
        </tr>
        </tbody>
        </table>
        """#),
        Example(section: "Tables", number: 4, markdown: #"""
        | abc | def |
        | --- | --- |
        | bar | baz |
        > bar
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>abc</th>
        <th>def</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>bar</td>
        <td>baz</td>
        </tr>
        </tbody>
        </table>
        <blockquote>
        <p>bar</p>
        </blockquote>
        """#),
        Example(section: "Tables", number: 5, markdown: #"""
        | abc | def |
        | --- | --- |
        | bar | baz |
        bar

        bar
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>abc</th>
        <th>def</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>bar</td>
        <td>baz</td>
        </tr>
        <tr>
        <td>bar</td>
        <td></td>
        </tr>
        </tbody>
        </table>
        <p>bar</p>
        """#),
        Example(section: "Tables", number: 6, markdown: #"""
        | abc | def |
        | --- | --- |
        | bar | baz |
        bar
        ===
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>abc</th>
        <th>def</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>bar</td>
        <td>baz</td>
        </tr>
        <tr>
        <td>bar</td>
        <td></td>
        </tr>
        <tr>
        <td>===</td>
        <td></td>
        </tr>
        </tbody>
        </table>
        """#),
        Example(section: "Tables", number: 7, markdown: #"""
        | abc | def |
        | --- |
        | bar |
        """#, html: #"""
        <p>| abc | def |
        | --- |
        | bar |</p>
        """#),
        Example(section: "Tables", number: 8, markdown: #"""
        | abc | def |
        | --- | --- |
        | bar |
        | bar | baz | boo |
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>abc</th>
        <th>def</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>bar</td>
        <td></td>
        </tr>
        <tr>
        <td>bar</td>
        <td>baz</td>
        </tr>
        </tbody>
        </table>
        """#),
        Example(section: "Tables", number: 9, markdown: #"""
        | abc | def |
        | --- | --- |
        """#, html: #"""
        <table>
        <thead>
        <tr>
        <th>abc</th>
        <th>def</th>
        </tr>
        </thead>
        </table>
        """#),
    ]

    static let taskLists: [Example] = [
        Example(section: "Task list items", number: 1, markdown: #"""
        - [ ] foo
        - [x] bar
        """#, html: #"""
        <ul>
        <li><input disabled="" type="checkbox"> foo</li>
        <li><input checked="" disabled="" type="checkbox"> bar</li>
        </ul>
        """#),
        Example(section: "Task list items", number: 2, markdown: #"""
        - [x] foo
          - [ ] bar
          - [x] baz
        - [ ] bim
        """#, html: #"""
        <ul>
        <li><input checked="" disabled="" type="checkbox"> foo
        <ul>
        <li><input disabled="" type="checkbox"> bar</li>
        <li><input checked="" disabled="" type="checkbox"> baz</li>
        </ul>
        </li>
        <li><input disabled="" type="checkbox"> bim</li>
        </ul>
        """#),
    ]

    static let strikethrough: [Example] = [
        Example(section: "Strikethrough", number: 1, markdown: #"""
        ~~Hi~~ Hello, world!
        """#, html: #"""
        <p><del>Hi</del> Hello, world!</p>
        """#),
        Example(section: "Strikethrough", number: 2, markdown: #"""
        This ~~has a

        new paragraph~~.
        """#, html: #"""
        <p>This ~~has a</p>
        <p>new paragraph~~.</p>
        """#),
    ]

    static let autolinks: [Example] = [
        Example(section: "Autolinks", number: 1, markdown: #"""
        www.commonmark.org
        """#, html: #"""
        <p><a href="http://www.commonmark.org">www.commonmark.org</a></p>
        """#),
        Example(section: "Autolinks", number: 2, markdown: #"""
        Visit www.commonmark.org/help for more information.
        """#, html: #"""
        <p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a> for more information.</p>
        """#),
        Example(section: "Autolinks", number: 3, markdown: #"""
        Visit www.commonmark.org.

        Visit www.commonmark.org/a.b.
        """#, html: #"""
        <p>Visit <a href="http://www.commonmark.org">www.commonmark.org</a>.</p>
        <p>Visit <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>.</p>
        """#),
        Example(section: "Autolinks", number: 4, markdown: #"""
        www.google.com/search?q=Markup+(business)

        www.google.com/search?q=Markup+(business)))

        (www.google.com/search?q=Markup+(business))

        (www.google.com/search?q=Markup+(business)
        """#, html: #"""
        <p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>
        <p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>))</p>
        <p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>)</p>
        <p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>
        """#),
        Example(section: "Autolinks", number: 5, markdown: #"""
        www.google.com/search?q=(business))+ok
        """#, html: #"""
        <p><a href="http://www.google.com/search?q=(business))+ok">www.google.com/search?q=(business))+ok</a></p>
        """#),
        Example(section: "Autolinks", number: 6, markdown: #"""
        www.google.com/search?q=commonmark&hl=en

        www.google.com/search?q=commonmark&hl;
        """#, html: #"""
        <p><a href="http://www.google.com/search?q=commonmark&amp;hl=en">www.google.com/search?q=commonmark&amp;hl=en</a></p>
        <p><a href="http://www.google.com/search?q=commonmark">www.google.com/search?q=commonmark</a>&amp;hl;</p>
        """#),
        Example(section: "Autolinks", number: 7, markdown: #"""
        www.commonmark.org/he<lp
        """#, html: #"""
        <p><a href="http://www.commonmark.org/he">www.commonmark.org/he</a>&lt;lp</p>
        """#),
        Example(section: "Autolinks", number: 8, markdown: #"""
        http://commonmark.org

        (Visit https://encrypted.google.com/search?q=Markup+(business))

        Anonymous FTP is available at ftp://foo.bar.baz.
        """#, html: #"""
        <p><a href="http://commonmark.org">http://commonmark.org</a></p>
        <p>(Visit <a href="https://encrypted.google.com/search?q=Markup+(business)">https://encrypted.google.com/search?q=Markup+(business)</a>)</p>
        <p>Anonymous FTP is available at <a href="ftp://foo.bar.baz">ftp://foo.bar.baz</a>.</p>
        """#),
        Example(section: "Autolinks", number: 9, markdown: #"""
        foo@bar.baz
        """#, html: #"""
        <p><a href="mailto:foo@bar.baz">foo@bar.baz</a></p>
        """#),
        Example(section: "Autolinks", number: 10, markdown: #"""
        hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.
        """#, html: #"""
        <p>hello@mail+xyz.example isn't valid, but <a href="mailto:hello+xyz@mail.example">hello+xyz@mail.example</a> is.</p>
        """#),
        Example(section: "Autolinks", number: 11, markdown: #"""
        a.b-c_d@a.b

        a.b-c_d@a.b.

        a.b-c_d@a.b-

        a.b-c_d@a.b_
        """#, html: #"""
        <p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a></p>
        <p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a>.</p>
        <p>a.b-c_d@a.b-</p>
        <p>a.b-c_d@a.b_</p>
        """#),
    ]

    static let all = tables + taskLists + strikethrough + autolinks

    @Test func everyExampleOfTheExtensionSectionsBuildsAsTheSpecShows() async throws {
        let pages = try await GFMBuild.prose(of: Self.all.map(\.markdown), config: "markdown:\n  smart: false\n")
        #expect(Self.all.count == 24)
        for (example, page) in zip(Self.all, pages) {
            #expect(GFMBuild.normalised(page) == GFMBuild.normalised(example.html), "\(example.testDescription)")
        }
    }
}

/// Builds a site whose items have the given bodies and reads back each item's prose.
enum GFMBuild {
    static func prose(of bodies: [String], config: String) async throws -> [String] {
        var files = [
            "content/_index.md": "---\ntitle: Home\n---\nWelcome.",
            "content/examples/_index.md": "---\ntitle: Examples\n---\n",
            "stacks.yml": config,
        ]
        for (index, body) in bodies.enumerated() {
            files["content/examples/example-\(index).md"] = "---\ntitle: Example \(index)\n---\n" + body + "\n"
        }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        return try bodies.indices.map { index in
            let page = try project.read("output/examples/example-\(index)/index.html")
            // The prose ends where the article does, or its links to the items beside it begin.
            guard let start = page.range(of: "<div class=\"prose\">"),
                  let end = page.range(of: "</div>\n<nav class=\"siblings\"", range: start.upperBound..<page.endIndex)
                    ?? page.range(of: "</div>\n</article>", range: start.upperBound..<page.endIndex) else { return page }
            return String(page[start.upperBound..<end.lowerBound])
        }
    }

    /// Whitespace between tags, self-closing slashes, attribute order, empty attribute values,
    /// the two attributes Stacks adds (`tabindex` on tables, the checkbox's name) set aside, and
    /// an alignment's class read as the spec's attribute.
    static func normalised(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<table tabindex=\"0\">", with: "<table>")
            .replacingOccurrences(of: #" class="align-([a-z]+)""#, with: #" align="$1""#, options: .regularExpression)
            .replacingOccurrences(of: " aria-label=\"Done\"", with: "")
            .replacingOccurrences(of: "=\"\"", with: "")
        text = text.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s*/>"#, with: ">", options: .regularExpression)
        // Attributes in a fixed order: `<input type="checkbox" disabled>` = `<input disabled type="checkbox">`.
        let tag = try! NSRegularExpression(pattern: #"<([a-z]+) ([^<>]*)>"#)
        let source = text as NSString
        var result = ""
        var last = 0
        for match in tag.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            let name = source.substring(with: match.range(at: 1))
            let attributes = source.substring(with: match.range(at: 2)).split(separator: " ").sorted()
            result += "<\(name) \(attributes.joined(separator: " "))>"
            last = match.range.location + match.range.length
        }
        result += source.substring(from: last)
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
