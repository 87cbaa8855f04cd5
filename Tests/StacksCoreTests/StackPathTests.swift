import Testing
@testable import StacksCore

@Suite struct StackPathTests {
    let drizzle = StackPath([.category("weather"), .item("rain"), .item("drizzle")])

    @Test func pushAppendsAndBackRemovesTheLast() {
        var path = StackPath.root
        path.push(.category("weather"))
        path.push(.item("rain"))
        #expect(path == StackPath([.category("weather"), .item("rain")]))
        #expect(path.back() == .item("rain"))
        #expect(path == StackPath([.category("weather")]))
        #expect(path.back() == .category("weather"))
        #expect(path.back() == nil)
        #expect(path.isRoot)
    }

    @Test func backToTopEmptiesThePath() {
        var path = drizzle
        path.backToTop()
        #expect(path == .root)
    }

    @Test(arguments: 0...3)
    func jumpToBreadcrumbKeepsThatManyDestinations(index: Int) {
        var path = drizzle
        path.jump(toBreadcrumb: index)
        #expect(path.destinations == Array(drizzle.destinations.prefix(index)))
        #expect(path == drizzle.prefixes[index])
    }

    @Test func urlJoinsSlugsAsACleanURL() {
        #expect(drizzle.url == "weather/rain/drizzle/")
        #expect(drizzle.outputDirectory == "weather/rain/drizzle")
        #expect(StackPath.root.url == "")
        #expect(StackPath([.category("café")]).url == "caf%C3%A9/")
    }

    /// The URL and folder written byte by byte are those spelled piece by piece, for slugs and
    /// languages of every kind: reserved characters, non-ASCII letters, combining marks, empty.
    @Test func urlAndFolderAsSpelledPieceByPiece() {
        let slugs = ["", "a", "rain", "café", "e\u{301}", "a b", "%41", "日本語", "x/y", "-._~", "🍶", "?#&"]
        var compared = 0
        for language in ["", "de", "zh-Hans", "é"] {
            for first in slugs {
                for second in slugs {
                    for path in [StackPath(unchecked: [.category(first)], language: language),
                                 StackPath(unchecked: [.category(first), .item(second)], language: language),
                                 StackPath(unchecked: [.category(first), .category(second), .item(first)], language: language)] {
                        #expect(path.url == path.urlByPieces, "\(path.destinations) \(language)")
                        #expect(path.outputDirectory == path.outputDirectoryByPieces, "\(path.destinations) \(language)")
                        compared += 1
                    }
                }
            }
            let root = StackPath(unchecked: [], language: language)
            #expect(root.url == root.urlByPieces && root.outputDirectory == root.outputDirectoryByPieces)
        }
        #expect(compared == 4 * slugs.count * slugs.count * 3)
        #expect(StackPath(unchecked: [.category("é"), .item("a b")], language: "de").url == "de/%C3%A9/a%20b/")
    }

    @Test func prefixesAreTheBreadcrumbs() {
        #expect(drizzle.prefixes.map(\.url) == ["", "weather/", "weather/rain/", "weather/rain/drizzle/"])
    }

    @Test func parentIsThePathWithoutItsLastDestination() {
        #expect(drizzle.parent == StackPath([.category("weather"), .item("rain")]))
        #expect(StackPath.root.parent == nil)
    }

    @Test func slugsFromURLUndoPercentEncoding() {
        #expect(StackPath.slugs(fromURL: "caf%C3%A9/ferry/") == ["café", "ferry"])
        #expect(StackPath.slugs(fromURL: "weather/rain/index.html") == ["weather", "rain"])
        #expect(StackPath.slugs(fromURL: "") == [])
        #expect(StackPath.slugs(fromURL: "weather") == nil)
        #expect(StackPath.slugs(fromURL: "/weather/") == nil)
        #expect(StackPath.slugs(fromURL: "weather/../") == nil)
        #expect(StackPath.slugs(fromURL: "weather//") == nil)
        #expect(StackPath.slugs(fromURL: "%ZZ/") == nil)
    }

    @Test func categoriesCannotFollowItems() {
        #expect(StackPath.isWellFormed([.category("a"), .category("b"), .item("c"), .item("d")]))
        #expect(!StackPath.isWellFormed([.item("c"), .category("a")]))
    }

    @Test func splitViewProjection() {
        let nested = StackPath([.category("traffic"), .category("ships"), .item("ferry"), .item("deck"), .item("cabin")])
        let state = SplitViewState(nested)
        #expect(state.sidebar == ["traffic", "ships"])
        #expect(state.content == "ferry")
        #expect(state.detail == ["deck", "cabin"])
        #expect(state.detailHasBackButton)
        #expect(state.path == nested)
        #expect(SplitViewState(.root) == SplitViewState())
        #expect(!SplitViewState(StackPath([.category("weather"), .item("sun")])).detailHasBackButton)
    }

    @Test func selectingACategoryClearsTheItemSelection() {
        var state = SplitViewState(drizzle)
        state.selectCategory(["traffic"])
        #expect(state.path == StackPath([.category("traffic")]))
        #expect(state.content == nil && state.detail.isEmpty)
    }

    @Test func relativeURLsClimbToTheRootAndDescend() {
        let sun = StackPath([.category("weather"), .item("sun")])
        #expect(RelativeURL.page(sun, fromDepth: 0) == "weather/sun/")
        #expect(RelativeURL.page(sun, fromDepth: 3) == "../../../weather/sun/")
        #expect(RelativeURL.page(.root, fromDepth: 0) == "./")
        #expect(RelativeURL.page(.root, fromDepth: 2) == "../../")
        #expect(RelativeURL.page(.root, fromDepth: 2, portable: true) == "../../index.html")
        #expect(RelativeURL.page(sun, fromDepth: 1, portable: true) == "../weather/sun/index.html")
        #expect(RelativeURL.file("weather/rain/radar map.png", fromDepth: 1) == "../weather/rain/radar%20map.png")
    }

    /// The way up spelled directly is what the root marker's resolution gives, for every page
    /// of random catalogs (nested categories, bundles, spaces, non-ASCII names), languages, and
    /// slugs that start with a dot, at every depth, portable or not.
    @Test(arguments: 0..<8)
    func relativeURLsFromADepthMatchTheMarkersResolution(seed: Int) async {
        let (catalog, _) = await CatalogLoader().load(StackPathPropertyTests.randomTree(seed: UInt64(seed)))
        var paths = catalog.pages.map(\.path)
        paths += [StackPath([.category("."), .item("./x")]), StackPath([.category("été"), .item("naïve café")]),
                  StackPath([.category("été")], language: "fr"), StackPath([], language: "fr")]
        #expect(paths.count > 4)
        for path in paths {
            for depth in 0..<5 {
                for portable in [false, true] {
                    let marked = String(decoding: RootMarker.resolve(RootMarker.page(path, portable: portable), depth: depth), as: UTF8.self)
                    #expect(RelativeURL.page(path, fromDepth: depth, portable: portable) == marked, "\(path.url) \(depth) \(portable)")
                }
            }
        }
    }

    /// A page's links climb only to the folder they share with their target.
    @Test func linksFromAPageClimbOnlyToTheFolderTheyShare() {
        let weather = StackPath([.category("weather")])
        let rain = StackPath([.category("weather"), .item("rain")])
        let sun = StackPath([.category("weather"), .item("sun")])
        let drizzle = StackPath([.category("weather"), .item("rain"), .item("drizzle")])
        let traffic = StackPath([.category("traffic")])
        #expect(RelativeURL.page(sun, from: rain) == "../sun/")
        #expect(RelativeURL.page(rain, from: rain) == "./")
        #expect(RelativeURL.page(rain, from: rain, portable: true) == "index.html")
        #expect(RelativeURL.page(weather, from: rain) == "../")
        #expect(RelativeURL.page(drizzle, from: rain) == "drizzle/")
        #expect(RelativeURL.page(sun, from: drizzle) == "../../sun/")
        #expect(RelativeURL.page(traffic, from: drizzle) == "../../../traffic/")
        #expect(RelativeURL.page(.root, from: drizzle) == "../../../")
        #expect(RelativeURL.page(sun, from: .root) == "weather/sun/")
        // A folder is shared whole or not at all: `weather-2/` shares nothing with `weather/`.
        #expect(RelativeURL.page(StackPath([.category("weather-2")]), from: rain) == "../../weather-2/")
        #expect(RelativeURL.page(StackPath([.category("weather"), .item("rainbow")]), from: rain) == "../rainbow/")
        // A list page links its category's items from two folders below it.
        #expect(RelativeURL.page(sun, fromFolder: "weather/page/2/") == "../../sun/")
        #expect(RelativeURL.page(weather, fromFolder: "weather/page/2/") == "../../")
        // The rest of the URL is kept: a fragment, a file.
        let marked = RootMarker.page(weather, portable: false) + "page/2/#entry-weather/rain\" <b>" + RootMarker.file("weather/rain/radar.svg") + "\""
        #expect(String(decoding: RootMarker.resolve(marked, folder: "weather/rain/"), as: UTF8.self)
                == "../page/2/#entry-weather/rain\" <b>radar.svg\"")
        #expect(String(decoding: RootMarker.resolve(RootMarker.page(rain, portable: false) + "#x\"", folder: "weather/rain/"), as: UTF8.self)
                == "./#x\"")
    }
}
