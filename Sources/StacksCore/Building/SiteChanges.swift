/// Which pages may render differently after a rebuild: what `stacks serve` renders again and
/// reloads in open browsers.
///
/// Read off the two prepared sites, not the edit, so it holds for any edit: a page changes
/// with its own text and front matter, with the titles on its breadcrumbs, with the list its
/// content column or sub-items show (a list changes when an entry's title, summary, order,
/// icon or colour does, or when an entry comes or goes), with its parent's list (it links the
/// items before and after it), with the category whose column it shows, and with the sidebar,
/// which every page has; the home also with the number of tags. New templates or configuration
/// change everything.
public struct SiteChanges: Sendable, Equatable {
    /// Every page may differ.
    public var everything: Bool
    /// Pages of the new site, by index, that may render differently, new pages included; a
    /// category's list pages change with it.
    public var pages: Set<Int>
    /// Pages of the old site, by index, that the new one no longer has.
    public var removed: Set<Int>
    /// Whether pages came, went or moved, so that indices and paths no longer correspond.
    public var structure: Bool
    /// Whether the files beside the pages (search index, catalog description, redirects, 404,
    /// theme assets) may differ.
    public var extras: Bool
    /// Whether the co-located files of the content folder are not the same list.
    public var assets: Bool

    public init(everything: Bool, pages: Set<Int>, removed: Set<Int>, structure: Bool, extras: Bool, assets: Bool) {
        self.everything = everything
        self.pages = pages
        self.removed = removed
        self.structure = structure
        self.extras = extras
        self.assets = assets
    }

    public init(from old: Pipeline.Prepared, to new: Pipeline.Prepared) {
        let before = old.renderer
        let after = new.renderer
        let oldCatalog = before.site.catalog
        let catalog = after.site.catalog
        let counterparts = CatalogCorrespondence(old: oldCatalog, new: catalog).oldIndex
        let identical = oldCatalog.pages.count == catalog.pages.count
            && counterparts.enumerated().allSatisfy { $0.element == $0.offset }
        var removed = Set(oldCatalog.pages.indices)
        for case let counterpart? in counterparts { removed.remove(counterpart) }
        self.init(everything: false, pages: [], removed: removed, structure: !identical, extras: !identical,
                  assets: oldCatalog.assets != catalog.assets)

        if old.theme != new.theme || before.config != after.config {
            everything = true
            extras = true
            pages = Set(catalog.pages.indices)
            return
        }
        for (selection, sidebar) in after.sidebars {
            let counterpart = selection.category.flatMap { counterparts[$0] }
            guard selection.category == nil || counterpart != nil,
                  before.sidebars[SiteRenderer.SidebarSelection(category: counterpart, isPage: selection.isPage)] == sidebar else {
                everything = true
                extras = true
                pages = Set(catalog.pages.indices)
                return
            }
        }

        // What each page says of itself, and whether its own list is the same. Pages are read
        // through buffer pointers: the array's subscript would copy each page to read a field.
        var ownChanged = [Bool](repeating: false, count: catalog.pages.count)
        var headerChanged = [Bool](repeating: false, count: catalog.pages.count)
        var listChanged = [Bool](repeating: false, count: catalog.pages.count)
        let sameEntries = CatalogCorrespondence.sameEntries(oldCatalog, catalog, counterparts: counterparts)
        oldCatalog.pages.withUnsafeBufferPointer { oldPages in
            catalog.pages.withUnsafeBufferPointer { pages in
                for index in pages.indices {
                    guard let counterpart = counterparts[index] else {
                        ownChanged[index] = true
                        headerChanged[index] = true
                        listChanged[index] = true
                        continue
                    }
                    let sameChildren = identical
                        ? oldPages[counterpart].children == pages[index].children
                        : oldPages[counterpart].children.map { oldPages[$0].path } == pages[index].children.map { pages[$0].path }
                    headerChanged[index] = oldPages[counterpart].title != pages[index].title
                        || oldPages[counterpart].listTitle != pages[index].listTitle
                    ownChanged[index] = !sameEntries[index] || !sameChildren || oldPages[counterpart].body != pages[index].body
                        || oldPages[counterpart].bodyLine != pages[index].bodyLine
                        || before.site.bodies[counterpart] != after.site.bodies[index]
                    listChanged[index] = before.lists[counterpart] != after.lists[index]
                    // The search's index holds the text of every body.
                    if !sameEntries[index] || !sameChildren || ownChanged[index] { extras = true }
                }
            }
        }

        // Pages are stored parents first, so one pass carries what ancestors pass down.
        var ancestorChanged = [Bool](repeating: false, count: catalog.pages.count)
        var category = [Int?](repeating: nil, count: catalog.pages.count)
        for index in catalog.pages.indices {
            if let parent = catalog.pages[index].parent {
                ancestorChanged[index] = ancestorChanged[parent] || headerChanged[parent]
                category[index] = category[parent]
            }
            if catalog.pages[index].kind == .category { category[index] = index }
        }
        for index in catalog.pages.indices {
            var changed = ownChanged[index] || ancestorChanged[index] || listChanged[index]
            // The content column: the deepest category's title, introduction and list, and its
            // index, which names the filter field. The home page shows the categories' list.
            let shown = category[index] ?? Catalog.rootIndex
            if shown != index {
                changed = changed || ownChanged[shown] || listChanged[shown]
            }
            if category[index] != nil, counterparts[shown] != shown { changed = true }
            // An item links the items before and after it in its parent's list.
            if let parent = catalog.pages[index].parent, listChanged[parent] { changed = true }
            if changed { pages.insert(index) }
        }
        // The home's list is followed by the tag index's entry, which counts the tags.
        if before.homeTagIndexEntry != after.homeTagIndexEntry { pages.insert(Catalog.rootIndex) }
    }
}
