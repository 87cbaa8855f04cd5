import Foundation

/// Files the site would write to one place: a co-located file named like a page's own
/// `index.html` or folder, two files whose names differ only in case or Unicode form (one file
/// on macOS and Windows), or a name the site itself needs at its root.
///
/// Pure: it compares output paths only. Each problem names both sources.
struct OutputCollisions {
    /// What the site writes at its root besides the content.
    static let reservedRootNames: Set<String> = [
        Theme.siteFolder, "404.html", "index.html", ".nojekyll", "sitemap.xml",
    ]

    /// How the content folder is named in messages; the sources below are relative to it, and
    /// shown only in a message (a catalog's ten thousand pages name none).
    let displayRoot: String
    /// The co-located files, by their folded output path; a page's `index.html` is found
    /// through its folder (in a table of its own, every page's was a million pages' 150 MB).
    private var files: [String: String] = [:]
    private var folders: [String: String] = [:]
    /// The only pages' folders a file can meet, when the files are known before the pages
    /// (`expect(files:)`): a catalog of a million pages and few files keeps a few, not a
    /// table of every folder (112 MB through the parse).
    private var wantedFolders: Set<String>?
    private(set) var diagnostics: [Diagnostic] = []

    init(displayRoot: String = "content") {
        self.displayRoot = displayRoot
    }

    /// The output paths of the co-located files `addFile` will be given, all after the pages:
    /// only the folders they can meet are kept.
    mutating func expect(files outputs: some Collection<String>) {
        var wanted = Set<String>(minimumCapacity: outputs.count * 2)
        for output in outputs {
            let key = Self.fold(output)
            wanted.insert(key)
            if key.hasSuffix("/index.html") { wanted.insert(String(key.dropLast("/index.html".count))) }
        }
        wantedFolders = wanted
        files.reserveCapacity(outputs.count)
    }

    private func display(_ source: String) -> String { displayPath(source, under: displayRoot) }

    /// The form two paths share when a case-insensitive, normalizing file system sees one file.
    static func fold(_ path: String) -> String {
        Slug.composed(path).lowercased()
    }

    /// A page: its folder and its `index.html`. `source`: its file or folder, relative to the content.
    mutating func addPage(outputDirectory: String, source: String) {
        if outputDirectory.isEmpty { return }
        let folder = Self.fold(outputDirectory)
        if wantedFolders?.contains(folder) != false, folders[folder] == nil { folders[folder] = source }
        if !outputDirectory.utf8.contains(UInt8(ascii: "/")), Self.reservedRootNames.contains(folder) {
            diagnostics.append(.error(display(source), line: 1, column: 1,
                "the URL '\(outputDirectory)/' is reserved for the site's own files; rename it or set 'slug:'"))
        }
    }

    /// A co-located file, from `source` (relative to the content), published at `output`.
    mutating func addFile(output: String, source: String) {
        let shown = display(source)
        let key = Self.fold(output)
        if let problem = output.split(separator: "/", omittingEmptySubsequences: false).lazy
            .compactMap({ OutputPath.problem(inName: String($0)) }).first {
            // The writer refuses such a name; said here, `check` finds it too.
            diagnostics.append(.error(shown, line: 1, column: 1, "cannot be published: its name \(problem.predicate)"))
        } else if !output.utf8.contains(UInt8(ascii: "/")), Self.reservedRootNames.contains(key) {
            diagnostics.append(.error(shown, line: 1, column: 1,
                "'\(output)' is reserved for the site's own files at the root of the output; move or rename it"))
        } else if let owner = pageIndexOwner(key) ?? files[key] {
            diagnostics.append(.error(shown, line: 1, column: 1,
                "would be published as '\(output)', the same file as \(display(owner)) (names differing only in case or accents are one file on many systems)"))
        } else if let owner = folders[key] {
            diagnostics.append(.error(shown, line: 1, column: 1,
                "would be published as '\(output)', where the page of \(display(owner)) has its folder"))
        } else {
            files[key] = source
        }
    }

    /// The page whose `index.html` is at `key` (folded), if any: pages are all added before files.
    private func pageIndexOwner(_ key: String) -> String? {
        guard key.hasSuffix("/index.html") else { return nil }
        return folders[String(key.dropLast("/index.html".count))]
    }
}
