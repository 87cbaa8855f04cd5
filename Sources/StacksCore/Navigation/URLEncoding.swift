/// Percent-encoding of path segments, written out because Foundation's
/// `addingPercentEncoding` differs between platforms in what it leaves alone.
enum URLEncoding {
    /// Unreserved characters (RFC 3986) stay; every other byte of the UTF-8 form is encoded.
    static func encodePathSegment(_ segment: String) -> String {
        var needsEncoding = false
        for byte in segment.utf8 where !isUnreserved(byte) {
            needsEncoding = true
            break
        }
        guard needsEncoding else { return segment }
        var result = ""
        result.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result += hexDigit(byte >> 4)
                result += hexDigit(byte & 0xF)
            }
        }
        return result
    }

    /// How many bytes `encodePathSegment(_:)` of `bytes` has: three for each it encodes.
    static func encodedCount(ofPathSegment bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes { count += isUnreserved(byte) ? 1 : 3 }
        return count
    }

    /// `encodePathSegment(_:)` of `bytes`, written into `buffer` from `start` (room for three
    /// bytes each); where it ends.
    static func encodePathSegment(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var end = start
        for byte in bytes {
            if isUnreserved(byte) {
                buffer[end] = byte
                end += 1
            } else {
                buffer[end] = UInt8(ascii: "%")
                buffer[end + 1] = hexByte(byte >> 4)
                buffer[end + 2] = hexByte(byte & 0xF)
                end += 3
            }
        }
        return end
    }

    /// A path's segments each encoded (`encodePathSegment`), joined by single slashes: empty
    /// segments are dropped, as `split(separator: "/")` drops them. By bytes: a page's list has
    /// a link to a file for every page, and splitting a `String` breaks it into characters first.
    static func encodePath(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 8)
        var pendingSlash = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                pendingSlash = !bytes.isEmpty
                continue
            }
            if pendingSlash {
                bytes.append(UInt8(ascii: "/"))
                pendingSlash = false
            }
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexByte(byte >> 4))
                bytes.append(hexByte(byte & 0xF))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexByte(_ value: UInt8) -> UInt8 { value < 10 ? value + 48 : value + 55 }

    /// `nil` for a malformed escape or bytes that are not UTF-8.
    static func decodePathSegment(_ segment: String) -> String? {
        // A `%` byte first (`contains("%")` took 3,000 instructions a link); by characters only
        // where one may be part of a larger character.
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return segment }
        if !segment.utf8.allSatisfy({ $0 < 0x80 }), !segment.contains("%") { return segment }
        var bytes: [UInt8] = []
        var iterator = Array(segment.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? value + 48 : value + 55))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
