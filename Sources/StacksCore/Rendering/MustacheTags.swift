/// The tags of a Mustache template, in order, with their 1-based positions: one linear pass
/// over the bytes that follows set-delimiter tags and reads names across line breaks, as
/// swift-mustache does.
///
/// Every check of a theme's text goes through it, before swift-mustache parses it: what a
/// template includes and how deeply its sections nest (`TemplateChecks`), whether it may be
/// stamped (`TemplateStamps.allowsStamps`) and whether the sidebar can be drawn by nodes
/// (`SidebarParts`).
struct MustacheTag: Equatable {
    enum Kind: Equatable {
        case variable, unescaped, section, invertedSection, close, partial, parent, block, comment, delimiters, pragma
    }

    var kind: Kind
    /// The tag's name without its sigil and surrounding white space (`*name` for a dynamic partial).
    var name: String
    /// Where the opening delimiter starts; columns count Unicode scalars.
    var line: Int
    var column: Int
    /// The UTF-8 offset of the opening delimiter.
    var offset: Int
    /// The UTF-8 offset just past the closing delimiter.
    var end: Int

    /// The first part of the name (`a` of `a.b`), the key looked up on the context stack.
    var rootName: Substring { name.prefix { $0 != "." } }

    /// Whether the tag opens a section that a `{{/name}}` closes.
    var opensSection: Bool {
        switch kind {
        case .section, .invertedSection, .parent, .block: true
        default: false
        }
    }

    static func scan(_ text: String) -> [MustacheTag] {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.tags()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        // The position whose line and column are known, to count forward from it.
        var countedTo = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func tags() -> [MustacheTag] {
            var found: [MustacheTag] = []
            while let start = find(open, from: position) {
                advanceCount(to: start)
                let (tagLine, tagColumn) = (line, column)
                var contentStart = start + open.count
                var closing = close
                // `{{{name}}}` is closed by `}}}` while the delimiters are the default ones.
                let triple = open == Array("{{".utf8) && contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
                if triple {
                    contentStart += 1
                    closing = Array("}}}".utf8)
                }
                guard let end = find(closing, from: contentStart) else { break }
                var content = bytes[contentStart..<end]
                position = end + closing.count
                var kind = MustacheTag.Kind.variable
                if triple {
                    kind = .unescaped
                } else if let sigil = content.first {
                    switch sigil {
                    case UInt8(ascii: "#"): kind = .section
                    case UInt8(ascii: "^"): kind = .invertedSection
                    case UInt8(ascii: "/"): kind = .close
                    case UInt8(ascii: ">"): kind = .partial
                    case UInt8(ascii: "<"): kind = .parent
                    case UInt8(ascii: "$"): kind = .block
                    case UInt8(ascii: "!"): kind = .comment
                    case UInt8(ascii: "="): kind = .delimiters
                    case UInt8(ascii: "%"): kind = .pragma
                    case UInt8(ascii: "&"): kind = .unescaped
                    default: break
                    }
                    if kind != .variable { content = content.dropFirst() }
                }
                if kind == .delimiters {
                    // `{{=<% %>=}}`: two white-space separated delimiters before a closing `=`.
                    var inner = content
                    if inner.last == UInt8(ascii: "=") { inner = inner.dropLast() }
                    let parts = inner.split(whereSeparator: Self.isWhiteSpace)
                    if parts.count == 2 {
                        open = Array(parts[0])
                        close = Array(parts[1])
                    }
                }
                let name = String(decoding: content.drop(while: Self.isWhiteSpace).reversed().drop(while: Self.isWhiteSpace).reversed(),
                                  as: UTF8.self)
                found.append(MustacheTag(kind: kind, name: name, line: tagLine, column: tagColumn, offset: start, end: position))
            }
            return found
        }

        /// The first occurrence of `needle` at or after `from`.
        func find(_ needle: [UInt8], from: Int) -> Int? {
            guard let first = needle.first, bytes.count >= needle.count else { return nil }
            var index = from
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return index }
                }
                index += 1
            }
            return nil
        }

        /// Moves the known line and column forward to `target`.
        mutating func advanceCount(to target: Int) {
            while countedTo < target {
                let byte = bytes[countedTo]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                countedTo += 1
            }
        }

        static func isWhiteSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
