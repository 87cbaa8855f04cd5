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
}
