/// Where a duplicate mapping key is written again.
///
/// Yams reports a duplicate key at its first occurrence, which is the line that is right; the
/// author needs the line that repeats it. Yams' error keeps only the key's text and the first
/// mark, so the repetition is found in the text: the next place after the first where the key
/// (plain or quoted) starts a token and is followed by `:`. When the first occurrence starts its
/// line (a block mapping) the repetition is looked for at the same column only, so that a key of
/// the same name in a nested mapping in between is passed over.
enum DuplicateKey {
    /// The line and column (1-based, columns in Unicode scalars as Yams counts them), or nil
    /// when the text does not show it plainly.
    static func repetition(of key: String, in yaml: String, after first: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let firstLine = lines[first.line - 1]
        let block = firstLine.prefix(first.column - 1).allSatisfy { $0 == " " }
        let spellings = [key, "\"" + key + "\"", "'" + key + "'"].map { Array($0.unicodeScalars) }
        for lineIndex in (first.line - 1)..<lines.count {
            let scalars = lines[lineIndex]
            let startColumn = lineIndex == first.line - 1 ? first.column : 0  // 0-based: just after the first
            let columns: [Int] = block
                ? (lineIndex == first.line - 1 ? [] : [first.column - 1])
                : Array(startColumn..<max(startColumn, scalars.count))
            for column in columns where column < scalars.count {
                guard column == 0 || [" ", "\t", "{", ",", "?"].contains(scalars[column - 1]) else { continue }
                for spelling in spellings where matches(spelling, in: scalars, at: column) {
                    var after = column + spelling.count
                    while after < scalars.count, scalars[after] == " " { after += 1 }
                    if after < scalars.count, scalars[after] == ":" { return (lineIndex + 1, column + 1) }
                }
            }
        }
        return nil
    }

    private static func matches(_ spelling: [Unicode.Scalar], in scalars: [Unicode.Scalar], at column: Int) -> Bool {
        column + spelling.count <= scalars.count && Array(scalars[column..<(column + spelling.count)]) == spelling
    }
}

extension DuplicateKey {
    /// A key written again at the top of a YAML block.
    struct Repeat: Equatable {
        var key: String
        /// 1-based lines within the block: where it is first written, and where last.
        var first: Int
        var last: Int
    }

    /// The block with each top-level key that is written more than once kept only where it is
    /// written last (the earlier ones and the lines under them made blank, so that every line
    /// keeps its number), and the keys it settled. Ruby's YAML reader, and so the generators
    /// of GitHub's collections, let the last one count; Yams refuses any repetition. Keys in
    /// nested mappings are left to Yams.
    static func settleTopLevel(_ lines: [Substring]) -> (lines: [Substring], repeats: [Repeat]) {
        // Most blocks repeat nothing: found without making a string.
        var seen = Set<Substring>()
        guard lines.contains(where: { line in topLevelKey(line).map { !seen.insert($0).inserted } ?? false }) else {
            return (lines, [])
        }
        var starts: [(key: Substring, line: Int)] = []
        for (index, line) in lines.enumerated() {
            if let key = topLevelKey(line) { starts.append((key, index)) }
        }
        var lastStart: [Substring: Int] = [:]
        var firstStart: [Substring: Int] = [:]
        for start in starts {
            lastStart[start.key] = start.line
            if firstStart[start.key] == nil { firstStart[start.key] = start.line }
        }
        guard lastStart.count < starts.count else { return (lines, []) }
        var settled = lines
        for (position, start) in starts.enumerated() where lastStart[start.key] != start.line {
            let end = position + 1 < starts.count ? starts[position + 1].line : lines.count
            for index in start.line..<end { settled[index] = "" }
        }
        let repeats = lastStart.compactMap { key, last in
            firstStart[key] != last ? Repeat(key: String(key), first: firstStart[key]! + 1, last: last + 1) : nil
        }.sorted { $0.last < $1.last }
        return (settled, repeats)
    }

    /// The key a line starts at its first column (`title: x`, `"title": x`, `'title':`), plain
    /// or simply quoted; nil for anything else (indented lines, comments, list items, flow
    /// collections, explicit keys).
    static func topLevelKey(_ line: Substring) -> Substring? {
        if let told = asciiTopLevelKey(line) { return told }
        return characterTopLevelKey(line)
    }

    /// `topLevelKey(_:)` read character by character: the definition the bytes' reading is
    /// tested against.
    static func characterTopLevelKey(_ line: Substring) -> Substring? {
        guard let first = line.first, !" \t#-[{?&*!|>%@`:,".contains(first) else { return nil }
        if first == "\"" || first == "'" {
            let rest = line.dropFirst()
            guard let close = rest.firstIndex(of: first) else { return nil }
            let key = rest[..<close]
            guard !key.contains("\\"), !key.contains(first) else { return nil }
            let after = rest[rest.index(after: close)...].drop { $0 == " " }
            return after.first == ":" ? key : nil
        }
        // A plain key ends at the first ':' followed by a space or the line's end.
        var index = line.startIndex
        while let colon = line[index...].firstIndex(of: ":") {
            let next = line.index(after: colon)
            if next == line.endIndex || line[next] == " " || line[next] == "\t" || line[next] == "\r" {
                var end = colon
                while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
                return line[..<end]
            }
            index = next
        }
        return nil
    }

    /// `topLevelKey(_:)` told from the line's bytes, when every byte it has to look at, and the
    /// one after, is ASCII (so each is a character of its own, as the characters' reading sees
    /// them); `nil` when it cannot tell that way. Every front matter line is looked at, and
    /// reading them as characters was a tenth of a rebuild's decoding.
    static func asciiTopLevelKey(_ line: Substring) -> Substring?? {
        let bytes = line.utf8
        var index = bytes.startIndex
        func isASCII(at index: String.Index) -> Bool { index == bytes.endIndex || bytes[index] < 0x80 }
        guard index < bytes.endIndex else { return .some(nil) }
        let first = bytes[index]
        guard first < 0x80, isASCII(at: bytes.index(after: index)) else { return nil }
        if notKeyStarts.contains(first) { return .some(nil) }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            bytes.formIndex(after: &index)
            let keyStart = index
            while index < bytes.endIndex, bytes[index] != first {
                guard bytes[index] < 0x80 else { return nil }
                if bytes[index] == UInt8(ascii: "\\") { return .some(nil) }
                bytes.formIndex(after: &index)
            }
            guard index < bytes.endIndex else { return .some(nil) }
            let key = line[keyStart..<index]
            bytes.formIndex(after: &index)
            while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { bytes.formIndex(after: &index) }
            guard index < bytes.endIndex else { return .some(nil) }
            guard bytes[index] < 0x80, isASCII(at: bytes.index(after: index)) else { return nil }
            return .some(bytes[index] == UInt8(ascii: ":") ? key : nil)
        }
        // A plain key ends at the first ':' followed by a space or the line's end.
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            bytes.formIndex(after: &index)
            guard byte == UInt8(ascii: ":") else { continue }
            guard index < bytes.endIndex else { return .some(Self.trimmingSpaces(line[..<bytes.index(before: index)])) }
            let next = bytes[index]
            guard next < 0x80, isASCII(at: bytes.index(after: index)) else { return nil }
            if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\r") {
                return .some(Self.trimmingSpaces(line[..<bytes.index(before: index)]))
            }
        }
        return .some(nil)
    }

    /// The first characters `topLevelKey(_:)` refuses.
    private static let notKeyStarts = Array(" \t#-[{?&*!|>%@`:,".utf8)

    private static func trimmingSpaces(_ key: Substring) -> Substring {
        var end = key.utf8.endIndex
        while end > key.utf8.startIndex, key.utf8[key.utf8.index(before: end)] == UInt8(ascii: " ") { end = key.utf8.index(before: end) }
        return key[..<end]
    }
}
