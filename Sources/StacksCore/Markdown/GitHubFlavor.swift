import CCmark

/// The GitHub Flavored Markdown extensions, as passes over libcmark's tree (libcmark itself
/// parses CommonMark only): tables, task list items, strikethrough, then extended autolinks,
/// so that cells and struck text get their links too. Off with `markdown.gfm: false`.
enum GitHubFlavor {
    /// Returns where each table cell was written, for the diagnostics of links inside cells.
    static func apply(to document: OpaquePointer, body: String, parseOptions: Int32, smart: Bool) -> GFMTables.CellPositions {
        let source = MarkdownSource(body)
        let cells = GFMTables.apply(to: document, source: source, parseOptions: parseOptions)
        GFMTaskLists.apply(to: document, source: source)
        // libcmark splits text at every character it might have used (`&`, `.` when smart):
        // a URL or a `~~` run is seen whole once neighbours are one node again.
        cmark_consolidate_text_nodes(document)
        GFMStrikethrough.apply(to: document)
        GFMAutolinks.apply(to: document, smart: smart)
        return cells
    }
}
