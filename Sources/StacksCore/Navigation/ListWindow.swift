/// Which list the content column shows on a page, and which part of it: computed in one place
/// from the page's stack path and the catalog, so no renderer does the window arithmetic.
///
/// The list belongs to the deepest category on the path (the sidebar's selection), or to the
/// home page when it lists items of its own. A list longer than `limit` is shown a page at a
/// time on its owner's own pages, and as a window of `limit` entries around the selection on
/// every other page below it.
struct ListWindow: Equatable, Sendable {
    /// Which page of its owner's list a page shows, of how many; page 1 is the owner's own page.
    struct Pagination: Equatable, Sendable {
        var number: Int
        var pages: Int
        var previous: Int? { number > 1 ? number - 1 : nil }
        var next: Int? { number < pages ? number + 1 : nil }
    }

    /// The page whose children are listed.
    var owner: Int
    /// The owner's child on the path to the page (the page itself, or the item it is below).
    var selected: Int?
    /// Where `selected` is among the owner's children.
    var selectedPosition: Int?
    /// How many children the owner has.
    var total: Int
    /// The positions among the owner's children that are shown.
    var range: Range<Int>
    /// On the owner's own pages, when its list is longer than a window.
    var pagination: Pagination?
    /// On any other page, when the list is longer than a window: the list page holding the selection.
    var fullListPage: Int?

    /// The window of page `index`, showing page `listPage` (from 1) of a list on its owner's
    /// page; `nil` when the page lists nothing (the home page, or a page below it without a
    /// category, when the home lists no items).
    /// `pagesOnPath`: `catalog.pagesOnPath(of: index)`, when the caller has it at hand.
    init?(page index: Int, listPage: Int = 1, in catalog: Catalog, pagesOnPath: [Int]? = nil, limit: Int) {
        let pagesOnPath = pagesOnPath ?? catalog.pagesOnPath(of: index)
        let owner: Int
        if let category = catalog.selectedCategory(of: index, pagesOnPath: pagesOnPath) {
            owner = category
        } else if Self.homeHasList(catalog, limit: limit) {
            owner = Catalog.rootIndex
        } else {
            return nil
        }
        let ownerDepth = catalog[owner].path.depth
        let children = catalog[owner].children
        self.owner = owner
        selected = ownerDepth + 1 < pagesOnPath.count ? pagesOnPath[ownerDepth + 1] : nil
        selectedPosition = selected.flatMap { children.firstIndex(of: $0) }
        total = children.count
        range = children.indices
        let limit = Self.entriesPerPage(limit)
        guard children.count > limit else { return }
        let pages = Self.pageCount(entries: children.count, limit: limit)
        if index == owner {
            let number = min(max(1, listPage), pages)
            pagination = Pagination(number: number, pages: pages)
            range = ((number - 1) * limit)..<min(children.count, number * limit)
        } else {
            let center = selectedPosition ?? 0
            let start = max(0, min(center - limit / 2, children.count - limit))
            range = start..<(start + limit)
            fullListPage = center / limit + 1
        }
    }

    /// Whether the home page has a list of its own, like a category's, on the home page and on
    /// the pages of its items: when items lie directly in the content folder (it lists its
    /// categories, then those items), or when it has more categories than a list page holds (it
    /// shows them a page at a time, so that the home does not grow with the catalog). Otherwise
    /// the home keeps its placeholder, and its sidebar names every category.
    static func homeHasList(_ catalog: Catalog, limit: Int) -> Bool {
        let children = catalog[Catalog.rootIndex].children
        return isPaged(entries: children.count, limit: limit) || children.contains { catalog[$0].kind == .item }
    }

    /// `layout.listWindow`, as a count of entries: at least one.
    static func entriesPerPage(_ limit: Int) -> Int { max(1, limit) }

    /// How many list pages `entries` entries take, `limit` to a page (at least one).
    static func pageCount(entries: Int, limit: Int) -> Int {
        let limit = entriesPerPage(limit)
        return max(1, (entries + limit - 1) / limit)
    }

    /// Whether a list of `entries` entries is shown in parts.
    static func isPaged(entries: Int, limit: Int) -> Bool {
        entries > entriesPerPage(limit)
    }
}
