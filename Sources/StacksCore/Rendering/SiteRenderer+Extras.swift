import Foundation
import Mustache

/// The files beside the pages: 404, alias redirects, theme assets, the search index,
/// the catalog description and the sitemap.
extension SiteRenderer {
    public struct OutputFile: Sendable {
        public var path: String
        public var bytes: [UInt8]
    }

    /// `pages: false` leaves out the pages of large lists and the tag pages, which the preview
    /// renders one at a time, by their inputs.
    public func renderExtras(theme: Theme, pages: Bool = true) -> [OutputFile] {
        extraParts(theme: theme, listPages: pages).flatMap { $0() }
    }

    /// A group of extra files, made when called: a build makes the groups in parallel and
    /// writes each as it comes, so the largest (the lists' indexes, the search shards, the
    /// catalog) are never all held at once.
    typealias ExtraPart = @Sendable () -> [OutputFile]

    /// The extra files, in groups. Without `listPages`, the pages of large categories' lists
    /// and the tag pages are left out. With `postings`, the search index takes the words of
    /// the catalog's pages from them and leaves out their records: a build collects both as it
    /// writes the pages (`searchEntry(of:into:)`).
    func extraParts(theme: Theme, listPages includeListPages: Bool, postings: SearchPostings? = nil) -> [ExtraPart] {
        let catalog = site.catalog
        let context = PageContext(catalog: catalog, config: config, icons: templates.icons)
        var parts: [ExtraPart] = [
            { [self] in
                var files = [OutputFile(path: "404.html", bytes: RootMarker.resolve(templates.render(notFoundView(context)), depth: 0))]
                for page in catalog.pages {
                    for alias in page.frontMatter.aliases {
                        // An alias that names no free folder is an error of the resolve stage.
                        guard case .success(let folder) = Alias.folder(alias) else { continue }
                        let html = templates.render(redirectView(to: page, context))
                        files.append(OutputFile(path: folder.indexFile.description,
                                                bytes: RootMarker.resolve(html, depth: folder.segments.count)))
                    }
                }
                return files
            },
            { [self] in
                var stamps = TemplateStamps()
                return (includeListPages ? listPages : []).map { list in
                    OutputFile(path: outputPath(ofListPage: list.number, category: list.category),
                               bytes: renderPage(list.category, listPage: list.number, stamps: &stamps))
                }
            },
            { [self] in themeAssets(theme, context: context) },
            { [self] in [OutputFile(path: Theme.siteFolder + "/search-index.json", bytes: searchIndex())] },
            // GitHub Pages leaves out folders whose names start with `_` unless this file is there.
            { [OutputFile(path: ".nojekyll", bytes: [])] },
            { [self] in
                let index = postings.map { SearchIndex(catalog: catalog, postings: $0, extra: tagSearchPages()) }
                    ?? SearchIndex(catalog: catalog, bodies: site.bodies, portable: config.portable, extra: tagSearchPages())
                return index.files()
            },
            { [self] in tagFiles(pages: includeListPages) },
            { [self] in [OutputFile(path: Theme.siteFolder + "/catalog.json", bytes: catalogDescription())] },
            { [self] in sitemap().map { [OutputFile(path: "sitemap.xml", bytes: $0)] } ?? [] },
        ]
        for category in CategoryIndex.categories(in: catalog, limit: config.layout.listWindow) {
            parts.append { CategoryIndex.files(of: category, context: context) }
        }
        return parts
    }

    /// The theme's assets; a stylesheet that is a template is rendered with the site's layout.
    private func themeAssets(_ theme: Theme, context: PageContext) -> [OutputFile] {
        theme.assetPaths.compactMap { path in
            guard let bytes = theme.files[path] else { return nil }
            guard path.hasSuffix(".mustache"), let template = try? TemplateSet.single(String(decoding: bytes, as: UTF8.self)) else {
                return OutputFile(path: Theme.siteFolder + "/" + path.dropFirst("assets/".count), bytes: bytes)
            }
            let view = StylesheetView(layout: context.layout(), site: context.site(),
                                      icons: ThemeIcons.stylesheetIcons(theme: theme, icons: templates.icons))
            let text = template.render(view.templateObject.mustacheValue)
            return OutputFile(path: Theme.publishedPath(of: path), bytes: Array(text.utf8))
        }
    }

    /// Page `index`'s words added to `postings`, and its search record with where it goes;
    /// nil for the home page, which has neither.
    func searchEntry(of index: Int, into postings: inout SearchPostings) -> OutputFile? {
        guard index != Catalog.rootIndex, index < site.catalog.pages.count else { return nil }
        let text = index < site.bodies.count ? HTMLText.plain(site.bodies[index]) : ""
        postings.add(page: index, of: site.catalog, text: text)
        return OutputFile(path: SearchIndex.recordPath(of: index),
                          bytes: SearchIndex.record(of: index, in: site.catalog, text: text, portable: config.portable))
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
        let catalog = site.catalog
        var json = JSONWriter(capacity: catalog.pages.count * 256)
        json.beginArray()
        for index in catalog.pages.indices.dropFirst() {
            let page = catalog[index]
            json.beginObject()
            json.member("kind", page.kind.rawValue)
            json.member("path", catalog.chain(to: index).dropFirst().map { catalog[$0].listTitle })
            json.member("summary", page.summary)
            json.member("tags", page.frontMatter.tags)
            json.member("title", page.title)
            json.member("url", RelativeURL.page(page.path, fromDepth: 0, portable: config.portable))
            json.endObject()
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
        }
        json.endArray()
        return json.bytes
    }

    /// The catalog tree: what a script or another tool needs to know of the site's structure;
    /// the home's node also lists the tags.
    func catalogDescription() -> [UInt8] {
        let catalog = site.catalog
        var json = JSONWriter(capacity: catalog.pages.count * 256)
        func node(_ index: Int) {
            let page = catalog[index]
            json.beginObject()
            json.key("children")
            json.beginArray()
            for child in page.children { node(child) }
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
        }
        node(Catalog.rootIndex)
        return json.bytes
    }

    func sitemap() -> [UInt8]? {
        guard config.baseURL != nil else { return nil }
        let context = PageContext(catalog: site.catalog, config: config, icons: [:])
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for index in site.catalog.pages.indices {
            guard let url = context.canonical(index) else { continue }
            xml += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n"
        }
        for url in tagSitemapURLs() { xml += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n" }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }
}
