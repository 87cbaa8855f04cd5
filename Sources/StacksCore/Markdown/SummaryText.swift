import CCmark

/// The pass that finds what a page's summary is when its front matter writes none: the start
/// of its first paragraph, as plain text, so that lists and search results say more than a title.
enum SummaryText {
    /// About this many characters; a longer text is cut at the last word that fits.
    static let length = 160

    /// The first two paragraphs at the top of the body, as plain text and shortened. Two,
    /// because the resolve stage skips one that only repeats the page's title (the title may
    /// come from front matter, which this stage does not see); `title`, the heading taken out
    /// as the title, is skipped here already.
    ///
    /// Paragraphs made of raw HTML shown as text (they have no position in the source) are
    /// markup, not a summary, and are skipped.
    static func candidates(in document: OpaquePointer, title: String?) -> [String] {
        let shortenedTitle = title.map(shortened)
        var found: [String] = []
        var child = cmark_node_first_child(document)
        while let node = child, found.count < 2 {
            child = cmark_node_next(node)
            guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, cmark_node_get_start_line(node) > 0 else { continue }
            let text = shortened(MarkdownText.plain(of: node))
            if !text.isEmpty, text != shortenedTitle { found.append(text) }
        }
        return found
    }

    /// `text` with its white space made single spaces, cut at a word boundary after at most
    /// `length` characters, with `…` where it was cut.
    static func shortened(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var result = ""
        for word in words {
            let next = result.isEmpty ? String(word) : result + " " + word
            if next.count > length {
                // One word longer than the whole (a URL, or a script without spaces): cut it.
                if result.isEmpty { result = String(word.prefix(length)) }
                while let last = result.last, ",;:.-–—".contains(last) { result.removeLast() }
                return result + "…"
            }
            result = next
        }
        return result
    }
}
