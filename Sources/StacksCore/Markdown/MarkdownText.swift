import CCmark

/// What a part of the syntax tree says as plain text: the words a reader sees, without the
/// Markdown around them.
enum MarkdownText {
    /// Text and code as written, link text kept, emphasis dropped, line breaks as spaces.
    /// Images say nothing (their alt text describes a picture, not the text), nor does raw
    /// HTML, whose tags are markup.
    static func plain(of node: OpaquePointer) -> String {
        text(of: node, asAltText: false)
    }

    /// What libcmark writes as an image's `alt` (and what a title heading says): every
    /// literal, raw HTML and nested images' descriptions included.
    static func altText(of node: OpaquePointer) -> String {
        text(of: node, asAltText: true)
    }

    private static func text(of node: OpaquePointer, asAltText: Bool) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        var imageDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let inner = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(inner)
            if type == CMARK_NODE_IMAGE, !asAltText {
                imageDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                continue
            }
            guard event == CMARK_EVENT_ENTER, imageDepth == 0 else { continue }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(inner) { text += String(cString: literal) }
            case CMARK_NODE_HTML_INLINE where asAltText:
                if let literal = cmark_node_get_literal(inner) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }
}
