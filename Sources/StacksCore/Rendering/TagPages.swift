/// The tag pages: `tags/`, the index of every tag with its count, and `tags/<slug>/`, one
/// tag's pages as a list like a category's (paged past `layout.listWindow` at `page/N/`,
/// with its `entries.json` for the script's filter and virtual list).
///
/// They are a second tab with its own stack path: the index is [tags], a tag [tags, tag].
/// The breadcrumbs, back link, document title and JSON-LD derive from that path as a
/// category's do from its own; the sidebar shows the category tree with nothing selected and
/// its "Tags" entry current. A tag's list links the items' own pages: no page is made twice.
/// Their list indexes are written beside the pages, with the search index and the sitemap
/// (`SiteManifest.Extra.tagListIndexes(part:)`).
extension SiteRenderer {
    /// One tag page: the index (`tag == nil`), or page `number` (from 1) of a tag's list.
    public struct TagPage: Sendable, Hashable {
        /// The tag's position in `TagIndex.tags`.
        public var tag: Int?
        public var number: Int
    }

    /// The sidebar's entry for the tag index; none when no page has tags.
    static func sidebarTagsLink(_ tags: TagIndex, config: SiteConfig, current: Bool) -> SidebarLinkView? {
        guard !tags.isEmpty else { return nil }
        return SidebarLinkView(title: config.strings["tags"], url: RootMarker.page(tags.indexPath, portable: config.portable), current: current)
    }

    /// The same entry after the home's own list, with the number of tags.
    var homeTagIndexEntry: TagIndexEntryView? {
        guard let link = Self.sidebarTagsLink(tagIndex, config: config, current: false) else { return nil }
        let count = tagIndex.tags.count
        return TagIndexEntryView(title: link.title, url: link.url, count: count, countLabel: config.strings.count("tagCount", count))
    }

    /// An item's tags as links to their pages, each tag once, as the item spells it.
    ///
    /// Every item page has these: the tag's URL is the index's and its slug, not a stack path
    /// made and spelled for each link, and a tag already linked is found among the few before
    /// it rather than in a set made for the page.
    func tagLinks(of names: [String]) -> [LinkView] {
        guard !names.isEmpty else { return [] }
        let indexURL = tagIndex.indexPath.url
        var links: [LinkView] = []
        links.reserveCapacity(names.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: names.count) { linked in
            for name in names {
                guard let position = tagIndex.position(of: name), !linked[..<links.count].contains(position) else { continue }
                linked[links.count] = position
                let url = indexURL + URLEncoding.encodePathSegment(tagIndex.tags[position].slug) + "/"
                links.append(LinkView(title: name, url: RootMarker.page(url: url, portable: config.portable)))
            }
        }
        return links
    }

    /// Every tag page: the index's pages, then each tag's.
    public var tagPages: [TagPage] {
        guard !tagIndex.isEmpty else { return [] }
        let limit = config.layout.listWindow
        return (1...ListWindow.pageCount(entries: tagIndex.tags.count, limit: limit)).map { TagPage(tag: nil, number: $0) }
            + tagIndex.tags.indices.flatMap { tag in
                (1...ListWindow.pageCount(entries: tagIndex.tags[tag].pages.count, limit: limit)).map { TagPage(tag: tag, number: $0) }
            }
    }

    /// The tag page's stack path: [tags] or [tags, tag].
    func stackPath(of page: TagPage) -> StackPath {
        page.tag.map { tagIndex.path(of: $0) } ?? tagIndex.indexPath
    }

    /// Where a tag page is written, relative to the output root.
    public func outputPath(ofTagPage page: TagPage) -> String {
        let directory = stackPath(of: page).outputDirectory
        return page.number > 1 ? "\(directory)/page/\(page.number)/index.html" : directory + "/index.html"
    }

    /// Folders below the root: a list page sits two below its tag (`tags/rust/page/2/`).
    private func depth(of page: TagPage) -> Int {
        stackPath(of: page).depth + (page.number > 1 ? 2 : 0)
    }

    /// What every tag page shares: the sidebar (`tagSidebar`) and where each tagged page's
    /// entry is in its parent's list (`positionsInParents`). Made once for all of them.
    public struct TagPageParts: Sendable {
        var sidebar: String
        /// By catalog index: where a tagged page is in its parent's children, -1 for another page.
        var positions: [Int32]
    }

    public func tagPageParts() -> TagPageParts {
        var stamps = TemplateStamps()
        return TagPageParts(sidebar: tagSidebar(context: context, stamps: &stamps), positions: positionsInParents())
    }

    /// The lists whose indexes `eachTagListIndex(part:_:)` makes (`nil`: the tag index's, else
    /// a tag's position), in up to `tagListIndexParts` parts of about as many rows each, so
    /// that a build makes them on all cores: a catalog's tags' lists are as long as its
    /// categories' together.
    func tagListIndexParts() -> [[Int?]] {
        let limit = config.layout.listWindow
        var lists: [(tag: Int?, rows: Int)] = ListWindow.isPaged(entries: tagIndex.tags.count, limit: limit) ? [(nil, tagIndex.tags.count)] : []
        for position in tagIndex.tags.indices where ListWindow.isPaged(entries: tagIndex.tags[position].pages.count, limit: limit) {
            lists.append((position, tagIndex.tags[position].pages.count))
        }
        guard !lists.isEmpty else { return [] }
        let share = (lists.reduce(0) { $0 + $1.rows } + Self.tagListIndexParts - 1) / Self.tagListIndexParts
        var parts: [[Int?]] = [[]], rows = 0
        for list in lists {
            if rows >= share, parts.count < Self.tagListIndexParts {
                parts.append([])
                rows = 0
            }
            parts[parts.count - 1].append(list.tag)
            rows += list.rows
        }
        return parts
    }

    static let tagListIndexParts = 8

    /// The indexes of part `part` of the tag lists shown in parts (`tagListIndexParts()`), the
    /// tag index's and each large tag's, each handed to `body` as it is made.
    func eachTagListIndex(part: Int, _ body: (OutputFile) throws -> Void) rethrows {
        let parts = tagListIndexParts()
        guard part < parts.count else { return }
        for tag in parts[part] {
            guard let position = tag else {
                let rows = tagIndex.tags.indices.map { tagRow($0) }
                try CategoryIndex.files(path: tagListIndexPath(nil), json: CategoryIndex.json(rows: rows), context: context).forEach(body)
                continue
            }
            try CategoryIndex.files(path: tagListIndexPath(position),
                                    json: CategoryIndex.json(of: tagIndex.tags[position].pages, below: tagIndex.path(of: position), context: context),
                                    context: context).forEach(body)
        }
    }

    /// Where `eachTagListIndex(part:_:)` writes, without making them.
    func tagListIndexPaths(part: Int) -> [String] {
        let parts = tagListIndexParts()
        guard part < parts.count else { return [] }
        return parts[part].flatMap { CategoryIndex.paths(tagListIndexPath($0), portable: config.portable) }
    }

    /// `tags/rust/page/entries.json` (`tags/page/entries.json` for the index): beside the
    /// list's pages, as a category's.
    private func tagListIndexPath(_ tag: Int?) -> String {
        CategoryIndex.folder(of: tag.map { tagIndex.path(of: $0) } ?? tagIndex.indexPath) + "page/entries.json"
    }

    /// A tag as the index's list index gives it (a row of `CategoryIndex.fields`): its URL from the index,
    /// name, kind, `#` tile and count.
    private func tagRow(_ position: Int) -> [String] {
        let tag = tagIndex.tags[position]
        let url = String(tagIndex.path(of: position).url.dropFirst(tagIndex.indexPath.url.count)) + (config.portable ? "index.html" : "")
        let tile = tagEntry(position).icon
        return [url, tag.name, "", "", "tag", tile.iconText ?? "", tile.color ?? "", String(tag.pages.count)]
    }

    /// The sidebar of every tag page: the tree with nothing selected, the tag entry current.
    func tagSidebar(context: PageContext, stamps: inout TemplateStamps) -> String {
        let view = Self.sidebarView(selected: SidebarSelection(category: nil, isPage: false),
                                    tags: Self.sidebarTagsLink(tagIndex, config: config, current: true), context: context)
        return Self.renderSidebar(view, templates: templates, stamps: &stamps)
    }

    /// Where each tagged page is among its parent's children: its entry in the parent's list.
    /// By catalog index, -1 for a page without tags: four bytes a page, where a dictionary of the
    /// tagged pages was 16 and more, held by every tag page's render.
    func positionsInParents() -> [Int32] {
        let tagged = tagIndex.taggedPages(of: site.catalog.pages.count)
        var positions = [Int32](repeating: -1, count: tagged.count)
        for page in site.catalog.pages {
            for (position, child) in page.children.enumerated() where child < tagged.count && tagged[child] {
                positions[child] = Int32(position)
            }
        }
        return positions
    }

    /// A tag page, with what all of them share (`tagPageParts`).
    func renderTagPage(_ page: TagPage, parts: TagPageParts, stamps: inout TemplateStamps) -> [UInt8] {
        render(input(ofTagPage: page, parts: parts, stamps: &stamps), stamps: &stamps)
    }

    /// What a tag page is made from.
    func input(ofTagPage page: TagPage, parts: TagPageParts, stamps: inout TemplateStamps) -> PageInput {
        let sidebar = parts.sidebar, positions = parts.positions
        let path = stackPath(of: page)
        let depth = depth(of: page)
        let strings = config.strings, tagsTitle = strings["tags"]
        let title = page.tag.map { tagIndex.tags[$0].name } ?? tagsTitle
        // The stack: home, the index, the tag.
        var trail: [(title: String, path: StackPath)] = [(config.siteTitle, .root(language: config.languageFolder)), (tagsTitle, tagIndex.indexPath)]
        if page.tag != nil { trail.append((title, path)) }
        let breadcrumbs = trail.enumerated().map { position, crumb in
            CrumbView(title: crumb.title, url: RootMarker.page(crumb.path, portable: config.portable), current: position == trail.count - 1)
        }
        let back = trail.dropLast().last.map { LinkView(title: $0.title, url: RootMarker.page($0.path, portable: config.portable)) }
        let documentTitle = page.number > 1
            ? strings.text("listPage", ["title": title, "number": strings.number(page.number)]) + " – " + config.siteTitle
            : page.tag != nil ? "\(title) – \(tagsTitle) – \(config.siteTitle)" : "\(title) – \(config.siteTitle)"
        let description = page.tag.map { tag in
            strings.count("taggedPages", tagIndex.tags[tag].pages.count, ["tag": title])
        } ?? strings.text("tagIndexDescription", ["site": config.siteTitle])
        let canonical = page.number == 1 ? config.absoluteURL(of: path) : nil
        var view = LayoutView(
            site: context.site(),
            page: PageView(title: title, documentTitle: documentTitle, kind: page.tag == nil ? "tags" : "tag",
                           kindLabel: "details", skipLabel: strings["skipToDetails"], depth: path.depth, description: description, canonical: canonical,
                           breadcrumbList: breadcrumbList(trail, depth: depth)),
            layout: context.layout(),
            breadcrumbs: breadcrumbs,
            back: back,
            contentLabel: title,
            sidebar: HTML(sidebar),
            content: HTML(""),
            detail: HTML(""))
        // Tags are each language's own: the switcher leads to the other languages' homes.
        withLanguages(of: Catalog.rootIndex, onlyHome: true, &view)
        let folder = stackPath(of: page).url + (page.number > 1 ? "page/\(page.number)/" : "")
        return PageInput(layout: view.templateObject,
                         content: tagContent(page, title: title, positions: positions, context: context, stamps: &stamps).templateObject,
                         detail: DetailView(category: tagDetail(page, title: title)).templateObject,
                         folder: folder, templates: templates.digest)
    }

    /// The content column: the tags with their counts, or one tag's pages, each a part at a
    /// time when longer than `layout.listWindow`.
    private func tagContent(_ page: TagPage, title: String, positions: [Int32], context: PageContext,
                            stamps: inout TemplateStamps) -> ContentView {
        let url = RootMarker.page(stackPath(of: page), portable: config.portable)
        // Filter fields are numbered after the catalog's pages, so no two on a site share an id.
        let id = site.catalog.pages.count + (page.tag.map { $0 + 1 } ?? 0)
        let total = page.tag.map { tagIndex.tags[$0].pages.count } ?? tagIndex.tags.count
        let limit = ListWindow.entriesPerPage(config.layout.listWindow)
        var range = 0..<total
        var pagination: PaginationView?
        var partial: PartialListView?
        if ListWindow.isPaged(entries: total, limit: limit) {
            let count = ListWindow.pageCount(entries: total, limit: limit)
            let number = min(max(1, page.number), count)
            range = ((number - 1) * limit)..<min(total, number * limit)
            func pageURL(_ number: Int) -> String {
                number == 1 ? url : RootMarker.string + stackPath(of: page).url + "page/\(number)/" + (config.portable ? "index.html" : "")
            }
            pagination = PaginationView(number: number, pages: count, previous: number > 1 ? pageURL(number - 1) : nil,
                                        next: number < count ? pageURL(number + 1) : nil)
            partial = PartialListView(firstPage: url, index: RootMarker.file(tagListIndexPath(page.tag)))
        }
        let entries = range.map { position in
            guard let tag = page.tag else { return stamps.render(tagEntry(position), with: templates) }
            let tagged = tagIndex.tags[tag].pages[position]
            let position = tagged < positions.count ? positions[tagged] : -1
            return listEntry(of: tagged, position: position < 0 ? nil : Int(position), context: context, stamps: &stamps)
        }.joined()
        return ContentView(category: ListedCategoryView(
            id: id, title: title, isPage: true, url: url, summary: nil, intro: nil, count: total,
            countLabel: config.strings.count(page.tag == nil ? "tagCount" : "entries", total), offset: range.lowerBound,
            entries: HTML(entries), partial: partial, window: nil, pagination: pagination, tagIndex: nil))
    }

    /// A page's entry as its own list shows it (rendered once for the site), else rendered here.
    private func listEntry(of index: Int, position: Int?, context: PageContext, stamps: inout TemplateStamps) -> String {
        if let parent = site.catalog[index].parent, let list = list(parent), let position, position < list.plain.count {
            return list.plain[position]
        }
        return stamps.render(context.entry(index, selected: false, current: false), with: templates)
    }

    /// A tag in the index: its name on a `#` tile, its page, its count.
    private func tagEntry(_ position: Int) -> ListEntryView {
        let tag = tagIndex.tags[position]
        var icon = IconView(tile: config.layout.missingIcons != .none)
        if icon.tile {
            icon.iconText = "#"
            icon.color = PageContext.monogramColor(tag.name)
        }
        return ListEntryView(icon: icon, title: tag.name, url: RootMarker.page(tagIndex.path(of: position), portable: config.portable),
                             kind: "tag", summary: nil, count: tag.pages.count, tags: nil, selected: false,
                             current: false, rowID: nil, strings: config.strings)
    }

    /// The detail column: nothing is selected on a tag page; the index says what it holds.
    private func tagDetail(_ page: TagPage, title: String) -> CategoryIntroView {
        guard page.tag == nil else {
            return CategoryIntroView(title: title, intro: nil, placeholder: config.strings["noItem"])
        }
        let strings = config.strings
        let tagged = tagIndex.taggedPages(of: site.catalog.pages.count).reduce(0) { $0 + ($1 ? 1 : 0) }
        let text = strings.text("tagsOnPages", ["tags": strings.count("tagCount", tagIndex.tags.count),
                                                "pages": strings.count("pageCount", tagged)]) + " " + strings["chooseTag"]
        return CategoryIntroView(title: title, intro: HTML("<p>" + HTMLEscaping.escape(text) + "</p>"),
                                 placeholder: strings["noItem"])
    }

    /// The stack as schema.org's `BreadcrumbList`, as a page's.
    private func breadcrumbList(_ trail: [(title: String, path: StackPath)], depth: Int) -> HTML {
        PageContext.breadcrumbList(trail, depth: depth, config: config)
    }

    /// The tag pages' canonical URLs, for the sitemap: the index and each tag's first page.
    func tagSitemapURLs() -> [String] {
        guard !tagIndex.isEmpty else { return [] }
        return ([tagIndex.indexPath] + tagIndex.tags.indices.map { tagIndex.path(of: $0) }).compactMap(config.absoluteURL(of:))
    }

    /// How many `tagSearchPages()` there are: the index and each tag.
    var tagSearchPageCount: Int { tagIndex.isEmpty ? 0 : 1 + tagIndex.tags.count }

    /// The tag pages as the search finds them: by the tag's name.
    func tagSearchPages() -> [SearchIndex.ExtraPage] {
        guard !tagIndex.isEmpty else { return [] }
        var pages = [SearchIndex.ExtraPage(kind: "tags", title: config.strings["tags"], path: [config.strings["tags"]], summary: nil,
                                           url: RelativeURL.page(tagIndex.indexPath, fromDepth: 0, portable: config.portable))]
        for (position, tag) in tagIndex.tags.enumerated() {
            pages.append(SearchIndex.ExtraPage(
                kind: "tag", title: tag.name, path: [config.strings["tags"], tag.name],
                summary: "\(tag.pages.count) \(tag.pages.count == 1 ? "page" : "pages") tagged \(tag.name)",
                url: RelativeURL.page(tagIndex.path(of: position), fromDepth: 0, portable: config.portable)))
        }
        return pages
    }
}
