/// A parse as bytes, for `ParseMemo`: every field in a fixed order, integers little endian,
/// texts and lists length-prefixed. Read back only through `init?(encoded:)`, which checks
/// every length against what is left and gives nil for bytes that are not a whole parse.
extension ParsedMarkdown {
    func encoded() -> [UInt8] {
        var writer = MemoBytesWriter()
        writer.bytes.reserveCapacity(html.utf8.count + 256)
        writer.text(html)
        writer.number(headingTitle == nil ? 0 : 1)
        if let headingTitle { writer.text(headingTitle) }
        writer.number(links.count)
        for link in links {
            writer.text(link.destination)
            writer.number(link.isImage ? 1 : 0)
            writer.number(link.line)
            writer.number(link.column)
            writer.number(link.hasWrittenSize ? 1 : 0)
        }
        writer.headings(headings)
        writer.texts(summaries)
        writer.number(shortcodes.count)
        for shortcode in shortcodes {
            writer.text(shortcode.name)
            writer.number(shortcode.line)
            writer.number(shortcode.column)
        }
        writer.texts(userContentIDs)
        writer.texts(footnoteIDs)
        return writer.bytes
    }

    init?(encoded bytes: [UInt8]) {
        guard let (parsed, _) = Self.decoded(bytes, readingHTML: true) else { return nil }
        self = parsed
    }

    /// A parse from `bytes` whose HTML is left unread (empty): where it is in them, with it,
    /// for a reader that takes it from where the bytes are kept (`HeldBytes`).
    init?(encoded bytes: [UInt8], leavingHTML html: inout Range<Int>) {
        guard let (parsed, range) = Self.decoded(bytes, readingHTML: false) else { return nil }
        self = parsed
        html = range
    }

    private static func decoded(_ bytes: [UInt8], readingHTML: Bool) -> (ParsedMarkdown, Range<Int>)? {
        bytes.withUnsafeBytes { raw in
            var reader = MemoBytesReader(bytes: raw)
            guard let length = reader.count() else { return nil }
            let htmlRange = reader.position..<(reader.position + length)
            reader.position = htmlRange.upperBound
            let html = readingHTML ? String(decoding: UnsafeRawBufferPointer(rebasing: raw[htmlRange]), as: UTF8.self) : ""
            guard let hasTitle = reader.number() else { return nil }
            var parsed = ParsedMarkdown(html: html, headingTitle: nil, links: [])
            if hasTitle == 1 {
                guard let title = reader.text() else { return nil }
                parsed.headingTitle = title
            }
            guard let linkCount = reader.count() else { return nil }
            parsed.links.reserveCapacity(linkCount)
            for _ in 0..<linkCount {
                guard let destination = reader.text(), let isImage = reader.number(), let line = reader.number(),
                      let column = reader.number(), let sized = reader.number() else { return nil }
                parsed.links.append(MarkdownLink(destination: destination, isImage: isImage == 1, line: line, column: column,
                                                 hasWrittenSize: sized == 1))
            }
            guard let headingCount = reader.count() else { return nil }
            parsed.headings.reserveCapacity(headingCount)
            for _ in 0..<headingCount {
                guard let level = reader.number(), let text = reader.text(), let id = reader.text(), let line = reader.number(),
                      let column = reader.number() else { return nil }
                parsed.headings.append(MarkdownHeading(level: level, text: text, id: id, line: line, column: column))
            }
            guard let summaries = reader.texts(), let shortcodeCount = reader.count() else { return nil }
            parsed.summaries = summaries
            for _ in 0..<shortcodeCount {
                guard let name = reader.text(), let line = reader.number(), let column = reader.number() else { return nil }
                parsed.shortcodes.append(Shortcodes.Unknown(name: name, line: line, column: column))
            }
            guard let ids = reader.texts(), let footnotes = reader.texts(), reader.isAtEnd else { return nil }
            parsed.userContentIDs = ids
            parsed.footnoteIDs = footnotes
            return (parsed, htmlRange)
        }
    }
}

extension MemoBytesSink where Self: ~Copyable {
    /// A body's headings: the parse's (`ParseMemo`), and a page's in its key (`PageKeys`).
    mutating func headings(_ headings: [MarkdownHeading]) {
        number(headings.count)
        for heading in headings {
            number(heading.level)
            text(heading.text)
            text(heading.id)
            number(heading.line)
            number(heading.column)
        }
    }
}
