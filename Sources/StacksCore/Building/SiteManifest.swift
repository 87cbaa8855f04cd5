/// Every file of a site and what makes it: the one list `stacks build` writes from and
/// `stacks serve` answers from, so that nothing else decides which files the site has.
///
/// Pure: made from a prepared renderer and the theme, before anything is rendered. The
/// writer checks each file it makes against it (a file the manifest does not list, or one it
/// lists that was not made, fails the build), so it cannot drift from what is written. (The
/// output folder also holds `OutputWriter.markerName`, the writer's mark that the folder is
/// Stacks' own: not a file of the site, and never served.)
public struct SiteManifest: Sendable {
    /// What makes a file.
    public enum Producer: Sendable, Hashable {
        /// A page of the catalog, by index: `weather/rain/index.html`.
        case page(Int)
        /// Page `number` (2 or more) of a large category's list: `weather/page/2/index.html`.
        case listPage(category: Int, number: Int)
        /// The tag index or a part of a tag's list.
        case tagPage(SiteRenderer.TagPage)
        /// The search records of the catalog's pages `32 * file` to `32 * file + 31`
        /// (`SearchIndex.recordsPerFile`), which the search loads to show them as results.
        case searchRecords(file: Int)
        /// The start of the same pages' texts, for the snippets of results found in them.
        case searchTexts(file: Int)
        /// A co-located file, by its position in `Catalog.assets`: copied from the content folder.
        case asset(Int)
        /// A co-located picture's variants and re-encoding (`ResponsiveImages`), by the
        /// picture's position in `Catalog.assets`: made together from it.
        case image(asset: Int)
        /// A file beside the pages, made with the others of its group.
        case extra(Extra)
    }

    /// The groups of files beside the pages; a group's files are made together.
    public enum Extra: Sendable, Hashable {
        case notFound
        /// A page for each alias, sending the browser on.
        case redirects
        /// The theme's published files (the stylesheet rendered with the site's layout).
        case theme
        /// The script's interface strings in the site's language (`InterfaceStrings.scriptFile`).
        case interfaceStrings
        /// GitHub Pages publishes `_stacks/` only with this empty file at the root.
        case noJekyll
        /// The site search: its index and the term shards (named by the words).
        case search
        /// Titles, summaries and tags of every page, for other tools.
        case toolIndex
        case catalogDescription
        case sitemap
        /// In a catalog of several languages, the root's `sitemap.xml`: each language's sitemap.
        case sitemapIndex
        /// The list indexes of the tag index and of tags with large lists, in parts
        /// (`SiteRenderer.tagListIndexParts()`) made in parallel.
        case tagListIndexes(part: Int)
        /// A large category's list index (and its script twin in portable mode).
        case listIndex(category: Int)
    }

    /// The catalog's pages, `.page(0..<pageCount)`, each at its stack path's folder
    /// (`SiteRenderer.outputPath(of:)`), with their search records' files
    /// (`.searchRecords(0..<recordFiles)`, `.searchTexts(0..<recordFiles)`): found by walking the catalog rather than listed, so
    /// that a rebuild of the preview spells no ten thousand paths.
    public let pageCount: Int
    public var recordFiles: Int { SearchIndex.recordFiles(ofCatalogPages: pageCount) }
    /// The pages of large lists and the tag pages, with their output paths.
    public let otherPages: [(path: String, producer: Producer)]
    /// The co-located files: output path and index in `Catalog.assets`.
    public let assets: [(path: String, asset: Int)]
    /// The co-located pictures published at several sizes, with their files (`images.resize`).
    public let images: [(asset: Int, plan: ResponsiveImages.Plan)]
    /// `images`' plans by the picture's index in `Catalog.assets`.
    private let plans: [Int: ResponsiveImages.Plan]
    /// The groups of extra files, in the order a build makes them.
    public let extras: [Extra]
    /// Every file but the catalog's pages and their search records, by output path.
    private let producers: [String: Producer]
    /// Folders whose files only their producer can name (the search's term shards, one per
    /// group of words), by output path.
    private let folders: [String: Producer]
    private var catalog: Catalog
    /// What the files beside the pages are read from besides the catalog (`sameFiles`).
    private let theme: Theme
    private let config: SiteConfig
    private let translated: Bool
    /// The language's folder (`SiteRenderer.languagePrefix`) its search records are under.
    private let prefix: String

    /// The pictures that stand for their pages (`PagePictures.thumbnail`), by index in `Catalog.assets`.
    private let thumbnails: Set<Int>
    /// Whether `images` holds the plans of the pictures (`images.resize`), with AVIF (`images.avif`).
    private let planned: (resize: Bool, avif: Bool)

    /// `earlier`: the manifest of the last rebuild of the preview, whose plans are taken for
    /// the pictures that are the same, the same thumbnail and the same options (a plan spells
    /// half a dozen paths: at 5,000 pictures, the largest part of a rebuild).
    public init(_ renderer: SiteRenderer, theme: Theme, earlier: SiteManifest? = nil) {
        let catalog = renderer.site.catalog
        if var same = earlier, same.hasSameFiles(as: renderer, theme: theme) {
            same.catalog = catalog
            self = same
            return
        }
        var otherPages: [(path: String, producer: Producer)] = []
        let context = PageContext(catalog: catalog, config: renderer.config, icons: [:])
        var segment: (category: Int, name: String)?
        for list in renderer.listPages {
            // A category's list page folder, looked up once for all its pages.
            if segment?.category != list.category { segment = (list.category, context.listPageSegment(list.category)) }
            otherPages.append((renderer.outputPath(ofListPage: list.number, category: list.category, segment: segment!.name),
                               .listPage(category: list.category, number: list.number)))
        }
        for page in renderer.tagPages { otherPages.append((renderer.outputPath(ofTagPage: page), .tagPage(page))) }
        let assets = catalog.assets.indices.map { (path: catalog.assets[$0].output, asset: $0) }
        var thumbnails: Set<Int> = []
        // By index: each page read in place, not copied.
        for index in catalog.pages.indices {
            if let picture = PagePictures.thumbnail(of: catalog.pages[index], config: renderer.config) { thumbnails.insert(picture) }
        }
        let planned = (resize: renderer.config.images.resize, avif: renderer.config.images.avif)
        let reusable = earlier.flatMap { $0.planned == planned ? $0 : nil }
        let images: [(asset: Int, plan: ResponsiveImages.Plan)] = !planned.resize ? [] : catalog.assets.indices.compactMap { index in
            let thumbnail = thumbnails.contains(index)
            if let reusable, index < reusable.catalog.assets.count, reusable.thumbnails.contains(index) == thumbnail,
               reusable.catalog.assets[index] == catalog.assets[index] {
                return reusable.plans[index].map { (index, $0) }
            }
            return ResponsiveImages.plan(catalog.assets[index], thumbnail: thumbnail, avif: planned.avif).map { (index, $0) }
        }

        // In a catalog of several languages, the default language's site makes the files all
        // languages share: the theme, the 404 page.
        let shared: [Extra] = renderer.config.languagePosition == 0 ? [.notFound, .theme, .noJekyll] : []
        var extras: [Extra] = shared + [.redirects, .search, .toolIndex, .catalogDescription]
        if renderer.config.strings.needsScriptFile { extras.append(.interfaceStrings) }
        if renderer.config.baseURL != nil { extras.append(.sitemap) }
        if renderer.config.baseURL != nil, renderer.translations != nil, renderer.config.languagePosition == 0 { extras.append(.sitemapIndex) }
        if !renderer.tagIndex.isEmpty { extras += renderer.tagListIndexParts().indices.map { .tagListIndexes(part: $0) } }
        extras += CategoryIndex.categories(in: catalog, limit: renderer.config.layout.listWindow).map { .listIndex(category: $0) }

        var producers: [String: Producer] = [:]
        for page in otherPages { producers[page.path] = page.producer }
        for asset in assets { producers[asset.path] = .asset(asset.asset) }
        for image in images { for path in image.plan.paths { producers[path] = .image(asset: image.asset) } }
        for extra in extras {
            for path in renderer.paths(of: extra, theme: theme) { producers[path] = .extra(extra) }
        }
        pageCount = catalog.pages.count
        self.otherPages = otherPages
        self.assets = assets
        self.images = images
        plans = Dictionary(images.map { ($0.asset, $0.plan) }, uniquingKeysWith: { first, _ in first })
        self.extras = extras
        self.producers = producers
        self.catalog = catalog
        self.thumbnails = thumbnails
        self.planned = planned
        self.theme = theme
        config = renderer.config
        translated = renderer.translations != nil
        prefix = renderer.languagePrefix
        folders = [prefix + SearchIndex.termsFolder: .extra(.search)]
    }

    /// Whether `renderer`'s site has this manifest's files: the same theme, configuration and
    /// co-located files, and pages that are the same where the catalogs do not share them
    /// (`PageList.indices(differingFrom:)`) in all that names a file or makes one: place,
    /// source, children, tags (the tag pages), aliases (the redirects), picture and icon (the
    /// thumbnails). After an edit of a page's text, the preview's rebuild then spells no path.
    private func hasSameFiles(as renderer: SiteRenderer, theme: Theme) -> Bool {
        let pages = renderer.site.catalog.pages
        guard config == renderer.config, translated == (renderer.translations != nil), self.theme == theme,
              catalog.assets == renderer.site.catalog.assets,
              let ranges = pages.indices(differingFrom: catalog.pages) else { return false }
        for range in ranges {
            for index in range where !Self.sameFiles(catalog.pages[index], pages[index]) { return false }
        }
        return true
    }

    private static func sameFiles(_ a: Page, _ b: Page) -> Bool {
        a.kind == b.kind && a.path == b.path && a.url == b.url && a.isWritten == b.isWritten && a.source == b.source
            && a.sourceDirectory == b.sourceDirectory && a.parent == b.parent && a.children == b.children
            && a.frontMatter.tags == b.frontMatter.tags && a.frontMatter.aliases == b.frontMatter.aliases
            && a.frontMatter.icon == b.frontMatter.icon && a.picture == b.picture
    }

    /// What makes the file at `path` (relative to the output root); `nil` when the site has none there.
    public subscript(path: String) -> Producer? {
        if let producer = producers[path] { return producer }
        if let page = catalogPage(at: path) { return .page(page) }
        if path.hasPrefix(prefix) {
            let inner = prefix.isEmpty ? path : String(path.dropFirst(prefix.count))
            if let file = SearchIndex.recordFileNumber(inner), file < recordFiles { return .searchRecords(file: file) }
            if let file = SearchIndex.textFileNumber(inner), file < recordFiles { return .searchTexts(file: file) }
        }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return folders[String(path[..<slash])]
    }

    /// The files made from the picture at `asset` in `Catalog.assets`.
    public func plan(ofImage asset: Int) -> ResponsiveImages.Plan? { plans[asset] }

    /// How many files the manifest names (the files of its folders aside).
    public var count: Int { producers.count + pageCount + 2 * recordFiles }

    /// The catalog page written at `path`: its folder's names (after the language's) are the
    /// slugs of a stack path, followed from the home through each page's children.
    private func catalogPage(at path: String) -> Int? {
        // A language's pages are under its folder (`de/`).
        guard path.hasPrefix(prefix) else { return nil }
        let path = path.dropFirst(prefix.count)
        guard path == "index.html" || path.hasSuffix("/index.html") else { return nil }
        var page = Catalog.rootIndex
        for slug in path.utf8.dropLast("index.html".count).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast() {
            guard !slug.isEmpty, let child = catalog.pages[page].children.first(where: { catalog.pages[$0].slug.utf8.elementsEqual(slug) })
            else { return nil }
            page = child
        }
        return catalog[page].isWritten ? page : nil
    }

    /// Whether `path` is one of the files the manifest names itself (not one in its folders).
    func names(_ path: String) -> Bool { self[path] != nil && folders.keys.allSatisfy { !path.hasPrefix($0 + "/") } }

    /// The files the manifest names but the catalog's pages and their search records' files
    /// (which the writer makes with those pages).
    var namedPaths: Dictionary<String, Producer>.Keys { producers.keys }

    /// The files the manifest names, with `renderer`'s page paths.
    public func paths(_ renderer: SiteRenderer) -> [String] {
        Array(producers.keys) + (0..<pageCount).filter { catalog[$0].isWritten }.map(renderer.outputPath(of:)) + (0..<recordFiles).flatMap { [prefix + SearchIndex.recordFilePath($0), prefix + SearchIndex.textFilePath($0)] }
    }
}

extension SiteRenderer {
    /// What a page, list page or tag page of the manifest is made from; `nil` for the other
    /// producers, which are not pages. `tagParts`: what every tag page shares, made when `nil`.
    func input(of producer: SiteManifest.Producer, tagParts: TagPageParts?, stamps: inout TemplateStamps) -> PageInput? {
        switch producer {
        case .page(let index): input(of: index, stamps: &stamps)
        case .listPage(let category, let number): input(of: category, listPage: number, stamps: &stamps)
        case .tagPage(let page): input(ofTagPage: page, parts: tagParts ?? tagPageParts(), stamps: &stamps)
        case .searchRecords, .searchTexts, .asset, .image, .extra: nil
        }
    }

    /// The digest of what a page of the manifest is made from: equal digests, equal pages.
    public func inputDigest(of producer: SiteManifest.Producer, tagParts: TagPageParts? = nil) -> Digest? {
        var stamps = TemplateStamps()
        return input(of: producer, tagParts: tagParts, stamps: &stamps)?.digest
    }

    /// A page of the manifest, rendered; `nil` for producers that are not pages.
    public func render(_ producer: SiteManifest.Producer, tagParts: TagPageParts? = nil) -> [UInt8]? {
        var stamps = TemplateStamps()
        return input(of: producer, tagParts: tagParts, stamps: &stamps).map { render($0, stamps: &stamps) }
    }
}
