import Testing
@testable import StacksCore

/// `HTMLText.plain` against the implementation it replaced (kept below as the reference), on
/// HTML made of the pieces that matter to it: tags inline and not, skipped elements, every
/// kind of character reference, good and broken, and text in several scripts.
@Suite struct HTMLTextTests {
    static let pieces = [
        "<p>", "</p>", "<em>", "</em>", "<EM>", "<a href=\"x\">", "</a>", "<h1 id=\"t\">", "<br/>", "<code>",
        "<script>bad(1<2)</script>", "<STYLE>p{}</style>", "<template><p>x</p></TEMPLATE>", "<script>never closed",
        "<templatex>", "<abcdefghijklmnopq>", "<strongest>", "<!-- c -->", "<!DOCTYPE html>", "<", ">", "</", "<>",
        "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#39;", "&nbsp;", "&#160;", "&#xA0;", "&#x1F600;", "&#X41;",
        "&#65;", "&#0;", "&#xD800;", "&#99999999999;", "&#x110000;", "&#;", "&#x;", "&unknown;", "&", "&amp",
        "&#65", "&verylongname;",
        "word", "Word", " ", "  ", "\n", "\t", "\r\n", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}", "é", "日本語", "😀", "x\u{301}",
    ]

    @Test func plainTextIsWhatTheReferenceMade() {
        var generator = SeededRandom(seed: 24)
        for length in 0..<2_000 {
            var html = ""
            for _ in 0..<(length % 40) { html += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            #expect(HTMLText.plain(html) == ReferenceHTMLText.plain(html), "\(html.debugDescription)")
        }
    }

    @Test func referencesAndTagsAreRead() {
        #expect(HTMLText.plain("<p>a&#x1F600;b&#65;c&nbsp;d</p><p>e<em>f</em>g</p>") == "a😀bAc d efg")
        #expect(HTMLText.plain("<templatex>a</templatex><script>b</SCRIPT>c") == "a c")
        #expect(HTMLText.plain("") == "")
    }
}

/// A generator whose numbers are the same on every run (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum ReferenceHTMLText {
    static func plain(_ html: String) -> String {
        var html = html
        return html.withUTF8 { plain(bytes: $0) }
    }

    private static func plain(bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count / 2)
        var index = 0
        var pendingSpace = false
        func space() { pendingSpace = !text.isEmpty }
        func append(_ byte: UInt8) {
            if pendingSpace { text.append(UInt8(ascii: " ")) }
            pendingSpace = false
            text.append(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                let isEndTag = start < end && bytes[start] == UInt8(ascii: "/")
                let name = tagName(bytes, from: isEndTag ? start + 1 : start, to: end)
                index = end + 1
                if !isEndTag, let skipped = skipped.first(where: { $0 == name }) {
                    // Up to the matching end tag.
                    let close = [UInt8(ascii: "<"), UInt8(ascii: "/")] + skipped
                    while index < bytes.count, !matches(bytes, at: index, close) { index += 1 }
                    continue
                }
                if !inline.contains(name) { space() }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                space()
                index += 1
            case UInt8(ascii: "&"):
                if let (scalar, length) = reference(bytes, at: index) {
                    if scalar == " " || scalar == "\u{A0}" {
                        space()
                    } else {
                        for byte in String(scalar).utf8 { append(byte) }
                    }
                    index += length
                } else {
                    append(byte)
                    index += 1
                }
            default:
                append(byte)
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let skipped: [[UInt8]] = ["script", "style", "template"].map { Array($0.utf8) }
    private static let inline: Set<[UInt8]> = Set([
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
    ].map { Array($0.utf8) })

    /// ASCII letters and digits from `start`, lower-cased; empty for a comment or a declaration.
    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> [UInt8] {
        var name: [UInt8] = []
        var index = start
        while index < end, index - start < 16 {
            let byte = bytes[index] | 0x20
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { break }
            name.append(bytes[index] >= UInt8(ascii: "A") ? byte : bytes[index])
            index += 1
        }
        return name
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for offset in prefix.indices where bytes[index + offset] | (offset > 1 ? 0x20 : 0) != prefix[offset] {
            return false
        }
        return true
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "#39": "'",
    ]

    /// `&name;`, `&#N;` or `&#xN;` at `index`: what it stands for and its length.
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var end = index + 1
        while end < bytes.count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        let length = end - index + 1
        if let scalar = named[body] { return (scalar, length) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

/// The scans every page's bytes go through, against their plain definitions.
@Suite struct ByteScanDefinitionTests {
    /// A control character found eight bytes at a time is the first one a byte-by-byte scan
    /// finds, at every position and next to every kind of byte.
    @Test func theFirstControlCharacterIsFoundAsByteByByte() {
        let fillers: [[UInt8]] = [Array("plain text, ".utf8), Array("é日\n".utf8), [0x09, 0x0A, 0x0C, 0x0D], [0x7E, 0x80, 0x9F, 0xA0, 0xFF], [0x20, 0x1F]]
        var generator = SeededRandom(seed: 3)
        for length in 0..<600 {
            var bytes: [UInt8] = []
            while bytes.count < length % 70 { bytes += fillers[Int(generator.next() % UInt64(fillers.count))] }
            if generator.next() % 3 == 0, !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = [0x00, 0x01, 0x08, 0x1B, 0x7F][Int(generator.next() % 5)]
            }
            let expected = bytes.firstIndex(where: TextPosition.isControl)
            let found = TextPosition.firstControlCharacter(in: bytes)
            #expect((found != nil) == (expected != nil), "\(bytes)")
            if let expected, let found {
                let line = 1 + bytes[..<expected].filter { $0 == 0x0A }.count
                let lineStart = bytes[..<expected].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                #expect(found.line == line && found.column == expected - lineStart + 1, "\(bytes)")
            }
        }
    }

    @Test func aShortcodeIsFoundFromBraceToBrace() {
        #expect(Shortcodes.mayHold(String(repeating: "text { not one } ", count: 50) + "{{< gist x >}}"))
        #expect(Shortcodes.mayHold("{%"))
        #expect(!Shortcodes.mayHold(String(repeating: "text { not one } {{path/to/file}} ", count: 50)))
        #expect(!Shortcodes.mayHold("") && !Shortcodes.mayHold("{") && !Shortcodes.mayHold("no braces at all"))
        #expect(Shortcodes.mayHold("a {{ name(x) }}") && !Shortcodes.mayHold("a {{ name }}"))
    }
}
