import CCmark
import Foundation

/// GitHub Flavored Markdown tables ("Tables (extension)" of the GFM spec), made from the
/// paragraphs libcmark parsed: a header row, a delimiter row of `-` with optional `:`, then
/// data rows until the paragraph ends (libcmark ends it at a blank line or another block).
///
/// Rows are read from the source, not from the parsed inlines, so that smart punctuation and
/// escapes never touch the delimiter row, and each cell is parsed as inline Markdown alone.
enum GFMTables {
    enum Alignment { case none, left, center, right }

    /// Source positions of the cells made, for the diagnostics of links inside them.
    typealias CellPositions = [UnsafeMutableRawPointer: (line: Int, column: Int)]

    /// `blocks`: the document's paragraphs and headings.
    /// `definitions`: the document's link reference definitions, given to the cells' parse.
    static func apply(to blocks: [OpaquePointer], source: MarkdownSource, parseOptions: Int32,
                      definitions: String = "") -> CellPositions {
        var positions: CellPositions = [:]
        for block in blocks where mayHoldTable(block, source: source) {
            makeTable(from: block, source: source, parseOptions: parseOptions, definitions: definitions, positions: &positions)
        }
        return positions
    }

    private static let pipe = UInt8(ascii: "|"), dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
    private static let backslash = UInt8(ascii: "\\")

    /// Cheap: most paragraphs hold no pipe at all.
    private static func mayHoldTable(_ block: OpaquePointer, source: MarkdownSource) -> Bool {
        let start = Int(cmark_node_get_start_line(block)), end = Int(cmark_node_get_end_line(block))
        guard start >= 1, end > start, end <= source.lines.count else { return false }
        return (start...end).contains { MarkdownSource.contains(pipe, in: source.lines[$0 - 1]) }
    }

    private static func makeTable(from block: OpaquePointer, source: MarkdownSource, parseOptions: Int32,
                                  definitions: String, positions: inout CellPositions) {
        let isHeading = cmark_node_get_type(block) == CMARK_NODE_HEADING
        guard let lines = source.blockLines(of: block), lines.count >= 2 else { return }
        // An ATX heading (`# a | b`) is one line; only a setext heading's text may be a table.
        if isHeading, lines[0].first == UInt8(ascii: "#") { return }

        // A setext heading's underline: as in cmark-gfm, it underlines rather than delimits a
        // table; after a table's rows `===` is one more row, while `---` is a thematic break.
        var rowsEnd = lines.count, rule = false
        if isHeading {
            let underline = lines[lines.count - 1].filter { !MarkdownSource.isSpaceOrTab($0) }
            if underline.count >= 3, underline.allSatisfy({ $0 == dash }) { rowsEnd -= 1; rule = true }
        }
        for headerIndex in 0..<(lines.count - 1) where !isHeading || headerIndex + 1 < lines.count - 1 {
            let header = lines[headerIndex], delimiter = lines[headerIndex + 1]
            guard MarkdownSource.contains(pipe, in: header) || MarkdownSource.contains(pipe, in: delimiter),
                  MarkdownSource.contains(dash, in: delimiter),
                  let alignments = alignments(of: delimiter) else { continue }
            let headerCells = cells(of: header)
            guard headerCells.count == alignments.count else { continue }
            guard let table = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<table tabindex=\"0\">", exit: "</table>"),
                  let head = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<thead>", exit: "</thead>") else { return }
            let startLine = Int(cmark_node_get_start_line(block))
            func column(_ cell: ArraySlice<UInt8>, line index: Int) -> (line: Int, column: Int) {
                let whole = source.lines[startLine + index - 1]
                return (startLine + index, cell.drop(while: MarkdownSource.isSpaceOrTab).startIndex - whole.startIndex + 1)
            }
            cmark_node_append_child(table, head)
            var pending: [(OpaquePointer, String)] = []
            let headerRow = row(headerCells, alignments: alignments, cellTag: "th", pending: &pending) {
                positions[UnsafeMutableRawPointer($0)] = column($1, line: headerIndex)
            }
            cmark_node_append_child(head, headerRow)
            if headerIndex + 2 < rowsEnd,
               let body = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tbody>", exit: "</tbody>") {
                cmark_node_append_child(table, body)
                for index in (headerIndex + 2)..<rowsEnd {
                    // Missing cells are empty; cells beyond the header's are dropped.
                    var rowCells = Array(cells(of: lines[index]).prefix(alignments.count))
                    while rowCells.count < alignments.count { rowCells.append(lines[index][lines[index].endIndex...]) }
                    cmark_node_append_child(body, row(rowCells, alignments: alignments, cellTag: "td", pending: &pending) {
                        positions[UnsafeMutableRawPointer($0)] = column($1, line: index)
                    })
                }
            }
            fill(pending, parseOptions: parseOptions, definitions: definitions)
            keepParagraph(of: block, lines: Array(lines[..<headerIndex]), isHeading: isHeading, parseOptions: parseOptions)
            cmark_node_insert_before(block, table)
            if rule, let thematicBreak = cmark_node_new(CMARK_NODE_THEMATIC_BREAK) { cmark_node_insert_before(block, thematicBreak) }
            SyntaxTree.free(block)
            return
        }
    }

    private static func row(_ cells: [ArraySlice<UInt8>], alignments: [Alignment], cellTag: String,
                            pending: inout [(OpaquePointer, String)], record: (OpaquePointer, ArraySlice<UInt8>) -> Void) -> OpaquePointer? {
        guard let row = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tr>", exit: "</tr>") else { return nil }
        for (cell, alignment) in zip(cells, alignments) {
            // A class, not GitHub's `align`, which HTML no longer has: the theme aligns the cell.
            let attribute = switch alignment {
            case .none: ""
            case .left: " class=\"align-left\""
            case .center: " class=\"align-center\""
            case .right: " class=\"align-right\""
            }
            // An inline node, so that the cell's text follows its tag with no line break.
            guard let node = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<\(cellTag)\(attribute)>",
                                               exit: "</\(cellTag)>\n") else { continue }
            pending.append((node, cellText(cell)))
            cmark_node_append_child(row, node)
            record(node, cell)
        }
        return row
    }

    /// The cells of a row: split at each `|` not preceded by a backslash (inside backticks
    /// too, as the spec says), without an outer leading and trailing pipe.
    static func cells(of line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var rest = line.drop(while: MarkdownSource.isSpaceOrTab)
        while let last = rest.last, MarkdownSource.isSpaceOrTab(last) { rest = rest.dropLast() }
        if rest.first == pipe { rest = rest.dropFirst() }
        var cells: [ArraySlice<UInt8>] = []
        var start = rest.startIndex, index = rest.startIndex
        while index < rest.endIndex {
            if rest[index] == backslash {
                index += 2
                continue
            }
            if rest[index] == pipe {
                cells.append(rest[start..<index])
                start = index + 1
            }
            index += 1
        }
        // A trailing pipe closes the last cell rather than opening an empty one.
        if start < rest.endIndex { cells.append(rest[start...]) }
        return cells
    }

    /// The delimiter row's alignments, or nil when the line is not one (`:?-+:?` per cell).
    static func alignments(of line: ArraySlice<UInt8>) -> [Alignment]? {
        var result: [Alignment] = []
        for cell in cells(of: line) {
            var text = cell.drop(while: MarkdownSource.isSpaceOrTab)
            while let last = text.last, MarkdownSource.isSpaceOrTab(last) { text = text.dropLast() }
            let left = text.first == colon, right = text.count > 1 && text.last == colon
            if left { text = text.dropFirst() }
            if right { text = text.dropLast() }
            guard !text.isEmpty, text.allSatisfy({ $0 == dash }) else { return nil }
            result.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return result.isEmpty ? nil : result
    }

    /// A cell's Markdown: trimmed, with `\|` meaning `|` (in code spans too).
    static func cellText(_ cell: ArraySlice<UInt8>) -> String {
        var text = cell.drop(while: MarkdownSource.isSpaceOrTab)
        while let last = text.last, MarkdownSource.isSpaceOrTab(last) { text = text.dropLast() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == backslash, index + 1 < text.endIndex, text[index + 1] == pipe {
                bytes.append(pipe)
                index += 2
            } else {
                bytes.append(text[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses each cell's text as inline Markdown into its cell: all of a table's cells in one
    /// document, a paragraph each (blank lines between them), unless one of them would not be
    /// a paragraph; then each alone.
    private static func fill(_ cells: [(node: OpaquePointer, text: String)], parseOptions: Int32, definitions: String) {
        let written = cells.filter { !$0.text.isEmpty }
        guard !written.isEmpty else { return }
        var joined = written.map(\.text).joined(separator: "\n\n")
        // Reference links in cells (`[a][b]`) find the document's definitions, which add no block.
        if !definitions.isEmpty, written.contains(where: { $0.text.contains("[") }) { joined += "\n\n" + definitions }
        let document: OpaquePointer = joined.withCString { cmark_parse_document($0, strlen($0), parseOptions) }
        defer { cmark_node_free(document) }
        let paragraphs = SyntaxTree.children(of: document)
        guard paragraphs.count == written.count, paragraphs.allSatisfy({ cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH }) else {
            for cell in written { appendInlines(of: cell.text, to: cell.node, parseOptions: parseOptions) }
            return
        }
        for (cell, paragraph) in zip(written, paragraphs) {
            for child in SyntaxTree.children(of: paragraph) {
                cmark_node_unlink(child)
                cmark_node_append_child(cell.node, child)
            }
        }
    }

    /// The lines libcmark read as link reference definitions between blocks (no block covers
    /// them): a line starting `[` and the lines that continue it. Read before any table is made.
    static func referenceDefinitions(in document: OpaquePointer, source: MarkdownSource) -> String {
        var covered = [Bool](repeating: false, count: source.lines.count + 2)
        for block in SyntaxTree.children(of: document) {
            let start = Int(cmark_node_get_start_line(block)), end = min(Int(cmark_node_get_end_line(block)), source.lines.count)
            if start >= 1, end >= start { for line in start...end { covered[line] = true } }
        }
        var definitions: [String] = []
        var inDefinition = false
        for (index, line) in source.lines.enumerated() {
            if covered[index + 1] || line.allSatisfy(MarkdownSource.isSpaceOrTab) {
                inDefinition = false
                continue
            }
            if line.drop(while: { $0 == 0x20 }).first == UInt8(ascii: "[") { inDefinition = true }
            if inDefinition { definitions.append(String(decoding: line, as: UTF8.self)) }
        }
        return definitions.joined(separator: "\n")
    }

    /// Parses `text` as inline Markdown into `container`. A cell never holds a block: text
    /// that would start one (`# x`, `> x`, `- x`, `[a]: b`) has its first character written
    /// as a character reference, so it reads as text.
    static func appendInlines(of text: String, to container: OpaquePointer, parseOptions: Int32) {
        guard !text.isEmpty else { return }
        if moveParagraphInlines(of: text, to: container, parseOptions: parseOptions) { return }
        if text.hasPrefix("<") {
            // An HTML block's start is inline HTML after a letter; the letter is then removed.
            if moveParagraphInlines(of: "x" + text, to: container, parseOptions: parseOptions, dropFirstCharacter: true) { return }
        }
        if let first = text.unicodeScalars.first {
            let escaped = "&#\(first.value);" + String(text.unicodeScalars.dropFirst())
            if moveParagraphInlines(of: escaped, to: container, parseOptions: parseOptions) { return }
        }
        if let node = SyntaxTree.text(text) { cmark_node_append_child(container, node) }
    }

    private static func moveParagraphInlines(of text: String, to container: OpaquePointer, parseOptions: Int32,
                                             dropFirstCharacter: Bool = false) -> Bool {
        let document: OpaquePointer = text.withCString { cmark_parse_document($0, strlen($0), parseOptions) }
        defer { cmark_node_free(document) }
        guard let paragraph = cmark_node_first_child(document), cmark_node_next(paragraph) == nil,
              cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return false }
        if dropFirstCharacter {
            guard let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT else { return false }
            let literal = SyntaxTree.literal(of: first)
            guard literal.hasPrefix("x") else { return false }
            if literal.count == 1 { SyntaxTree.free(first) } else { cmark_node_set_literal(first, String(literal.dropFirst())) }
        }
        for child in SyntaxTree.children(of: paragraph) {
            cmark_node_unlink(child)
            cmark_node_append_child(container, child)
        }
        return true
    }

    /// The lines before a table's header stay a paragraph (a setext heading's too): its
    /// inlines up to the line break before the header are kept, the rest were the table's.
    private static func keepParagraph(of block: OpaquePointer, lines: [ArraySlice<UInt8>], isHeading: Bool, parseOptions: Int32) {
        guard !lines.isEmpty, let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return }
        let children = SyntaxTree.children(of: block)
        // Lines libcmark took as link reference definitions have no inlines.
        let totalLines = Int(cmark_node_get_end_line(block)) - Int(cmark_node_get_start_line(block)) + (isHeading ? 0 : 1)
        let breaks = children.reduce(0) { $0 + lineBreaks(in: $1) }
        let definitionLines = totalLines - 1 - breaks
        let keptLines = lines.count - definitionLines
        if keptLines <= 0 { cmark_node_free(paragraph); return }
        var seen = 0
        var split: Int?
        for (index, child) in children.enumerated() {
            seen += lineBreaks(in: child)
            if seen == keptLines {
                let type = cmark_node_get_type(child)
                if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { split = index }
                break
            }
        }
        if definitionLines >= 0, let split {
            for child in children[..<split] {
                cmark_node_unlink(child)
                cmark_node_append_child(paragraph, child)
            }
        } else {
            // A line break inside a span that crosses into the table: parse the lines again.
            let text = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            appendInlines(of: text, to: paragraph, parseOptions: parseOptions)
        }
        cmark_node_insert_before(block, paragraph)
    }

    private static func lineBreaks(in node: OpaquePointer) -> Int {
        SyntaxTree.nodes(in: node) { _, type in type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK }.count
    }
}
