import Testing
@testable import StacksCore

/// The keys few pages set, kept out of line (`FrontMatter`'s shared box), read and compare as
/// stored fields would: set, changed and cleared, in a copy without touching the original.
@Suite struct FrontMatterRareKeysTests {
    @Test func rareKeysReadBackAndCopiesStayApart() {
        var one = FrontMatter()
        #expect(one.linkTitle == nil && one.image == nil && one.slug == nil && one.aliases.isEmpty && one.params.isEmpty)
        one.linkTitle = "Short"
        one.aliases.append("old/place/")
        one.params["author"] = .string("Ada")
        var two = one
        two.slug = "moved"
        two.aliases.append("older/")
        two.params["author"] = .list([.string("Ada"), .string("Grace")])
        #expect(one.slug == nil && one.aliases == ["old/place/"] && one.params["author"] == .string("Ada"), "the copy's changes stay in the copy")
        #expect(two.linkTitle == "Short" && two.slug == "moved" && two.aliases == ["old/place/", "older/"])
        #expect(one != two)
        two.slug = nil
        two.aliases = ["old/place/"]
        two.params["author"] = .string("Ada")
        #expect(one == two, "the same keys again: equal")
    }

    /// A front matter of many keys Stacks does not know (set at once, not one box a key) reads
    /// them all, by both readers and from the memo; Zola's `[extra]` gives way to a key at the top.
    @Test func manyUnknownKeysAreAllRead() throws {
        let keys = (0..<3_000).map { "key\($0): value \($0)" }.joined(separator: "\n")
        for fastPath in [true, false] {
            let result = FrontMatterParser.parse("---\ntitle: T\n\(keys)\nextra: {key7: inner, deep: 1}\n---\nBody\n",
                                                 path: "content/a.md", fastPath: fastPath)
            #expect(result.diagnostics.isEmpty)
            let params = result.frontMatter.params
            #expect(params.count == 3_001, "\(fastPath)")
            #expect(params["key0"] == .string("value 0") && params["key2999"] == .string("value 2999"))
            #expect(params["key7"] == .string("value 7") && params["deep"] == .string("1"), "a key at the top wins over [extra]")
            var writer = MemoBytesWriter()
            writer.frontMatter(result.frontMatter)
            let bytes = writer.bytes
            let read = bytes.withUnsafeBytes { raw -> FrontMatter? in
                var reader = MemoBytesReader(bytes: raw)
                return reader.frontMatter()
            }
            #expect(read == result.frontMatter, "through the memo")
        }
    }

    @Test func clearingEveryRareKeyIsNoneSet() {
        var matter = FrontMatter()
        matter.image = "photo.jpg"
        matter.linkTitle = "Short"
        #expect(matter != FrontMatter())
        matter.image = nil
        matter.linkTitle = nil
        #expect(matter == FrontMatter(), "an emptied box is no box")
        var other = FrontMatter()
        other.title = "Title"
        matter.title = "Title"
        matter.params = ["k": .string("v")]
        matter.params = [:]
        #expect(matter == other)
    }
}
