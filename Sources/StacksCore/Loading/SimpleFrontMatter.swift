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
        // The keys' texts, looked through for a repeated one: through the pairs, each was copied.
        var keys: [String] = []
        var open: OpenKey?
        for (index, rawLine) in lines.enumerated() {
            // Read as bytes in place (a line of a native string is contiguous): stepping a
            // substring's `String.Index` was most of the cost of every page's front matter.
            var rawLine = rawLine
            let taken = rawLine.withUTF8 { bytes -> Bool in
                guard let line = Line(bytes, number: index + 1) else { return false }
                if line.isBlankOrComment { return true }
                if line.indent == 0 && line.bytes[line.start] != UInt8(ascii: "-") {
                    if let finished = open?.finished() { pairs.append(finished) }
                    open = nil
                    guard let (key, rest) = line.topLevelKey() else { return false }
                    guard let text = key.scalarText, !keys.contains(text) else { return false }  // Yams reports it
                    keys.append(text)
                    if line.isBlank(from: rest) {
                        open = OpenKey(key: key, emptyValueColumn: line.column(of: rest))
                    } else {
                        guard let value = line.value(from: rest, allowsFlowList: true) else { return false }
                        pairs.append((key, value))
                    }
                    return true
                }
                return open?.add(line) == true
            }
            guard taken else { return nil }
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

    /// One line's bytes, without its line break, known to hold only characters this reads
    /// plainly; valid only inside the `withUTF8` that lends them (every `Node` copies its text).
    private struct Line {
        let bytes: UnsafeBufferPointer<UInt8>
        let number: Int
        /// The first byte that is not a space, or `end`.
        let start: Int
        /// After the last byte that is not a space.
        let end: Int
        /// A line with bytes beyond ASCII: the column (`column(of:)`) of each byte, so that a
        /// long flow list's marks cost one pass, not one pass each; nil for ASCII, whose
        /// columns are its offsets.
        private let columns: [Int32]?
        var indent: Int { start }
        var isBlankOrComment: Bool { start == end || bytes[start] == UInt8(ascii: "#") }

        /// Nil for a line with a tab, a control character, or a character libyaml reads as a
        /// line break (NEL, U+2028, U+2029) or skips (a byte-order mark).
        init?(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
            var count = line.count
            if count > 0 && line[count - 1] == UInt8(ascii: "\r") { count -= 1 }
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            var firstNonSpace = -1
            var lastNonSpace = -1
            var isASCII = true
            for index in 0..<count {
                let byte = line[index]
                if byte < 0x20 || byte == 0x7F { return nil }
                if byte >= 0x80 {
                    isASCII = false
                    if previous == 0xC2 && byte < 0xA0 { return nil }  // U+0080...U+009F
                    if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return nil }
                    if beforePrevious == 0xEF && previous == 0xBB && byte == 0xBF { return nil }  // U+FEFF
                    if beforePrevious == 0xEF && previous == 0xBF && byte >= 0xBE { return nil }  // U+FFFE, U+FFFF
                }
                if byte != UInt8(ascii: " ") {
                    if firstNonSpace < 0 { firstNonSpace = index }
                    lastNonSpace = index
                }
                beforePrevious = previous
                previous = byte
            }
            bytes = UnsafeBufferPointer(rebasing: line[..<count])
            self.number = number
            start = firstNonSpace < 0 ? count : firstNonSpace
            end = lastNonSpace < 0 ? count : lastNonSpace + 1
            if isASCII {
                columns = nil
            } else {
                var columns = [Int32](repeating: 1, count: count + 1)
                for offset in 0..<count {
                    columns[offset + 1] = columns[offset] + (line[offset] & 0xC0 == 0x80 ? 0 : 1)
                }
                self.columns = columns
            }
        }

        /// Yams counts columns in Unicode scalars: UTF-8 bytes other than continuation bytes.
        func column(of index: Int) -> Int {
            columns.map { Int($0[index]) } ?? index + 1
        }

        func isBlank(from index: Int) -> Bool { index >= end }

        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        /// `key:` at column 1; returns the key and where the value may start.
        func topLevelKey() -> (Node, Int)? {
            var index = start
            guard isKeyStart(bytes[index]) else { return nil }
            index += 1
            while index < end, isKeyByte(bytes[index]) { index += 1 }
            return keyEnding(at: index)
        }

        /// `name:` indented under a key: any text without `:` or `#`, not starting with an indicator.
        func nestedName() -> (Node, Int)? {
            guard !isIndicator(bytes[start]) else { return nil }
            var index = start
            while index < end, bytes[index] != UInt8(ascii: ":") {
                if bytes[index] == UInt8(ascii: "#") { return nil }
                index += 1
            }
            guard index > start, bytes[index - 1] != UInt8(ascii: " ") else { return nil }
            return keyEnding(at: index)
        }

        /// The key before `index`, which must be a `:` followed by a space or the end of the line.
        private func keyEnding(at index: Int) -> (Node, Int)? {
            // libyaml gives up on a simple key longer than 1024 characters.
            guard index < end, bytes[index] == UInt8(ascii: ":"), index - start <= 512 else { return nil }
            let afterColon = index + 1
            guard afterColon == bytes.count || bytes[afterColon] == UInt8(ascii: " ") else { return nil }
            let key = Node(content: .plain(text(start..<index)), markLine: number, markColumn: column(of: start))
            return (key, afterColon)
        }

        /// `- item`, a scalar.
        func listItem() -> Node? {
            let afterDash = start + 1
            guard afterDash < end, bytes[afterDash] == UInt8(ascii: " ") else { return nil }
            return value(from: afterDash, allowsFlowList: false)
        }

        /// The value from `index` (after spaces) to the end of the line.
        func value(from index: Int, allowsFlowList: Bool) -> Node? {
            var index = index
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
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
        private func plainScalar(from index: Int) -> Node? {
            let first = bytes[index]
            if isIndicator(first) {
                // `-2` is a plain scalar: a dash followed by anything but a space.
                let next = index + 1
                guard first == UInt8(ascii: "-"), next < end, bytes[next] != UInt8(ascii: " ") else { return nil }
            }
            var previous: UInt8 = 0
            for cursor in index..<end {
                let byte = bytes[cursor]
                if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return nil }
                if previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#") { return nil }
                previous = byte
            }
            guard previous != UInt8(ascii: ":") else { return nil }
            return Node(content: .plain(text(index..<end)), markLine: number, markColumn: column(of: index))
        }

        /// `"text"` without `\` or `"` inside, or `'text'` without `'`: no escapes to read.
        private func quotedScalar(at index: Int) -> (Node, after: Int)? {
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            let contentStart = index + 1
            var cursor = contentStart
            while cursor < end, bytes[cursor] != quote {
                if bytes[cursor] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return nil }
                cursor += 1
            }
            guard cursor < end else { return nil }
            let node = Node(content: .quoted(text(contentStart..<cursor)), markLine: number, markColumn: column(of: index))
            return (node, cursor + 1)
        }

        /// `[a, "b c", 'd']` on one line: plain elements without `:`, `#`, quotes or brackets,
        /// no empty elements and no trailing comma.
        private func flowList(at index: Int) -> (Node, after: Int)? {
            var elements: [Node] = []
            var cursor = index + 1
            skipSpaces(&cursor)
            if cursor < end, bytes[cursor] == UInt8(ascii: "]") {
                return (Node(content: .list([]), markLine: number, markColumn: column(of: index)), cursor + 1)
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
                        cursor += 1
                    }
                    elements.append(Node(content: .plain(text(elementStart..<(lastNonSpace + 1))), markLine: number,
                                         markColumn: column(of: elementStart)))
                }
                skipSpaces(&cursor)
                guard cursor < end else { return nil }
                if bytes[cursor] == UInt8(ascii: "]") { break }
                guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
                cursor += 1
                skipSpaces(&cursor)
            }
            return (Node(content: .list(elements), markLine: number, markColumn: column(of: index)), cursor + 1)
        }

        private func skipSpaces(_ index: inout Int) {
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
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
