import CCmark
import Foundation

/// Footnotes as GitHub renders them: each `[^label]` that names a definition becomes a
/// numbered superscript link, numbered in the order of first reference; the notes follow the
/// body in that order, each with a link back to every reference to it. A definition nothing
/// refers to is not shown, and a `[^label]` without a definition stays text, as on GitHub.
///
/// Ids are `fn:N` and `fnref:N` (`fnref:N:K` for a note's K-th reference), as Hugo and Jekyll
/// write them: a heading's id is never one, since headings' ids hold no colon.
enum Footnotes {
    /// Each note's list item, by its pointer, with the definition it was parsed from: a node
    /// inside one was positioned in the definition's own text.
    typealias Origins = [UnsafeMutableRawPointer: FootnoteDefinitions.Definition]

    /// Replaces the references in `document`, then appends the notes. Each definition is parsed
    /// with `parse` and given the same GitHub passes as the body (`flavor`), whose table cells'
    /// positions join `cells`.
    static func apply(to document: OpaquePointer, definitions: [FootnoteDefinitions.Definition],
                      parse: (String) -> OpaquePointer?, flavor: (OpaquePointer, String) -> GFMTables.CellPositions,
                      cells: inout GFMTables.CellPositions) -> Origins {
        var byLabel: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() where byLabel[FootnoteDefinitions.key(definition.label)] == nil {
            byLabel[FootnoteDefinitions.key(definition.label)] = index
        }
        var numbering = Numbering(byLabel: byLabel)
        numbering.replaceReferences(in: document)
        var origins: Origins = [:]
        var items: [OpaquePointer] = []
        var next = 0
        // A note may refer to a note not yet numbered: it joins the end of the queue.
        while next < numbering.order.count {
            let definition = definitions[numbering.order[next]]
            let number = next + 1
            next += 1
            guard let note = parse(definition.text),
                  let item = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<li id=\"fn:\(number)\">", exit: "</li>") else { continue }
            cells.merge(flavor(note, definition.text)) { first, _ in first }
            numbering.replaceReferences(in: note)
            while let child = cmark_node_first_child(note) {
                cmark_node_unlink(child)
                cmark_node_append_child(item, child)
            }
            cmark_node_free(note)
            origins[UnsafeMutableRawPointer(item)] = definition
            items.append(item)
        }
        guard !items.isEmpty,
              let section = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK,
                                              enter: "<section class=\"footnotes\" role=\"doc-endnotes\" aria-label=\"Footnotes\">\n<ol>",
                                              exit: "</ol>\n</section>")
        else { return origins }
        for (offset, item) in items.enumerated() {
            addBackLinks(to: item, number: offset + 1, references: numbering.references[offset])
            cmark_node_append_child(section, item)
        }
        cmark_node_append_child(document, section)
        return origins
    }

    /// Numbers notes in the order they are first referred to, and counts each one's references.
    private struct Numbering {
        let byLabel: [String: Int]
        /// Definitions' indexes, by number - 1.
        var order: [Int] = []
        /// By number - 1: how many references each note has.
        var references: [Int] = []
        private var numbers: [Int: Int] = [:]

        init(byLabel: [String: Int]) {
            self.byLabel = byLabel
        }

        mutating func replaceReferences(in root: OpaquePointer) {
            cmark_consolidate_text_nodes(root)
            var texts: [OpaquePointer] = []
            SyntaxTree.forEachText(in: root) { node, literal in
                if strstr(literal, "[^") != nil { texts.append(node) }
            }
            for node in texts where !SyntaxTree.isInsideLink(node) {
                replace(node)
            }
        }

        /// Splits a text node at each `[^label]` that names a definition.
        private mutating func replace(_ node: OpaquePointer) {
            let literal = SyntaxTree.literal(of: node)
            var pieces: [OpaquePointer] = []
            var emitted = literal.startIndex, search = literal.startIndex
            while let open = literal.range(of: "[^", range: search..<literal.endIndex) {
                search = open.upperBound
                // A label holds no space or bracket and is short: the scan for its end is bounded.
                let label = literal[open.upperBound...].prefix(1000).prefix { $0 != "]" && $0 != "[" && !$0.isWhitespace }
                guard !label.isEmpty, label.endIndex < literal.endIndex, literal[label.endIndex] == "]",
                      let definition = byLabel[FootnoteDefinitions.key(label)] else { continue }
                if emitted < open.lowerBound, let text = SyntaxTree.text(String(literal[emitted..<open.lowerBound])) {
                    pieces.append(text)
                }
                if let reference = reference(to: definition) { pieces.append(reference) }
                emitted = literal.index(after: label.endIndex)
                search = emitted
            }
            guard !pieces.isEmpty else { return }
            if emitted < literal.endIndex, let text = SyntaxTree.text(String(literal[emitted...])) { pieces.append(text) }
            for piece in pieces { cmark_node_insert_before(node, piece) }
            SyntaxTree.free(node)
        }

        private mutating func reference(to definition: Int) -> OpaquePointer? {
            let number: Int
            if let known = numbers[definition] {
                number = known
            } else {
                order.append(definition)
                references.append(0)
                number = order.count
                numbers[definition] = number
            }
            references[number - 1] += 1
            let count = references[number - 1]
            let id = count == 1 ? "fnref:\(number)" : "fnref:\(number):\(count)"
            return SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE,
                                     enter: "<sup class=\"footnote-ref\"><a href=\"#fn:\(number)\" id=\"\(id)\" role=\"doc-noteref\">\(number)</a></sup>",
                                     exit: "")
        }
    }

    /// The notes' ids and their first references' (later references' ids are left out: a
    /// link names a note, or where it is first cited).
    static func ids(count: Int) -> [String] {
        count == 0 ? [] : (1...count).flatMap { ["fn:\($0)", "fnref:\($0)"] }
    }

    /// `↩` links to each reference, at the end of the note's last paragraph (or in one of their own).
    private static func addBackLinks(to item: OpaquePointer, number: Int, references: Int) {
        var html = ""
        for count in 1...max(1, references) {
            let id = count == 1 ? "fnref:\(number)" : "fnref:\(number):\(count)"
            let label = count == 1 ? "Back to reference \(number)" : "Back to reference \(number)-\(count)"
            html += " <a href=\"#\(id)\" class=\"footnote-backref\" role=\"doc-backlink\" aria-label=\"\(label)\">↩\u{FE0E}"
                + (count == 1 ? "" : "<sup>\(count)</sup>") + "</a>"
        }
        guard let links = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: "") else { return }
        if let last = cmark_node_last_child(item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH {
            cmark_node_append_child(last, links)
        } else if let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) {
            cmark_node_append_child(paragraph, links)
            cmark_node_append_child(item, paragraph)
        }
    }
}
