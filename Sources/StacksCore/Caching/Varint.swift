/// Unsigned numbers in as few bytes as they need: seven bits a byte, low bits first, the high
/// bit set on every byte but the last (the search's packed postings, a page's key lines).
/// Generic over the width, so that the postings' 32-bit numbers are not worked in 64 bits
/// (that cost a 2,000-item build about 5 M instructions).
enum Varint {
    /// The most bytes a number of `Value` takes.
    static func longest<Value: FixedWidthInteger & UnsignedInteger>(_: Value.Type) -> Int { (Value.bitWidth + 6) / 7 }

    /// `value` written into `room` from `start`; where it ends.
    @inline(__always)
    static func write<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value, into room: UnsafeMutableBufferPointer<UInt8>,
                                                                 at start: Int) -> Int {
        var value = value, position = start
        while value >= 0x80 {
            room[position] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            position += 1
        }
        room[position] = UInt8(truncatingIfNeeded: value)
        return position + 1
    }

    /// The number at `position` of `bytes`, which moves past it. The bytes are the caller's
    /// own (written by `write`), so whole.
    @inline(__always)
    static func read<Value: FixedWidthInteger & UnsignedInteger>(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int,
                                                                as _: Value.Type = Value.self) -> Value {
        var value: Value = 0, shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= Value(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
