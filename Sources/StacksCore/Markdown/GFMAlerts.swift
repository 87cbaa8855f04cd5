import CCmark
import Foundation

/// Alerts, as GitHub, Hugo and Obsidian write them: a block quote whose first line is
/// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) becomes a titled
/// callout. Hugo and Obsidian also allow a fold sign and a title of its own after the marker
/// (`> [!WARNING]- Mind the step`): the title is shown, the sign ignored (the callout is open).
///
/// The marker is read from the source, at the first paragraph's first line, so that a link
/// reference named `!note` or curly quotes cannot change what counts as one. Other types
/// (`[!BUG]`) stay quotes, as on GitHub.
enum GFMAlerts {
    static let kinds = ["note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution"]

    /// `quotes`: the document's block quotes, outermost first.
    static func apply(to quotes: [OpaquePointer], source: MarkdownSource) {
        for quote in quotes {
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  let line = source.line(Int(cmark_node_get_start_line(paragraph)), from: Int(cmark_node_get_start_column(paragraph))),
                  let (kind, title) = marker(in: line), removeFirstLine(of: paragraph),
                  let callout = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK,
                                                  enter: "<div class=\"alert alert-\(kind)\" role=\"note\">\n"
                                                      + "<p class=\"alert-title\">\(HTMLEscaping.escape(title))</p>",
                                                  exit: "</div>")
            else { continue }
            if cmark_node_first_child(paragraph) == nil { SyntaxTree.free(paragraph) }
            while let child = cmark_node_first_child(quote) {
                cmark_node_unlink(child)
                cmark_node_append_child(callout, child)
            }
            cmark_node_insert_before(quote, callout)
            SyntaxTree.free(quote)
        }
    }

    /// The kind (`note`) and title of a marker line, `[!NOTE]` then optionally `+`/`-` and a title.
    static func marker(in line: ArraySlice<UInt8>) -> (kind: String, title: String)? {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("[!"), let close = text.firstIndex(of: "]") else { return nil }
        let kind = text[text.index(text.startIndex, offsetBy: 2)..<close].lowercased()
        guard let name = kinds[kind] else { return nil }
        var rest = text[text.index(after: close)...]
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        // GitHub wants the marker alone; a title needs a space before it (`[!NOTE]x` is text).
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let title = rest.trimmingCharacters(in: .whitespaces)
        return (kind, title.isEmpty ? name : title)
    }

    /// Removes the paragraph's first line: its inlines up to and with the first line break.
    /// Fails, changing nothing, when the break is inside an inline (`[!NOTE] *a⏎b*`).
    private static func removeFirstLine(of paragraph: OpaquePointer) -> Bool {
        var firstLine: [OpaquePointer] = []
        var child = cmark_node_first_child(paragraph)
        // Without a break, the paragraph is one line: all of it is the marker.
        while let node = child {
            firstLine.append(node)
            if isBreak(cmark_node_get_type(node)) { break }
            if !SyntaxTree.nodes(in: node, where: { isBreak($1) }).isEmpty { return false }
            child = cmark_node_next(node)
        }
        firstLine.forEach(SyntaxTree.free)
        return true
    }

    private static func isBreak(_ type: cmark_node_type) -> Bool {
        type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }
}
