/// A fenced code block's opening line (three or more backticks or tildes after at most three
/// spaces), as the passes that read the source before libcmark need it: what is inside a fence
/// is code, never footnotes or shortcodes.
struct CodeFence {
    var marker: Character
    var length: Int

    /// The fence `line` opens, or nil.
    static func opens(_ line: Substring) -> CodeFence? {
        let text = line.drop { $0 == " " }
        guard line.count - text.count <= 3, let first = text.first, first == "`" || first == "~" else { return nil }
        let run = text.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        // A backtick fence's info string holds no backtick.
        if first == "`", text[run.endIndex...].contains("`") { return nil }
        return CodeFence(marker: first, length: run.count)
    }

    /// Whether `line` closes `fence`.
    static func closes(_ line: Substring, _ fence: CodeFence) -> Bool {
        let text = line.drop { $0 == " " }
        guard line.count - text.count <= 3 else { return false }
        let run = text.prefix { $0 == fence.marker }
        return run.count >= fence.length && text[run.endIndex...].allSatisfy { $0 == " " || $0 == "\t" }
    }
}
