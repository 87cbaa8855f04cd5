import Testing
@testable import StacksCore

/// What a build holds once for every file or page stays small: at 100,000 items each byte of
/// these is 100 kB of the peak, and the dictionary of decoded documents has 262,144 slots.
/// Each bound is today's size; a field that makes one of them larger is a choice to measure.
@Suite struct PerPageMemoryTests {
    @Test func aDecodedDocumentIsOneReference() {
        // `indirect`: inline, its document and problems were 464 bytes a slot.
        #expect(MemoryLayout<Document.Decoded>.size == 8)
    }

    @Test func aFallbackIsHeldByReference() {
        // Few files have one; inline it was 248 bytes of every source file and document.
        #expect(MemoryLayout<Fallback?>.size == 8)
        #expect(MemoryLayout<SourceFile>.size <= 160, "\(MemoryLayout<SourceFile>.size)")
        // 216 and `unreadBodyStart` (9 bytes a document, boxed: 0.9 MB at 100,000 items), which
        // lets an edit build leave every unchanged file unread.
        #expect(MemoryLayout<Document>.size <= 225, "\(MemoryLayout<Document>.size)")
    }

    @Test func keyLinesAreOneArray() {
        #expect(MemoryLayout<KeyLines>.size == 8)
        var lines = KeyLines()
        lines["title"] = 2
        lines["slug"] = 3
        lines["title"] = 4
        #expect(lines["title"] == 4 && lines["slug"] == 3 && lines["image"] == nil && lines.count == 2)
        #expect(lines.keys == ["title", "slug"])
        var reordered = KeyLines()
        reordered["slug"] = 3
        reordered["title"] = 4
        #expect(lines == reordered)
        reordered["title"] = nil
        #expect(lines != reordered && reordered.count == 1)
    }

    /// Pairs taken whole (as a memo reads them back, in key order) give what the subscript
    /// gives, and pairs out of order or repeated are set as it sets them.
    @Test func keyLinesTakenWholeAsTheSubscriptSetsThem() {
        for keys in [["a", "b", "c"], ["c", "a", "b"], ["a", "a", "b"], ["b", "b"], [], ["x", "a", "x"]] {
            var bySubscript = KeyLines()
            for (line, key) in keys.enumerated() { bySubscript[key] = line + 1 }
            let inOrder = KeyLines(keys.enumerated().map { (key: $0.element, line: $0.offset + 1) })
            #expect(inOrder == bySubscript && inOrder.keys == bySubscript.keys, "\(keys)")
        }
    }
}
