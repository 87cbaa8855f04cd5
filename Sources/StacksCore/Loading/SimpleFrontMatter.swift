/// Front matter of the plainest block-style kind, composed without Yams.
///
/// Nearly every page's front matter is a few `key: value` lines, a list of tags and a table of
/// attributes, and composing that with Yams (an event per token, node and tag objects, a
/// duplicate check over hashed keys) was a fifth of a large build. This reads that shape into
/// nodes for `KeyReader`, with the strings and marks Yams would give them.
///
/// Yams stays the definition of what front matter means: anything outside the subset below,
/// or anything this is not certain to read as Yams does, is declined (nil), and
/// `FrontMatterParser` composes it with Yams. The subset, line by line (a `\r` before the line
/// feed is part of the line break):
/// - blank lines, and comment lines (`#` after any spaces);
/// - at column 1, `key: value` or `key:`, the key `[A-Za-z_][A-Za-z0-9_-]*`, each key once;
/// - under `key:`, lines of one indentation: all `- item`, or all `name: value` (each name once,
///   no `:` or `#` in it); or no lines, an empty value;
/// - a value: a plain scalar on one line, not starting with an indicator and without `: ` or ` #`
///   (Yams gives its text whatever type it resolves to, `yes` or `~` alike; only `draft` looks at
///   the type, and `flag` reads it as Yams does), a `"double"` quoted scalar without `\` or `"`
///   inside, a `'single'` one without `'` inside, or (not as a list item) a flow list `[a, "b"]`
///   of such scalars without `:` or `#`.
/// No tabs, no control or line-breaking characters, no anchors, aliases or tags, no comments
/// after a value, no scalar continued on the next line.
enum SimpleFrontMatter {
    struct Node {
        enum Content {
            case plain(String)
            case quoted(String)
            case list([Node])
            case map([(key: Node, value: Node)])
        }

        var content: Content
        var markLine: Int
        var markColumn: Int
    }

    /// The top-level mapping of the YAML lines (without their fences), or nil to leave them to Yams.
    static func compose(_ lines: [Substring]) -> [(key: Node, value: Node)]? {
        var pairs: [(key: Node, value: Node)] = []
        var open: OpenKey?
        for (index, rawLine) in lines.enumerated() {
            guard let line = Line(rawLine, number: index + 1) else { return nil }
            if line.isBlankOrComment { continue }
            if line.indent == 0 && line.bytes[line.start] != UInt8(ascii: "-") {
                if let finished = open?.finished() { pairs.append(finished) }
                open = nil
                guard let (key, rest) = line.topLevelKey() else { return nil }
                guard !pairs.contains(where: { $0.key.scalarText == key.scalarText }) else { return nil }  // Yams reports it
                if line.isBlank(from: rest) {
                    open = OpenKey(key: key, emptyValueColumn: line.column(of: rest))
                } else {
                    guard let value = line.value(from: rest, allowsFlowList: true) else { return nil }
                    pairs.append((key, value))
                }
            } else {
                guard open?.add(line) == true else { return nil }
            }
        }
        if let finished = open?.finished() { pairs.append(finished) }
        return pairs
    }

    /// A `key:` with nothing after it on its line: its value is the indented lines below, or empty.
    private struct OpenKey {
        let key: Node
        let emptyValueColumn: Int
        var indent = -1
        var items: [Node] = []
        var entries: [(key: Node, value: Node)] = []

        /// False for a line that does not continue the block as its first line began it.
        mutating func add(_ line: Line) -> Bool {
            if indent == -1 { indent = line.indent }
            guard line.indent == indent else { return false }
            if line.bytes[line.start] == UInt8(ascii: "-") {
                guard entries.isEmpty, let item = line.listItem() else { return false }
                items.append(item)
            } else {
                guard items.isEmpty, indent > 0, let (name, rest) = line.nestedName(),
                      !line.isBlank(from: rest), let value = line.value(from: rest, allowsFlowList: true),
                      !entries.contains(where: { $0.key.scalarText == name.scalarText }) else { return false }
                entries.append((name, value))
            }
            return true
        }

        func finished() -> (key: Node, value: Node) {
            if let first = items.first {
                return (key, Node(content: .list(items), markLine: first.markLine, markColumn: indent + 1))
            }
            if let first = entries.first {
                return (key, Node(content: .map(entries), markLine: first.key.markLine, markColumn: indent + 1))
            }
            // Yams marks an empty value just after the colon.
            return (key, Node(content: .plain(""), markLine: key.markLine, markColumn: emptyValueColumn))
        }
    }

    /// One line, without its line break, known to hold only characters this reads plainly.
    private struct Line {
        let bytes: Substring.UTF8View
        let number: Int
        /// The first byte that is not a space, or `end`.
        let start: String.Index
        /// After the last byte that is not a space.
        let end: String.Index
        var indent: Int { bytes.distance(from: bytes.startIndex, to: start) }
        var isBlankOrComment: Bool { start == end || bytes[start] == UInt8(ascii: "#") }

        /// Nil for a line with a tab, a control character, or a character libyaml reads as a
        /// line break (NEL, U+2028, U+2029) or skips (a byte-order mark).
        init?(_ line: Substring, number: Int) {
            var bytes = line.utf8
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            var firstNonSpace: String.Index?
            var lastNonSpace: String.Index?
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return nil }
                if previous == 0xC2 && byte < 0xA0 { return nil }  // U+0080...U+009F
                if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return nil }
                if beforePrevious == 0xEF && previous == 0xBB && byte == 0xBF { return nil }  // U+FEFF
                if beforePrevious == 0xEF && previous == 0xBF && byte >= 0xBE { return nil }  // U+FFFE, U+FFFF
                if byte != UInt8(ascii: " ") {
                    if firstNonSpace == nil { firstNonSpace = index }
                    lastNonSpace = index
                }
                beforePrevious = previous
                previous = byte
                bytes.formIndex(after: &index)
            }
            self.bytes = bytes
            self.number = number
            start = firstNonSpace ?? bytes.endIndex
            end = lastNonSpace.map { bytes.index(after: $0) } ?? bytes.endIndex
        }

        /// Yams counts columns in Unicode scalars: UTF-8 bytes other than continuation bytes.
        func column(of index: String.Index) -> Int {
            1 + bytes[..<index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }

        func isBlank(from index: String.Index) -> Bool { index >= end }

        func text(_ range: Range<String.Index>) -> String { String(Substring(bytes[range])) }

        /// `key:` at column 1; returns the key and where the value may start.
        func topLevelKey() -> (Node, String.Index)? {
            var index = start
            guard isKeyStart(bytes[index]) else { return nil }
            bytes.formIndex(after: &index)
            while index < end, isKeyByte(bytes[index]) { bytes.formIndex(after: &index) }
            return keyEnding(at: index)
        }

        /// `name:` indented under a key: any text without `:` or `#`, not starting with an indicator.
        func nestedName() -> (Node, String.Index)? {
            guard !isIndicator(bytes[start]) else { return nil }
            var index = start
            while index < end, bytes[index] != UInt8(ascii: ":") {
                if bytes[index] == UInt8(ascii: "#") { return nil }
                bytes.formIndex(after: &index)
            }
            guard index > start, bytes[bytes.index(before: index)] != UInt8(ascii: " ") else { return nil }
            return keyEnding(at: index)
        }

        /// The key before `index`, which must be a `:` followed by a space or the end of the line.
        private func keyEnding(at index: String.Index) -> (Node, String.Index)? {
            // libyaml gives up on a simple key longer than 1024 characters.
            guard index < end, bytes[index] == UInt8(ascii: ":"), bytes.distance(from: start, to: index) <= 512 else {
                return nil
            }
            let afterColon = bytes.index(after: index)
            guard afterColon == bytes.endIndex || bytes[afterColon] == UInt8(ascii: " ") else { return nil }
            let key = Node(content: .plain(text(start..<index)), markLine: number, markColumn: column(of: start))
            return (key, afterColon)
        }

        /// `- item`, a scalar.
        func listItem() -> Node? {
            let dash = start
            let afterDash = bytes.index(after: dash)
            guard afterDash < end, bytes[afterDash] == UInt8(ascii: " ") else { return nil }
            return value(from: afterDash, allowsFlowList: false)
        }

        /// The value from `index` (after spaces) to the end of the line.
        func value(from index: String.Index, allowsFlowList: Bool) -> Node? {
            var index = index
            while index < end, bytes[index] == UInt8(ascii: " ") { bytes.formIndex(after: &index) }
            guard index < end else { return nil }
            if bytes[index] == UInt8(ascii: "[") {
                guard allowsFlowList, let (list, after) = flowList(at: index), after == end else { return nil }
                return list
            }
            if let (quoted, after) = quotedScalar(at: index) {
                return after == end ? quoted : nil
            }
            return plainScalar(from: index)
        }

        /// A plain scalar from `index` to the end of the line (trailing spaces are not part of it,
        /// as in YAML). It must not start with an indicator, nor hold `: ` or ` #` (a mapping, a
        /// comment), nor end with `:`.
        private func plainScalar(from index: String.Index) -> Node? {
            let first = bytes[index]
            if isIndicator(first) {
                // `-2` is a plain scalar: a dash followed by anything but a space.
                let next = bytes.index(after: index)
                guard first == UInt8(ascii: "-"), next < end, bytes[next] != UInt8(ascii: " ") else { return nil }
            }
            var previous: UInt8 = 0
            var cursor = index
            while cursor < end {
                let byte = bytes[cursor]
                if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return nil }
                if previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#") { return nil }
                previous = byte
                bytes.formIndex(after: &cursor)
            }
            guard previous != UInt8(ascii: ":") else { return nil }
            return Node(content: .plain(text(index..<end)), markLine: number, markColumn: column(of: index))
        }

        /// `"text"` without `\` or `"` inside, or `'text'` without `'`: no escapes to read.
        private func quotedScalar(at index: String.Index) -> (Node, after: String.Index)? {
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            let contentStart = bytes.index(after: index)
            var cursor = contentStart
            while cursor < end, bytes[cursor] != quote {
                if bytes[cursor] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return nil }
                bytes.formIndex(after: &cursor)
            }
            guard cursor < end else { return nil }
            let node = Node(content: .quoted(text(contentStart..<cursor)), markLine: number, markColumn: column(of: index))
            return (node, bytes.index(after: cursor))
        }

        /// `[a, "b c", 'd']` on one line: plain elements without `:`, `#`, quotes or brackets,
        /// no empty elements and no trailing comma.
        private func flowList(at index: String.Index) -> (Node, after: String.Index)? {
            var elements: [Node] = []
            var cursor = bytes.index(after: index)
            skipSpaces(&cursor)
            if cursor < end, bytes[cursor] == UInt8(ascii: "]") {
                return (Node(content: .list([]), markLine: number, markColumn: column(of: index)), bytes.index(after: cursor))
            }
            while true {
                guard cursor < end else { return nil }
                if let (quoted, after) = quotedScalar(at: cursor) {
                    elements.append(quoted)
                    cursor = after
                } else {
                    let elementStart = cursor
                    guard !isIndicator(bytes[cursor]) else { return nil }
                    var lastNonSpace = cursor
                    while cursor < end {
                        let byte = bytes[cursor]
                        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") { break }
                        guard !isFlowPlainExcluded(byte) else { return nil }
                        if byte != UInt8(ascii: " ") { lastNonSpace = cursor }
                        bytes.formIndex(after: &cursor)
                    }
                    let elementEnd = bytes.index(after: lastNonSpace)
                    elements.append(Node(content: .plain(text(elementStart..<elementEnd)), markLine: number,
                                         markColumn: column(of: elementStart)))
                }
                skipSpaces(&cursor)
                guard cursor < end else { return nil }
                if bytes[cursor] == UInt8(ascii: "]") { break }
                guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
                bytes.formIndex(after: &cursor)
                skipSpaces(&cursor)
            }
            return (Node(content: .list(elements), markLine: number, markColumn: column(of: index)), bytes.index(after: cursor))
        }

        private func skipSpaces(_ index: inout String.Index) {
            while index < end, bytes[index] == UInt8(ascii: " ") { bytes.formIndex(after: &index) }
        }
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isKeyStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// The characters that give a scalar's first character another meaning in YAML.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            true
        default:
            false
        }
    }

    /// Inside a flow list, kept out of plain elements so that each can mean only itself.
    private static func isFlowPlainExcluded(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            true
        default:
            false
        }
    }
}

extension SimpleFrontMatter.Node: FrontMatterNode {
    var scalarText: String? {
        switch content {
        case .plain(let text), .quoted(let text): text
        case .list, .map: nil
        }
    }

    /// As `Bool.construct` reads an untagged scalar; a quoted one is tagged `str`, never a flag.
    var flag: Bool? {
        guard case .plain(let text) = content else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    var elements: [SimpleFrontMatter.Node]? {
        if case .list(let elements) = content { return elements }
        return nil
    }

    var pairs: [(key: SimpleFrontMatter.Node, value: SimpleFrontMatter.Node)]? {
        if case .map(let pairs) = content { return pairs }
        return nil
    }
}
