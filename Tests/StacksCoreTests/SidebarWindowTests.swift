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

    static func page(_ path: String, limit: Int) async throws -> String {
        var config = SiteConfig()
        config.layout.sidebarWindow = limit
        let renderer = try await resolveInline(files, config: config).renderer
        let index = try #require(renderer.site.catalog.pages.indices.first { renderer.outputPath(of: $0) == path })
        let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
        let start = try #require(html.range(of: "<nav class=\"column sidebar\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func labels(_ sidebar: String) -> [String] {
        sidebar.components(separatedBy: "<span class=\"label\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// The home page is where "All 40 categories" leads: its sidebar (at narrow widths its only
    /// column) shows them all. A page without a selection shows the first ones.
    @Test func theHomePageShowsEveryCategoryAndOtherPagesWithoutASelectionTheFirst() async throws {
        let home = try await Self.page("index.html", limit: 10)
        #expect(Self.labels(home) == (0..<40).map { "Top c\($0 < 10 ? "0" : "")\($0)" })
        #expect(!home.contains("tree-all"))
        let loose = try await Self.page("loose/index.html", limit: 10)
        #expect(Self.labels(loose) == (0..<10).map { "Top c0\($0)" })
        #expect(loose.contains("<li class=\"tree-all\"><a href=\"../\">All 40 categories</a></li>"))
    }

    @Test func aCategoryFarDownIsShownAmongItsNeighbours() async throws {
        let sidebar = try await Self.page("c25/item/index.html", limit: 10)
        #expect(Self.labels(sidebar) == (20..<30).map { "Top c\($0)" })
        #expect(sidebar.contains("<a href=\"../../c25/\" class=\"selected\" aria-current=\"true\">"))
        #expect(sidebar.contains("<a href=\"../../\">All 40 categories</a>"))
    }

    @Test func anOpenCategoryWindowsItsChildrenAndLinksToItself() async throws {
        let sidebar = try await Self.page("c01/s11/thing/index.html", limit: 5)
        // The top level around c01, and c01's children around s11, which links to c01's page.
        #expect(Self.labels(sidebar) == ["Top c00", "Top c01", "Sub s07", "Sub s08", "Sub s09", "Sub s10", "Sub s11",
                                         "Top c02", "Top c03", "Top c04"])
        #expect(sidebar.contains("<li class=\"tree-all\"><a href=\"../../../c01/\">All 12 categories</a></li>"))
        #expect(sidebar.components(separatedBy: "tree-all").count - 1 == 2)
    }

    @Test func byDefaultALevelShowsTwentyCategories() async throws {
        let sidebar = try await Self.page("c01/s11/thing/index.html", limit: SiteConfig().layout.sidebarWindow)
        #expect(SiteConfig().layout.sidebarWindow == 20)
        #expect(Self.labels(sidebar).count == 20 + 12)
        #expect(!sidebar.contains("All 12 categories"))
    }
}
