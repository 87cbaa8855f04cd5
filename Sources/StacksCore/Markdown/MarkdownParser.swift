import CCmark
import Foundation

/// A Markdown body rendered to HTML by libcmark, with every relative or root-absolute link
/// and image replaced by a numbered token that the resolve stage turns into a relative URL.
///
/// This is the only code that sees a C type.
public struct ParsedMarkdown: Sendable, Equatable {
    /// HTML in which each relative URL reads `stacks-link:N`, N indexing `links`.
    public var html: String
    /// The text of the first level-1 heading, removed from `html`; only when asked for.
    public var headingTitle: String?
    /// Relative links, Zola's `@/` links and links from the server's root (`/about/`).
    public var links: [MarkdownLink]
    /// Every heading left in the body, in order, with the `id` its HTML carries.
    public var headings: [MarkdownHeading] = []
    /// The summary to show when the front matter writes none: the start of the first
    /// paragraph, then of the second, for when the first only repeats the title.
    public var summaries: [String] = []
    /// Shortcodes left as written (Hugo's and Zola's that Stacks does not render).
    var shortcodes: [Shortcodes.Unknown] = []
    /// The ids raw HTML gave (`user-content-…`), which `#fragment` links may name too.
    public var userContentIDs: [String] = []
    /// The footnotes' ids (`fn:1`, `fnref:1`), which `#fragment` links may name too.
    var footnoteIDs: [String] = []
}

public struct MarkdownLink: Sendable, Equatable {
    /// As written in the Markdown.
    public var destination: String
    public var isImage: Bool
    /// Position in the body (1-based); the resolve stage adds the front matter's lines.
    public var line: Int
    public var column: Int
    /// An image of raw HTML that says its own `width` or `height`: the resolve stage adds none.
    public var hasWrittenSize = false
}

public enum MarkdownParser {
    static let tokenPrefix = "stacks-link:"

    /// What the parse must find beyond the HTML, which front matter may already have written.
    public struct Needs: Sendable, Equatable {
        /// Take the first level-1 heading out as the title.
        public var title: Bool
        /// Find a summary in the first paragraphs.
        public var summary: Bool

        public init(title: Bool, summary: Bool) {
            self.title = title
            self.summary = summary
        }

        public init(_ frontMatter: FrontMatter) {
            self.init(title: frontMatter.title == nil, summary: frontMatter.summary == nil)
        }
    }

    /// `parse(_:needs:options:)` for a body whose front matter writes no summary.
    public static func parse(_ body: String, extractTitle: Bool, options: SiteConfig.MarkdownOptions) -> ParsedMarkdown {
        parse(body, needs: Needs(title: extractTitle, summary: true), options: options)
    }

    public static func parse(_ body: String, needs: Needs, options: SiteConfig.MarkdownOptions) -> ParsedMarkdown {
        var parseOptions = CMARK_OPT_DEFAULT
        if options.smart { parseOptions |= CMARK_OPT_SMART }
        // Hugo's shortcodes become Markdown, then footnote definitions are taken out, their lines
        // left blank: libcmark knows neither, and every line keeps its number.
        let bodyMarks = MarkdownMarks(body)
        let shortcodes = bodyMarks.contains(.brace) && Shortcodes.mayHold(body) ? Shortcodes(body) : nil
        let written = shortcodes?.body ?? body
        let writtenMarks = shortcodes == nil ? bodyMarks : MarkdownMarks(written)
        let footnotes = options.gfm && writtenMarks.contains(.footnote) ? FootnoteDefinitions(written) : nil
        let source = footnotes?.body ?? written
        let marks = footnotes == nil ? writtenMarks : MarkdownMarks(source)
        let document: OpaquePointer = source.withCString { cmark_parse_document($0, strlen($0), parseOptions) }
        defer { cmark_node_free(document) }

        // A note may use the body's link reference definitions (`[docs]`), as on GitHub.
        let referenceDefinitions = footnotes != nil && marks.contains(.definition)
            ? "\n\n" + GFMTables.referenceDefinitions(in: document, source: MarkdownSource(source)) : ""
        shortcodes?.apply(to: document)
        let headingTitle = needs.title ? removeTitleHeading(from: document) : nil
        var cellPositions = options.gfm ? GitHubFlavor.apply(to: document, body: source, marks: marks, parseOptions: parseOptions,
                                                              smart: options.smart) : [:]
        var notes: Footnotes.Origins = [:]
        if let footnotes {
            notes = Footnotes.apply(to: document, definitions: footnotes.definitions,
                                    parse: { text in (text + referenceDefinitions).withCString { cmark_parse_document($0, strlen($0), parseOptions) } },
                                    flavor: { GitHubFlavor.apply(to: $0, body: $1, marks: MarkdownMarks($1), parseOptions: parseOptions,
                                                                smart: options.smart) },
                                    cells: &cellPositions)
        }
        let headings = HeadingAnchors.add(to: document)
        var links: [MarkdownLink] = []
        var rawNodes: [OpaquePointer] = []
        forEachNode(in: document) { node in
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let destination = String(cString: cmark_node_get_url(node))
                if !options.unsafe, ExternalURL.isScript(destination) {
                    // As libcmark's safe mode does with `javascript:`, however it is spelled.
                    cmark_node_set_url(node, "")
                    return
                }
                // A root-absolute link may name a page of the tree: the resolve stage decides.
                guard isRelative(destination) || isRootAbsolute(destination) || destination.hasPrefix(tokenPrefix)
                        || (type == CMARK_NODE_LINK && isFragment(destination))
                else { return }
                let (line, column) = position(of: node, cells: cellPositions, notes: notes)
                links.append(MarkdownLink(destination: destination, isImage: type == CMARK_NODE_IMAGE,
                                          line: line, column: column))
                cmark_node_set_url(node, tokenPrefix + String(links.count - 1))
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                // Raw HTML in an image's description is part of its `alt` text, never markup.
                if !options.unsafe, !MediaRendering.isInsideImage(node) { rawNodes.append(node) }
            default:
                break
            }
        }
        let summaries = needs.summary ? SummaryText.candidates(in: document, title: headingTitle) : []
        MediaRendering.apply(to: document, unsafe: options.unsafe)
        var parsed = ParsedMarkdown(html: "", headingTitle: headingTitle, links: links, headings: headings, summaries: summaries,
                                    shortcodes: shortcodes?.unknown ?? [])
        parsed.footnoteIDs = Footnotes.ids(count: notes.count)
        // Comments are all the raw HTML of many pages (documentation marks its blocks with
        // them); the sanitizer would drop them: they go without meeting an HTML parser.
        // So are line breaks in table cells (`a<br>b`), which are what the sanitizer would write.
        rawNodes.removeAll { node in
            let literal = SyntaxTree.literal(of: node)
            if RawHTMLPass.isOnlyComments(literal) {
                SyntaxTree.free(node)
                return true
            }
            guard cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE, RawHTMLPass.isLineBreak(literal),
                  let lineBreak = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<br />", exit: "") else { return false }
            cmark_node_insert_before(node, lineBreak)
            SyntaxTree.free(node)
            return true
        }
        if rawNodes.isEmpty {
            parsed.html = render(document, unsafe: options.unsafe)
        } else {
            let positions = rawNodes.map { position(of: $0, cells: cellPositions, notes: notes) }
            // The marker must be absent from every text libcmark read: the body, and the body
            // with its shortcodes made Markdown.
            RawHTMLPass.sanitize(rawNodes, positions: positions, in: document, texts: written == body ? [body] : [body, written],
                                 into: &parsed)
        }
        return parsed
    }

    static func render(_ document: OpaquePointer, unsafe: Bool) -> String {
        var renderOptions = CMARK_OPT_DEFAULT
        if unsafe { renderOptions |= CMARK_OPT_UNSAFE }
        guard let rendered = cmark_render_html(document, renderOptions) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Links that name a file of the site, not a scheme, an absolute path or a fragment.
    static func isRelative(_ destination: String) -> Bool {
        guard let first = destination.first, first != "#", first != "/", first != "?" else { return false }
        // A colon makes a scheme only after one, as a browser reads it (`mailto:`, not
        // `a b:c.md` or `%C3%BC:x`, which it takes for relative paths).
        return ExternalURL.scheme(destination) == nil
    }

    /// `#heading`: a place on the same page, which the resolve stage checks and leaves as written.
    static func isFragment(_ destination: String) -> Bool {
        destination.hasPrefix("#") && destination.count > 1
    }

    /// `/about/`, from the server's root; not `//host/`, which names another server.
    static func isRootAbsolute(_ destination: String) -> Bool {
        destination.hasPrefix("/") && !destination.hasPrefix("//")
    }

    static func forEachNode(in root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        var nodes: [OpaquePointer] = []
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            if cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                nodes.append(node)
            }
        }
        // Visiting after the walk lets `body` change nodes without upsetting the iterator.
        nodes.forEach(body)
    }

    /// Where `node` was written in the body. A footnote's nodes were parsed from its definition
    /// alone: their positions are mapped back to where it was written.
    private static func position(of node: OpaquePointer, cells: GFMTables.CellPositions, notes: Footnotes.Origins) -> (Int, Int) {
        let local = position(of: node, cells: cells)
        guard !notes.isEmpty else { return local }
        var ancestor = cmark_node_parent(node)
        while let container = ancestor {
            if let definition = notes[UnsafeMutableRawPointer(container)] {
                return definition.position(line: local.0, column: local.1)
            }
            ancestor = cmark_node_parent(container)
        }
        return local
    }

    /// Inline nodes may lack a position; then the enclosing block's is the best there is.
    private static func position(of node: OpaquePointer, cells: GFMTables.CellPositions) -> (Int, Int) {
        var current: OpaquePointer? = node
        // A table cell's inlines were parsed alone: their positions count from the cell.
        while !cells.isEmpty, let candidate = current {
            if let cell = cells[UnsafeMutableRawPointer(candidate)] {
                return (cell.line, cell.column + max(1, Int(cmark_node_get_start_column(node))) - 1)
            }
            current = cmark_node_parent(candidate)
        }
        current = node
        while let candidate = current {
            let line = Int(cmark_node_get_start_line(candidate))
            if line > 0 { return (line, max(1, Int(cmark_node_get_start_column(candidate)))) }
            current = cmark_node_parent(candidate)
        }
        return (1, 1)
    }

    private static func removeTitleHeading(from document: OpaquePointer) -> String? {
        var child = cmark_node_first_child(document)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_HEADING, cmark_node_get_heading_level(node) == 1 {
                let title = MarkdownText.altText(of: node)
                cmark_node_unlink(node)
                cmark_node_free(node)
                return title
            }
            child = cmark_node_next(node)
        }
        return nil
    }
}
