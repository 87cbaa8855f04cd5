/// The marks a Markdown body holds that decide which of the passes over its tree can find
/// anything (shortcodes, footnotes, GitHub's tables, task lists, alerts, autolinks and
/// strikethrough), found in one pass over its bytes.
///
/// Each is a hint that may say more than is there, never less: a pass it lets run finds what
/// there is to find. One pass, not a C scan a mark: the eleven `strstr`s a body went through
/// were 3.7 % of a clean build's CPU at 10,000 items, mostly reading bodies that hold none.
/// Like those scans (and libcmark, handed `strlen` bytes), it stops at a NUL byte.
struct MarkdownMarks: OptionSet {
    let rawValue: UInt16

    /// `|`: a table may start here.
    static let pipe = MarkdownMarks(rawValue: 1 << 0)
    /// `[ ]`, `[x]`, `[X]` or `[\t]`: a task list item's box.
    static let taskBox = MarkdownMarks(rawValue: 1 << 1)
    /// `[!`: an alert's type.
    static let alert = MarkdownMarks(rawValue: 1 << 2)
    /// `~`: a strikethrough, or a tilde a URL ends with.
    static let tilde = MarkdownMarks(rawValue: 1 << 3)
    /// `@`: an email autolink.
    static let at = MarkdownMarks(rawValue: 1 << 4)
    /// `www.`: an extended `www` autolink.
    static let www = MarkdownMarks(rawValue: 1 << 5)
    /// `://`: an extended URL autolink.
    static let scheme = MarkdownMarks(rawValue: 1 << 6)
    /// `]:`: a link reference definition.
    static let definition = MarkdownMarks(rawValue: 1 << 7)
    /// `[^`: a footnote.
    static let footnote = MarkdownMarks(rawValue: 1 << 8)
    /// `\~` or `&#`: a tilde that strikes nothing.
    static let escapedTilde = MarkdownMarks(rawValue: 1 << 9)
    /// `{`: a shortcode may start here (`Shortcodes.mayHold` looks closer).
    static let brace = MarkdownMarks(rawValue: 1 << 10)

    /// Any mark an inline pass (autolinks, strikethrough) looks for.
    static let inlines: MarkdownMarks = [.tilde, .at, .www, .scheme]

    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    init(_ body: String) {
        var body = body
        self = body.withUTF8 { Self(bytes: $0) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var marks: MarkdownMarks = []
        let count = bytes.count
        var index = 0
        // Most bytes are none of the ten a mark starts with: one table look-up each.
        Self.starts.withUnsafeBufferPointer { starts in
            while index < count {
                let byte = bytes[index]
                guard starts[Int(byte)] else { index += 1; continue }
                let next = index + 1 < count ? bytes[index + 1] : 0
                switch byte {
                case 0: return
                case UInt8(ascii: "|"): marks.insert(.pipe)
                case UInt8(ascii: "~"):
                    marks.insert(.tilde)
                    if index > 0, bytes[index - 1] == UInt8(ascii: "\\") { marks.insert(.escapedTilde) }
                case UInt8(ascii: "@"): marks.insert(.at)
                case UInt8(ascii: "{"): marks.insert(.brace)
                case UInt8(ascii: "["):
                    switch next {
                    case UInt8(ascii: "!"): marks.insert(.alert)
                    case UInt8(ascii: "^"): marks.insert(.footnote)
                    case UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "\t"):
                        if index + 2 < count, bytes[index + 2] == UInt8(ascii: "]") { marks.insert(.taskBox) }
                    default: break
                    }
                case UInt8(ascii: "]"):
                    if next == UInt8(ascii: ":") { marks.insert(.definition) }
                case UInt8(ascii: "&"):
                    if next == UInt8(ascii: "#") { marks.insert(.escapedTilde) }
                case UInt8(ascii: ":"):
                    if next == UInt8(ascii: "/"), index + 2 < count, bytes[index + 2] == UInt8(ascii: "/") { marks.insert(.scheme) }
                case UInt8(ascii: "w"):
                    if next == UInt8(ascii: "w"), index + 3 < count, bytes[index + 2] == UInt8(ascii: "w"),
                       bytes[index + 3] == UInt8(ascii: ".") { marks.insert(.www) }
                default: break
                }
                index += 1
            }
        }
        self = marks
    }

    /// The bytes a mark starts with, and NUL.
    private static let starts: [Bool] = (0...255).map { byte in
        byte == 0 || "|~@{[]&:w".utf8.contains(UInt8(byte))
    }
}
