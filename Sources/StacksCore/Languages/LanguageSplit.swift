import Foundation

/// The content of a catalog in several languages, one tree per language (`LanguageSettings`).
///
/// Every file keeps its path relative to the content folder, so diagnostics name the file as
/// written; a file named with a language suffix (`tar.fr.md`) is named without it (`tar.md`) in
/// its language's tree, so that its slug is the default language's. A page's translation key —
/// the same page in every language — is its path inside its language's tree (`translationKey`).
enum LanguageSplit {
    struct Language: Sendable {
        /// Its position in `LanguageSettings.codes`: 0 is the default.
        var position: Int
        var tree: SourceDirectory
        /// What a source path starts with in this language's tree (`pages.de/`), dropped from a
        /// page's source to make its translation key.
        var folderPrefix: String
    }

    static func split(_ content: SourceDirectory, settings: LanguageSettings, displayRoot: String) -> ([Language], [Diagnostic]) {
        switch settings.layout {
        case .folders:
            return byFolder(content, settings: settings, displayRoot: displayRoot)
        case .suffixes:
            let trees = settings.codes.indices.map { position in
                Language(position: position, tree: bySuffix(content, settings: settings, position: position), folderPrefix: "")
            }
            return (trees, [])
        }
    }

    private static func byFolder(_ content: SourceDirectory, settings: LanguageSettings,
                                 displayRoot: String) -> ([Language], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var languages: [Language] = []
        var claimed: Set<String> = []
        for position in settings.codes.indices {
            let name = settings.contentFolder(of: position)!
            claimed.insert(name)
            if let folder = content.directories.first(where: { $0.name == name }) {
                languages.append(Language(position: position, tree: folder, folderPrefix: folder.relativePath + "/"))
            } else {
                diagnostics.append(.warning(displayRoot + "/" + name,
                    "no folder for the language '\(settings.codes[position])': it has a home page only"))
                languages.append(Language(position: position, tree: SourceDirectory(name: name, relativePath: name), folderPrefix: name + "/"))
            }
        }
        let strays = content.directories.filter { !claimed.contains($0.name) }.map(\.name)
            + content.files.filter(\.isMarkdown).map(\.name)
        if !strays.isEmpty {
            let named = strays.sorted().prefix(3).joined(separator: ", ") + (strays.count > 3 ? " and \(strays.count - 3) more" : "")
            diagnostics.append(.warning(displayRoot,
                "\(named) \(strays.count == 1 ? "is" : "are") in no language's folder (languages.folders); left out"))
        }
        return (languages, diagnostics)
    }

    /// Language `position`'s tree in the suffix layout: its own files (`x.fr.md`, named `x.md`),
    /// the default's (`x.md`) only for the default, every other file (pictures) in every tree.
    static func bySuffix(_ directory: SourceDirectory, settings: LanguageSettings, position: Int) -> SourceDirectory {
        var tree = SourceDirectory(name: directory.name, relativePath: directory.relativePath)
        for file in directory.files {
            guard file.isMarkdown else {
                tree.files.append(file)
                continue
            }
            let stem = String(file.name.dropLast(3))
            let dot = stem.lastIndex(of: ".")
            let suffix = dot.map { String(stem[stem.index(after: $0)...]) }
            if let suffix, let language = settings.codes.firstIndex(where: { $0.caseInsensitiveCompare(suffix) == .orderedSame }) {
                guard language == position else { continue }
                var renamed = file
                renamed.name = String(stem[..<dot!]) + ".md"
                tree.files.append(renamed)
            } else if position == 0 {
                tree.files.append(file)
            }
        }
        tree.directories = directory.directories.map { bySuffix($0, settings: settings, position: position) }
        return tree
    }

    /// A page's key among its translations: its path in its language's tree, without the
    /// language's suffix (`codes`, in the suffix layout); a category's or the home's, its
    /// folder's (`common/`, the home's "").
    static func translationKey(of page: Page, folderPrefix: String, suffixes codes: [String]) -> String {
        translationKey(ofSource: page.kind == .item ? (page.source ?? page.sourceDirectory + "/") : page.sourceDirectory + "/",
                       folderPrefix: folderPrefix, suffixes: codes)
    }

    /// The key of a Markdown file (`pages.de/common/tar.md`) or a folder (`pages.de/common/`).
    static func translationKey(ofSource source: String, folderPrefix: String, suffixes codes: [String]) -> String {
        var key = source
        if !folderPrefix.isEmpty, key.hasPrefix(folderPrefix) { key.removeFirst(folderPrefix.count) }
        if key == "/" || key + "/" == folderPrefix { return "" }
        if !codes.isEmpty, key.hasSuffix(".md") {
            // `tar.fr.md` is `tar.md` in every language.
            let stem = key.dropLast(3)
            if let dot = stem.lastIndex(of: "."),
               codes.contains(where: { $0.caseInsensitiveCompare(stem[stem.index(after: dot)...]) == .orderedSame }) {
                key = String(stem[..<dot]) + ".md"
            }
        }
        return key
    }
}
