/// The footnote definitions of a body (`[^label]: text`, with lines indented four spaces after
/// it, and lazy lines of its paragraph), found before libcmark parses the body, which knows
/// none: libcmark would read `[^1]: text` as a link reference definition or a paragraph.
///
/// Each definition's lines are blanked in the body libcmark parses, so every other line keeps
/// its number and column; its text is parsed as a document of its own, and `position` maps a
/// place in that document back to the source. Definitions are found where a block may start:
/// at the top level, not inside fenced code, and not in the middle of a paragraph.
struct FootnoteDefinitions {
    struct Definition {
        /// As written; labels match ignoring case (`[^Note]` finds `[^note]:`).
        var label: String
        /// The definition's Markdown, its first line from after the marker, the others with
        /// their four spaces of indentation removed.
        var text: String
        /// The marker's line in the source (1-based), and the column its text starts at.
        var line: Int
        var column: Int
        /// By line of `text` after the first: the columns removed from its start.
        var removed: [Int]

        /// Where `line`:`column` of `text` was written in the source.
        func position(line: Int, column: Int) -> (line: Int, column: Int) {
            if line <= 1 { return (self.line, self.column + column - 1) }
            let index = line - 2
            return (self.line + line - 1, column + (index < removed.count ? removed[index] : 0))
        }
    }

    /// The body with every definition's lines emptied.
    var body: String
    var definitions: [Definition]

    /// `nil` when the body defines no footnote (most bodies: it is called only when `[^` occurs).
    init?(_ source: String) {
        let lines = SourceLines.split(source)
        var kept: [Substring] = []
        kept.reserveCapacity(lines.count)
        var definitions: [Definition] = []
        var fence: CodeFence?
        var blockMayStart = true
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                if CodeFence.closes(line, open) { fence = nil; blockMayStart = true } else { blockMayStart = false }
                kept.append(line)
                index += 1
                continue
            }
            if let opened = CodeFence.opens(line) {
                fence = opened
                kept.append(line)
                index += 1
                continue
            }
            guard blockMayStart, let (label, contentStart) = Self.marker(in: line) else {
                blockMayStart = Self.isBlank(line) || Self.isHeading(line)
                kept.append(line)
                index += 1
                continue
            }
            let first = line[contentStart...].drop(while: { $0 == " " || $0 == "\t" })
            let column = line.utf8.distance(from: line.startIndex, to: first.startIndex) + 1
            var removed: [Int] = []
            var textLines = [String(first)]
            var end = index + 1
            var lastWasBlank = Self.isBlank(first)
            while end < lines.count {
                let next = lines[end]
                if Self.isBlank(next) {
                    // A blank line belongs to the note only when an indented line follows it.
                    var after = end
                    while after < lines.count, Self.isBlank(lines[after]) { after += 1 }
                    guard after < lines.count, Self.indentation(of: lines[after]) >= 4 else { break }
                    for _ in end..<after { textLines.append(""); removed.append(0) }
                    end = after
                    lastWasBlank = true
                    continue
                }
                if Self.indentation(of: next) >= 4 {
                    let (dedented, count) = Self.removingIndentation(next, upTo: 4)
                    textLines.append(dedented)
                    removed.append(count)
                } else if !lastWasBlank, !Self.startsBlock(next) {
                    // A lazy line of the note's paragraph.
                    textLines.append(String(next))
                    removed.append(0)
                } else {
                    break
                }
                lastWasBlank = false
                end += 1
            }
            definitions.append(Definition(label: label, text: textLines.joined(separator: "\n"), line: index + 1, column: column,
                                          removed: removed))
            for _ in index..<end { kept.append("") }
            index = end
            blockMayStart = true
        }
        guard !definitions.isEmpty else { return nil }
        body = kept.joined(separator: "\n")
        self.definitions = definitions
    }

    /// A label's form for matching: as link labels match, ignoring case.
    static func key(_ label: some StringProtocol) -> String {
        label.lowercased()
    }

    // MARK: Lines

    /// `[^label]:` after at most three spaces; the label holds no space and no bracket.
    static func marker(in line: Substring) -> (label: String, contentStart: Substring.Index)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let rest = line[indent.endIndex...]
        guard rest.hasPrefix("[^") else { return nil }
        let labelStart = rest.index(rest.startIndex, offsetBy: 2)
        guard let close = rest[labelStart...].firstIndex(of: "]"), close > labelStart else { return nil }
        let label = rest[labelStart..<close]
        guard !label.contains(where: { $0.isWhitespace || $0 == "[" }), label.count <= 999 else { return nil }
        let colon = rest.index(after: close)
        guard colon < rest.endIndex, rest[colon] == ":" else { return nil }
        return (String(label), rest.index(after: colon))
    }

    static func isBlank(_ line: some StringProtocol) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Columns of indentation, a tab counting to the next multiple of four.
    static func indentation(of line: Substring) -> Int {
        var width = 0
        for character in line {
            if character == " " { width += 1 } else if character == "\t" { width += 4 - width % 4 } else { break }
        }
        return width
    }

    /// The line without up to `limit` columns of indentation, and how many bytes went.
    private static func removingIndentation(_ line: Substring, upTo limit: Int) -> (String, Int) {
        var width = 0
        var index = line.startIndex
        while index < line.endIndex, width < limit {
            let character = line[index]
            if character == " " { width += 1 } else if character == "\t" { width += 4 - width % 4 } else { break }
            index = line.index(after: index)
        }
        return (String(line[index...]), line.utf8.distance(from: line.startIndex, to: index))
    }

    private static func isHeading(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        return line.count - text.count <= 3 && text.hasPrefix("#")
    }

    /// Whether a line that is not indented starts a block of its own rather than continuing a paragraph.
    private static func startsBlock(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        if marker(in: line) != nil || CodeFence.opens(line) != nil { return true }
        guard let first = text.first else { return true }
        if "#>".contains(first) { return true }
        if "-*+".contains(first), text.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true { return true }
        if first.isASCII, first.isNumber {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            let after = text[digits.endIndex...]
            if digits.count <= 9, let mark = after.first, mark == "." || mark == ")" { return true }
        }
        return false
    }
}
