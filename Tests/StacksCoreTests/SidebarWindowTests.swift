import Testing
@testable import StacksCore

/// The sidebar is bounded like the lists: a level with more categories than
/// `layout.sidebarWindow` shows that many around the selection, then a link to all of them.
@Suite struct SidebarWindowTests {
    @Test func aShortLevelIsShownWhole() {
        #expect(SidebarWindow.range(count: 0, selected: nil, limit: 5) == 0..<0)
        #expect(SidebarWindow.range(count: 5, selected: 4, limit: 5) == 0..<5)
    }

    @Test func aLongLevelShowsAWindowAroundTheSelection() {
        #expect(SidebarWindow.range(count: 40, selected: nil, limit: 10) == 0..<10)
        #expect(SidebarWindow.range(count: 40, selected: 2, limit: 10) == 0..<10)
        #expect(SidebarWindow.range(count: 40, selected: 25, limit: 10) == 20..<30)
        #expect(SidebarWindow.range(count: 40, selected: 39, limit: 10) == 30..<40)
        for selected in 0..<40 {
            let range = SidebarWindow.range(count: 40, selected: selected, limit: 7)
            #expect(range.count == 7 && range.contains(selected) && range.lowerBound >= 0 && range.upperBound <= 40)
        }
    }

    /// 40 top-level categories, the second with 12 sub-categories, each with an item; and an
    /// item in no category.
    static let files: [(String, String)] = {
        var files: [(String, String)] = [("_index.md", "---\ntitle: Home\n---\n"), ("loose.md", "---\ntitle: Loose\n---\nText.")]
        for top in 0..<40 {
            let name = "c\(top < 10 ? "0" : "")\(top)"
            files.append(("\(name)/_index.md", "---\ntitle: Top \(name)\n---\n"))
            files.append(("\(name)/item.md", "---\ntitle: Item of \(name)\n---\nText."))
        }
        for sub in 0..<12 {
            let name = "s\(sub < 10 ? "0" : "")\(sub)"
            files.append(("c01/\(name)/_index.md", "---\ntitle: Sub \(name)\n---\n"))
            files.append(("c01/\(name)/thing.md", "---\ntitle: Thing\n---\nText."))
        }
        return files
    }()

    static func page(_ path: String, limit: Int, listWindow: Int = 25,
                     files: [(String, String)] = Self.files) async throws -> String {
        var config = SiteConfig()
        config.layout.sidebarWindow = limit
        config.layout.listWindow = listWindow
        let renderer = try await resolveInline(files, config: config).renderer
        let index = try #require(renderer.site.catalog.pages.indices.first { renderer.outputPath(of: $0) == path })
        let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
        let start = try #require(html.range(of: "<nav class=\"column sidebar\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func labels(_ sidebar: String) -> [String] {
        // A category's label is its link's text after its icon tile ("All N categories" has none).
        sidebar.components(separatedBy: "</i>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// Without a list of its own (no items in the content folder, and no more categories than a
    /// list page holds), the home page is where "All 40 categories" leads: its sidebar (at
    /// narrow widths its only column) shows them all.
    @Test func aHomePageWithoutAListShowsEveryCategory() async throws {
        let categoriesOnly = Self.files.filter { $0.0 != "loose.md" }
        let home = try await Self.page("index.html", limit: 10, listWindow: 50, files: categoriesOnly)
        #expect(Self.labels(home) == (0..<40).map { "Top c\($0 < 10 ? "0" : "")\($0)" })
        #expect(!home.contains("tree-all"))
        let other = try await Self.page("c25/item/index.html", limit: 10, listWindow: 50, files: categoriesOnly)
        #expect(other.contains("<a href=\"../../\">All 40 categories</a>"))
    }

    /// With a list (here, for the item in the content folder), the home's list holds every
    /// category and its sidebar is windowed like any other: a page without a selection shows
    /// the first ones.
    @Test func aHomePageWithAListWindowsItsSidebarLikeEveryOtherPage() async throws {
        for path in ["index.html", "loose/index.html"] {
            let sidebar = try await Self.page(path, limit: 10)
            #expect(Self.labels(sidebar) == (0..<10).map { "Top c0\($0)" }, "\(path)")
            #expect(sidebar.contains("All 40 categories</a></li>"), "\(path)")
        }
    }

    @Test func aCategoryFarDownIsShownAmongItsNeighbours() async throws {
        let sidebar = try await Self.page("c25/item/index.html", limit: 10)
        #expect(Self.labels(sidebar) == (20..<30).map { "Top c\($0)" })
        #expect(sidebar.contains("<a href=\"../\" class=\"selected\" aria-current=\"true\">"))
        #expect(sidebar.contains("<a href=\"../../\">All 40 categories</a>"))
    }

    @Test func anOpenCategoryWindowsItsChildrenAndLinksToItself() async throws {
        let sidebar = try await Self.page("c01/s11/thing/index.html", limit: 5)
        // The top level around c01, and c01's children around s11, which links to c01's page.
        #expect(Self.labels(sidebar) == ["Top c00", "Top c01", "Sub s07", "Sub s08", "Sub s09", "Sub s10", "Sub s11",
                                         "Top c02", "Top c03", "Top c04"])
        #expect(sidebar.contains("<li class=\"tree-all\"><a href=\"../../\">All 12 categories</a></li>"))
        #expect(sidebar.components(separatedBy: "tree-all").count - 1 == 2)
    }

    @Test func byDefaultALevelShowsTwentyCategories() async throws {
        let sidebar = try await Self.page("c01/s11/thing/index.html", limit: SiteConfig().layout.sidebarWindow)
        #expect(SiteConfig().layout.sidebarWindow == 20)
        #expect(Self.labels(sidebar).count == 20 + 12)
        #expect(!sidebar.contains("All 12 categories"))
    }

    /// No page grows with the number of categories: with 1,000 categories the home page, a
    /// category's page and an item's page are the sizes they have with 100. The home shows its
    /// list a page at a time, and those pages together list every category once.
    @Test func noPageGrowsWithTheNumberOfCategories() async throws {
        func site(_ count: Int) async throws -> (sizes: [Int], listed: [String]) {
            var files: [(String, String)] = [("_index.md", "---\ntitle: Home\n---\nWelcome.\n")]
            for number in 0..<count {
                let name = "c" + String(String(number + 10_000).dropFirst())
                files.append(("\(name)/_index.md", "---\ntitle: Category \(name)\n---\n"))
                files.append(("\(name)/item.md", "---\ntitle: Item\n---\nText."))
            }
            let renderer = try await resolveInline(files, config: SiteConfig()).renderer
            func index(_ path: String) throws -> Int {
                try #require(renderer.site.catalog.pages.indices.first { renderer.outputPath(of: $0) == path })
            }
            let sizes = try ["index.html", "c0050/index.html", "c0050/item/index.html"].map { renderer.renderPage(try index($0)).count }
            var listed: [String] = []
            let homePages = renderer.listPages.filter { $0.category == Catalog.rootIndex }.map(\.number)
            for number in [1] + homePages {
                let html = String(decoding: renderer.renderPage(Catalog.rootIndex, listPage: number), as: UTF8.self)
                let content = try #require(html.components(separatedBy: "data-column=\"content\"").dropFirst().first)
                let column = try #require(content.components(separatedBy: "data-column=\"detail\"").first)
                listed += column.components(separatedBy: "Category ").dropFirst().map { String($0.prefix(5)) }
            }
            return (sizes, listed)
        }
        let small = try await site(100), large = try await site(1_000)
        for (few, many) in zip(small.sizes, large.sizes) {
            let difference = abs(many - few)
            #expect(difference < 100, "\(few) bytes with 100 categories, \(many) with 1,000")
        }
        let names: [String] = (0..<1_000).map { "c" + String(String($0 + 10_000).dropFirst()) }
        #expect(large.listed == names)
    }
}
