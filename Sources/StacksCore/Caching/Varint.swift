/// Unsigned numbers in as few bytes as they need: seven bits a byte, low bits first, the high
/// bit set on every byte but the last (the search's packed postings, a page's key lines).
enum Varint {
    /// The most bytes a 64-bit number takes.
    static let longest = 10

    /// `value` written into `room` from `start`; where it ends.
    @inline(__always)
    static func write(_ value: UInt64, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var value = value, position = start
        while value >= 0x80 {
            room[position] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            position += 1
        }
        room[position] = UInt8(value)
        return position + 1
    }

    /// The number at `position` of `bytes`, which moves past it. The bytes are the caller's
    /// own (written by `write`), so whole.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
