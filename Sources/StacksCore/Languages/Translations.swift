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
    /// Each language's pages' keys, by catalog index.
    private var keys: [[String]] = []

    /// `catalogs[position]` is language `position`'s catalog, `folderPrefixes` what its sources
    /// start with, `suffixes` the codes a file name may end with (the suffix layout).
    init(settings: LanguageSettings, catalogs: [Catalog], folderPrefixes: [String]) {
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
        for key in paths.keys {
            links[key] = catalogs.indices.compactMap { language in
                url(of: key, in: language).map { Link(language: language, url: $0.0, missing: $0.1) }
            }
        }
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
