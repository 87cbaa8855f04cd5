#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts resolved URLs in place of the `stacks-link:N` tokens the parser left in the HTML.
///
/// Only a token that starts an `href` or `src` value is one: the same letters in the page's
/// text (`` `stacks-link:0` ``) or inside another URL are left as written.
enum LinkTokens {
    /// `urls[N]` replaces token N. A single pass over the HTML, since pages can be large: the
    /// text between tokens is found with `memchr` and copied in one go.
    ///
    /// `attributes[N]`, when given and not empty, follows the attribute that holds token N
    /// (` width="640" height="480"` after an image's `src`). `pictures[N]` makes the element that
    /// holds token N (an `<img>`) the last child of a `<picture>` whose first is `pictures[N]`
    /// (a `<source>`). Both are put in as they are, so they must be made by the caller, never
    /// taken from content.
    static func substitute(in html: String, urls: [String], attributes: [String] = [], pictures: [Int: String] = [:]) -> String {
        guard !urls.isEmpty else { return html }
        var html = html
        return html.withUTF8 { substitute(in: $0, urls: urls, attributes: attributes, pictures: pictures) }
    }

    private static func substitute(in bytes: UnsafeBufferPointer<UInt8>, urls: [String], attributes: [String],
                                   pictures: [Int: String]) -> String {
        let prefix = Array(MarkdownParser.tokenPrefix.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + urls.count * 16)
        var index = 0
        while index < bytes.count {
            // A token needs at least one byte after its prefix.
            guard let start = find(prefix, in: bytes, from: index) else { break }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<start]))
            var end = start + prefix.count
            var number = 0
            while end < bytes.count, let digit = digitValue(bytes[end]) {
                // Past the last URL the number no longer matters (and must not overflow).
                if number < urls.count { number = number * 10 + digit }
                end += 1
            }
            if end > start + prefix.count, number < urls.count {
                output.append(contentsOf: HTMLEscaping.escape(urls[number]).utf8)
                index = end
                if number < attributes.count, !attributes[number].isEmpty, end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    output.append(bytes[end])
                    output.append(contentsOf: attributes[number].utf8)
                    index = end + 1
                }
                if let source = pictures[number], let tagStart = output.lastIndex(of: UInt8(ascii: "<")),
                   let tagEnd = endOfTag(in: bytes, from: index) {
                    // The parser and the sanitizer escape `<` and `>` in attribute values: the
                    // last `<` is this tag's, and the first `>` out of quotes closes it.
                    output.insert(contentsOf: Array(("<picture>" + source).utf8), at: tagStart)
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...tagEnd]))
                    output.append(contentsOf: "</picture>".utf8)
                    index = tagEnd + 1
                }
            } else {
                // Not a token: its first byte is text, and the search goes on after it.
                output.append(bytes[start])
                index = start + 1
            }
        }
        if index < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...])) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The `>` that closes the tag `index` is inside of, out of quoted values.
    private static func endOfTag(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        var quote: UInt8?
        for position in index..<bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return position
            }
        }
        return nil
    }

    private static let attributeStarts = [Array(#"href=""#.utf8), Array(#"src=""#.utf8)]

    /// Where `prefix` next starts an attribute value at or after `index`, with at least one
    /// byte after it. Looked for by its last byte, the colon, which text seldom has: by its
    /// first, `s`, the search stopped in nearly every word of every page.
    private static func find(_ prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let last = prefix.count - 1
        // The last byte of a match that starts at `index` or later and leaves a byte after it.
        var position = index + last
        while position < bytes.count - 1 {
            guard let found = memchr(base + position, Int32(prefix[last]), bytes.count - 1 - position) else { return nil }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let start = end - last
            if memcmp(base + start, prefix, last) == 0,
               attributeStarts.contains(where: { start >= $0.count && memcmp(base + start - $0.count, $0, $0.count) == 0 }) {
                return start
            }
            position = end + 1
        }
        return nil
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }
}
