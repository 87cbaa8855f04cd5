import Foundation

/// The resolve stage: settles titles and order, and turns every relative link in the
/// Markdown into a URL relative to its page. Pure.
public struct SiteResolver: Sendable {
    /// Links name `index.html`, for sites opened from disk.
    public var portable: Bool
    public var displayRoot: String

    public init(portable: Bool, displayRoot: String = "content") {
        self.portable = portable
        self.displayRoot = displayRoot
    }

    public func resolve(_ catalog: Catalog, parsed: [ParsedMarkdown]) -> (ResolvedSite, [Diagnostic]) {
        var catalog = catalog
        for index in catalog.pages.indices where catalog.pages[index].frontMatter.title == nil {
            if let heading = parsed[index].headingTitle, !heading.isEmpty {
                catalog.pages[index].title = heading
            }
        }
        let sortKeys = catalog.pages.map { SortKey($0) }
        for index in catalog.pages.indices {
            catalog.pages[index].children.sort { sortKeys[$0] < sortKeys[$1] }
        }
        let targets = LinkTargets(catalog)
        var diagnostics: [Diagnostic] = []
        var bodies: [String] = []
        bodies.reserveCapacity(catalog.pages.count)
        for (index, page) in catalog.pages.enumerated() {
            let markdown = parsed[index]
            var urls: [String] = []
            urls.reserveCapacity(markdown.links.count)
            for link in markdown.links {
                switch targets.resolve(link.destination, from: page.sourceDirectory) {
                case .success(let target):
                    urls.append(url(for: target))
                case .failure(let problem):
                    let file = displayRoot + "/" + (page.source ?? page.sourceDirectory)
                    diagnostics.append(.error(file, line: link.line + page.bodyLine - 1, column: link.column,
                                              problem.message(link)))
                    urls.append(link.destination)
                }
            }
            bodies.append(LinkTokens.substitute(in: markdown.html, urls: urls))
        }
        diagnostics += aliasProblems(catalog)
        return (ResolvedSite(catalog: catalog, bodies: bodies), diagnostics)
    }

    /// In root-marker form: the renderer puts each page's way up in place of the marker.
    private func url(for target: LinkTargets.Target) -> String {
        switch target {
        case .page(let path, let fragment): RootMarker.page(path, portable: portable) + fragment
        case .asset(let output, let fragment): RootMarker.file(output) + fragment
        }
    }

    /// Aliases become redirect pages, so they must not land on a real page or on each other.
    private func aliasProblems(_ catalog: Catalog) -> [Diagnostic] {
        var pageURLs = Set(catalog.pages.map(\.path.url))
        var problems: [Diagnostic] = []
        for page in catalog.pages {
            for alias in page.frontMatter.aliases {
                let file = displayRoot + "/" + (page.source ?? page.sourceDirectory)
                guard let normalized = Alias.normalize(alias) else {
                    problems.append(.error(file, line: 1, column: 1, "alias '\(alias)' is not a path inside the site"))
                    continue
                }
                if !pageURLs.insert(normalized).inserted {
                    problems.append(.error(file, line: 1, column: 1, "alias '\(alias)' is already the URL of another page or alias"))
                }
            }
        }
        return problems
    }
}

/// Titles compared as a reader would: without regard to case or accents.
private struct SortKey: Comparable {
    /// Sub-categories come before items.
    var isItem: Bool
    var order: Int
    var title: String
    var slug: String

    init(_ page: Page) {
        isItem = page.kind == .item
        order = page.frontMatter.order ?? Int.max
        title = page.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        slug = page.slug
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if lhs.isItem != rhs.isItem { return rhs.isItem }
        return (lhs.order, lhs.title, lhs.slug) < (rhs.order, rhs.title, rhs.slug)
    }
}

/// The catalog after the resolve stage: ordered, titled, with each page's final body HTML.
public struct ResolvedSite: Sendable {
    public var catalog: Catalog
    /// Indexed like `catalog.pages`; links in root-marker form.
    public var bodies: [String]
}

public enum Alias {
    /// `/old/path`, `old/path/` and `old/path/index.html` all name the folder `old/path/`.
    public static func normalize(_ alias: String) -> String? {
        var parts = alias.split(separator: "/").map(String.init)
        if parts.last == "index.html" { parts.removeLast() }
        guard !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." || $0.contains("\\") }) else { return nil }
        return parts.map { URLEncoding.encodePathSegment(URLEncoding.decodePathSegment($0) ?? $0) + "/" }.joined()
    }
}
