import Testing
@testable import StacksCore

/// A place in the output split into its names: by bytes for ASCII paths, as by characters, for
/// every mix of names a build writes and names it must refuse.
@Suite struct OutputPathTests {
    @Test func pathsSplitAsByCharacters() {
        let names = ["", ".", "..", "a", "index.html", "x y", "a\\b", "tab\t", "...", "-._~", "é", "e\u{301}", "\u{301}", "日本",
                     "del\u{7F}", "\u{1}", ".a", "a.", String(repeating: "n", count: 255), String(repeating: "n", count: 256)]
        var compared = 0
        for first in names {
            for second in names {
                for third in ["", "a", "é", "entries.json"] {
                    for path in [first, first + "/" + second, first + "/" + second + "/" + third, "/" + first, first + "//" + second] {
                        #expect(OutputPath.segments(of: path) == OutputPath.segmentsByCharacters(of: path), "\(path.debugDescription)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == names.count * names.count * 4 * 5)
        #expect(OutputPath("a/b/index.html")?.segments == ["a", "b", "index.html"])
        #expect(OutputPath("a/../b") == nil)
        #expect(OutputPath("a//b") == nil)
        // A slash with a combining mark after it is one character: no separator, and refused.
        #expect(OutputPath("a/\u{301}b") == nil)
    }
}
