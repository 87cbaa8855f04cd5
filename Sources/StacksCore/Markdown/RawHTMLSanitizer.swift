import CGumbo
import Foundation

/// Where raw HTML was written: the bytes of the rendered body that libcmark copied from one raw
/// HTML node, and that node's position in the Markdown.
struct RawHTMLSpan: Sendable, Equatable {
    var bytes: Range<Int>
    var line: Int
    var column: Int
}

/// A rendered body that holds raw HTML, parsed whole by Gumbo (an HTML5 parser, so an element
/// may open in one Markdown block and close in another, as browsers read it) and written again
/// from the tree.
///
/// An element is Stacks' own when its start tag lies outside every raw span and the parser took
/// it from that tag as written: it is written as it was (it is what the page would say without
/// raw HTML). Every other element passes through `GitHubAllowList`, then `HTMLConformance`:
/// - an element not allowed loses its tags and keeps its content, except those of
///   `removedWithContent`, and anything outside HTML's namespace (SVG, MathML);
/// - a URL keeps only an allowed scheme; a relative `href` or `src` becomes a link token, as a
///   Markdown link does, positioned where the raw HTML wrote it;
/// - `id` (and a link's `name`, which becomes its `id`) starts `user-content-`, as on GitHub,
///   so raw HTML never takes an id of the page's own;
/// - comments are dropped; whatever is left open is closed at the end of the body.
///
/// The walk is a loop over an explicit stack and writes into one byte buffer: the cost is
/// linear in the tree, however deep.
enum RawHTMLSanitizer {
    struct Result: Equatable {
        var html: String
        /// Links of the raw HTML, whose tokens number on from the body's own links.
        var links: [MarkdownLink]
        /// Every `user-content-…` id the raw HTML gave.
        var userContentIDs: Set<String>
    }

    static let idPrefix = "user-content-"

    /// `spans` in the order they appear in `html`; `ownLinkCount`: the tokens Stacks wrote.
    static func sanitize(_ html: String, spans: [RawHTMLSpan], ownLinkCount: Int) -> Result {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return Result(html: "", links: [], userContentIDs: []) }
            // Freed with the arena when this closure ends, never by Gumbo's recursive walk.
            let arena = GumboArena(expected: bytes.count * 8)
            var options = arena.options()
            options.fragment_context = GUMBO_TAG_BODY
            options.max_errors = 0
            let output = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                gumbo_parse_with_options(&options, $0, bytes.count)
            }
            guard let output, let root = output.pointee.root else { return Result(html: "", links: [], userContentIDs: []) }
            defer { withExtendedLifetime(arena) {} }
            var writer = Writer(source: bytes, spans: spans, ownLinkCount: ownLinkCount)
            writer.write(childrenOf: root)
            return Result(html: String(decoding: writer.output, as: UTF8.self), links: writer.links,
                          userContentIDs: writer.userContentIDs)
        }
    }

    /// Flags of elements the parser made rather than took from a start tag as written.
    private static let madeByParser: UInt32 = [
        GUMBO_INSERTION_BY_PARSER, GUMBO_INSERTION_IMPLIED, GUMBO_INSERTION_CONVERTED_FROM_END_TAG,
        GUMBO_INSERTION_FROM_ISINDEX, GUMBO_INSERTION_FROM_IMAGE, GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT,
        GUMBO_INSERTION_ADOPTION_AGENCY_CLONED,
    ].reduce(0) { $0 | $1.rawValue }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source",
        "track", "wbr",
    ]

    /// Gumbo's name of each tag it knows, by the tag's number.
    private static let tagNames: [String] = (0..<GUMBO_TAG_UNKNOWN.rawValue).map {
        String(cString: gumbo_normalized_tagname(GumboTag(rawValue: $0)))
    }

    private struct Attribute {
        var name: String
        var value: String
        /// Written without `=` when empty, as `disabled` is.
        var bare: Bool
    }

    private struct Writer {
        let source: UnsafeBufferPointer<UInt8>
        let spans: [RawHTMLSpan]
        let ownLinkCount: Int
        var output: [UInt8] = []
        var links: [MarkdownLink] = []
        var userContentIDs: Set<String> = []
        /// The last position found, from which the next one in the same span is counted on.
        private var cursor: (span: Int, offset: Int, line: Int, column: Int)?

        init(source: UnsafeBufferPointer<UInt8>, spans: [RawHTMLSpan], ownLinkCount: Int) {
            self.source = source
            self.spans = spans
            self.ownLinkCount = ownLinkCount
            output.reserveCapacity(source.count + source.count / 8)
        }

        private struct Frame {
            var children: GumboVector
            var next: Int
            /// Written when the children are done; nil for an element whose tags were dropped.
            var endTag: String?
        }

        mutating func write(childrenOf root: UnsafeMutablePointer<GumboNode>) {
            var stack = [Frame(children: root.pointee.v.element.children, next: 0, endTag: nil)]
            while let top = stack.last {
                guard top.next < Int(top.children.length) else {
                    if let endTag = top.endTag { append("</"); append(endTag); append(">") }
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                guard let raw = top.children.data[top.next] else { continue }
                let node = raw.assumingMemoryBound(to: GumboNode.self)
                switch node.pointee.type {
                case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE:
                    appendText(node.pointee.v.text.text)
                case GUMBO_NODE_ELEMENT:
                    let element = node.pointee.v.element
                    guard let name = startTag(of: node) else { continue }
                    if let name = name {
                        if RawHTMLSanitizer.voidElements.contains(name) { continue }
                        if ["pre", "textarea", "listing"].contains(name), startsWithNewline(element.children) { append("\n") }
                    }
                    stack.append(Frame(children: element.children, next: 0, endTag: name))
                default:
                    // Comments, CDATA (only in foreign content) and templates say nothing.
                    continue
                }
            }
        }

        /// Writes the element's start tag; nil when it goes with its content, `.some(nil)` when
        /// only its tags go, else the name its end tag takes.
        private mutating func startTag(of node: UnsafeMutablePointer<GumboNode>) -> String?? {
            let element = node.pointee.v.element
            guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { return nil }
            let name = Self.name(of: element)
            if isOwn(node) {
                append("<"); append(name)
                for attribute in attributes(of: element) { appendAttribute(attribute) }
                append(RawHTMLSanitizer.voidElements.contains(name) && Self.closesItself(element) ? " />" : ">")
                return .some(name)
            }
            if GitHubAllowList.removedWithContent.contains(name) { return nil }
            guard GitHubAllowList.elements.contains(name), !HTMLConformance.unknownElements.contains(name) else {
                return .some(nil)
            }
            let written = HTMLConformance.replacements[name] ?? name
            var kept: [Attribute] = []
            var classes: [String] = []
            var hasID = false
            let hasWrittenSize = name == "img" && attributes(of: element).contains { $0.name == "width" || $0.name == "height" }
            for var attribute in attributes(of: element) where GitHubAllowList.allows(attribute.name, on: name) {
                if attribute.name == "align" {
                    if let alignment = HTMLConformance.alignmentClass(attribute.value) { classes.append(alignment) }
                    continue
                }
                if attribute.name == "name", name == "a" { attribute.name = "id" }
                guard HTMLConformance.allows(attribute.name, on: written) else { continue }
                switch attribute.name {
                case "id":
                    guard !hasID, let id = Self.userContentID(attribute.value) else { continue }
                    hasID = true
                    userContentIDs.insert(id)
                    attribute.value = id
                case "href", "src", "cite":
                    guard let url = url(attribute.value, of: attribute.name, on: name, at: node, hasWrittenSize: hasWrittenSize)
                    else { continue }
                    attribute.value = url
                case "srcset":
                    guard Self.allowsSourceSet(attribute.value) else { continue }
                default:
                    break
                }
                kept.append(attribute)
            }
            if name == "img" {
                // Nothing to show without a picture; an image must say what it shows.
                guard kept.contains(where: { $0.name == "src" }) else { return nil }
                if !kept.contains(where: { $0.name == "alt" }) { kept.append(Attribute(name: "alt", value: "", bare: false)) }
            }
            if !classes.isEmpty { kept.append(Attribute(name: "class", value: classes.joined(separator: " "), bare: false)) }
            append("<"); append(written)
            for attribute in kept { appendAttribute(attribute) }
            append(RawHTMLSanitizer.voidElements.contains(written) ? " />" : ">")
            return .some(written)
        }

        /// Stacks' own: from a start tag outside every raw span, taken as written.
        private func isOwn(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
            let element = node.pointee.v.element
            guard element.original_tag.length > 0, node.pointee.parse_flags.rawValue & RawHTMLSanitizer.madeByParser == 0
            else { return false }
            return span(containing: Int(element.start_pos.offset)) == nil
        }

        private func span(containing offset: Int) -> Int? {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].bytes.lowerBound <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0, spans[low - 1].bytes.contains(offset) else { return nil }
            return low - 1
        }

        /// A URL as it may be written, or nil to drop the attribute.
        private mutating func url(_ value: String, of attribute: String, on element: String,
                                  at node: UnsafeMutablePointer<GumboNode>, hasWrittenSize: Bool) -> String? {
            let isLink = (element == "a" && attribute == "href") || (element == "img" && attribute == "src")
            if isLink {
                // A token of the body's own may be named again: it leads only where the page already leads.
                if isOwnToken(value) { return value }
                if MarkdownParser.isRelative(value) || MarkdownParser.isRootAbsolute(value)
                    || value.hasPrefix(MarkdownParser.tokenPrefix) || (element == "a" && MarkdownParser.isFragment(value)) {
                    let (line, column) = position(of: Int(node.pointee.v.element.start_pos.offset))
                    links.append(MarkdownLink(destination: value, isImage: element == "img", line: line, column: column,
                                              hasWrittenSize: hasWrittenSize))
                    return MarkdownParser.tokenPrefix + String(ownLinkCount + links.count - 1)
                }
            }
            guard let scheme = ExternalURL.scheme(value) else { return value }
            return GitHubAllowList.protocols[element]?[attribute]?.contains(scheme) == true ? value : nil
        }

        private func isOwnToken(_ value: String) -> Bool {
            guard value.hasPrefix(MarkdownParser.tokenPrefix) else { return false }
            let digits = value.utf8.dropFirst(MarkdownParser.tokenPrefix.utf8.count)
            guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            return Int(Substring(digits))! < ownLinkCount
        }

        /// The line and column in the body of the byte at `offset` of a raw span.
        private mutating func position(of offset: Int) -> (Int, Int) {
            guard let index = span(containing: offset) else { return (1, 1) }
            let span = spans[index]
            var (from, line, column) = (span.bytes.lowerBound, span.line, span.column)
            if let cursor, cursor.span == index, cursor.offset <= offset {
                (from, line, column) = (cursor.offset, cursor.line, cursor.column)
            }
            for byte in source[from..<offset] {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            cursor = (index, offset, line, column)
            return (line, column)
        }

        private static func userContentID(_ value: String) -> String? {
            guard !value.isEmpty, !value.contains(where: \.isWhitespace) else { return nil }
            return value.hasPrefix(RawHTMLSanitizer.idPrefix) ? value : RawHTMLSanitizer.idPrefix + value
        }

        /// Each candidate of `srcset` is a web address. A relative one would need a token of its
        /// own, which only starts an `href` or `src`: without it the `<img>` beside it shows.
        private static func allowsSourceSet(_ value: String) -> Bool {
            value.split(separator: ",").allSatisfy { candidate in
                let url = candidate.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
                return ExternalURL.isWebAddress(url)
            }
        }

        /// `<br />` rather than `<br>`, as written.
        private static func closesItself(_ element: GumboElement) -> Bool {
            let tag = element.original_tag
            guard tag.length >= 2, let data = tag.data else { return false }
            return data[tag.length - 2] == 0x2F && data[tag.length - 1] == 0x3E
        }

        private static func name(of element: GumboElement) -> String {
            if element.tag != GUMBO_TAG_UNKNOWN, Int(element.tag.rawValue) < RawHTMLSanitizer.tagNames.count {
                return RawHTMLSanitizer.tagNames[Int(element.tag.rawValue)]
            }
            var piece = element.original_tag
            guard piece.length > 0 else { return "" }
            gumbo_tag_from_original_text(&piece)
            guard let data = piece.data else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self).lowercased()
        }

        private func attributes(of element: GumboElement) -> [Attribute] {
            (0..<Int(element.attributes.length)).compactMap { index in
                guard let raw = element.attributes.data[index] else { return nil }
                let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
                // `disabled` and `disabled=""` mean the same; the first is kept as written.
                let quoted = attribute.original_value.length > 0
                    && (attribute.original_value.data.pointee == 0x22 || attribute.original_value.data.pointee == 0x27)
                return Attribute(name: String(cString: attribute.name), value: String(cString: attribute.value), bare: !quoted)
            }
        }

        private func startsWithNewline(_ children: GumboVector) -> Bool {
            guard children.length > 0, let raw = children.data[0] else { return false }
            let node = raw.assumingMemoryBound(to: GumboNode.self)
            guard node.pointee.type == GUMBO_NODE_TEXT || node.pointee.type == GUMBO_NODE_WHITESPACE else { return false }
            return node.pointee.v.text.text.pointee == 0x0A
        }

        private mutating func append(_ text: String) {
            output.append(contentsOf: text.utf8)
        }

        private mutating func appendAttribute(_ attribute: Attribute) {
            append(" "); append(attribute.name)
            guard !(attribute.bare && attribute.value.isEmpty) else { return }
            append("=\""); append(HTMLEscaping.escape(attribute.value)); append("\"")
        }

        /// Text as libcmark escapes it: `&`, `<`, `>` and `"`.
        private mutating func appendText(_ text: UnsafePointer<CChar>) {
            var pointer = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
            while pointer.pointee != 0 {
                switch pointer.pointee {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case UInt8(ascii: "\""): append("&quot;")
                default: output.append(pointer.pointee)
                }
                pointer += 1
            }
        }
    }
}
