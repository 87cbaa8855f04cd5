import CCmark
import Foundation

/// A heading of a page's body, as the page's outline and link checks see it.
public struct MarkdownHeading: Sendable, Equatable {
    /// 1 to 6.
    public var level: Int
    /// What the heading says, without its Markdown: text, code, link text.
    public var text: String
    /// Unique on the page: what `#fragment` links name.
    public var id: String
    /// Position in the body (1-based); the resolve stage adds the front matter's lines.
    public var line: Int
    public var column: Int
}

/// The pass that gives every heading an `id` and a link to itself.
///
/// libcmark's renderer cannot add attributes, so each heading becomes a custom block holding
/// `<hN id="…">`, the heading's own inline nodes (moved, not copied, so later passes still see
/// its links), then an anchor `<a class="anchor" href="#…">` and `</hN>`.
enum HeadingAnchors {
    static func add(to document: OpaquePointer) -> [MarkdownHeading] {
        // Headings are blocks: the walk need not visit a single inline node.
        let headingNodes = SyntaxTree.leafBlocksAndItems(in: document).leaves.filter {
            cmark_node_get_type($0) == CMARK_NODE_HEADING
        }
        var slugger = HeadingSlugger()
        var headings: [MarkdownHeading] = []
        headings.reserveCapacity(headingNodes.count)
        for node in headingNodes {
            let level = Int(cmark_node_get_heading_level(node))
            // Slugged as written, as GitHub does (`Notes <b>` is `notes-`), shown trimmed.
            let written = MarkdownText.plain(of: node)
            let id = slugger.slug(written)
            let text = Self.trimmed(written)
            headings.append(MarkdownHeading(level: level, text: text, id: id, line: Int(cmark_node_get_start_line(node)),
                                            column: max(1, Int(cmark_node_get_start_column(node)))))
            replace(node, level: level, text: text, id: id)
        }
        return headings
    }

    /// `text` without white space at either end; told from its end bytes when it has none there
    /// (nearly every heading), which Foundation's trimming took 9,000 instructions to say.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
           first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return text
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The tags are custom inline nodes at either end of the heading's text, inside a custom
    /// block that prints nothing itself: a custom block's own strings go on lines of their own,
    /// which would put white space inside the heading.
    private static func replace(_ heading: OpaquePointer, level: Int, text: String, id: String) {
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let opening = cmark_node_new(CMARK_NODE_CUSTOM_INLINE),
              let closing = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        var start = NodeHTML(capacity: 16 + id.utf8.count * 2)
        start.raw("<h")
        start.digit(level)
        start.raw(" id=\"")
        start.escaped(id)
        start.raw("\">")
        start.setOnEnter(of: opening)
        // The sign is decoration; the link's name says where it leads.
        var end = NodeHTML(capacity: 128 + (id.utf8.count + text.utf8.count) * 2)
        end.raw("<a class=\"anchor\" href=\"#")
        end.escaped(id)
        end.raw("\" aria-label=\"Link to this section: ")
        end.escaped(text)
        end.raw("\"><span aria-hidden=\"true\">#</span></a></h")
        end.digit(level)
        end.raw(">")
        end.setOnEnter(of: closing)
        cmark_node_append_child(block, opening)
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            cmark_node_append_child(block, child)
        }
        cmark_node_append_child(block, closing)
        cmark_node_insert_before(heading, block)
        cmark_node_unlink(heading)
        cmark_node_free(heading)
    }

    /// What every anchor link starts with.
    static let anchorStart = "<a class=\"anchor\" href=\"#"

    /// `html` without heading ids and anchor links, for a second copy of a body on the same page
    /// (a category's introduction above its list), where the ids would be given twice.
    static func removingAnchors(from html: String) -> String {
        guard html.contains(anchorStart) else { return html }
        let whole = NSRange(html.startIndex..., in: html)
        let withoutLinks = anchorLink.stringByReplacingMatches(in: html, range: whole, withTemplate: "")
        return headingID.stringByReplacingMatches(in: withoutLinks, range: NSRange(withoutLinks.startIndex..., in: withoutLinks),
                                                  withTemplate: "<$1>")
    }

    // Both match only what `replace` writes: the values in them are escaped, so hold no quote.
    private static let anchorLink = try! NSRegularExpression(
        pattern: ##"<a class="anchor" href="#[^"]*" aria-label="[^"]*"><span aria-hidden="true">#</span></a>"##)
    private static let headingID = try! NSRegularExpression(pattern: #"<(h[1-6]) id="[^"]*">"#)
}
