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

    mutating func member(_ name: String, _ value: Int) {
        key(name)
        append(integer: value)
    }

    mutating func member(_ name: String, _ values: [Int]) {
        key(name)
        beginArray()
        // The commas written here rather than asked of `separate()`: a search shard is
        // thousands of numbers.
        for position in values.indices {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            append(integer: values[position])
        }
        if !values.isEmpty { empty[empty.count - 1] = false }
        endArray()
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
        // Last digit first, from the end of a buffer on the stack; appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value, start = digits.count
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
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
        var string = string
        string.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole; most strings are one run.
            var start = 0
            for index in utf8.indices where !Self.isPlain[Int(utf8[index])] || (utf8[index] == UInt8(ascii: "'") && quotesAsEscapes) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8[index])
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
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
