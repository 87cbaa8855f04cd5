import CCmark
import Foundation

/// The GitHub Flavored Markdown extensions, as passes over libcmark's tree (libcmark itself
/// parses CommonMark only): alerts, tables and task list items from the blocks, then extended
/// autolinks and strikethrough in the text, cells included. Off with `markdown.gfm: false`.
enum GitHubFlavor {
    /// Returns where each table cell was written, for the diagnostics of links inside cells.
    /// `marks`: the body's (`MarkdownMarks`), which say the passes that can find something.
    static func apply(to document: OpaquePointer, body: String, marks: MarkdownMarks, parseOptions: Int32, smart: Bool) -> GFMTables.CellPositions {
        let (pipe, bracket, alert) = (marks.contains(.pipe), marks.contains(.taskBox), marks.contains(.alert))
        var cells: GFMTables.CellPositions = [:]
        if pipe || bracket || alert {
            let source = MarkdownSource(body)
            if alert { GFMAlerts.apply(to: SyntaxTree.nodes(in: document) { $1 == CMARK_NODE_BLOCK_QUOTE }, source: source) }
            let blocks = SyntaxTree.leafBlocksAndItems(in: document)
            if pipe {
                let definitions = marks.contains(.definition) ? GFMTables.referenceDefinitions(in: document, source: source) : ""
                cells = GFMTables.apply(to: blocks.leaves, source: source, parseOptions: parseOptions, definitions: definitions)
            }
            if bracket { GFMTaskLists.apply(to: blocks.items, source: source) }
        }
        guard !marks.isDisjoint(with: .inlines) else { return cells }
        if marks.contains(.escapedTilde) { keepEscapedTildes(in: document, source: MarkdownSource(body)) }
        // libcmark splits text at every character it might have used (`&`, `.` when smart):
        // a URL or a `~~` run is seen whole once neighbours are one node again.
        cmark_consolidate_text_nodes(document)
        // One walk over the inlines for both passes; most text holds neither a `~` nor a link.
        var linkCandidates: [OpaquePointer] = [], strikeContainers: [OpaquePointer] = []
        var lastContainer: OpaquePointer?
        SyntaxTree.forEachText(in: document) { node, literal in
            if GFMAutolinks.mayHoldLink(literal) { linkCandidates.append(node) }
            if strchr(literal, 0x7E) != nil, let parent = cmark_node_parent(node), parent != lastContainer {
                strikeContainers.append(parent)
                lastContainer = parent
            }
        }
        // Links first: a `~` ending a URL is left out of it and can still close a strike.
        GFMAutolinks.apply(to: linkCandidates, smart: smart)
        GFMStrikethrough.apply(to: strikeContainers)
        return cells
    }

    /// `\~` (or `&#126;`) is a tilde that strikes nothing, but libcmark's text holds it as a
    /// plain `~`. Text is one line of the source from its start: its tildes are that line's
    /// first tildes, so each escaped one is found there and becomes a node that is not text.
    private static func keepEscapedTildes(in document: OpaquePointer, source: MarkdownSource) {
        var texts: [OpaquePointer] = []
        SyntaxTree.forEachText(in: document) { node, literal in
            if strchr(literal, 0x7E) != nil { texts.append(node) }
        }
        for node in texts {
            let literal = Array(SyntaxTree.literal(of: node).unicodeScalars)
            let tildes = literal.indices.filter { literal[$0] == "~" }
            guard let line = source.line(Int(cmark_node_get_start_line(node)), from: Int(cmark_node_get_start_column(node))),
                  let escaped = escapedTildes(in: Array(line), count: tildes.count), escaped.contains(true) else { continue }
            var start = 0
            for (position, isEscaped) in zip(tildes, escaped) where isEscaped {
                if position > start, let text = SyntaxTree.text(String(String.UnicodeScalarView(literal[start..<position]))) {
                    cmark_node_insert_before(node, text)
                }
                if let tilde = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: "~", exit: "") {
                    cmark_node_insert_before(node, tilde)
                }
                start = position + 1
            }
            if start < literal.count, let text = SyntaxTree.text(String(String.UnicodeScalarView(literal[start...]))) {
                cmark_node_insert_before(node, text)
            }
            SyntaxTree.free(node)
        }
    }

    /// For the first `count` tildes written on `line`, whether each was escaped; nil if the
    /// line holds fewer (the text is not what this line says).
    static func escapedTildes(in line: [UInt8], count: Int) -> [Bool]? {
        var result: [Bool] = []
        var index = 0
        let backslash = UInt8(ascii: "\\"), tilde = UInt8(ascii: "~")
        while result.count < count, index < line.count {
            let byte = line[index]
            if byte == backslash, index + 1 < line.count, line[index + 1] < 0x80, ispunct(Int32(line[index + 1])) != 0 {
                if line[index + 1] == tilde { result.append(true) }
                index += 2
            } else if byte == tilde {
                result.append(false)
                index += 1
            } else if byte == UInt8(ascii: "&"), let length = ["&#126;", "&#x7e;", "&#X7E;", "&#x7E;", "&#X7e;"].first(where: {
                line[index...].starts(with: $0.utf8) })?.utf8.count {
                result.append(true)
                index += length
            } else {
                index += 1
            }
        }
        return result.count == count ? result : nil
    }
}
