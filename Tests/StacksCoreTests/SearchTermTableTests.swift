import Testing

@testable import StacksCore

/// Terms are numbered in the order they first come, whatever the seed the table's hash is mixed
/// with: the seed only decides where a term sits in the table, never what the index says.
@Suite struct SearchTermTableTests {
    private static func numbers(of words: [String], seed: UInt64) -> [Int] {
        var table = SearchTermTable(seed: seed)
        return words.map { word in
            var word = word
            return word.withUTF8 { table.number(of: $0) }
        }
    }

    @Test func theNumbersDoNotDependOnTheSeed() {
        // Enough words for the table to grow several times, each given twice, and words that
        // differ only past their first eight bytes or in length.
        let words = (0..<20_000).map { "w\($0 % 7_000)" } + ["", "a", "aa", "abcdefgh", "abcdefghi", "abcdefghj", "日本語", "café"]
        var first: [String: Int] = [:]
        let expected = words.map { word in first[word] ?? { first[word] = first.count; return first.count - 1 }() }
        for seed: UInt64 in [0, 1, 0xDEAD_BEEF, .max] {
            #expect(Self.numbers(of: words, seed: seed) == expected, "seed \(seed)")
        }
        let table = SearchTermTable()
        #expect(table.count == 0)
    }

    @Test func aTermReadsBackAsItsWord() {
        var table = SearchTermTable()
        var words = ["lantern", "brass", "日本語", "lantern"]
        let numbers = words.indices.map { index in words[index].withUTF8 { table.number(of: $0) } }
        #expect(numbers == [0, 1, 2, 0])
        #expect((0..<3).map(table.term) == ["lantern", "brass", "日本語"])
    }
}
