/// A source file's bytes as a string when they are valid UTF-8: `String(validating:as:)`,
/// made faster for text that is mostly ASCII.
///
/// The standard library checks a buffer eight bytes at a time only while it is all ASCII; one
/// emoji in a page's front matter sends the whole file through its byte-by-byte validation
/// (about ten instructions a byte, every source of a build). Here the ASCII runs are made
/// strings by the quick check and only the stretches around other characters are validated
/// byte by byte. Stretches are cut only before and after ASCII bytes, which no valid sequence
/// of several bytes holds, so the file is valid exactly when every stretch is.
enum ValidatedText {
    /// ASCII runs shorter than this stay inside the stretch being validated: a string each would
    /// cost more than it saves.
    private static let shortestRun = 64

    static func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer(string)
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard var other = firstNonASCII(bytes, from: 0) else { return String(decoding: bytes, as: UTF8.self) }
        var text = String()
        text.reserveCapacity(bytes.count)
        var start = 0
        while true {
            // The ASCII run before it, then the stretch up to the next long ASCII run.
            if start < other { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<other]), as: UTF8.self) }
            var end = other + 1
            var next: Int? = nil
            while end < bytes.count {
                guard let found = firstNonASCII(bytes, from: end) else {
                    // ASCII to the end: the stretch stops here if the run is long.
                    if bytes.count - end >= shortestRun { break }
                    end = bytes.count
                    break
                }
                if found - end >= shortestRun {
                    next = found
                    break
                }
                end = found + 1
            }
            guard let stretch = String(validating: UnsafeBufferPointer(rebasing: bytes[other..<end]), as: UTF8.self) else {
                return nil
            }
            text += stretch
            start = end
            guard let following = next else {
                if start < bytes.count { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self) }
                return text
            }
            other = following
        }
    }

    /// The offset of the first byte at or after `start` that is not ASCII, looked for a word at a time.
    static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let high = word & 0x8080_8080_8080_8080
            if high != 0 { return index + UInt64(littleEndian: high).trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }
}
