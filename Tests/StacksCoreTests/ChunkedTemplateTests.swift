import Mustache
import Testing
@testable import StacksCore

/// A long template parsed in pieces renders as the whole does: cut only between lines, outside
/// every tag and section, and not at all where a tag's effect reaches further.
@Suite struct ChunkedTemplateTests {
    nonisolated(unsafe) static let context: [String: Any] = [
        "layout": ["medium": "48rem", "wide": "80rem"],
        "site": ["title": "A & B"],
        "icons": [["name": "lamp", "image": "data:image/svg+xml;base64,AAAA"], ["name": "cup", "image": "data:,<b>"]],
        "flag": true,
        "items": [["name": "one"], ["name": "two"]],
    ]

    static func whole(_ text: String) throws -> String {
        try TemplateSet.single(text).render(context)
    }

    static func chunked(_ text: String, length: Int) throws -> (text: String, pieces: Int) {
        let cuts = ChunkedTemplate.cuts(of: text, tags: MustacheTag.scan(text), length: length)
        let pieces = try ChunkedTemplate.pieces(of: text, at: cuts).map { try TemplateSet.single($0) }
        return (ChunkedTemplate(pieces: pieces).render(context), pieces.count)
    }

    @Test func theBuiltInStylesheetRendersTheSameInPieces() throws {
        let text = try #require(Theme.builtIn.text("assets/stacks.css.mustache"))
        let parsed = try TemplateSet.parseChunked(text, file: "stacks.css.mustache").get()
        #expect(parsed.pieces.count > 10)
        #expect(parsed.render(Self.context) == (try Self.whole(text)))
        #expect(parsed.render(Self.context).contains("[data-icon=\"lamp\"] { --icon: url(\"data:image/svg+xml;base64,AAAA\"); }"))
        #expect(parsed.render(Self.context).contains("48rem"))
    }

    /// Every line a possible cut: sections over several lines, a comment over several lines,
    /// standalone tags at a piece's edge, indentation before a tag, a triple mustache.
    @Test func cutsKeepSectionsCommentsAndStandaloneLinesWhole() throws {
        let text = """
        a { color: red; }
        {{#icons}}
        .icon-{{name}} {
          background: url("{{{image}}}");
        }
        {{/icons}}
        {{! a comment
        over { three }
        lines }}
          {{#flag}}
        b { margin: 0 }
          {{/flag}}
        {{^flag}}never{{/flag}}
        {{#items}}{{name}},{{/items}}
        c { width: {{layout.medium}}; }   {{site.title}}
        d {}
        """
        let (rendered, pieces) = try Self.chunked(text, length: 1)
        #expect(rendered == (try Self.whole(text)))
        #expect(pieces > 4)
        // No cut inside the section of icons or the comment.
        let cuts = ChunkedTemplate.cuts(of: text, tags: MustacheTag.scan(text), length: 1)
        for cut in cuts {
            let before = String(decoding: Array(text.utf8)[..<cut], as: UTF8.self)
            let opened = before.components(separatedBy: "{{#").count + before.components(separatedBy: "{{^").count - 2
            #expect(opened == before.components(separatedBy: "{{/").count - 1)
            #expect(before.components(separatedBy: "{{!").count == before.components(separatedBy: "lines }}").count)
        }
    }

    @Test func delimitersPragmasAndInheritanceKeepTheTemplateWhole() {
        for text in ["a\n{{=<% %>=}}\nb <%x%>\nc\n", "a\n{{% CONTENT_TYPE: text }}\nb\nc\n", "a\n{{<parent}}{{$b}}x{{/b}}{{/parent}}\nc\n"] {
            #expect(ChunkedTemplate.cuts(of: text, tags: MustacheTag.scan(text), length: 1).isEmpty)
        }
    }

    @Test func aShortTemplateIsOnePiece() throws {
        let text = "a { b: {{layout.wide}} }\nc {}\n"
        #expect(ChunkedTemplate.cuts(of: text, tags: MustacheTag.scan(text)).isEmpty)
        #expect(try TemplateSet.parseChunked(text, file: "x").get().pieces.count == 1)
    }

    /// A broken template is reported where it is written in the whole text, not in a piece.
    @Test func aProblemIsReportedFromTheWholeText() {
        let text = String(repeating: "a { color: red; }\n", count: 400) + "{{#open}}\nb\n"
        guard case .failure(let problem) = TemplateSet.parseChunked(text, file: "t.mustache") else {
            Issue.record("an unclosed section parsed")
            return
        }
        #expect(problem.description.contains("t.mustache"))
        #expect(problem.description.contains(":401:") || problem.description.contains("never closed"))
    }
}
