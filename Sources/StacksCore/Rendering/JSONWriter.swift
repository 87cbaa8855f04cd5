/// Compact JSON written straight into bytes: what `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes for the same values (tests compare the two), but with
/// `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes (`append(string:)`), and without the
/// tree of every value it builds first. The search index and catalog description of a large
/// catalog are tens of megabytes of that tree, at the end of a build when memory peaks.
///
/// Keys are written in the order given: callers give them sorted.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the object or array being written has no member yet, innermost last.
    private var empty: [Bool] = []
    /// `"` and `'` in strings as `\u` escapes too, for JSON written into an HTML page (JSON-LD):
    /// no quote of the content, before a combining mark or not, is then in the page as it is.
    private let quotesAsEscapes: Bool

    init(capacity: Int = 0, quotesAsEscapes: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.quotesAsEscapes = quotesAsEscapes
    }

    /// The bytes written so far handed to `part` and let go, once there are `limit` of them: a
    /// large file written as it is made. The next bytes continue where these end.
    mutating func drain<Failure: Error>(over limit: Int, into part: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        guard bytes.count >= limit else { return }
        try part(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the current object: `"name":`.
    mutating func key(_ name: String) {
        separate()
        append(string: name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string element of the current array.
    mutating func string(_ value: String) {
        separate()
        append(string: value)
    }

    /// A string element of the current array: `parts` joined by `separator`, which needs no escape.
    mutating func string(joining parts: [String], separator: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for (position, part) in parts.enumerated() {
            if position > 0 { raw(separator) }
            // Each part on its own: an escape never spans two (a part is whole characters).
            append(escaped: part)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        append(string: value)
    }

    /// Leaves out `nil`, as `JSONEncoder` does for optional properties.
    mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        member(name, value)
    }

    mutating func member(_ name: String, _ values: [String]) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// A number element of the current array, or a number after `raw` text.
    mutating func integer(_ value: Int) {
        separate()
        append(integer: value)
    }

    mutating func member(_ name: String, _ value: Int) {
        key(name)
        append(integer: value)
    }

    mutating func member(_ name: String, _ values: [Int]) {
        key(name)
        beginArray()
        // The commas written here rather than asked of `separate()`, and the digits straight
        // into room made once for the most they can take: a search shard is thousands of
        // numbers, and each appended on its own cost a hundred instructions.
        if values.allSatisfy({ $0 >= 0 }) {
            let digits = [UInt8](unsafeUninitializedCapacity: values.count * 20) { room, count in
                var end = 0
                for position in values.indices {
                    if position > 0 {
                        room[end] = UInt8(ascii: ",")
                        end += 1
                    }
                    end = Self.put(digitsOf: values[position], into: room, at: end)
                }
                count = end
            }
            bytes += digits
        } else {
            for position in values.indices {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                append(integer: values[position])
            }
        }
        if !values.isEmpty { empty[empty.count - 1] = false }
        endArray()
    }

    /// The decimal digits of `value` (not negative) written into `room` from `start`; where
    /// they end.
    private static func put(digitsOf value: Int, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let zero = UInt8(ascii: "0")
        if value < 10 {
            room[start] = zero &+ UInt8(truncatingIfNeeded: value)
            return start + 1
        }
        if value < 100 {
            room[start] = zero &+ UInt8(truncatingIfNeeded: value / 10)
            room[start + 1] = zero &+ UInt8(truncatingIfNeeded: value % 10)
            return start + 2
        }
        var length = 0, rest = value
        while rest > 0 {
            length += 1
            rest /= 10
        }
        rest = value
        for offset in stride(from: start + length - 1, through: start, by: -1) {
            room[offset] = zero &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return start + length
    }

    /// Digits written straight into the bytes: a large index writes millions of them.
    private mutating func append(integer value: Int) {
        if value < 0 {
            bytes += Array(String(value).utf8)
            return
        }
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Into a buffer on the stack; appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let end = Self.put(digitsOf: value, into: digits, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<end]))
        }
    }

    /// Bytes written as they are between values (a script's call around the JSON it passes):
    /// the caller makes sure they are safe.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }

    /// An object or array: an element of the current array, or a member's value after `key`
    /// (the only place a `:` is the last byte written).
    private mutating func open(_ bracket: UInt8) {
        if bytes.last != UInt8(ascii: ":") { separate() }
        bytes.append(bracket)
        empty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        empty.removeLast()
        bytes.append(bracket)
    }

    /// A comma before every member or element but the first.
    private mutating func separate() {
        guard !empty.isEmpty else { return }
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Quoted, with `"` and `\` escaped, `\b \t \n \f \r` as such, other control characters
    /// as `\u00XX`, and everything else (`/`, DEL, all of Unicode) as it is — but for `<`, `>`,
    /// `&`, U+2028 and U+2029, written as `\u` escapes so that the JSON can stand inside a
    /// `<script>` element (no `</script>` or `<!--`) and in older JavaScript as it is.
    /// Bytes, not `Character`s: a combining mark after a quote does not hide it.
    private mutating func append(string: String) {
        bytes.append(UInt8(ascii: "\""))
        append(escaped: string)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `append(string:)` without the quotes.
    private mutating func append(escaped string: String) {
        var string = string
        let isPlain = Self.isPlain
        let quotes = quotesAsEscapes
        string.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole; most strings are one run.
            // Looked for eight bytes at a time: a word with none of those bytes is passed
            // over whole (the search's texts are megabytes of such words).
            let words = UnsafeRawBufferPointer(utf8)
            let count = utf8.count
            var start = 0, index = 0
            while index < count {
                if index + 8 <= count, !Self.mayHoldEscape(words.loadUnaligned(fromByteOffset: index, as: UInt64.self), quotes: quotes) {
                    index += 8
                    continue
                }
                let end = min(index + 8, count)
                while index < end {
                    let byte = utf8[index]
                    if !isPlain[Int(byte)] || (byte == UInt8(ascii: "'") && quotes) {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                        escape(byte)
                        start = index + 1
                    }
                    index += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// Whether any of a word's eight bytes is one `isPlain` refuses, or `'` when `quotes`; may
    /// say yes when none is (a borrow across bytes), never no when one is.
    private static func mayHoldEscape(_ word: UInt64, quotes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        // A byte below 0x20: a control character.
        if (word &- ones &* 0x20) & ~word & highs != 0 { return true }
        return hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x3C))
            || hasZeroByte(word ^ (ones &* 0x3E)) || hasZeroByte(word ^ (ones &* 0x26))
            // 0xA8 or 0xA9, the last byte of U+2028 and U+2029.
            || hasZeroByte((word ^ (ones &* 0xA8)) & (ones &* 0xFE))
            || (quotes && hasZeroByte(word ^ (ones &* 0x27)))
    }

    /// Bytes written as they are (`'` aside, escaped when `quotesAsEscapes`): not `"`, `\`,
    /// `<`, `>`, `&`, a control character, or the last byte of U+2028 or U+2029 (checked in `escape`).
    private static let isPlain: [Bool] = (0...255).map { byte in
        byte >= 0x20 && !"\"\\<>&".utf8.contains(UInt8(byte)) && byte != 0xA8 && byte != 0xA9
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        // (A `where` binds to the last pattern only: one for each.)
        case UInt8(ascii: "\"") where quotesAsEscapes, UInt8(ascii: "'") where quotesAsEscapes:
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                      Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]]
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x00..<0x20:
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                      Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]]
        case 0xA8...0xA9 where bytes.count >= 2 && bytes[bytes.count - 2] == 0xE2 && bytes[bytes.count - 1] == 0x80:
            // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript before ES2019.
            bytes.removeLast(2)
            bytes += Array((byte == 0xA8 ? "\\u2028" : "\\u2029").utf8)
        default:
            bytes.append(byte)
        }
    }
}
