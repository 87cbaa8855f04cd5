/// Rows for the pages a language lacks: an item or a category the default language has and
/// another language does not is listed in that language's list of the same folder, leading to
/// the default language's page and marked with its language (a category as a row of the list,
/// not in the sidebar: the language has no such folder). No page is made for it, so forty
/// languages do not mean forty copies of the untranslated pages.
///
/// A fallback is a Markdown file of the language's tree with no bytes on disk: the loader
/// makes its page from the default page's values (`SourceFile.fallback`), so the list orders,
/// counts, windows and filters it as any row.
///
/// A reference, not a value: every `SourceFile` and `Document` has room for one, and few have
/// one. Held inline it was 248 bytes of each (a front matter and a language), 50 MB of a
/// 100,000-item catalog's peak; a reference is 8.
final class Fallback: Sendable, Equatable {
    /// The language of the page it leads to.
    let language: Translations.Language
    /// That page's URL, from the site's root.
    let url: String
    /// What the row shows and is ordered by: the page's title, list title, summary, icon,
    /// colour, order, date and slug.
    let frontMatter: FrontMatter

    init(language: Translations.Language, url: String, frontMatter: FrontMatter) {
        self.language = language
        self.url = url
        self.frontMatter = frontMatter
    }

    static func == (a: Fallback, b: Fallback) -> Bool {
        a.language == b.language && a.url == b.url && a.frontMatter == b.frontMatter
    }

    /// `tree` (language `position`'s, whose sources start with `folderPrefix`) with a
    /// fallback file for each item or category of `defaultCatalog` that it lacks in a folder it has.
    static func add(to tree: inout SourceDirectory, folderPrefix: String, suffixes: [String],
                    from defaultCatalog: Catalog, defaultPrefix: String, language: Translations.Language) {
        var present: Set<String> = []
        func collect(_ directory: SourceDirectory) {
            present.insert(LanguageSplit.translationKey(ofSource: directory.relativePath + "/", folderPrefix: folderPrefix, suffixes: suffixes))
            for file in directory.files where file.isMarkdown {
                present.insert(LanguageSplit.translationKey(ofSource: file.relativePath, folderPrefix: folderPrefix, suffixes: suffixes))
            }
            directory.directories.forEach(collect)
        }
        collect(tree)
        // The missing pages, by the key of the folder they are in.
        var missing: [String: [(name: String, page: Page)]] = [:]
        for page in defaultCatalog.pages where page.kind != .home && page.isWritten {
            guard let parent = page.parent, defaultCatalog.pages[parent].kind != .item else { continue }
            let key = LanguageSplit.translationKey(of: page, folderPrefix: defaultPrefix, suffixes: suffixes)
            guard !present.contains(key) else { continue }
            // Listed in the same folder of the language, a bundle (`tar/index.md`) as `tar.md`.
            let folder = LanguageSplit.translationKey(of: defaultCatalog.pages[parent], folderPrefix: defaultPrefix, suffixes: suffixes)
            missing[folder, default: []].append((page.slug, page))
        }
        guard !missing.isEmpty else { return }
        func add(_ directory: inout SourceDirectory) {
            var key = directory.relativePath.hasPrefix(folderPrefix) ? String(directory.relativePath.dropFirst(folderPrefix.count)) : directory.relativePath
            if key + "/" == folderPrefix { key = "" }
            if !key.isEmpty { key += "/" }
            if let rows = missing[key] {
                // A name the language uses otherwise (a bundle `tar/` for `tar.md`) keeps it.
                let taken = Set(directory.files.map(\.baseName) + directory.directories.map(\.name))
                for (slug, page) in rows where !taken.contains(slug) {
                    let name = slug + ".md"
                    var file = SourceFile(name: name, relativePath: (directory.relativePath.isEmpty ? "" : directory.relativePath + "/") + name, contents: [])
                    file.fallback = Fallback(language: language, url: page.url, frontMatter: listed(page))
                    directory.files.append(file)
                }
            }
            for index in directory.directories.indices { add(&directory.directories[index]) }
        }
        add(&tree)
    }

    /// What a row of `page` shows and is ordered by, as front matter.
    private static func listed(_ page: Page) -> FrontMatter {
        var frontMatter = FrontMatter()
        frontMatter.title = page.title
        frontMatter.linkTitle = page.frontMatter.linkTitle
        frontMatter.summary = page.summary
        frontMatter.order = page.frontMatter.order
        frontMatter.date = page.frontMatter.date
        frontMatter.icon = page.frontMatter.icon
        frontMatter.color = page.frontMatter.color
        frontMatter.slug = page.slug
        return frontMatter
    }
}
