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
