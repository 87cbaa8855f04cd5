/// The render stage: every page of a resolved site as HTML, through the theme's templates.
///
/// Lists that many pages share (the sidebar, a category's items) are rendered once
/// (`SharedParts`); a page then only picks its selection out of them. The templates of a page go through
/// `TemplateStamps`, so pages of the same shape share one rendering. Pure, and safe to call
/// from many threads.
public struct SiteRenderer: Sendable {
    public let site: ResolvedSite
    public let config: SiteConfig
    let templates: TemplateSet
    /// The sidebar for each selection, in root-marker form, and each list's entries.
    private let shared: SharedParts
    /// The tags and their pages' folder (`TagPages`).
    let tagIndex: TagIndex
    /// In a catalog of several languages, every page's translations (`Pipeline` sets them
    /// once every language is resolved).
    public internal(set) var translations: Translations?

    struct RenderedList: Sendable, Equatable {
        var plain: ListRows
        /// For a list shown in parts, the entries as an item page's window shows them (without
        /// the rows' ids); empty when `plain` serves there too.
        var windowed = WindowRows()
        /// `page` or `_page`, for the owner's list pages (looked up once, not once per item page).
        var listPageSegment = "page"
        /// The owner's introduction as the content column shows it (`nil` when its body is
        /// empty): without heading ids, which the same introduction in the detail column (or the
        /// item's own headings) carries. Read once here, not from the body on every page.
        var intro: String?
        /// How many entries, in words ("57 entries"): every page of the list shows it.
        var countLabel = ""
    }

    /// What a sidebar shows selected: the page's deepest category (`nil`: none), and whether the
    /// page is that category's own (or the home page), so that its link is the current page's
    /// (`aria-current="page"`) rather than one on the way to it (`"true"`).
    struct SidebarSelection: Hashable, Sendable {
        var category: Int?
        var isPage: Bool

        init(category: Int?, isPage: Bool) {
            self.category = category
            self.isPage = isPage
        }

        init(of index: Int, in catalog: Catalog) {
            self.init(of: index, selectedCategory: catalog.selectedCategory(of: index))
        }

        /// For a page whose selected category is already known.
        init(of index: Int, selectedCategory category: Int?) {
            self.init(category: category, isPage: category.map { $0 == index } ?? (index == Catalog.rootIndex))
        }
    }

    /// Draws the lists and sidebars on this thread (tests; the pipeline draws each when a page needs it).
    public init(site: ResolvedSite, config: SiteConfig, templates: TemplateSet) {
        self.init(site: site, config: config, templates: templates, shared: SharedParts())
        let owners = Self.listOwners(of: site.catalog)
        for owner in owners { _ = list(owner) }
        for selection in Self.sidebarSelections(of: site.catalog) { _ = sidebar(selection) }
    }

    /// The renderer, drawing each list and sidebar when a page first needs it.
    /// `tagIndex`: the catalog's, when the caller has it. `spillFolder`: where the lists' rows
    /// go beyond their allowance (`ListRows`), a build's.
    static func drawingOnDemand(site: ResolvedSite, config: SiteConfig, templates: TemplateSet,
                                tagIndex: TagIndex? = nil, spillFolder: String? = nil,
                                rowAllowance: Int = RowSpill.allowance) -> SiteRenderer {
        SiteRenderer(site: site, config: config, templates: templates,
                     shared: SharedParts(rowSpill: spillFolder.flatMap { RowSpill(folder: $0, allowance: rowAllowance) }), tagIndex: tagIndex)
    }

    private init(site: ResolvedSite, config: SiteConfig, templates: TemplateSet, shared: SharedParts, tagIndex: TagIndex? = nil) {
        self.site = site
        self.tagIndex = tagIndex ?? TagIndex(catalog: site.catalog)
        self.config = config
        self.templates = templates
        self.shared = shared
        context = PageContext(catalog: site.catalog, config: config, icons: templates.icons)
    }

    /// What every page's views are made with, made once: its site view spells the language and
    /// the root's URLs, which was a tenth of the work of a page's views.
    let context: PageContext

    /// Whether page `index` has a list a page shows: the home page, every category, and every
    /// item that has children.
    static func isListOwner(_ index: Int, in catalog: Catalog) -> Bool {
        index == Catalog.rootIndex || catalog.pages[index].kind != .item || !catalog.pages[index].children.isEmpty
    }

    private static func listOwners(of catalog: Catalog) -> [Int] {
        catalog.pages.indices.filter { isListOwner($0, in: catalog) }
    }

    /// The selections sidebars are drawn for: one for each page's.
    private static func sidebarSelections(of catalog: Catalog) -> [SidebarSelection] {
        Set(catalog.pages.indices.map { SidebarSelection(of: $0, in: catalog) })
            .sorted { ($0.category ?? -1, $0.isPage ? 1 : 0) < ($1.category ?? -1, $1.isPage ? 1 : 0) }
    }

    /// Page `owner`'s list, `nil` when it has none to show.
    func list(_ owner: Int) -> RenderedList? {
        guard Self.isListOwner(owner, in: site.catalog) else { return nil }
        // (No closure to draw it: one capturing the renderer copied it at every call.)
        if let drawn = shared.drawnList(owner) { return drawn }
        var stamps = TemplateStamps()
        return shared.keep(drawList(owner, stamps: &stamps), for: owner)
    }

    /// The sidebar of pages with `selection`.
    func sidebar(_ selection: SidebarSelection) -> String {
        shared.sidebar(selection) {
            var stamps = TemplateStamps()
            return drawSidebar(selection, stamps: &stamps)
        }
    }

    /// Lets go of every list drawn so far (`SharedParts.releaseLists`).
    func releaseLists() {
        shared.releaseLists()
    }

    /// Every list, drawn (tests compare them).
    var lists: [Int: RenderedList] {
        Dictionary(uniqueKeysWithValues: Self.listOwners(of: site.catalog).map { ($0, list($0)!) })
    }

    /// Every sidebar a page shows, drawn (tests compare them).
    var sidebars: [SidebarSelection: String] {
        Dictionary(uniqueKeysWithValues: Self.sidebarSelections(of: site.catalog).map { ($0, sidebar($0)) })
    }

    private func drawList(_ owner: Int, stamps: inout TemplateStamps) -> RenderedList {
        var list = Self.renderList(owner, context: context,
                                   templates: templates, stamps: &stamps)
        let body = site.bodies[owner]
        if !body.isEmpty {
            list.intro = body.contains(HeadingAnchors.anchorStart) ? HeadingAnchors.removingAnchors(from: body) : body
        }
        return list
    }

    private func drawSidebar(_ selection: SidebarSelection, stamps: inout TemplateStamps) -> String {
        let view = Self.sidebarView(selected: selection, tags: Self.sidebarTagsLink(tagIndex, config: config, current: false),
                                    context: context)
        return Self.renderSidebar(view, templates: templates, stamps: &stamps)
    }

    /// A list's entries, drawn.
    static func renderList(_ owner: Int, context: PageContext, templates: TemplateSet, stamps: inout TemplateStamps) -> RenderedList {
        let children = context.catalog.pages[owner].children
        let paged = ListWindow.isPaged(entries: children.count, limit: context.config.layout.listWindow)
        func entry(_ index: Int, inWindow: Bool) -> String {
            stamps.render(context.entry(index, selected: false, current: false, inWindow: inWindow), with: templates)
        }
        let plain = children.map { entry($0, inWindow: false) }
        return RenderedList(plain: ListRows(plain),
                            windowed: paged ? WindowRows(plain: plain, windowed: children.map { entry($0, inWindow: true) }) : WindowRows(),
                            listPageSegment: paged ? context.listPageSegment(owner) : "page",
                            countLabel: context.config.strings.count("entries", children.count))
    }

    public var pageCount: Int { site.catalog.pages.count }
    /// The pages made (fallback rows lead elsewhere): what a build reports.
    public var writtenPageCount: Int {
        var count = 0
        for page in site.catalog.pages where page.isWritten { count += 1 }
        return count
    }

    /// Where page `index` is written, relative to the output root.
    public func outputPath(of index: Int) -> String {
        let directory = site.catalog[index].path.outputDirectory
        return directory.isEmpty ? "index.html" : directory + "/index.html"
    }

    public func renderPage(_ index: Int) -> [UInt8] {
        renderPage(index, listPage: 1)
    }

    /// `renderPage(_:listPage:)`, for many pages in a row: `stamps` keeps the renderings of the
    /// shapes seen so far (one per thread; see `Parallel.map(_:state:_:)`).
    func renderPage(_ index: Int, listPage: Int = 1, stamps: inout TemplateStamps) -> [UInt8] {
        render(input(of: index, listPage: listPage, stamps: &stamps), stamps: &stamps)
    }

    /// The digest of what page `index` (part `listPage` of its list) is made from: equal
    /// digests, equal pages.
    public func inputDigest(of index: Int, listPage: Int = 1) -> Digest {
        var stamps = TemplateStamps()
        return input(of: index, listPage: listPage, stamps: &stamps).digest
    }

    /// The switcher's and `hreflang`'s links: page `index` in each language of the catalog.
    /// `onlyHome`: a tag page, which no other language has; the others lead to their homes.
    func withLanguages(of index: Int, onlyHome: Bool = false, _ layout: inout LayoutView) {
        guard let translations else { return }
        let position = config.languagePosition
        layout.languageName = translations.languages[position].name
        guard onlyHome else {
            // Made once per translation key for every language (`Translations.switcher`).
            let (items, alternates) = translations.switcher(of: index, inLanguage: position) ?? ("", "")
            layout.languages = HTML(items)
            layout.alternates = HTML(alternates)
            return
        }
        // A tag page is no other language's: the others lead to their homes, and it has no alternates.
        let base = config.baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var items = ""
        for alternate in translations.alternates(of: index, inLanguage: position) {
            let href = Translations.href(alternate, base: base, portable: config.portable)
            items += Translations.item(translations.languages[alternate.language], href: href,
                                       missing: alternate.language != position, current: alternate.language == position)
        }
        layout.languages = HTML(items)
        layout.alternates = HTML("")
    }

    /// What page `index` (part `listPage` of its list) is made from.
    func input(of index: Int, listPage: Int = 1, stamps: inout TemplateStamps) -> PageInput {
        let catalog = site.catalog
        let page = catalog[index]
        let pagesOnPath = catalog.pagesOnPath(of: index)
        let category = catalog.selectedCategory(of: index, pagesOnPath: pagesOnPath)
        let window = ListWindow(page: index, listPage: listPage, in: catalog, pagesOnPath: pagesOnPath,
                                limit: config.layout.listWindow)
        let title = catalog.title(of: index, siteTitle: config.siteTitle)
        // Where the page's row is in a list shown in parts, for the breadcrumbs and the back link.
        let place = ListPlace.of(page: index, context: context) { list($0)?.listPageSegment }
        let documentTitle = listPage > 1
            ? config.strings.text("listPage", ["title": title, "number": config.strings.number(listPage)]) + " – " + config.siteTitle
            : index == Catalog.rootIndex ? config.siteTitle : page.title + " – " + config.siteTitle
        var layout = LayoutView(
            site: context.site(),
            page: PageView(title: title, documentTitle: documentTitle, kind: page.kind.rawValue,
                           kindLabel: page.kind == .item ? "item" : "details",
                           skipLabel: config.strings[page.kind == .item ? "skipToItem" : "skipToDetails"], depth: page.path.depth,
                           description: page.summary, canonical: listPage == 1 ? context.canonical(index) : nil,
                           breadcrumbList: context.breadcrumbList(index, depth: page.path.depth + (listPage > 1 ? 2 : 0))),
            layout: context.layout(),
            breadcrumbs: context.breadcrumbs(index, place: place),
            back: context.back(index, place: place),
            contentLabel: window.map { catalog.title(of: $0.owner, siteTitle: config.siteTitle) } ?? config.strings["categories"],
            sidebar: HTML(sidebar(SidebarSelection(of: index, selectedCategory: category))),
            content: HTML(""),
            detail: HTML(""))
        withLanguages(of: index, &layout)
        // A list page sits two folders below its category: `weather/page/2/`.
        let folder = listPage > 1 ? context.listPageDirectory(index, number: listPage, segment: list(index)?.listPageSegment)
            : page.url
        var body: String?
        let detail = detail(index, context: context, body: &body)
        return PageInput(layout: layout.templateObject,
                         content: content(window, page: index, context: context, stamps: &stamps).templateObject,
                         detail: detail.templateObject, folder: folder, templates: templates.digest, body: body)
    }

    /// The page `input` describes.
    func render(_ input: PageInput, stamps: inout TemplateStamps) -> [UInt8] {
        // The columns as bytes, copied into the page where the layout prints them.
        stamps.handedOver?.append((ContentView.template, input.content))
        let content = stamps.renderBytes(ContentView.template, input.content, with: templates)
        stamps.handedOver?.append((DetailView.template, input.detail))
        let detail = stamps.renderBytes(DetailView.template, input.detail, with: templates)
        stamps.handedOver?.append((LayoutView.template, input.layout))
        let page = stamps.renderBytes(LayoutView.template, input.layout, inserting: [("content", content), ("detail", detail)],
                                      with: templates)
        return RootMarker.resolve(page, folder: input.folder)
    }

    /// The extra pages of large categories' lists: `weather/page/2/` and on. Page 1 is the
    /// category's own page. Each item appears on exactly one of them, so they add output in
    /// proportion to the number of items.
    public var listPages: [(category: Int, number: Int)] {
        let limit = config.layout.listWindow
        return CategoryIndex.categories(in: site.catalog, limit: limit).flatMap { index in
            (2...ListWindow.pageCount(entries: site.catalog.pages[index].children.count, limit: limit)).map { (category: index, number: $0) }
        }
    }

    /// Where page `number` of a category's list is written, relative to the output root.
    /// `segment`: the category's list page folder (`PageContext.listPageSegment`), when the
    /// caller has it.
    public func outputPath(ofListPage number: Int, category: Int) -> String {
        outputPath(ofListPage: number, category: category, segment: nil)
    }

    func outputPath(ofListPage number: Int, category: Int, segment: String?) -> String {
        guard number > 1 else { return outputPath(of: category) }
        let segment = segment ?? PageContext(catalog: site.catalog, config: config, icons: [:]).listPageSegment(category)
        let directory = site.catalog.pages[category].path.outputDirectory
        return (directory.isEmpty ? "" : directory + "/") + segment + "/\(number)/index.html"
    }

    /// A page; for a large category, `listPage` chooses which part of its list the content
    /// column shows (page 1 is the category's own page).
    public func renderPage(_ index: Int, listPage: Int) -> [UInt8] {
        var stamps = TemplateStamps()
        return renderPage(index, listPage: listPage, stamps: &stamps)
    }

    // MARK: Columns

    /// What the sidebar shows for `selection`. `tags`: the tag index's entry after the tree
    /// (`sidebarTagsLink`).
    static func sidebarView(selected selection: SidebarSelection, tags: SidebarLinkView?, context: PageContext) -> SidebarView {
        let catalog = context.catalog
        let selected = selection.category
        let chain = selected.map { Set(catalog.pagesOnPath(of: $0)) } ?? []
        // The others link to the home page for all categories ("All 500 categories"). Without a
        // list of its own, its sidebar is that index, and its only column at narrow widths: it
        // shows them all. With one (more categories than a list page holds), its list is.
        let homeCurrent = selected == nil && selection.isPage
        let fullSidebar = homeCurrent && !ListWindow.homeHasList(catalog, limit: context.config.layout.listWindow)
        let limit = fullSidebar ? Int.max : context.config.layout.sidebarWindow
        /// The categories of one level the sidebar shows, of how many.
        func level(of parent: Int) -> (shown: [Int], count: Int) {
            let categories = catalog.categoryChildren(of: parent)
            let range = SidebarWindow.range(count: categories.count, selected: categories.firstIndex(where: chain.contains),
                                            limit: limit)
            return (Array(categories[range]), categories.count)
        }
        func node(_ index: Int) -> SidebarNodeView {
            let open = chain.contains(index)
            let children = open ? level(of: index) : (shown: [], count: catalog.categoryChildren(of: index).count)
            return SidebarNodeView(icon: context.icon(catalog[index]), title: catalog[index].listTitle, url: context.url(index),
                                   current: index == selected && selection.isPage, selected: index == selected,
                                   inPath: open, open: open, hasChildren: children.count > 0,
                                   children: children.shown.map(node),
                                   moreChildren: open && children.shown.count < children.count, childCount: children.count)
        }
        let top = level(of: Catalog.rootIndex)
        return SidebarView(siteTitle: context.config.siteTitle, home: context.url(Catalog.rootIndex),
                           homeCurrent: homeCurrent,
                           categories: top.shown.map(node), moreCategories: top.shown.count < top.count,
                           categoryCount: top.count, tags: tags)
    }

    /// The sidebar `view` describes.
    static func renderSidebar(_ view: SidebarView, templates: TemplateSet, stamps: inout TemplateStamps) -> String {
        var values = view.templateObject
        stamps.handedOver?.append((SidebarView.template, values))
        guard templates.drawsSidebarByNodes else {
            // Each sidebar has its own shape (its selection), so stamps would not help.
            return templates.render(SidebarView.template, values.mustacheValue)
        }
        // Node by node: most nodes have the shape of most others, whatever the selection.
        values["categories"] = .list(view.categories.map { node in
            let drawn = stamps.render(SidebarParts.nodeName, [SidebarParts.oneKey: .list([.object(node.templateObject)])],
                                      with: templates)
            return .object([SidebarParts.nodeKey: .text(drawn)])
        })
        return stamps.render(SidebarParts.sidebarName, values, with: templates)
    }

    /// The content column: the deepest selected category's children (or the home's, when it has
    /// items), with the selection marked.
    ///
    /// A category with more children than `layout.listWindow` shows them a page at a time on
    /// its own pages, and a window of that many around the selection on its items' pages, so
    /// the site's size grows linearly with the number of items. The list carries what the
    /// script needs to load the rest: the first position shown, the total, page 1's URL.
    private func content(_ window: ListWindow?, page index: Int, context: PageContext,
                         stamps: inout TemplateStamps) -> ContentView {
        let catalog = site.catalog
        guard let window else {
            return ContentView(placeholder: config.strings["noCategory"],
                               entries: HTML(list(Catalog.rootIndex)?.plain.joined() ?? ""))
        }
        let category = window.owner
        let list = self.list(category) ?? RenderedList(plain: ListRows([]))
        let range = window.range
        var windowValues: ListWindowView?
        var pagination: PaginationView?
        if let paged = window.pagination {
            // The category's own pages: the list a page at a time.
            let segment = list.listPageSegment
            pagination = PaginationView(
                number: paged.number, pages: paged.pages,
                previous: paged.previous.map { context.listPageURL(category, number: $0, segment: segment) },
                next: paged.next.map { context.listPageURL(category, number: $0, segment: segment) })
        } else if let fullListPage = window.fullListPage {
            // An item's page: a window around its selection, and the list page that holds it.
            let strings = config.strings
            windowValues = ListWindowView(first: strings.number(range.lowerBound + 1), last: strings.number(range.upperBound),
                                          total: strings.number(window.total),
                                          fullListURL: context.listPageURL(category, number: fullListPage, segment: list.listPageSegment))
        }
        let selectedPosition = window.selectedPosition, selectedChild = window.selected
        // An item page's window of a list shown in parts has rows without ids.
        let inWindow = window.fullListPage != nil
        let windowRows = inWindow && !list.windowed.isEmpty ? list.windowed : nil
        var entries = ""
        // Room for the rows at once: grown as they came, a page's list was copied several times.
        entries.reserveCapacity(list.plain.byteCount(of: range) + 512)
        // The selected row, rendered once: the link to this page (`aria-current="page"`), or a
        // sub-item's page's item, selected on the way to it. One row a page, rendered here
        // rather than kept for every entry of every list.
        var selectedRow = ""
        if let selectedPosition, range.contains(selectedPosition) {
            if selectedChild == index {
                selectedRow = stamps.render(context.entry(index, selected: true, current: true, inWindow: true), with: templates)
            } else if let selectedChild {
                selectedRow = stamps.render(context.entry(selectedChild, selected: true, current: false, inWindow: inWindow),
                                            with: templates)
            }
        }
        if let rows = list.plain.strings {
            // In memory, each row appended as the string it is.
            for position in range {
                if position == selectedPosition {
                    entries += selectedRow
                } else if let windowRows {
                    windowRows.append(position, to: &entries)
                } else {
                    entries += rows[position]
                }
            }
        } else {
            list.plain.forEach(in: range) { position, row in
                if position == selectedPosition {
                    entries += selectedRow
                } else if let windowRows {
                    windowRows.append(position, of: row, to: &entries)
                } else {
                    entries += row
                }
            }
        }
        let listed = ListedCategoryView(
            id: category,
            title: catalog.title(of: category, siteTitle: config.siteTitle),
            // The list is this page's own: its title is the page's heading where the list shows alone.
            isPage: category == index,
            url: context.url(category),
            summary: catalog[category].frontMatter.summary,
            intro: list.intro.map(HTML.init),
            count: window.total,
            countLabel: list.plain.count == window.total ? list.countLabel : config.strings.count("entries", window.total),
            offset: range.lowerBound,
            entries: HTML(entries),
            partial: windowValues != nil || pagination != nil
                ? PartialListView(firstPage: context.url(category),
                                  index: RootMarker.file(CategoryIndex.path(of: category, context: context, segment: list.listPageSegment)))
                : nil,
            window: windowValues,
            pagination: pagination,
            tagIndex: category == Catalog.rootIndex && category == index ? homeTagIndexEntry : nil)
        return ContentView(category: listed)
    }

    /// An introduction shorter than this, in characters of text, is about two lines of the
    /// detail column: the home then shows its largest categories under it.
    static let shortIntroduction = 160
    /// How many categories the home's overview shows.
    static let overviewCategories = 6

    /// The rows of the home's largest top-level categories, most entries first (the catalog's
    /// order among equals), when its introduction is missing or short; `nil` otherwise.
    private func homeOverview(introduction: String, context: PageContext) -> HTML? {
        let catalog = site.catalog
        let categories = catalog[Catalog.rootIndex].children.filter { catalog[$0].kind == .category }
        guard !categories.isEmpty, HTMLText.plain(introduction).count < Self.shortIntroduction else { return nil }
        let largest = categories.enumerated().sorted { first, second in
            let (one, other) = (catalog[first.element].children.count, catalog[second.element].children.count)
            return one != other ? one > other : first.offset < second.offset
        }.prefix(Self.overviewCategories)
        return HTML(largest.map { templates.render(context.entry($0.element, selected: false, current: false, inWindow: true)) }.joined())
    }

    /// `body`: set to the page's body as shown.
    private func detail(_ index: Int, context: PageContext, body shown: inout String?) -> DetailView {
        let catalog = site.catalog
        let page = catalog[index]
        switch page.kind {
        case .home:
            let body = site.bodies[index]
            shown = body
            return DetailView(home: HomeIntroView(title: config.siteTitle, intro: HTML(body),
                                                  overview: homeOverview(introduction: body, context: context)))
        case .category:
            let body = site.bodies[index]
            shown = body
            let intro = CategoryIntroView(title: page.title, intro: body.isEmpty ? nil : HTML(body),
                                          placeholder: config.strings["noItem"])
            return DetailView(category: intro)
        case .item:
            let body = site.bodies[index]
            shown = body
            let matter = page.frontMatter
            var icon = context.icon(page)
            // The item's own tile is twice a row's.
            if icon.thumbnail != nil { icon.thumbnailSizes = "4rem" }
            var item = ItemView(
                icon: icon,
                title: page.title,
                path: page.url,
                // Only a written summary: a derived one is the first paragraph, just below.
                summary: matter.summary,
                date: matter.date.map { DateView(machine: DateText.machine($0), readable: DateText.readable($0, strings: config.strings)) },
                tags: matter.tags,
                hasTags: !matter.tags.isEmpty,
                tagLinks: tagLinks(of: matter.tags),
                attributes: matter.attributes.map { AttributeView(name: $0.name, value: $0.value) },
                hasAttributes: !matter.attributes.isEmpty,
                body: HTML(body),
                params: FrontMatterParams(TemplateObject(sorted: matter.params.mapValues(\.templateValue))),
                outline: PageOutline(page.headings, minimum: config.markdown.toc)?.view)
            if let image = matter.image, let (output, size) = imageOutput(image, of: page) {
                item.image = output
                item.imageWidth = size.map { String($0.width) }
                item.imageHeight = size.map { String($0.height) }
                if let (asset, _) = imageAsset(image, of: page), config.images.resize,
                   let plan = ResponsiveImages.plan(asset, avif: config.images.avif) {
                    item.image = RootMarker.file(plan.fallback.path)
                    if !plan.variants.isEmpty {
                        item.imageSrcset = ResponsiveImages.srcset(plan)
                        item.imageSizes = ResponsiveImages(layout: config.layout).sizes
                    }
                    if !plan.avifVariants.isEmpty { item.imageAvifSrcset = ResponsiveImages.srcset(plan.avifVariants) }
                }
            }
            if let list = list(index) {
                item.subitems = HTML(list.plain.joined())
                item.hasSubitems = true
            }
            item.siblings = siblings(of: index, context: context)
            let split = SplitViewState(page.path)
            if split.detailHasBackButton, let back = context.back(index, place: ListPlace.of(page: index, context: context)) {
                // Below the first item, the detail column has its own stack: items only.
                let itemChain = catalog.pagesOnPath(of: index).suffix(split.detail.count + 1)
                item.stack = DetailStackView(back: back, crumbs: itemChain.map {
                    CrumbView(title: catalog[$0].listTitle, url: context.url($0), current: $0 == index)
                })
            }
            return DetailView(item: item)
        }
    }

    /// The items before and after an item among its parent's children, categories passed over.
    private func siblings(of index: Int, context: PageContext) -> SiblingsView? {
        let catalog = site.catalog
        func link(_ child: Int?) -> LinkView? {
            child.map { LinkView(title: catalog[$0].listTitle, url: context.url($0)) }
        }
        let (previous, next) = neighbours(of: index)
        guard previous != nil || next != nil else { return nil }
        return SiblingsView(previous: link(previous), next: link(next))
    }

    /// The items before and after an item among its parent's children (`siblings`).
    func neighbours(of index: Int) -> (previous: Int?, next: Int?) {
        let catalog = site.catalog
        guard let parent = catalog[index].parent else { return (nil, nil) }
        let children = catalog[parent].children
        guard let position = children.firstIndex(of: index) else { return (nil, nil) }
        // A fallback row leads into another language: not a neighbour to read on to.
        let previous = children[..<position].last { catalog[$0].kind == .item && catalog[$0].isWritten }
        let next = children[(position + 1)...].first { catalog[$0].kind == .item && catalog[$0].isWritten }
        return (previous, next)
    }

    /// A front-matter image: a URL as it is, or a co-located file in root-marker form.
    /// Where the front matter's `image` is, and its size when it is a co-located image that says it.
    private func imageOutput(_ image: String, of page: Page) -> (String, ImageSize?)? {
        guard MarkdownParser.isRelative(image) else { return ExternalURL.isAllowed(image) ? (image, nil) : nil }
        guard let (asset, _) = imageAsset(image, of: page) else { return nil }
        return (RootMarker.file(asset.output), asset.imageSize)
    }

    /// The co-located file a front matter's relative `image` names, and its index.
    func imageAsset(_ image: String, of page: Page) -> (Asset, Int)? {
        guard MarkdownParser.isRelative(image) else { return nil }
        // Zola's `@/` starts at the content folder, as in Markdown links.
        let (directory, path) = image.hasPrefix("@/") ? ("", String(image.dropFirst(2))) : (page.sourceDirectory, image)
        guard let joined = LinkTargets.join(directory, path),
              let index = site.catalog.assets.firstIndex(where: { $0.source == joined }) else { return nil }
        return (site.catalog.assets[index], index)
    }
}
