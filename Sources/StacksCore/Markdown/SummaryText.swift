import CCmark

/// The pass that finds what a page's summary is when its front matter writes none: the start
/// of its first paragraph, as plain text, so that lists and search results say more than a title.
enum SummaryText {
    /// About this many characters; a longer text is cut at the last word that fits.
    static let length = 160

    /// The first two paragraphs at the top of the body or in a block quote there (tldr pages
    /// quote their description), as plain text and shortened. Two, because the resolve stage
    /// skips one that only repeats the page's title (the title may come from front matter,
    /// which this stage does not see); `title`, the heading taken out as the title, is skipped
    /// here already.
    ///
    /// Not summaries: paragraphs of raw HTML shown as text (they have no position in the
    /// source), and paragraphs of nothing but code (a command line, not words about the page).
    static func candidates(in document: OpaquePointer, title: String?) -> [String] {
        let shortenedTitle = title.map(shortened)
        var found: [String] = []
        var paragraphs: [OpaquePointer] = []
        var child = cmark_node_first_child(document)
        while let node = child, paragraphs.count < 4 {
            child = cmark_node_next(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH: paragraphs.append(node)
            case CMARK_NODE_BLOCK_QUOTE:
                var inner = cmark_node_first_child(node)
                while let quoted = inner {
                    if cmark_node_get_type(quoted) == CMARK_NODE_PARAGRAPH { paragraphs.append(quoted) }
                    inner = cmark_node_next(quoted)
                }
            default: break
            }
        }
        for paragraph in paragraphs where found.count < 2 {
            guard cmark_node_get_start_line(paragraph) > 0, !isOnlyCode(paragraph) else { continue }
            let text = shortened(MarkdownText.plain(of: paragraph))
            if !text.isEmpty, text != shortenedTitle { found.append(text) }
        }
        return found
    }

    private static func isOnlyCode(_ paragraph: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(paragraph)
        var sawCode = false
        while let node = child {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_CODE: sawCode = true
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: break
            case CMARK_NODE_TEXT:
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if !literal.allSatisfy(\.isWhitespace) { return false }
            default: return false
            }
            child = cmark_node_next(node)
        }
        return sawCode
    }

    /// `text` with its white space made single spaces, cut at a word boundary after at most
    /// `length` characters, with `…` where it was cut. Reads no further than the cut, since a
    /// paragraph may be pages long.
    static func shortened(_ text: String) -> String {
        var result = ""
        var count = 0
        var spaceBefore = false
        for character in text {
            if isSpace(character) {
                spaceBefore = !result.isEmpty
                continue
            }
            if spaceBefore {
                result.append(" ")
                count += 1
                spaceBefore = false
            }
            result.append(character)
            count += 1
            if count > length { return cut(result) }
        }
        return result
    }

    /// `Character.isWhitespace`, which looks up Unicode's tables, only past ASCII.
    private static func isSpace(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return character.isWhitespace }
        return ascii == 0x20 || (0x09...0x0D).contains(ascii)
    }

    /// `text`, one character too long, without its last (partial) word; a single word longer
    /// than the whole (a URL, or a script without spaces) is cut inside.
    private static func cut(_ text: String) -> String {
        var result = text.lastIndex(of: " ").map { String(text[..<$0]) } ?? String(text.prefix(length))
        while let last = result.last, ",;:.-–—".contains(last) { result.removeLast() }
        return result + "…"
    }
}
