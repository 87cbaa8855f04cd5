/// Line and column arithmetic for diagnostics.
enum TextPosition {
    /// The 1-based line and column (in bytes) of the first byte that breaks UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, index - lineStart + 1)
            }
            let end = index + length
            guard end <= bytes.count,
                  String(validating: bytes[index..<end], as: UTF8.self) != nil else {
                return (line, index - lineStart + 1)
            }
            if byte == 0x0A {
                line += 1
                lineStart = end
            }
            index = end
        }
        return (line, 1)
    }

    private static let isControlByte: [Bool] = (0...255).map { isControl(UInt8($0)) }

    /// C0 controls other than tab, line feed, form feed and carriage return, and DEL.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D) || byte == 0x7F
    }

    /// The 1-based line and column (in bytes) of the first control character, if any.
    static func firstControlCharacter(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        // Every byte of every page is looked at: through a table in a local, by pointer.
        let found = isControlByte.withUnsafeBufferPointer { isControl in
            bytes.withUnsafeBufferPointer { bytes -> Int? in
                guard let base = bytes.baseAddress else { return nil }
                // Eight bytes at a time: a word with no byte below 0x20 and none that is 0x7F
                // has no control character (most words of a page; one with a line break is
                // looked at byte by byte). The bit tests may flag a byte after a flagged one
                // too, never miss one.
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                var index = 0
                while index + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let below20 = (word &- ones &* 0x20) & ~word & highs
                    let del = word ^ (ones &* 0x7F)
                    let is7F = (del &- ones) & ~del & highs
                    if below20 | is7F != 0 {
                        for offset in index..<(index + 8) where isControl[Int(bytes[offset])] { return offset }
                    }
                    index += 8
                }
                for offset in index..<bytes.count where isControl[Int(bytes[offset])] { return offset }
                return nil
            }
        }
        guard let index = found else { return nil }
        let lineStart = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = 1 + bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return (line, index - lineStart + 1)
    }

    static func replacingControlCharacters(in text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.isASCII && isControl(UInt8(scalar.value)) ? "\u{FFFD}" : scalar
        }))
    }
}
