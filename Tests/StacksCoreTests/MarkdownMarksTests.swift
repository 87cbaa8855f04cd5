import Foundation
import Testing

@testable import StacksCore

/// `MarkdownMarks` against the C scans it replaced: for every body, each mark is found exactly
/// when `strstr` (or `strchr`) finds its text before the first NUL.
@Suite struct MarkdownMarksTests {
    /// What each mark stood for, as the C scans looked for it.
    private static let scans: [(MarkdownMarks, [String])] = [
        (.pipe, ["|"]),
        (.taskBox, ["[ ]", "[x]", "[X]", "[\t]"]),
        (.alert, ["[!"]),
        (.tilde, ["~"]),
        (.at, ["@"]),
        (.www, ["www."]),
        (.scheme, ["://"]),
        (.definition, ["]:"]),
        (.footnote, ["[^"]),
        (.escapedTilde, ["\\~", "&#"]),
        (.brace, ["{"]),
    ]

    private static func scanned(_ body: String) -> MarkdownMarks {
        var marks: MarkdownMarks = []
        body.withCString { text in
            for (mark, needles) in scans where needles.contains(where: { strstr(text, $0) != nil }) { marks.insert(mark) }
        }
        return marks
    }

    @Test(arguments: [
        "", "plain words only", "a | b", "- [ ] to do", "- [x] done", "- [X] done", "- [\t] tab", "[ x]", "[]",
        "> [!NOTE]", "~~gone~~", "write@example.com", "see www.example.com", "www", "ww.w.", "https://x.y", ":/ /",
        "[docs]: https://example.com", "a[^1]", "\\~ not struck", "&#126;", "&amp;", "{{< ref \"x\" >}}",
        "ends with [", "ends with ]", "ends with :/", "ends with ww", "ends with \\", "before\0after | ~ @ [!",
        "日本語 | 中文 ~", "x\\\\~y",
    ])
    func equalsTheCScans(_ body: String) {
        #expect(MarkdownMarks(body) == Self.scanned(body))
    }

    /// Random bodies over the bytes the marks are made of, and some others.
    @Test func randomBodies() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("|~@{[]&#:/w.!^ xX\t\\ab\n")
        for _ in 0..<5_000 {
            let body = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(MarkdownMarks(body) == Self.scanned(body), "\(body.debugDescription)")
        }
    }
}
