/// Suffix tests on names and URLs by their UTF-8 bytes, where `hasSuffix` compares characters
/// through Unicode's tables: a preview's load asks them of every file and page, every edit.
enum NameSuffix {
    enum Match: Equatable {
        /// The bytes do not end with the suffix, so neither do the characters (an ASCII
        /// suffix is no other characters' bytes).
        case no
        /// They do, after an ASCII byte or at the start: the characters end with it too.
        case afterASCII
        /// They do, after a byte of another character, which may take the suffix's first
        /// byte into its character: only `hasSuffix` can tell.
        case afterOther
    }

    /// How `text`'s bytes end with `suffix`, which is ASCII.
    static func of(_ text: String, is suffix: StaticString) -> Match {
        let wanted = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return withBytes(of: text) { bytes in
            let count = bytes.count, length = wanted.count
            guard count >= length else { return .no }
            for offset in 0..<length where bytes[count - length + offset] != wanted[offset] { return .no }
            return count == length || bytes[count - length - 1] < 0x80 ? .afterASCII : .afterOther
        }
    }

    /// Whether `url` ends with `segment` (ASCII, ending in `/`) as a whole segment: `page/` or `…/page/`.
    static func endsWithSegment(_ url: String, _ segment: StaticString) -> Bool {
        guard of(url, is: segment) != .no else { return false }
        let length = segment.utf8CodeUnitCount
        return withBytes(of: url) { bytes in bytes.count == length || bytes[bytes.count - length - 1] == UInt8(ascii: "/") }
    }

    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
