/// The words of a rendered body as a reader sees them: tags dropped (a block's end is a
/// space), the contents of `script`, `style` and `template` dropped, the common character
/// references decoded. For the search, whose snippets are text nodes, never HTML.
///
/// Not an HTML parser: the bodies are libcmark's output, and raw HTML a page writes that this
/// reads wrongly only costs the search a word. Bytes, not characters: every byte it looks
/// for is ASCII, and a build reads the text of every page.
enum HTMLText {
    static func plain(_ html: String) -> String {
        var html = html
        return html.withUTF8 { plain(bytes: $0) }
    }

    /// Written straight into the string's storage: the text is never longer than the HTML (a
    /// tag or white space is at least a byte, a reference at least as long as what it stands for).
    private static func plain(bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { text in
            var count = 0
            var index = 0
            var pendingSpace = false
            func space() { pendingSpace = count > 0 }
            func append(_ byte: UInt8) {
                if pendingSpace {
                    text[count] = UInt8(ascii: " ")
                    count += 1
                    pendingSpace = false
                }
                text[count] = byte
                count += 1
            }
            while index < bytes.count {
                let byte = bytes[index]
                if isWordByte(byte) {
                    if pendingSpace {
                        text[count] = UInt8(ascii: " ")
                        count += 1
                        pendingSpace = false
                    }
                    (count, index) = copyWord(from: bytes, at: index, into: text, at: count)
                    continue
                }
                switch byte {
                case UInt8(ascii: "<"):
                    let start = index + 1
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    let isEndTag = start < end && bytes[start] == UInt8(ascii: "/")
                    let name = tagName(bytes, from: isEndTag ? start + 1 : start, to: end)
                    index = end + 1
                    if !isEndTag, let skipped = skipped.first(where: { $0.name == name }) {
                        // Up to the matching end tag.
                        while index < bytes.count, !matches(bytes, at: index, skipped.close) { index += 1 }
                        continue
                    }
                    if !isInline(name) { space() }
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                    space()
                    index += 1
                case UInt8(ascii: "&"):
                    if let (scalar, length) = reference(bytes, at: index) {
                        if scalar == " " || scalar == "\u{A0}" {
                            space()
                        } else {
                            for byte in UTF8.encode(scalar)! { append(byte) }
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
            return count
        }
    }

    /// Copies the word bytes (`isWordByte`) from `read` on, the first of which is one; returns
    /// where the copy and the reading stopped. Eight bytes at a time while a whole word of them
    /// is copied as it is: most bytes are letters, and one at a time each cost a dozen
    /// instructions. The eight bytes are stored even when fewer are taken, which the room
    /// allows: the text is never ahead of the HTML.
    private static func copyWord(from bytes: UnsafeBufferPointer<UInt8>, at read: Int,
                                 into text: UnsafeMutableBufferPointer<UInt8>, at written: Int) -> (written: Int, read: Int) {
        let source = UnsafeRawPointer(bytes.baseAddress!), output = UnsafeMutableRawPointer(text.baseAddress!)
        let end = bytes.count
        var read = read, written = written
        while read &+ 8 <= end {
            let raw = source.loadUnaligned(fromByteOffset: read, as: UInt64.self)
            output.storeBytes(of: raw, toByteOffset: written, as: UInt64.self)
            let stops = stopBytes(UInt64(littleEndian: raw))
            guard stops == 0 else {
                let taken = stops.trailingZeroBitCount / 8
                return (written &+ taken, read &+ taken)
            }
            read &+= 8
            written &+= 8
        }
        while read < end && isWordByte(bytes[read]) {
            text[written] = bytes[read]
            written &+= 1
            read &+= 1
        }
        return (written, read)
    }

    /// The high bit of each byte of `word` (its first byte lowest) that is not a word byte:
    /// below `!`, `<` or `&`. Exact up to the first such byte (a borrow only runs upwards from
    /// one), which is all `copyWord` reads.
    private static func stopBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let belowBang = (word &- ones &* 0x21) & ~word & highs
        return belowBang | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x26))
    }

    /// A byte that is copied as it is: above the space, not the start of a tag or a reference.
    /// (Control characters below the space are copied too, by the switch's default.)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte > UInt8(ascii: " ") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
    }

    /// A tag's name packed into a word, its first letter lowest (`packed("em")`): the names
    /// looked for are at most eight letters, and a tag's name is read for every tag of every page.
    private static func packed(_ name: String) -> UInt64 {
        name.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A name longer than any looked for.
    private static let longName = UInt64.max

    private static let skipped: [(name: UInt64, close: [UInt8])] = ["script", "style", "template"].map {
        (packed($0), [UInt8(ascii: "<"), UInt8(ascii: "/")] + Array($0.utf8))
    }
    /// Sorted, for a binary search.
    private static let inline: [UInt64] = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
    ].map(packed).sorted()

    private static func isInline(_ name: UInt64) -> Bool {
        var low = 0, high = inline.count
        while low < high {
            let middle = (low + high) / 2
            if inline[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < inline.count && inline[low] == name
    }

    /// ASCII letters and digits from `start`, lower-cased and packed (`packed(_:)`); zero for a
    /// comment or a declaration, `longName` past eight.
    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        var name: UInt64 = 0
        var index = start
        while index < end, index - start < 16 {
            let byte = bytes[index] | 0x20
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { break }
            let letter = bytes[index] >= UInt8(ascii: "A") ? byte : bytes[index]
            if index - start >= 8 { return longName }
            name |= UInt64(letter) << (8 * UInt64(index - start))
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

    private static let named: [UInt64: Unicode.Scalar] = [
        packed("amp"): "&", packed("lt"): "<", packed("gt"): ">", packed("quot"): "\"", packed("apos"): "'",
        packed("nbsp"): "\u{A0}", packed("#39"): "'",
    ]

    /// `&name;`, `&#N;` or `&#xN;` at `index`: what it stands for and its length.
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var end = index + 1
        while end < bytes.count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        let length = end - index + 1
        if body.count <= 8 {
            let name = body.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if let scalar = named[name] { return (scalar, length) }
        }
        guard body.first == UInt8(ascii: "#") else { return nil }
        var digits = body.dropFirst()
        let radix: UInt32 = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") ? 16 : 10
        if radix == 16 { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            let number: UInt32 = switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(digit - UInt8(ascii: "A") + 10)
            default: UInt32.max
            }
            // A value past UInt32 is no reference, as `UInt32(_:radix:)` read it.
            guard number != UInt32.max else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow else { return nil }
            let (sum, carry) = product.addingReportingOverflow(number)
            guard !carry else { return nil }
            value = sum
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
