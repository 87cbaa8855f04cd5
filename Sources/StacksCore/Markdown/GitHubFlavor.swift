import CCmark
import Foundation

/// The GitHub Flavored Markdown extensions, as passes over libcmark's tree (libcmark itself
/// parses CommonMark only): tables and task list items from the blocks, then extended autolinks
/// and strikethrough in the text, cells included. Off with `markdown.gfm: false`.
enum GitHubFlavor {
    /// Returns where each table cell was written, for the diagnostics of links inside cells.
    static func apply(to document: OpaquePointer, body: String, parseOptions: Int32, smart: Bool) -> GFMTables.CellPositions {
        // What the body holds, by C scans: most bodies need only some of the passes.
        let (pipe, bracket, inlines) = body.withCString { text in
            (strchr(text, 0x7C) != nil,
             strstr(text, "[ ]") != nil || strstr(text, "[x]") != nil || strstr(text, "[X]") != nil || strstr(text, "[\t]") != nil,
             strchr(text, 0x7E) != nil || strchr(text, 0x40) != nil || strstr(text, "www.") != nil || strstr(text, "://") != nil)
        }
        var cells: GFMTables.CellPositions = [:]
        if pipe || bracket {
            let source = MarkdownSource(body)
            let blocks = SyntaxTree.leafBlocksAndItems(in: document)
            if pipe { cells = GFMTables.apply(to: blocks.leaves, source: source, parseOptions: parseOptions) }
            if bracket { GFMTaskLists.apply(to: blocks.items, source: source) }
        }
        guard inlines else { return cells }
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
}
