/// The same page in every language of a catalog (`languages:`): each page's translation key
/// (`LanguageSplit.translationKey`) and where each language has that page.
///
/// Made once every language's catalog is resolved; each language's renderer gives every page
/// the links to its translations (the switcher, `hreflang`). A language without the page leads
/// to its nearest page above it that it has (the home at least), marked as missing.
public struct Translations: Sendable {
    public struct Language: Sendable, Equatable {
        /// BCP 47 (`zh-TW`), for `lang` and `hreflang`.
        public var tag: String
        /// Its name in itself.
        public var name: String
        /// The folder its pages are under, with a slash (`de/`); empty for the default at the root.
        public var folder: String
    }

    public let languages: [Language]
    /// Where a page leads in each language: the URL (`StackPath.url`) of the same page, or of
    /// the nearest page above it that the language has (`missing`).
    public struct Link: Sendable {
        public var language: Int
        public var url: String
        public var missing: Bool
    }

    /// By translation key, its links in every language: made once per key, not per page.
    private var links: [String: [Link]] = [:]
    /// By translation key, the switcher's items and the head's alternates as HTML, made once
    /// for all languages: a page of language `p` takes them with item `p` marked current.
    private var html: [String: SwitcherHTML] = [:]

    struct SwitcherHTML: Sendable {
        /// Every language's item, none marked current.
        var items: String
        /// Where each language's item starts in `items`, and its end last.
        var starts: [String.Index]
        /// Each language's item marked current (`nil` where the language lacks the page).
        var current: [String?]
        /// `<link rel="alternate" hreflang>` for each language that has the page, and `x-default`.
        var alternates: String
    }
    /// Each language's pages' keys, by catalog index.
    private var keys: [[String]] = []

    /// `catalogs[position]` is language `position`'s catalog, `folderPrefixes` what its sources
    /// start with, `suffixes` the codes a file name may end with (the suffix layout).
    /// `baseURL` and `portable`: the site's, which every language shares.
    init(settings: LanguageSettings, catalogs: [Catalog], folderPrefixes: [String], baseURL: String? = nil, portable: Bool = false) {
        languages = Self.languages(of: settings)
        let suffixes = settings.layout == .suffixes ? settings.codes : []
        var paths: [String: [StackPath?]] = [:]
        for (position, catalog) in catalogs.enumerated() {
            var pageKeys: [String] = []
            pageKeys.reserveCapacity(catalog.pages.count)
            for page in catalog.pages {
                let key = LanguageSplit.translationKey(of: page, folderPrefix: folderPrefixes[position], suffixes: suffixes)
                pageKeys.append(key)
                // A fallback row is the page missing here.
                guard page.isWritten else { continue }
                if paths[key] == nil { paths[key] = Array(repeating: nil, count: catalogs.count) }
                if paths[key]![position] == nil { paths[key]![position] = page.path }
            }
            keys.append(pageKeys)
        }
        // A key's URL in a language: its page's, else its parent key's there, up to the home.
        var urls: [String: [String?]] = [:]
        func url(of key: String, in language: Int) -> (String, Bool)? {
            var key = key, missing = false
            while true {
                if let path = paths[key]?[language] {
                    if urls[key] == nil { urls[key] = Array(repeating: nil, count: catalogs.count) }
                    let url = urls[key]![language] ?? path.url
                    urls[key]![language] = url
                    return (url, missing)
                }
                guard !key.isEmpty else { return nil }
                key = Self.parent(of: key)
                missing = true
            }
        }
        let base = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        for key in paths.keys {
            let keyLinks = catalogs.indices.compactMap { language in
                url(of: key, in: language).map { Link(language: language, url: $0.0, missing: $0.1) }
            }
            links[key] = keyLinks
            html[key] = Self.switcher(keyLinks, languages: languages, base: base, portable: portable)
        }
    }

    /// The id of the note that says what a language's item marked missing leads to.
    static let missingNoteID = "missing-translation"

    /// Where `link` leads, as a page writes it: from the site's address, else from the root.
    static func href(_ link: Link, base: String?, portable: Bool) -> String {
        base.map { $0 + link.url } ?? RootMarker.string + (portable ? link.url + "index.html" : link.url.isEmpty ? "./" : link.url)
    }

    /// One language's item of the switcher.
    static func item(_ language: Language, href: String, missing: Bool, current: Bool) -> String {
        let tag = HTMLEscaping.escape(language.tag)
        let state = missing ? " class=\"missing\" aria-describedby=\"\(missingNoteID)\"" : current ? " aria-current=\"true\"" : ""
        return "<li><a href=\"" + HTMLEscaping.escape(href) + "\" hreflang=\"" + tag + "\" lang=\"" + tag + "\"" + state + ">"
            + HTMLEscaping.escape(language.name) + "</a></li>"
    }

    private static func switcher(_ links: [Link], languages: [Language], base: String?, portable: Bool) -> SwitcherHTML {
        var items = "", alternates = "", defaultURL: String?
        var starts: [String.Index] = []
        var current: [String?] = Array(repeating: nil, count: languages.count)
        var byLanguage: [Link?] = Array(repeating: nil, count: languages.count)
        for link in links { byLanguage[link.language] = link }
        for (position, link) in byLanguage.enumerated() {
            starts.append(items.endIndex)
            guard let link else { continue }
            let href = Self.href(link, base: base, portable: portable)
            items += item(languages[position], href: href, missing: link.missing, current: false)
            guard !link.missing else { continue }
            current[position] = item(languages[position], href: href, missing: false, current: true)
            let escaped = HTMLEscaping.escape(href)
            alternates += "<link rel=\"alternate\" hreflang=\"" + HTMLEscaping.escape(languages[position].tag) + "\" href=\"" + escaped + "\">\n"
            if position == 0 { defaultURL = escaped }
        }
        starts.append(items.endIndex)
        // Last, as search engines' examples write it: the default language's page.
        if let defaultURL { alternates += "<link rel=\"alternate\" hreflang=\"x-default\" href=\"" + defaultURL + "\">\n" }
        return SwitcherHTML(items: items, starts: starts, current: current, alternates: alternates)
    }

    /// The switcher's items of page `index` of language `position`, its own marked current,
    /// and its alternates.
    func switcher(of index: Int, inLanguage position: Int) -> (items: String, alternates: String)? {
        guard position < keys.count, index < keys[position].count, let made = html[keys[position][index]] else { return nil }
        guard let current = made.current[position] else { return (made.items, made.alternates) }
        var items = String()
        items.reserveCapacity(made.items.utf8.count + 24)
        items += made.items[..<made.starts[position]]
        items += current
        items += made.items[made.starts[position + 1]...]
        return (items, made.alternates)
    }

    static func languages(of settings: LanguageSettings) -> [Language] {
        settings.codes.indices.map { position in
            let tag = LanguageSettings.tag(of: settings.codes[position])
            let folder = settings.outputFolder(of: position)
            return Language(tag: tag, name: LanguageNames.name(of: tag), folder: folder.isEmpty ? "" : folder + "/")
        }
    }

    /// Page `index` of language `position` in each language: the same page, or the nearest
    /// one above it (`missing`).
    func alternates(of index: Int, inLanguage position: Int) -> [Link] {
        guard position < keys.count, index < keys[position].count else { return [] }
        return links[keys[position][index]] ?? []
    }

    /// The key of the folder above: `a/b/c.md` → `a/b/`, `a/b/` → `a/`, `a/` → "".
    static func parent(of key: String) -> String {
        var trimmed = key.hasSuffix("/") ? key.dropLast() : Substring(key)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        trimmed = trimmed[...slash]
        return String(trimmed)
    }
}
