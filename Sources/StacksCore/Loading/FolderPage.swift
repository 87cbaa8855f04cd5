/// What a folder of the content is, from the names of its files: an item bundle, and which of
/// its files is the page, or a category, and which file introduces it.
///
/// The layouts people already have decide it. `_index.md` makes a category whatever else the
/// folder holds, as Hugo's and Zola's sections are: `methods/page/_index.md` beside `Page.md`
/// and its 88 siblings is a list of 89 pages, not one page with 88 sub-items. Without it:
/// `index.md` (Hugo's bundles), a page named like its folder (`tomato-soup/tomato-soup.md`,
/// beside its photos), a `README.md` (a folder on GitHub). In that order: `index.md` wins over `x/x.md`, which wins over `README.md`; a file
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
        // One pass over the names, by index: a category's two hundred files are looked through
        // for every category on every load of the preview, and iterating copied each file.
        var index: Int?, named: Int?, readme: Int?, intro: Int?
        var markdownCount = 0
        let files = directory.files
        for position in files.indices {
            let name = files[position].name
            guard SourceFile.isMarkdown(name: name) else { continue }
            markdownCount += 1
            if index == nil, name == "index.md" { index = position }
            if intro == nil, name == "_index.md" { intro = position }
            if named == nil, isNamedLike(directory, name: name) { named = position }
            if readme == nil, isReadme(name: name) { readme = position }
        }
        if let intro { return .category(intro: files[intro]) }
        if let page = index ?? named {
            let displaced = [named, readme].compactMap { $0 }.filter { $0 != page }.map { files[$0] }
            return .bundle(page: files[page], displaced: displaced)
        }
        if let readme, markdownCount == 1,
           !directory.directories.contains(where: { !$0.markdownFiles.isEmpty }) {
            return .bundle(page: files[readme], displaced: [])
        }
        return .category(intro: readme.map { files[$0] })
    }

    /// The content root is the home, a category: its introduction, `_index.md` else `README.md`.
    static func rootIntro(of directory: SourceDirectory) -> SourceFile? {
        directory.file(named: "_index.md") ?? directory.files.first(where: isReadme)
    }

    /// `README.md` in any case (`readme.md`, `Readme.md`), as GitHub shows it.
    static func isReadme(_ file: SourceFile) -> Bool {
        isReadme(name: file.name)
    }

    static func isReadme(name: String) -> Bool {
        // No other length lower-cases to it: every letter of it is one byte in every case.
        name.utf8.count == 9 && name.lowercased() == "readme.md"
    }

    /// `tomato-soup.md` in `tomato-soup/`; case aside, as a case-insensitive file system sees it.
    /// `name`: a Markdown file's name.
    static func isNamedLike(_ directory: SourceDirectory, name: String) -> Bool {
        guard !directory.name.isEmpty else { return false }
        // ASCII keeps its length in lower case: a name of another length is not it.
        if name.utf8.count != directory.name.utf8.count + 3, isASCII(name), isASCII(directory.name) { return false }
        return name.dropLast(3).lowercased() == directory.name.lowercased()
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
