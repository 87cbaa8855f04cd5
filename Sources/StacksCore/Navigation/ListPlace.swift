/// Where a page's entry is in a list shown in parts (a large category's): the list page that
/// holds it, and its row's `id`. The back link and the breadcrumb to the category lead there,
/// `…/page/6/#entry-parts/part-0300`, so that going back lands on the entry the user came from,
/// scrolled to it and marked (`:target`), with or without the script.
enum ListPlace {
    /// The `id` of `index`'s row, when its parent's list is shown in parts: `entry-` and its
    /// path, which no other entry on any page has. Other rows have none, to keep pages small.
    static func rowID(_ index: Int, in catalog: Catalog, limit: Int) -> String? {
        guard let parent = catalog[index].parent, ListWindow.isPaged(entries: catalog[parent].children.count, limit: limit),
              catalog[parent].kind == .category || (parent == Catalog.rootIndex && ListWindow.homeHasList(catalog, limit: limit))
        else { return nil }
        // A URL is ASCII (its slugs percent-encoded): its last byte is its last character, the
        // slash (dropped by characters, it took 2,300 instructions a row).
        return "entry-" + String(decoding: catalog.pages[index].url.utf8.dropLast(), as: UTF8.self)
    }

    /// For a page below a category whose list is shown in parts: that category, and the URL
    /// (root-marker form) of its list page holding the entry on the page's path, with a
    /// fragment naming the entry's row.
    /// `segment`: a category's list page folder (`PageContext.listPageSegment`) when the caller
    /// has it drawn already; otherwise it is told from the category's children.
    static func of(page index: Int, context: PageContext, segment: (Int) -> String? = { _ in nil }) -> (category: Int, url: String)? {
        let limit = context.config.layout.listWindow
        guard let window = ListWindow(page: index, in: context.catalog, limit: limit),
              let number = window.fullListPage, let selected = window.selected,
              let id = rowID(selected, in: context.catalog, limit: limit) else { return nil }
        return (window.owner, context.listPageURL(window.owner, number: number, segment: segment(window.owner)) + "#" + id)
    }
}
