import CCmark

/// GitHub Flavored Markdown task list items ("Task list items (extension)"): a list item whose
/// first paragraph begins `[ ]`, `[x]` or `[X]` and whitespace shows a disabled checkbox.
///
/// The marker is read from the source at the paragraph's position, so that `[x]` defined as a
/// link reference elsewhere, or quotes turned curly, cannot change what counts as one.
enum GFMTaskLists {
    /// The checkbox's accessible name: with its checked state it reads "Done, checked" or
    /// "Done, not checked", which is what the box says; the item's text follows it.
    static let checkbox = #"<input type="checkbox" disabled aria-label="Done"> "#
    static let checkedCheckbox = #"<input type="checkbox" checked disabled aria-label="Done"> "#

    static func apply(to items: [OpaquePointer], source: MarkdownSource) {
        for item in items {
            guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  let line = source.line(Int(cmark_node_get_start_line(paragraph)),
                                         from: Int(cmark_node_get_start_column(paragraph))),
                  let checked = marker(at: line, continues: cmark_node_get_end_line(paragraph) > cmark_node_get_start_line(paragraph)),
                  removeMarker(from: paragraph),
                  let box = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: checked ? checkedCheckbox : checkbox, exit: "")
            else { continue }
            if let first = cmark_node_first_child(paragraph) {
                cmark_node_insert_before(first, box)
            } else {
                cmark_node_append_child(paragraph, box)
            }
        }
    }

    /// Whether the line starts with a task marker (`[ ]` → false, `[x]` → true), or nil.
    static func marker(at line: ArraySlice<UInt8>, continues: Bool) -> Bool? {
        let text = line.drop(while: { $0 == 0x20 })
        guard text.count >= 3 else { return nil }
        let start = text.startIndex
        guard text[start] == UInt8(ascii: "["), text[start + 2] == UInt8(ascii: "]") else { return nil }
        let mark = text[start + 1]
        guard mark == 0x20 || mark == 0x09 || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X") else { return nil }
        // Whitespace must follow, and then content: the end of the line counts when more follows.
        if text.count == 3 { return continues ? mark != 0x20 && mark != 0x09 : nil }
        guard MarkdownSource.isSpaceOrTab(text[start + 3]) else { return nil }
        guard continues || text[(start + 3)...].contains(where: { !MarkdownSource.isSpaceOrTab($0) }) else { return nil }
        return mark != 0x20 && mark != 0x09
    }

    /// Removes the three characters of the marker from the start of the inline text (libcmark
    /// left them as text: `[`, ` `, `]` in up to three nodes) and the whitespace after them.
    private static func removeMarker(from paragraph: OpaquePointer) -> Bool {
        var remaining = 3
        var textNodes: [(OpaquePointer, String)] = []
        var child = cmark_node_first_child(paragraph)
        while remaining > 0, let node = child {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return false }
            let literal = SyntaxTree.literal(of: node)
            textNodes.append((node, literal))
            remaining -= min(remaining, literal.unicodeScalars.count)
            child = cmark_node_next(node)
        }
        guard remaining == 0 else { return false }
        remaining = 3
        for (node, literal) in textNodes {
            let scalars = literal.unicodeScalars
            let dropped = min(remaining, scalars.count)
            remaining -= dropped
            let rest = String(scalars.dropFirst(dropped))
            if rest.isEmpty {
                SyntaxTree.free(node)
            } else {
                cmark_node_set_literal(node, String(rest))
            }
        }
        // The whitespace after the marker (the checkbox brings its own space), or the line
        // break after a marker alone on its line.
        while let first = cmark_node_first_child(paragraph) {
            let type = cmark_node_get_type(first)
            if type == CMARK_NODE_SOFTBREAK { SyntaxTree.free(first); break }
            guard type == CMARK_NODE_TEXT else { break }
            let rest = SyntaxTree.literal(of: first).drop(while: { $0 == " " || $0 == "\t" })
            if !rest.isEmpty { cmark_node_set_literal(first, String(rest)); break }
            SyntaxTree.free(first)
        }
        return true
    }
}
