import Foundation
import Mustache

/// The files beside the pages: 404, alias redirects, theme assets, the search index,
/// the catalog description and the sitemap.
extension SiteRenderer {
    public struct OutputFile: Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// Every file of the site but the catalog's pages and co-located files: the pages of large
    /// lists, the tag pages, the search records and every extra file (tests read them here).
    public func renderExtras(theme: Theme) -> [OutputFile] {
        let manifest = SiteManifest(self, theme: theme)
        var stamps = TemplateStamps()
        let parts = tagPages.isEmpty ? nil : tagPageParts()
        var files: [OutputFile] = manifest.otherPages.compactMap { entry in
            switch entry.producer {
            case .listPage(let category, let number):
                return OutputFile(path: entry.path, bytes: renderPage(category, listPage: number, stamps: &stamps))
            case .tagPage(let page):
                return OutputFile(path: entry.path, bytes: renderTagPage(page, parts: parts!, stamps: &stamps))
            default:
                return nil
            }
        }
        for file in 0..<SearchIndex.recordFiles(ofCatalogPages: site.catalog.pages.count) {
            files += [searchRecords(file: file), searchTexts(file: file)].compactMap { $0 }
        }
        for extra in manifest.extras { files += self.files(of: extra, theme: theme) }
        return files
    }

    /// In a catalog of several languages, what the paths of this language's own files beside
    /// its pages start with (`de/`): its search, its catalog's description, its sitemap. Its
    /// pages, list indexes and redirects are under its folder by their stack paths.
    var languagePrefix: String {
        config.languageFolder.isEmpty ? "" : config.languageFolder + "/"
    }

    /// Whether `extra`'s files are the language's own, under `languagePrefix`.
    static func isPerLanguage(_ extra: SiteManifest.Extra) -> Bool {
        switch extra {
        case .search, .toolIndex, .catalogDescription, .sitemap: true
        default: false
        }
    }

    /// The paths of the files `files(of:theme:)` makes for `extra`; for the search, not those
    /// of its term shards, which are named by the words (`SearchIndex.termsFolder`).
    func paths(of extra: SiteManifest.Extra, theme: Theme) -> [String] {
        let paths = unprefixedPaths(of: extra, theme: theme)
        return Self.isPerLanguage(extra) && !languagePrefix.isEmpty ? paths.map { languagePrefix + $0 } : paths
    }

    private func unprefixedPaths(of extra: SiteManifest.Extra, theme: Theme) -> [String] {
        switch extra {
        case .notFound: return ["404.html"]
        case .redirects:
            return redirects().map { $0.folder.indexFile.description }
        case .theme:
            return theme.assetPaths.filter { theme.files[$0] != nil }.map(Theme.publishedPath(of:))
        case .interfaceStrings: return [scriptStringsPath]
        case .noJekyll: return [".nojekyll"]
        case .search:
            let first = SearchIndex.firstExtraPage(after: site.catalog.pages.count)
            let files = tagSearchPageCount == 0 ? []
                : Array(SearchIndex.recordFile(of: first)...SearchIndex.recordFile(of: first + tagSearchPageCount - 1))
            return [SearchIndex.indexPath] + files.map(SearchIndex.recordFilePath)
        case .toolIndex: return [Self.toolIndexPath]
        case .catalogDescription: return [Self.catalogDescriptionPath]
        case .sitemap: return [sitemapPath]
        case .sitemapIndex: return ["sitemap.xml"]
        case .tagListIndexes(let part): return tagListIndexPaths(part: part)
        case .listIndex(let category):
            let context = PageContext(catalog: site.catalog, config: config, icons: [:])
            return CategoryIndex.paths(CategoryIndex.path(of: category, context: context), portable: config.portable)
        }
    }

    /// Each page's aliases that become redirects, in page order: not one that names no free
    /// folder (an error of the resolve stage), nor one that is a page's own URL (its page keeps
    /// it: `SiteResolver.aliasProblems` warns when the page is another).
    func redirects() -> [(page: Int, folder: OutputPath)] {
        let pages = site.catalog.pages
        guard pages.contains(where: { !$0.frontMatter.aliases.isEmpty }) else { return [] }
        let pageFolders = Set(pages.map { OutputCollisions.fold($0.path.outputDirectory) })
        var redirects: [(page: Int, folder: OutputPath)] = []
        for index in pages.indices {
            for alias in pages[index].frontMatter.aliases {
                guard case .success(let folder) = Alias.folder(alias, of: pages[index].path),
                      !pageFolders.contains(OutputCollisions.fold(folder.description)) else { continue }
                redirects.append((index, folder))
            }
        }
        return redirects
    }

    static let toolIndexPath = Theme.siteFolder + "/search-index.json"
    static let catalogDescriptionPath = Theme.siteFolder + "/catalog.json"

    /// The files of one group beside the pages. With `postings`, the search index takes the
    /// words of the catalog's pages from them (a build collects them as it writes the pages:
    /// `searchTexts(of:into:cache:)`); without, from the pages' bodies.
    public func files(of extra: SiteManifest.Extra, theme: Theme) -> [OutputFile] {
        files(of: extra, theme: theme, postings: nil)
    }

    func files(of extra: SiteManifest.Extra, theme: Theme, postings: consuming SearchPostings?) -> [OutputFile] {
        var files: [OutputFile] = []
        eachFile(of: extra, theme: theme, postings: consume postings) { files.append($0) }
        return files
    }

    /// The files of one group, each handed to `body` as soon as it is made: the largest groups
    /// (the search's shards, the tags' list indexes) are then never held whole.
    /// The postings are taken, not shared: the index adds the tag pages to them, which would
    /// copy every list it touched of a set still held (24 MB at 100,000 items).
    func eachFile(of extra: SiteManifest.Extra, theme: Theme, postings: consuming SearchPostings?,
                  _ body: (OutputFile) throws -> Void) rethrows {
        guard Self.isPerLanguage(extra), !languagePrefix.isEmpty else {
            return try eachUnprefixedFile(of: extra, theme: theme, postings: consume postings, body)
        }
        let prefix = languagePrefix
        try eachUnprefixedFile(of: extra, theme: theme, postings: consume postings) { file in
            try body(OutputFile(path: prefix + file.path, bytes: file.bytes))
        }
    }

    private func eachUnprefixedFile(of extra: SiteManifest.Extra, theme: Theme, postings: consuming SearchPostings?,
                                    _ body: (OutputFile) throws -> Void) rethrows {
        switch extra {
        case .search:
            let catalog = site.catalog
            var index = if let postings = postings.take() {
                SearchIndex(catalog: catalog, postings: consume postings, extra: tagSearchPages(), language: config.language)
            } else {
                SearchIndex(catalog: catalog, bodies: site.bodies, extra: tagSearchPages(), language: config.language)
            }
            index.languages = translations?.languages ?? []
            try index.eachFile(body)
        case .tagListIndexes(let part): try eachTagListIndex(part: part, body)
        default: try madeWhole(extra, theme: theme).forEach(body)
        }
    }

    /// The files of a group made at once.
    private func madeWhole(_ extra: SiteManifest.Extra, theme: Theme) -> [OutputFile] {
        let catalog = site.catalog
        let context = PageContext(catalog: catalog, config: config, icons: templates.icons)
        switch extra {
        case .notFound:
            return [OutputFile(path: "404.html", bytes: RootMarker.resolve(templates.render(notFoundView(context)), depth: 0))]
        case .redirects:
            return redirects().map { redirect in
                let html = templates.render(redirectView(to: catalog[redirect.page], context))
                return OutputFile(path: redirect.folder.indexFile.description,
                                  bytes: RootMarker.resolve(html, depth: redirect.folder.segments.count))
            }
        case .theme: return themeAssets(theme, context: context)
        case .interfaceStrings: return [OutputFile(path: scriptStringsPath, bytes: config.strings.scriptFile())]
        case .noJekyll: return [OutputFile(path: ".nojekyll", bytes: [])]
        case .search, .tagListIndexes:
            preconditionFailure("made file by file (eachFile)")
        case .toolIndex: return [OutputFile(path: Self.toolIndexPath, bytes: searchIndex())]
        case .catalogDescription: return [OutputFile(path: Self.catalogDescriptionPath, bytes: catalogDescription())]
        case .sitemap: return sitemap().map { [OutputFile(path: sitemapPath, bytes: $0)] } ?? []
        case .sitemapIndex: return sitemapIndex().map { [OutputFile(path: "sitemap.xml", bytes: $0)] } ?? []
        case .listIndex(let category): return CategoryIndex.files(of: category, context: context)
        }
    }

    /// Where the script finds its interface strings (`InterfaceStrings.scriptFile`).
    var scriptStringsPath: String { Theme.siteFolder + "/" + config.strings.scriptPath }

    /// The theme's assets; a stylesheet that is a template is rendered with the site's layout.
    /// With them, the script's interface strings in the site's language.
    private func themeAssets(_ theme: Theme, context: PageContext) -> [OutputFile] {
        theme.assetPaths.compactMap { path in
            guard var bytes = theme.files[path] else { return nil }
            // The script starts with its English, for a layout that loads no strings file.
            if path == Theme.scriptPath { bytes = InterfaceStrings.english.scriptFile(fallback: true) + bytes }
            guard path.hasSuffix(".mustache"),
                  let template = templates.assets[path] ?? TemplateSet.asset(String(decoding: bytes, as: UTF8.self)) else {
                return OutputFile(path: Theme.publishedPath(of: path), bytes: bytes)
            }
            let view = StylesheetView(layout: context.layout(), site: context.site(),
                                      icons: ThemeIcons.stylesheetIcons(theme: theme, icons: templates.icons))
            let text = template.render(view.templateObject.mustacheValue)
            return OutputFile(path: Theme.publishedPath(of: path), bytes: Array(text.utf8))
        }
    }

    /// The records of the catalog's pages in record file `file` (`stacks serve`); nil when it
    /// holds none.
    public func searchRecords(file: Int) -> OutputFile? {
        let pages = recordPages(file: file)
        guard !pages.isEmpty else { return nil }
        return OutputFile(path: languagePrefix + SearchIndex.recordFilePath(file),
                          bytes: pages.flatMap { SearchIndex.record(of: $0, in: site.catalog, portable: config.portable) })
    }

    /// The snippet sources of the same pages (`stacks serve`); nil when the file holds no record.
    public func searchTexts(file: Int) -> OutputFile? {
        let pages = recordPages(file: file)
        guard !pages.isEmpty else { return nil }
        return OutputFile(path: languagePrefix + SearchIndex.textFilePath(file),
                          bytes: pages.flatMap { SearchIndex.snippetSource(of: $0, text: searchText(of: $0)) })
    }

    /// The catalog's pages whose records are in record file `file`.
    func recordPages(file: Int) -> [Int] {
        SearchIndex.pages(inRecordFile: file, ofCatalogPages: site.catalog.pages.count).filter { $0 != Catalog.rootIndex && site.catalog[$0].isWritten }
    }

    private func searchText(of index: Int) -> String {
        index < site.bodies.count ? HTMLText.plain(site.bodies[index]) : ""
    }

    func notFoundView(_ context: PageContext) -> NotFoundView {
        NotFoundView(site: context.site())
    }

    func redirectView(to page: Page, _ context: PageContext) -> RedirectView {
        RedirectView(site: context.site(), title: page.title, url: RootMarker.page(page.path, portable: config.portable))
    }

    /// Titles, summaries and tags of every page, the tag pages' after the catalog's, for other
    /// tools (the site search has its own index); URLs from the root.
    func searchIndex() -> [UInt8] {
        Self.whole { searchIndex($0) }
    }

    /// `searchIndex()` handed to `part` a megabyte or so at a time, as it is made.
    func searchIndex<Failure: Error>(_ part: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        let catalog = site.catalog
        var json = JSONWriter(capacity: Self.partCapacity(pages: catalog.pages.count))
        json.beginArray()
        for index in catalog.pages.indices.dropFirst() where catalog[index].isWritten {
            let page = catalog[index]
            json.beginObject()
            json.member("kind", page.kind.rawValue)
            json.member("path", catalog.chain(to: index).dropFirst().map { catalog[$0].listTitle })
            json.member("summary", page.summary)
            json.member("tags", page.frontMatter.tags)
            json.member("title", page.title)
            json.member("url", RelativeURL.page(page.path, fromDepth: 0, portable: config.portable))
            json.endObject()
            try json.drain(over: Self.partSize, into: part)
        }
        for page in tagSearchPages() {
            json.beginObject()
            json.member("kind", page.kind)
            json.member("path", page.path)
            json.member("summary", page.summary)
            json.member("tags", [String]())
            json.member("title", page.title)
            json.member("url", page.url)
            json.endObject()
            try json.drain(over: Self.partSize, into: part)
        }
        json.endArray()
        try part(json.bytes)
    }

    /// How much of a large file (`largeFilePath(of:)`) is made before it is written: made
    /// whole, the tools' index and the catalog's description of 100,000 items were 47 MB, made
    /// side by side at the build's peak.
    static let partSize = 1 << 20

    /// Room for a part: a small catalog's whole file, else a part and its last entry.
    private static func partCapacity(pages: Int) -> Int { min(pages * 256, partSize) + 64 * 1024 }

    /// The parts `make` hands over, as one file (the preview's and the tests' way).
    private static func whole(_ make: (_ part: ([UInt8]) -> Void) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        make { part in if bytes.isEmpty { bytes = part } else { bytes += part } }
        return bytes
    }

    /// The path of `extra`'s one file, when it is a group made a part at a time
    /// (`writeLargeFile`): the tools' index and the catalog's description, which grow with the
    /// catalog.
    func largeFilePath(of extra: SiteManifest.Extra) -> String? {
        let path: String
        switch extra {
        case .toolIndex: path = Self.toolIndexPath
        case .catalogDescription: path = Self.catalogDescriptionPath
        default: return nil
        }
        return Self.isPerLanguage(extra) ? languagePrefix + path : path
    }

    /// The file of `extra` (one `largeFilePath(of:)` names), handed to `part` as it is made.
    func writeLargeFile<Failure: Error>(_ extra: SiteManifest.Extra, _ part: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        switch extra {
        case .toolIndex: try searchIndex(part)
        case .catalogDescription: try catalogDescription(part)
        default: preconditionFailure("not made in parts: \(extra)")
        }
    }

    /// The catalog tree: what a script or another tool needs to know of the site's structure;
    /// the home's node also lists the tags.
    func catalogDescription() -> [UInt8] {
        Self.whole { catalogDescription($0) }
    }

    /// `catalogDescription()` handed to `part` a megabyte or so at a time, as it is made.
    func catalogDescription<Failure: Error>(_ part: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        let catalog = site.catalog
        var json = JSONWriter(capacity: Self.partCapacity(pages: catalog.pages.count))
        func node(_ index: Int) throws(Failure) {
            let page = catalog[index]
            json.beginObject()
            json.key("children")
            json.beginArray()
            for child in page.children where catalog[child].isWritten { try node(child) }
            json.endArray()
            json.member("color", page.frontMatter.color)
            json.member("icon", page.frontMatter.icon)
            json.member("kind", page.kind.rawValue)
            json.member("summary", page.summary)
            if index == Catalog.rootIndex, !tagIndex.isEmpty {
                // The second way in: every tag, with its page and count.
                json.key("tags")
                json.beginArray()
                for (position, tag) in tagIndex.tags.enumerated() {
                    json.beginObject()
                    json.member("count", tag.pages.count)
                    json.member("title", tag.name)
                    json.member("url", RelativeURL.page(tagIndex.path(of: position), fromDepth: 0, portable: config.portable))
                    json.endObject()
                }
                json.endArray()
            }
            json.member("title", catalog.title(of: index, siteTitle: config.siteTitle))
            json.member("url", RelativeURL.page(page.path, fromDepth: 0, portable: config.portable))
            json.endObject()
            try json.drain(over: Self.partSize, into: part)
        }
        try node(Catalog.rootIndex)
        try part(json.bytes)
    }

    /// Where the language's sitemap is, under `languagePrefix`: `sitemap.xml`; in a catalog of
    /// several languages whose default is at the root, the default's is under its code
    /// (`en/sitemap.xml`), as Hugo has it, since the root's is the index of every language's.
    var sitemapPath: String {
        guard let translations, languagePrefix.isEmpty else { return "sitemap.xml" }
        return translations.languages[config.languagePosition].tag.lowercased() + "/sitemap.xml"
    }

    /// The root's sitemap in a catalog of several languages: where each language's is.
    func sitemapIndex() -> [UInt8]? {
        guard let base = config.baseURL.map({ $0.hasSuffix("/") ? $0 : $0 + "/" }), let translations else { return nil }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for language in translations.languages {
            let path = language.folder.isEmpty ? language.tag.lowercased() + "/sitemap.xml" : language.folder + "sitemap.xml"
            xml += "<sitemap><loc>\(HTMLEscaping.escape(base + path))</loc></sitemap>\n"
        }
        xml += "</sitemapindex>\n"
        return Array(xml.utf8)
    }

    func sitemap() -> [UInt8]? {
        guard config.baseURL != nil else { return nil }
        let context = PageContext(catalog: site.catalog, config: config, icons: [:])
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for index in site.catalog.pages.indices where site.catalog[index].isWritten {
            guard let url = context.canonical(index) else { continue }
            xml += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n"
        }
        for url in tagSitemapURLs() { xml += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n" }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }
}
