import CCmark
import Foundation

/// The pass for a body that holds raw HTML (and only for one: others never meet an HTML parser).
///
/// Each raw HTML node becomes a custom node that writes a marker comment, then the raw HTML as
/// written. libcmark renders the body as it renders any other, then the marker comments tell
/// which bytes of the HTML are raw, so that `RawHTMLSanitizer` can trust Stacks' own markup and
/// sanitize the rest, and give a relative URL of raw HTML the line and column it was written at.
///
/// The marker cannot be forged: it is a comment (`<!--stacks-raw-->`) whose name the body does not
/// hold anywhere, and no text Stacks writes holds a `<`. Raw HTML beyond `RawHTMLBudget`, or
/// markers not found as placed, leave the raw HTML shown as text instead.
enum RawHTMLPass {
    /// `texts`: everything libcmark read, where the marker must not occur.
    static func sanitize(_ nodes: [OpaquePointer], positions: [(Int, Int)], in document: OpaquePointer, texts: [String],
                         into parsed: inout ParsedMarkdown) {
        let literals = nodes.map(SyntaxTree.literal(of:))
        let marker = "<!--" + markerName(absentFrom: texts) + "-->"
        let replacements = zip(nodes, literals).map { node, literal in
            replace(node, with: cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE,
                    enter: marker + literal)
        }
        let html = MarkdownParser.render(document, unsafe: false)
        guard let starts = literalStarts(in: html, marker: marker, literals: literals),
              RawHTMLBudget.allows(rawLiterals: literals, renderedHTML: html)
        else {
            zip(replacements, literals).forEach(showAsText)
            parsed.html = MarkdownParser.render(document, unsafe: false)
            return
        }
        let spans = zip(starts, zip(literals, positions)).map { start, written in
            RawHTMLSpan(bytes: start..<(start + written.0.utf8.count), line: written.1.0, column: written.1.1)
        }
        let result = RawHTMLSanitizer.sanitize(html, spans: spans, ownLinkCount: parsed.links.count)
        parsed.html = result.html
        parsed.links += result.links
        parsed.userContentIDs = result.userContentIDs.sorted()
        // `#name` leads to the raw HTML's `id="name"`, which is written `user-content-name`.
        for index in parsed.links.indices where MarkdownParser.isFragment(parsed.links[index].destination) {
            let prefixed = RawHTMLSanitizer.idPrefix + parsed.links[index].destination.dropFirst()
            if result.userContentIDs.contains(prefixed) { parsed.links[index].destination = "#" + prefixed }
        }
    }

    /// Whether raw HTML is nothing but whole comments and white space, as an HTML parser reads
    /// them (`<!-->` and `<!--->` end at once); a `--!>`, which also ends a comment there, or an
    /// unclosed one sends the literal through the parser, which knows what follows it.
    static func isOnlyComments(_ literal: String) -> Bool {
        var rest = Substring(literal)
        var found = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if rest.isEmpty { return found }
            guard rest.hasPrefix("<!--") else { return false }
            rest = rest.dropFirst(4)
            if rest.hasPrefix(">") { rest = rest.dropFirst(); found = true; continue }
            if rest.hasPrefix("->") { rest = rest.dropFirst(2); found = true; continue }
            guard let end = rest.range(of: "-->") else { return false }
            if rest[..<end.upperBound].contains("--!>") { return false }
            rest = rest[end.upperBound...]
            found = true
        }
    }

    /// `<br>`, `<br/>` or `<br />` in any case: a line break with nothing to sanitize.
    static func isLineBreak(_ literal: String) -> Bool {
        let bytes = Array(literal.utf8)
        guard bytes.count >= 4, bytes.count <= 8, bytes[0] == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">"),
              bytes[1] | 0x20 == UInt8(ascii: "b"), bytes[2] | 0x20 == UInt8(ascii: "r") else { return false }
        let rest = bytes[3..<(bytes.count - 1)]
        return rest.allSatisfy { $0 == 0x20 || $0 == UInt8(ascii: "/") } && rest.filter { $0 == UInt8(ascii: "/") }.count <= 1
            && (rest.last == UInt8(ascii: "/") || !rest.contains(UInt8(ascii: "/")))
    }

    /// `stacks-raw`, or with a number when a text already says that.
    static func markerName(absentFrom texts: [String]) -> String {
        var name = "stacks-raw"
        var number = 0
        while texts.contains(where: { $0.withCString { strstr($0, name) != nil } }) {
            number += 1
            name = "stacks-raw-\(number)"
        }
        return name
    }

    /// Where each literal starts in `html`: right after its marker, which must be found once
    /// for each, in order, followed by the literal as written.
    private static func literalStarts(in html: String, marker: String, literals: [String]) -> [Int]? {
        var html = html
        return html.withUTF8 { bytes -> [Int]? in
            guard let base = bytes.baseAddress else { return nil }
            let markerBytes = Array(marker.utf8)
            var starts: [Int] = []
            starts.reserveCapacity(literals.count)
            var from = 0
            while let found = find(markerBytes, in: bytes, from: from) {
                let start = found + markerBytes.count
                guard starts.count < literals.count else { return nil }
                let literal = literals[starts.count].utf8
                guard start + literal.count <= bytes.count,
                      literal.withContiguousStorageIfAvailable({ memcmp(base + start, $0.baseAddress!, $0.count) == 0 }) ?? false
                else { return nil }
                starts.append(start)
                from = start + literal.count
            }
            return starts.count == literals.count ? starts : nil
        }
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = from
        while bytes.count - index >= needle.count,
              let found = memchr(base + index, Int32(needle[0]), bytes.count - index - needle.count + 1) {
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + start, needle, needle.count) == 0 { return start }
            index = start + 1
        }
        return nil
    }

    private static func replace(_ node: OpaquePointer, with type: cmark_node_type, enter: String) -> OpaquePointer {
        guard let custom = SyntaxTree.custom(type, enter: enter, exit: "") else { return node }
        cmark_node_insert_before(node, custom)
        SyntaxTree.free(node)
        return custom
    }

    /// Raw HTML shown as text: what was written stays visible, but nothing of it runs.
    private static func showAsText(_ node: OpaquePointer, literal: String) {
        guard let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
        let type = cmark_node_get_type(node)
        if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_CUSTOM_BLOCK {
            guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return }
            var trimmed = literal
            while trimmed.last == "\n" { trimmed.removeLast() }
            cmark_node_set_literal(text, trimmed)
            cmark_node_append_child(paragraph, text)
            cmark_node_insert_before(node, paragraph)
        } else {
            cmark_node_set_literal(text, literal)
            cmark_node_insert_before(node, text)
        }
        SyntaxTree.free(node)
    }
}
