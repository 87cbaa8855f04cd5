import Testing
@testable import StacksCore
import StacksTestSupport

/// A front matter line's top-level key is read from its bytes when they are ASCII where it
/// matters (`DuplicateKey.asciiTopLevelKey`); it must say what the reading by characters says.
@Suite struct DuplicateKeyTests {
    /// Pieces of front matter lines, the awkward ones among them: quotes, colons with and
    /// without a space, spaces before the colon, combining accents after a colon or a space,
    /// letters outside ASCII, the punctuation a key may not start with.
    static let pieces = ["title", "tags", ":", ": ", ":\t", ":\r", " ", "  ", "\"", "'", "\\", "a", "é", "e\u{301}", "\u{301}",
                         "#", "-", "[", "{", "?", "&", "*", "!", "|", ">", "%", "@", "`", ",", "x:y", "http://a", "日本", "\t"]

    @Test func theKeyReadFromBytesIsTheKeyReadByCharacters() {
        var random = SplitMix(state: 41)
        var told = 0
        for _ in 0..<20_000 {
            let line = (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let expected = DuplicateKey.characterTopLevelKey(Substring(line))
            if let fromBytes = DuplicateKey.asciiTopLevelKey(Substring(line)) {
                told += 1
                #expect(fromBytes == expected, "\(line.debugDescription)")
            }
            #expect(DuplicateKey.topLevelKey(Substring(line)) == expected, "\(line.debugDescription)")
        }
        // Most lines are told from their bytes; the others fall back to characters.
        #expect(told > 10_000)
    }

    @Test(arguments: [("title: Brass", "title"), ("\"title\" : x", "title"), ("'a b':", "a b"), ("url: http://a:b", "url"),
                      ("key  :", "key"), ("  indented: x", nil), ("- item", nil), ("a:b", nil), ("title:", "title"),
                      ("título: x", "título"), ("key: \u{301}x", nil), ("\"a\\b\": x", nil)] as [(String, String?)])
    func knownLines(line: String, key: String?) {
        #expect(DuplicateKey.topLevelKey(Substring(line)).map(String.init) == key)
    }
}
