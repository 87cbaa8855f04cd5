import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the content folder into a `SourceDirectory`: the input end of the pipeline.
///
/// Names starting with `.` or `_` are skipped (except `_index.md`). Symbolic links are
/// followed only when they stay inside the content folder; a loop or an escape is reported.
/// Only folders and regular files are read: a FIFO, a socket or a device is skipped with a
/// warning, since opening or reading one could wait forever.
public struct ContentReader: Sendable {
    /// Larger Markdown files are refused rather than read into memory.
    public static let maximumMarkdownSize = 16 * 1024 * 1024
    /// Deeper folders are refused: a page's sidebar and links grow with its depth, so a site
    /// of deep folders grows with the cube of the depth.
    public static let maximumDepth = 64

    public var root: URL
    /// How the content folder is named in diagnostics, e.g. `content`.
    public var displayRoot: String
    /// The last build's Markdown files: one whose `stat` is the recorded one is not read.
    public var known: KnownSources?
    /// How many bytes of Markdown the read may hold (`MarkdownAllowance`): past them, each
    /// further file is digested and left for the decode stage to read again. `nil`: no limit
    /// (the preview, whose stages keep every file anyway).
    public var heldMarkdown: Int?
    private var allowance: MarkdownAllowance?

    /// `heldMarkdown` for a build or a check: a catalog of some 40,000 pages of 3 KB is read
    /// once; at 100,000 items (288 MB of Markdown) reading the rest again from the page cache
    /// cost no CPU that three pairs of clean builds could tell, and the resident size once read
    /// fell from 338 to 203 MB (`Benchmarks/README.md`, twentieth session). A catalog larger
    /// than the cache is read from the disk twice.
    public static let heldMarkdownLimit = 128 << 20

    public init(root: URL, displayRoot: String) {
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot
    }

    public func read() -> (SourceDirectory, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let rootReal = RealPath.of(root.path) ?? root.path
        var visited: Set<String> = [rootReal]
        var reader = self
        reader.allowance = heldMarkdown.map(MarkdownAllowance.init(bytes:))
        let tree = reader.readDirectory(at: root.path, real: rootReal, relativePath: "", name: "", rootReal: rootReal,
                                 visited: &visited, diagnostics: &diagnostics, foldersOnAllCores: true)
        return (tree, diagnostics)
    }

    /// The bytes of a Markdown file left unread (`SourceFile.isUnread`; never a link, so at its
    /// own path), by its path relative to the content folder: what the pipeline reads when
    /// the memos cannot stand for it (`UnreadSources`). The problem is the one reading it
    /// with the folder would have given.
    func readLate(_ relativePath: String) -> Result<[UInt8], Diagnostic> {
        RegularFile.read(atPath: root.path + "/" + relativePath).mapError { $0.diagnostic(display(relativePath)) }
    }

    public static func isSkipped(_ name: String) -> Bool {
        (name.hasPrefix(".") || name.hasPrefix("_")) && name != "_index.md"
    }

    /// A whole regular file, or `nil` if it cannot be opened or read or is not a regular file.
    static func contents(atPath path: String) -> [UInt8]? {
        try? RegularFile.read(atPath: path).get()
    }

    /// A file that is not Markdown, as the loader needs it: an SVG's text for `ActiveContent`,
    /// an image's size for pages that show it.
    static func assetFile(name: String, relativePath: String, target: String?, path: String, size: Int) -> SourceFile {
        var file = SourceFile(name: name, relativePath: relativePath, target: target)
        if ActiveContent.inspects(name), size <= maximumMarkdownSize,
           case .success(let bytes) = RegularFile.read(atPath: path) {
            file.contents = bytes
        }
        if ImageSize.isImage(name) {
            file.imageSize = file.contents.map(ImageSize.read) ?? (try? ImageSize.read(atPath: path).get()) ?? nil
            // An icon or a small figure: read whole, it may need no re-encoding.
            if let shown = file.imageSize, shown.width < ResponsiveImages.widths[0], size <= PlainPicture.largestRead,
               case .success(let bytes) = RegularFile.read(atPath: path) {
                file.isPlainPicture = PlainPicture.isPlain(bytes, named: name)
            }
        }
        return file
    }

    /// A regular file of the content folder as the pipeline reads it: a Markdown file's bytes
    /// (refused past `maximumMarkdownSize`), or what the loader needs of another file, which
    /// is copied when the site is written and opened now so that `check` reports what the copy
    /// would fail on. The one rule for a file: the full read and the preview's re-reading of
    /// changed files (`SourceTreePatch`) both take it. `path`: where to read (a link's target);
    /// `display`: how diagnostics name it.
    ///
    /// `identity`: what `stat` said of the file (of its target, through a link). A Markdown
    /// file whose identity `known` records is left unread, known by the digest of its bytes;
    /// so is one read once `allowance` is spent (not a link: read late, a file is read at its
    /// own path).
    package static func file(name: String, relativePath: String, path: String, size: Int, target: String?,
                             display: String, identity: FileIdentity? = nil,
                             known: KnownSources? = nil, allowance: MarkdownAllowance? = nil) -> Result<SourceFile, Diagnostic> {
        guard name.hasSuffix(".md") else {
            if let failure = RegularFile.readingProblem(atPath: path) { return .failure(failure.diagnostic(display)) }
            return .success(assetFile(name: name, relativePath: relativePath, target: target, path: path, size: size))
        }
        guard size <= maximumMarkdownSize else {
            return .failure(.error(display, line: 1, column: 1,
                                   "file is too large (\(grouped(size)) bytes; the limit is \(maximumMarkdownSize / 1_048_576) MiB)"))
        }
        // A link is read: what it leads to is checked when it is read.
        if target == nil, let identity, let digest = known?.digest(of: relativePath, identity: identity) {
            var file = SourceFile(name: name, relativePath: relativePath)
            file.contentsDigest = digest
            file.identity = identity
            return .success(file)
        }
        switch RegularFile.read(atPath: path) {
        case .success(let bytes):
            var file = SourceFile(name: name, relativePath: relativePath, contents: bytes)
            file.contentsDigest = Digest(of: bytes)
            file.identity = identity
            if target == nil, let allowance, !allowance.take(bytes.count) { file.contents = nil }
            return .success(file)
        case .failure(let failure): return .failure(failure.diagnostic(display))
        }
    }

    /// `16777217` → `16,777,217`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private func display(_ relativePath: String) -> String { displayPath(relativePath, under: displayRoot) }

    /// `foldersOnAllCores`: the folders in it are read on all cores, once its own entries are
    /// (the content's top: a catalog's categories), each with its problems where they would be.
    /// `real`: where `folderPath` leads, its links resolved; a folder in it that is not a link
    /// leads to `real` and its name (`realpath` of every folder was a `readlink` of each of its
    /// path's parts: a hundred thousand calls for a catalog of 100,000 items).
    private func readDirectory(
        at folderPath: String, real folderReal: String, relativePath: String, name: String, depth: Int = 0, rootReal: String,
        visited: inout Set<String>, diagnostics: inout [Diagnostic], foldersOnAllCores: Bool = false
    ) -> SourceDirectory {
        var directory = SourceDirectory(name: name, relativePath: relativePath)
        /// The folders left to read: where each goes in `directory.directories` and its problems in `diagnostics`.
        var folders: [(position: Int, problemsAt: Int, path: String, relativePath: String, name: String, real: String)] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folderPath).sorted()
        } catch {
            diagnostics.append(.error(display(relativePath), line: 1, column: 1, "cannot read folder: \(error.localizedDescription)"))
            return directory
        }
        for childName in names where !Self.isSkipped(childName) {
            // A path, not a URL: `URL.appendingPathComponent` would stat the file once more.
            let childFullPath = folderPath + "/" + childName
            let childPath = relativePath.isEmpty ? childName : relativePath + "/" + childName
            // `lstat`, as `attributesOfItem` does, without building its dictionary (which looks
            // up owner and group names) for every file.
            var status = stat()
            guard lstat(childFullPath, &status) == 0 else { continue }  // gone since the folder was listed
            /// For a symbolic link, the real path of its target, relative to the content folder.
            var target: String?
            var linkReal: String?
            if status.st_mode & S_IFMT == S_IFLNK {
                let real: String
                switch RealPath.resolve(childFullPath) {
                case .success(let path):
                    real = path
                    linkReal = path
                case .failure(let failure) where failure.isLoop:
                    diagnostics.append(.error(display(childPath), line: 1, column: 1, "symbolic link loop"))
                    continue
                case .failure:
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1, "symbolic link points nowhere; skipped"))
                    continue
                }
                guard real == rootReal || real.hasPrefix(rootReal + "/"), stat(real, &status) == 0 else {
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1,
                        "symbolic link points outside the content folder; not followed"))
                    continue
                }
                let inside = String(real.dropFirst(rootReal.count + 1))
                if status.st_mode & S_IFMT == S_IFDIR, visited.contains(real) {
                    diagnostics.append(.error(display(childPath), line: 1, column: 1, "symbolic link loop: leads back to a folder already read"))
                    continue
                }
                if status.st_mode & S_IFMT == S_IFDIR, !inside.isEmpty,
                   !inside.split(separator: "/").contains(where: { Self.isSkipped(String($0)) }) {
                    // The folder is published under its own name (tldr's `pages.en` is `pages`):
                    // read through the link too, every page would be published twice.
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1,
                        "symbolic link to the folder \(displayRoot)/\(inside), which is published once, under its own name; skipped"))
                    continue
                }
                if status.st_mode & S_IFMT == S_IFREG, inside.split(separator: "/").contains(where: { Self.isSkipped(String($0)) }) {
                    // The target is kept out of the site by its name; a link must not publish it.
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1,
                        "symbolic link points to a file that is not published (\(displayRoot)/\(inside)); skipped"))
                    continue
                }
                target = inside
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard depth < Self.maximumDepth else {
                    diagnostics.append(.error(display(childPath), line: 1, column: 1,
                        "folders nested deeper than \(Self.maximumDepth) levels"))
                    continue
                }
                let real = linkReal ?? (folderReal.hasSuffix("/") ? folderReal + childName : folderReal + "/" + childName)
                if foldersOnAllCores {
                    folders.append((directory.directories.count, diagnostics.count, childFullPath, childPath, childName, real))
                    directory.directories.append(SourceDirectory(name: childName, relativePath: childPath))
                    continue
                }
                visited.insert(real)
                directory.directories.append(readDirectory(
                    at: childFullPath, real: real, relativePath: childPath, name: childName, depth: depth + 1, rootReal: rootReal,
                    visited: &visited, diagnostics: &diagnostics))
                visited.remove(real)
            case S_IFREG:
                switch Self.file(name: childName, relativePath: childPath, path: target.map { rootReal + "/" + $0 } ?? childFullPath,
                                 size: Int(status.st_size), target: target, display: display(childPath),
                                 identity: FileIdentity(status), known: known, allowance: allowance) {
                case .success(let file): directory.files.append(file)
                case .failure(let problem): diagnostics.append(problem)
                }
            default:
                diagnostics.append(.warning(display(childPath), line: 1, column: 1,
                    "skipped: not a regular file (\(RegularFile.kind(status.st_mode)))"))
            }
        }
        let read = Parallel.mapBlocking(folders.indices) { number in
            let folder = folders[number]
            var visited = visited.union([folder.real])
            var problems: [Diagnostic] = []
            let tree = readDirectory(at: folder.path, real: folder.real, relativePath: folder.relativePath, name: folder.name, depth: depth + 1,
                                     rootReal: rootReal, visited: &visited, diagnostics: &problems)
            return (tree, problems)
        }
        // Last first, so that each folder's problems go where they were found.
        for (folder, (tree, problems)) in zip(folders, read).reversed() {
            directory.directories[folder.position] = tree
            diagnostics.insert(contentsOf: problems, at: folder.problemsAt)
        }
        return directory
    }
}
