/// What a folder of the content is, from the names of its files: an item bundle, and which of
/// its files is the page, or a category, and which file introduces it.
///
/// The layouts people already have decide it: `index.md` (Hugo's bundles), a page named like
/// its folder (`tomato-soup/tomato-soup.md`, beside its photos), a `README.md` (a folder on
/// GitHub). In that order: `index.md` wins over `x/x.md`, which wins over `README.md`; a file
/// that would also have been the page is published as a sub-item, with a warning.
///
/// `README.md` alone is the weakest sign: a folder that also holds other Markdown, or a
/// sub-folder with Markdown in it, is a category, and its `README.md` its introduction (when it
/// has no `_index.md`) — a category folder described by a README, as on GitHub.
enum FolderPage {
    case bundle(page: SourceFile, displaced: [SourceFile])
    case category(intro: SourceFile?)

    /// A folder directly in a category (or in the content root).
    static func of(_ directory: SourceDirectory) -> FolderPage {
        let index = directory.file(named: "index.md")
        let named = directory.files.first { $0.isMarkdown && isNamedLike(directory, $0) }
        let readme = directory.files.first(where: isReadme)
        if let page = index ?? named {
            return .bundle(page: page, displaced: [named, readme].compactMap { $0 }.filter { $0 != page })
        }
        let intro = directory.file(named: "_index.md")
        if let readme, intro == nil, directory.files.filter(\.isMarkdown).count == 1,
           !directory.directories.contains(where: { !$0.markdownFiles.isEmpty }) {
            return .bundle(page: readme, displaced: [])
        }
        return .category(intro: intro ?? readme)
    }

    /// The content root is the home, a category: its introduction, `_index.md` else `README.md`.
    static func rootIntro(of directory: SourceDirectory) -> SourceFile? {
        directory.file(named: "_index.md") ?? directory.files.first(where: isReadme)
    }

    /// `README.md` in any case (`readme.md`, `Readme.md`), as GitHub shows it.
    static func isReadme(_ file: SourceFile) -> Bool {
        // No other length lower-cases to it: every letter of it is one byte in every case.
        file.name.utf8.count == 9 && file.name.lowercased() == "readme.md"
    }

    /// `tomato-soup.md` in `tomato-soup/`; case aside, as a case-insensitive file system sees it.
    static func isNamedLike(_ directory: SourceDirectory, _ file: SourceFile) -> Bool {
        guard !directory.name.isEmpty else { return false }
        // ASCII keeps its length in lower case: a name of another length is not it (a category's
        // two hundred files are looked through on every load).
        if file.name.utf8.count != directory.name.utf8.count + 3, isASCII(file.name), isASCII(directory.name) { return false }
        return file.baseName.lowercased() == directory.name.lowercased()
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
