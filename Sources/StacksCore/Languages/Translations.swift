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
    }

    public let languages: [Language]
    /// By translation key: each language's page there, by position in `languages`.
    private var paths: [String: [StackPath?]] = [:]
    /// Each language's pages' keys, by catalog index.
    private var keys: [[String]] = []

    /// `catalogs[position]` is language `position`'s catalog, `folderPrefixes` what its sources
    /// start with, `suffixes` the codes a file name may end with (the suffix layout).
    init(settings: LanguageSettings, catalogs: [Catalog], folderPrefixes: [String]) {
        languages = settings.codes.map { code in
            let tag = LanguageSettings.tag(of: code)
            return Language(tag: tag, name: LanguageNames.name(of: tag))
        }
        let suffixes = settings.layout == .suffixes ? settings.codes : []
        for (position, catalog) in catalogs.enumerated() {
            var pageKeys: [String] = []
            pageKeys.reserveCapacity(catalog.pages.count)
            for page in catalog.pages {
                let key = LanguageSplit.translationKey(of: page, folderPrefix: folderPrefixes[position], suffixes: suffixes)
                pageKeys.append(key)
                if paths[key] == nil { paths[key] = Array(repeating: nil, count: catalogs.count) }
                if paths[key]![position] == nil { paths[key]![position] = page.path }
            }
            keys.append(pageKeys)
        }
    }

    /// A link to page `index` of language `position` in each language: the same page, or the
    /// nearest one above it (`missing`).
    func alternates(of index: Int, inLanguage position: Int) -> [(language: Int, path: StackPath, missing: Bool)] {
        guard position < keys.count, index < keys[position].count else { return [] }
        let key = keys[position][index]
        return languages.indices.compactMap { other in
            if let path = paths[key]?[other] { return (other, path, false) }
            var parent = key
            while !parent.isEmpty {
                parent = Self.parent(of: parent)
                if let path = paths[parent]?[other] { return (other, path, true) }
            }
            return nil
        }
    }

    /// The key of the folder above: `a/b/c.md` → `a/b/`, `a/b/` → `a/`, `a/` → "".
    static func parent(of key: String) -> String {
        var trimmed = key.hasSuffix("/") ? key.dropLast() : Substring(key)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        trimmed = trimmed[...slash]
        return String(trimmed)
    }
}
