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

    /// A destination's parts by bytes, for ASCII, are its parts by characters, for every mix of
    /// marks; other text is read by characters (a `#` that a combining mark follows is no mark).
    @Test func destinationPartsAsByCharacters() {
        let pieces = ["", "/", "@/", "@", "a", "b.md", "..", "#", "?", "#x", "?q#y", "%2e", "@/#", "//"]
        var compared = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let destination = first + second + third
                    let fast = LinkTargets.parts(of: destination), slow = LinkTargets.partsByCharacters(of: destination)
                    #expect(fast.fromTop == slow.fromTop && fast.path == slow.path && fast.fragment == slow.fragment,
                            "\(destination.debugDescription)")
                    compared += 1
                }
            }
        }
        #expect(compared == pieces.count * pieces.count * pieces.count)
        let parts = LinkTargets.parts(of: "@/a/b.md#top")
        #expect(parts.fromTop && parts.path == "a/b.md" && parts.fragment == "#top")
        let marked = LinkTargets.parts(of: "a#\u{301}b?q")
        #expect(!marked.fromTop && marked.path == "a#\u{301}b" && marked.fragment == "?q")
    }

    /// A segment is decoded when it holds a `%` character, and left as it is otherwise, even
    /// where a `%` byte is part of a larger character.
    @Test func segmentsAreDecodedByTheirPercentCharacters() {
        #expect(URLEncoding.decodePathSegment("a%20b") == "a b")
        #expect(URLEncoding.decodePathSegment("%E5%8E%9F") == "原")
        #expect(URLEncoding.decodePathSegment("plain") == "plain")
        #expect(URLEncoding.decodePathSegment("%zz") == nil)
        #expect(URLEncoding.decodePathSegment("é%20") == "é ")
        #expect(URLEncoding.decodePathSegment("%\u{301}1") == "%\u{301}1")
    }
}
