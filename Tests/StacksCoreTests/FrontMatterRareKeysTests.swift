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
