/// What a renderer can take from an earlier one with the same templates and configuration:
/// the rendered entries of pages whose entry cannot have changed, and the sidebars when no
/// category changed.
struct RenderReuse: Sendable {
    private let earlier: SiteRenderer
    /// By page index: the page's index in the earlier catalog, when its entry is the same.
    private let sameEntry: [Int?]
    /// Where each earlier page's entry sits in the earlier lists: (list owner, position).
    private let earlierPositions: [(owner: Int, position: Int)?]
    /// By selected category index (`nil`: none): the earlier one, when the sidebars are the same.
    private let sameSidebar: [Int?: Int?]

    init(earlier: SiteRenderer, catalog: Catalog) {
        self.earlier = earlier
        let old = earlier.site.catalog
        let counterparts = CatalogCorrespondence(old: old, new: catalog).oldIndex
        let same = CatalogCorrespondence.sameEntries(old, catalog, counterparts: counterparts)
        // A row's `id` depends on whether its parent's list is shown in parts, which an entry
        // added beside it can change (a first item at the root makes the home a list).
        let limit = earlier.config.layout.listWindow
        sameEntry = catalog.pages.indices.map { index in
            guard same[index], let counterpart = counterparts[index],
                  ListPlace.rowID(counterpart, in: old, limit: limit) == ListPlace.rowID(index, in: catalog, limit: limit)
            else { return nil }
            return counterpart
        }
        var positions = [(owner: Int, position: Int)?](repeating: nil, count: old.pages.count)
        for (owner, list) in earlier.lists {
            let children = owner == Catalog.rootIndex ? old.categoryChildren(of: owner) : old.pages[owner].children
            guard children.count == list.plain.count else { continue }
            for (position, child) in children.enumerated() { positions[child] = (owner, position) }
        }
        earlierPositions = positions
        var sidebars: [Int?: Int?] = [:]
        // Whether the home has a list decides whether its sidebar is a window, and an item at
        // the root can change that without changing the tree.
        if CatalogCorrespondence.sameCategoryTree(old, catalog, counterparts: counterparts, sameEntries: same),
           ListWindow.homeHasList(old, limit: limit) == ListWindow.homeHasList(catalog, limit: limit) {
            sidebars.updateValue(nil, forKey: nil)
            for index in catalog.pages.indices where catalog.pages[index].kind == .category {
                if let counterpart = counterparts[index] { sidebars[index] = counterpart }
            }
        }
        sameSidebar = sidebars
    }

    /// The forms a list's entry is rendered in (`SiteRenderer.RenderedList`).
    enum Variant { case plain, windowed }

    func entry(_ index: Int, _ variant: Variant) -> String? {
        guard let counterpart = sameEntry[index], let (owner, position) = earlierPositions[counterpart],
              let list = earlier.lists[owner] else { return nil }
        switch variant {
        case .plain: return list.plain[position]
        case .windowed: return list.windowed.isEmpty ? nil : list.windowed[position]
        }
    }

    /// `tagsLink`: the new sidebars' tag entry; an earlier sidebar with another is not the same.
    func sidebar(_ selection: SiteRenderer.SidebarSelection, tagsLink: SidebarLinkView?) -> String? {
        guard let category = sameSidebar[selection.category],
              SiteRenderer.sidebarTagsLink(earlier.tagIndex, config: earlier.config, current: false) == tagsLink else { return nil }
        return earlier.sidebars[SiteRenderer.SidebarSelection(category: category, isPage: selection.isPage)]
    }
}
