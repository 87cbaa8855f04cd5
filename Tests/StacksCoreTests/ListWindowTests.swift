import Testing
@testable import StacksCore

/// The list a page's content column shows, and which part of it, from the page's stack path.
@Suite struct ListWindowTests {
    /// `big/` holds 20 items (`i00`–`i19`, one with a sub-item), `small/` holds 3; the home lists no items.
    static func catalog() async throws -> Catalog {
        var files: [(String, String)] = (0..<20).map { ("big/i\(String(format: "%02d", $0)).md", "Item \($0)") }
        files += [("big/i17/deep.md", "Deep"), ("big/i17/index.md", "Item 17")]
        files.removeAll { $0.0 == "big/i17.md" }
        files += (0..<3).map { ("small/s\($0).md", "Small \($0)") }
        return try await resolveInline(files).renderer.site.catalog
    }

    static func index(_ url: String, in catalog: Catalog) throws -> Int {
        try #require(catalog.pages.indices.first { catalog[$0].path.url == url })
    }

    @Test func aCategoryPagedByFiveShowsItsFirstMiddleAndLastPages() async throws {
        let catalog = try await Self.catalog()
        let big = try Self.index("big/", in: catalog)
        let first = try #require(ListWindow(page: big, listPage: 1, in: catalog, limit: 5))
        #expect(first.owner == big && first.selected == nil && first.total == 20 && first.range == 0..<5)
        #expect(first.pagination == ListWindow.Pagination(number: 1, pages: 4) && first.fullListPage == nil)
        #expect(first.pagination?.previous == nil && first.pagination?.next == 2)
        let middle = try #require(ListWindow(page: big, listPage: 2, in: catalog, limit: 5))
        #expect(middle.range == 5..<10 && middle.pagination?.previous == 1 && middle.pagination?.next == 3)
        let last = try #require(ListWindow(page: big, listPage: 4, in: catalog, limit: 5))
        #expect(last.range == 15..<20 && last.pagination?.previous == 3 && last.pagination?.next == nil)
        // A page number past the end shows the last page.
        #expect(ListWindow(page: big, listPage: 9, in: catalog, limit: 5) == last)
    }

    @Test func aCategoryShorterThanAWindowIsShownWhole() async throws {
        let catalog = try await Self.catalog()
        let small = try Self.index("small/", in: catalog), item = try Self.index("small/s1/", in: catalog)
        let own = try #require(ListWindow(page: small, in: catalog, limit: 5))
        #expect(own.range == 0..<3 && own.pagination == nil && own.fullListPage == nil && own.selected == nil)
        let itemWindow = try #require(ListWindow(page: item, in: catalog, limit: 5))
        #expect(itemWindow.owner == small && itemWindow.selected == item && itemWindow.selectedPosition == 1)
        #expect(itemWindow.range == 0..<3 && itemWindow.pagination == nil && itemWindow.fullListPage == nil)
    }

    @Test func anItemsWindowIsCentredOnItAndClampedAtTheEnds() async throws {
        let catalog = try await Self.catalog()
        let big = try Self.index("big/", in: catalog)
        for (position, expected, page) in [(0, 0..<5, 1), (9, 7..<12, 2), (19, 15..<20, 4)] {
            let item = catalog[big].children[position]
            let window = try #require(ListWindow(page: item, in: catalog, limit: 5))
            #expect(window.owner == big && window.selected == item && window.selectedPosition == position)
            #expect(window.range == expected && window.fullListPage == page && window.pagination == nil)
        }
    }

    @Test func aSubItemSelectsTheItemItIsBelow() async throws {
        let catalog = try await Self.catalog()
        let big = try Self.index("big/", in: catalog)
        let item = try Self.index("big/i17/", in: catalog), deep = try Self.index("big/i17/deep/", in: catalog)
        let window = try #require(ListWindow(page: deep, in: catalog, limit: 5))
        #expect(window.owner == big && window.selected == item && window.selectedPosition == 17)
        #expect(window.range == 15..<20 && window.fullListPage == 4)
    }

    @Test func theHomeListsNothingUnlessItHoldsItems() async throws {
        let catalog = try await Self.catalog()
        #expect(ListWindow(page: Catalog.rootIndex, in: catalog, limit: 5) == nil)
        let withItems = try await resolveInline([("a.md", "A"), ("b.md", "B"), ("c.md", "C"), ("fruit/pear.md", "Pear")])
            .renderer.site.catalog
        let home = try #require(ListWindow(page: Catalog.rootIndex, in: withItems, limit: 2))
        #expect(home.owner == Catalog.rootIndex && home.selected == nil && home.total == 4)
        #expect(home.range == 0..<2 && home.pagination == ListWindow.Pagination(number: 1, pages: 2))
        let b = try Self.index("b/", in: withItems)
        let itemWindow = try #require(ListWindow(page: b, in: withItems, limit: 2))
        #expect(itemWindow.owner == Catalog.rootIndex && itemWindow.selected == b && itemWindow.fullListPage != nil)
    }

    @Test func pageCountsRoundUpAndNeverReachZero() {
        #expect(ListWindow.pageCount(entries: 0, limit: 5) == 1)
        #expect(ListWindow.pageCount(entries: 10, limit: 5) == 2 && ListWindow.pageCount(entries: 11, limit: 5) == 3)
        #expect(ListWindow.pageCount(entries: 3, limit: 0) == 3 && !ListWindow.isPaged(entries: 5, limit: 5))
    }
}
