import Testing
@testable import StacksCore

/// A catalog's pages in chunks: a list of pages like any array, whose copies stay apart.
@Suite struct PageListTests {
    static func pages(_ count: Int) -> [Page] {
        (0..<count).map { Page(kind: .item, path: StackPath([.item("p\($0)")]), source: "p\($0).md", sourceDirectory: "",
                              title: "P\($0)", parent: 0) }
    }

    @Test func itHoldsThePagesInOrderAcrossChunks() {
        let pages = Self.pages(2 * PageList.chunkSize + 5)
        let list = PageList(pages)
        #expect(list.count == pages.count)
        #expect(list.map(\.title) == pages.map(\.title))
        #expect(list[PageList.chunkSize - 1].title == "P\(PageList.chunkSize - 1)")
        #expect(list[PageList.chunkSize].title == "P\(PageList.chunkSize)")
        #expect(Array(list.indices) == Array(pages.indices))
        #expect(PageList().isEmpty && PageList([]).count == 0)
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = PageList(Self.pages(PageList.chunkSize + 10))
        var copy = original
        copy[PageList.chunkSize + 3].title = "changed"
        copy[2].children.append(7)
        copy.append(Self.pages(1)[0])
        #expect(original[PageList.chunkSize + 3].title == "P\(PageList.chunkSize + 3)")
        #expect(original[2].children.isEmpty)
        #expect(original.count == PageList.chunkSize + 10)
        #expect(copy[PageList.chunkSize + 3].title == "changed" && copy[2].children == [7])
        #expect(copy.count == PageList.chunkSize + 11 && copy.last?.title == "P0")
    }

    /// What the preview's rebuild reads again of a patched catalog: the chunks written to.
    @Test func aPatchedCopyDiffersOnlyInTheChunksWrittenTo() {
        let original = PageList(Self.pages(3 * PageList.chunkSize + 10))
        #expect(original.indices(differingFrom: original) == [])
        var copy = original
        copy[PageList.chunkSize + 3].title = "changed"
        copy[3 * PageList.chunkSize + 1].children.append(2)
        #expect(copy.indices(differingFrom: original)
                == [PageList.chunkSize..<(2 * PageList.chunkSize), (3 * PageList.chunkSize)..<(3 * PageList.chunkSize + 10)])
        // Built again from the same pages: every chunk is another, so every page is read.
        let rebuilt = PageList(Self.pages(3 * PageList.chunkSize + 10))
        #expect(rebuilt.indices(differingFrom: original)?.reduce(0) { $0 + $1.count } == rebuilt.count)
        var longer = original
        longer.append(Self.pages(1)[0])
        #expect(longer.indices(differingFrom: original) == nil)
    }
}
