/// A body's lines, for the passes that read it before libcmark does (footnote definitions,
/// shortcodes) and must keep every line where it was.
enum SourceLines {
    /// The lines without their line endings (`\n`, `\r\n` or `\r`, as CommonMark reads them).
    static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(text[start..<index])
                index = text.index(after: index)
                start = index
            } else {
                index = text.index(after: index)
            }
        }
        lines.append(text[start...])
        return lines
    }
}
