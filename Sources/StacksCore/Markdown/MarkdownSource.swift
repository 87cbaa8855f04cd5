import CCmark
import Foundation

/// The Markdown body as libcmark read it, line by line, so that a pass can look at what was
/// written where the syntax tree has already interpreted it (smart punctuation, escapes).
struct MarkdownSource {
    /// Each line's bytes without its line ending; `lines[0]` is line 1.
    let lines: [ArraySlice<UInt8>]

    init(_ body: String) {
        var body = body
        var bytes = body.withUTF8 { Array($0) }
        // libcmark reads a C string: nothing after a NUL exists for it.
        if let nul = Self.firstIndex(of: 0, in: bytes[...]) { bytes.removeSubrange(nul...) }
        var lines: [ArraySlice<UInt8>] = []
        if Self.firstIndex(of: 0x0D, in: bytes[...]) == nil {
            // The common case, found with memchr: a build parses every body.
            var start = bytes.startIndex
            while let newline = Self.firstIndex(of: 0x0A, in: bytes[start...]) {
                lines.append(bytes[start..<newline])
                start = newline + 1
            }
            if start < bytes.endIndex { lines.append(bytes[start...]) }
        } else {
            var start = bytes.startIndex, index = start
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    lines.append(bytes[start..<index])
                    if byte == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
                    start = index + 1
                }
                index += 1
            }
            if start < bytes.endIndex { lines.append(bytes[start...]) }
        }
        // A byte order mark is skipped by libcmark before it counts columns.
        if let first = lines.first, first.starts(with: [0xEF, 0xBB, 0xBF]) { lines[0] = first.dropFirst(3) }
        self.lines = lines
    }

    /// The index of the first `byte` in `bytes`, by memchr.
    static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    static func contains(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
        firstIndex(of: byte, in: bytes) != nil
    }

    /// Line `number` (1-based) from byte column `column` (1-based), or nil outside the text.
    func line(_ number: Int, from column: Int = 1) -> ArraySlice<UInt8>? {
        guard number >= 1, number <= lines.count else { return nil }
        let line = lines[number - 1]
        let start = min(line.endIndex, line.startIndex + max(0, column - 1))
        return line[start...]
    }

    /// The lines of a block that starts at `line`:`column` and ends at `endLine`, each with its
    /// containers' markers removed: the first from the block's column, the others without the
    /// `>` of each enclosing block quote and without indentation.
    func blockLines(of node: OpaquePointer) -> [ArraySlice<UInt8>]? {
        let start = Int(cmark_node_get_start_line(node)), end = Int(cmark_node_get_end_line(node))
        guard start >= 1, end >= start, end <= lines.count,
              let first = line(start, from: Int(cmark_node_get_start_column(node))) else { return nil }
        var quoteDepth = 0
        var ancestor = cmark_node_parent(node)
        while let container = ancestor {
            if cmark_node_get_type(container) == CMARK_NODE_BLOCK_QUOTE { quoteDepth += 1 }
            ancestor = cmark_node_parent(container)
        }
        var result = [first]
        if end > start {
            for number in (start + 1)...end {
                var text = lines[number - 1]
                for _ in 0..<quoteDepth {
                    text = text.drop(while: Self.isSpaceOrTab)
                    guard text.first == UInt8(ascii: ">") else { break }
                    text = text.dropFirst()
                }
                result.append(text.drop(while: Self.isSpaceOrTab))
            }
        }
        return result
    }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
