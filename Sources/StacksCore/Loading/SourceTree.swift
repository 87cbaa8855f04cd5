/// The content folder as read from disk: what the pure stages start from.
///
/// Markdown files carry their bytes; other files only their path, since they are copied
/// as they are when the site is written.
public struct SourceDirectory: Sendable, Equatable {
    /// The folder's own name; empty for the content root.
    public var name: String
    /// Relative to the content root, without a trailing slash; empty for the root.
    public var relativePath: String
    public var files: [SourceFile]
    public var directories: [SourceDirectory]

    public init(name: String, relativePath: String, files: [SourceFile] = [], directories: [SourceDirectory] = []) {
        self.name = name
        self.relativePath = relativePath
        self.files = files
        self.directories = directories
    }

    /// Every Markdown file in this folder and below.
    public var markdownFiles: [SourceFile] {
        files.filter(\.isMarkdown) + directories.flatMap(\.markdownFiles)
    }

    /// How many Markdown files are in this folder and below.
    var markdownCount: Int {
        files.reduce(0) { $0 + ($1.isMarkdown ? 1 : 0) } + directories.reduce(0) { $0 + $1.markdownCount }
    }

    /// The Markdown files with their bytes, leaving this tree's Markdown files without them: a
    /// build needs a file's bytes only until it is decoded.
    mutating func takeMarkdownFiles() -> [SourceFile] {
        var taken: [SourceFile] = []
        for index in files.indices where files[index].isMarkdown {
            taken.append(files[index])
            files[index].contents = nil
        }
        for index in directories.indices { taken += directories[index].takeMarkdownFiles() }
        return taken
    }

    public func file(named name: String) -> SourceFile? {
        files.first { $0.name == name }
    }
}

public struct SourceFile: Sendable, Equatable {
    public var name: String
    /// Relative to the content root.
    public var relativePath: String
    /// The bytes of a Markdown file, or of an SVG (`ActiveContent` checks it); `nil` for any
    /// other file, and for a Markdown file not read yet (`contentsDigest`).
    public var contents: [UInt8]?
    /// For a Markdown file, the digest of its bytes. The reader leaves a file's bytes unread
    /// when its `stat` is the one the last build recorded with this digest (`KnownSources`),
    /// so that a build with nothing changed reads no page; `UnreadSources` reads
    /// them when the pipeline runs.
    public var contentsDigest: Digest?
    /// For a Markdown file, what `stat` said of it when it was read (of its target, through a
    /// link): the next build's `KnownSources`.
    public var identity: FileIdentity?
    /// For a symbolic link, the regular file it leads to, relative to the content root: what
    /// is published in its place, so the site never holds a link into the author's disk.
    public var target: String?
    /// For an image (`ImageSize.isImage`), its size when its file says it.
    public var imageSize: ImageSize?
    /// A picture too narrow for variants with nothing but pixels in it (`PlainPicture`):
    /// published as it is, the page showing the original.
    public var isPlainPicture = false
    /// A row standing for a page this language lacks (`Fallback`): no file on disk.
    var fallback: Fallback?

    public init(name: String, relativePath: String, contents: [UInt8]? = nil, target: String? = nil,
                imageSize: ImageSize? = nil) {
        self.name = name
        self.relativePath = relativePath
        self.contents = contents
        self.target = target
        self.imageSize = imageSize
    }

    public var isMarkdown: Bool { Self.isMarkdown(name: name) }

    /// The digest of the bytes read or known (`contentsDigest`); `nil` for a file not read.
    var bytesDigest: Digest? {
        contentsDigest ?? contents.map(Digest.init(of:))
    }

    /// A Markdown file whose bytes are known by digest only, not read yet.
    var isUnread: Bool { contents == nil && contentsDigest != nil }

    /// `name` ends in `.md` (as `hasSuffix` compares characters). Most names are told by their
    /// last bytes: bytes that are not `.md` are no characters that are, and after an ASCII
    /// byte no character starts earlier than the `.`.
    static func isMarkdown(name: String) -> Bool {
        switch NameSuffix.of(name, is: ".md") {
        case .no: false
        case .afterASCII: true
        case .afterOther: name.hasSuffix(".md")
        }
    }

    /// The name without `.md`.
    public var baseName: String {
        isMarkdown ? String(name.dropLast(3)) : name
    }
}

extension SourceDirectory {
    /// Builds a tree from `(relative path, contents)` pairs: the way tests and the preview
    /// describe content without touching the disk.
    public init(files: [(String, String)]) {
        self.init(name: "", relativePath: "")
        for (path, text) in files {
            let parts = path.split(separator: "/").map(String.init)
            insert(parts[...], fullPath: path, contents: path.hasSuffix(".md") ? Array(text.utf8) : nil)
        }
    }

    private mutating func insert(_ parts: ArraySlice<String>, fullPath: String, contents: [UInt8]?) {
        guard let first = parts.first else { return }
        if parts.count == 1 {
            files.append(SourceFile(name: first, relativePath: fullPath, contents: contents))
            return
        }
        let childPath = relativePath.isEmpty ? first : relativePath + "/" + first
        if let index = directories.firstIndex(where: { $0.name == first }) {
            directories[index].insert(parts.dropFirst(), fullPath: fullPath, contents: contents)
        } else {
            var child = SourceDirectory(name: first, relativePath: childPath)
            child.insert(parts.dropFirst(), fullPath: fullPath, contents: contents)
            directories.append(child)
        }
    }
}
