import Testing
@testable import StacksCore

/// A link's target worked out from the folder it is written in: the quick way for ASCII paths
/// (by bytes) gives what the way by characters gives, for every mix of segments.
@Suite struct LinkTargetsJoinTests {
    @Test func asciiPathsJoinAsByCharacters() {
        let segments = ["", ".", "..", "a", "b.md", "...", ".hidden", "x y", "%2e%2e", "c#d"]
        var paths: [String] = [""]
        for first in segments {
            for second in segments {
                for third in ["", ".", "..", "e"] {
                    paths.append([first, second, third].joined(separator: "/"))
                    paths.append("/" + first + "//" + second + "/" + third + "/")
                }
            }
        }
        var compared = 0
        for directory in ["", "a", "a/b", "a/b/c", "/a//b/"] {
            for relative in paths {
                #expect(LinkTargets.join(directory, relative) == LinkTargets.joinedByCharacters(directory, relative),
                        "\(directory.debugDescription) + \(relative.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 4000)
        #expect(LinkTargets.join("a/b", "../../c") == "c")
        #expect(LinkTargets.join("a", "../../c") == nil)
        #expect(LinkTargets.join("a/b", "./c/../d.md") == "a/b/d.md")
    }

    /// A `/` with a combining mark after it is one character, not a separator, as before.
    @Test func otherTextIsSplitByCharacters() {
        let relative = "x/\u{301}y/../z"
        #expect(LinkTargets.join("a", relative) == LinkTargets.joinedByCharacters("a", relative))
        #expect(LinkTargets.join("a", "é/../b") == "a/b")
    }
}
