import StacksCore

/// Where each page and co-located file of a prepared site is published, by output path (as
/// `stacks build` writes it): the preview looks requests up here, and nowhere else.
struct SiteRoutes: Sendable {
    enum Route: Sendable, Equatable {
        case page(Int)
        /// Page `number` (2 or more) of a large category's list.
        case listPage(category: Int, number: Int)
        /// The tag index or a tag's page (a part of its list).
        case tagPage(SiteRenderer.TagPage)
        /// A co-located file, by its path in the content folder.
        case asset(source: String)
    }

    private(set) var routes: [String: Route] = [:]

    init(_ renderer: SiteRenderer) {
        routes.reserveCapacity(renderer.pageCount + renderer.site.catalog.assets.count)
        for asset in renderer.site.catalog.assets { routes[asset.output] = .asset(source: asset.source) }
        for list in renderer.listPages {
            routes[renderer.outputPath(ofListPage: list.number, category: list.category)] =
                .listPage(category: list.category, number: list.number)
        }
        for page in renderer.tagPages { routes[renderer.outputPath(ofTagPage: page)] = .tagPage(page) }
        for index in 0..<renderer.pageCount { routes[renderer.outputPath(of: index)] = .page(index) }
    }

    /// The routes of `renderer`, taken from `earlier` (the routes of `old`) when every page
    /// kept its place, kind and number of children, and the co-located files are the same:
    /// then every output path and list page is the same too. Spelling out ten thousand paths
    /// again would cost more than the rest of a rebuild after a one-file edit.
    init(_ renderer: SiteRenderer, reusing earlier: SiteRoutes, of old: SiteRenderer) {
        let before = old.site.catalog, after = renderer.site.catalog
        let samePlaces = before.pages.count == after.pages.count && before.assets == after.assets
            && old.config.layout.listWindow == renderer.config.layout.listWindow
            && old.tagPages.map(old.outputPath(ofTagPage:)) == renderer.tagPages.map(renderer.outputPath(ofTagPage:))
            && before.pages.indices.allSatisfy { index in
                before.pages[index].path == after.pages[index].path && before.pages[index].kind == after.pages[index].kind
                    && before.pages[index].children.count == after.pages[index].children.count
            }
        self = samePlaces ? earlier : SiteRoutes(renderer)
    }

    subscript(path: String) -> Route? { routes[path] }

    /// The path a browser shows for an output path: `weather/rain/index.html` → `/weather/rain/`.
    static func urlPath(ofOutput path: String) -> String {
        "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    }
}
