/// The whole site as a tree of pages, stored flat: a page refers to its parent and
/// children by index, which keeps the tree a plain value that stages can share across threads.
public struct Catalog: Sendable {
    public var pages: PageList
    /// Every file that is not Markdown, published as it is.
    public var assets: [Asset]
    /// Files left out of this build (drafts, skipped files), by source path: links to them get
    /// a message that says why.
    public var leftOut: [String: LeftOut]

    public static let rootIndex = 0

    public init(pages: PageList, assets: [Asset], leftOut: [String: LeftOut] = [:]) {
        self.pages = pages
        self.assets = assets
        self.leftOut = leftOut
    }

    public init(pages: some Sequence<Page>, assets: [Asset], leftOut: [String: LeftOut] = [:]) {
        self.pages = PageList(pages)
        self.assets = assets
        self.leftOut = leftOut
    }

    public var root: Page { pages[Self.rootIndex] }

    /// Read in place: `catalog[i].title` copies no page (a page's copy retains each of its
    /// fields, and the render reads a few fields of every page many times).
    public subscript(index: Int) -> Page {
        _read { yield pages[index] }
    }

    /// The chain of pages from the root to `index`, both included.
    public func chain(to index: Int) -> [Int] {
        var chain = [index]
        var current = index
        while let parent = pages[current].parent {
            chain.append(parent)
            current = parent
        }
        return chain.reversed()
    }

    /// What the page at `index` is called; the home page is called by the site's name.
    public func title(of index: Int, siteTitle: String) -> String {
        index == Self.rootIndex ? siteTitle : pages[index].title
    }

    /// `title(of:siteTitle:)` as lists, breadcrumbs and back links show it (`linkTitle`).
    public func listTitle(of index: Int, siteTitle: String) -> String {
        index == Self.rootIndex ? siteTitle : pages[index].listTitle
    }

    public func categoryChildren(of index: Int) -> [Int] {
        pages[index].children.filter { pages[$0].kind == .category }
    }
}

public struct Page: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case home, category, item
    }

    /// A page's stored fields, in one object that copies share until one of them changes it
    /// (`ownFields()`): a page is read into rows, windows, records and keys many times a build,
    /// and a copy of it as a value retained each of its twenty-odd references (with the copies'
    /// release, 2 % of a clean build's instructions). Only `Page` makes or changes one, so a
    /// page is a value as before. Behind a pointer rather than in the object's own properties,
    /// whose every read would be checked for a conflicting access while the program runs.
    ///
    /// 256 bytes, the allocator's size class below 320: at a million pages each byte of it is a
    /// megabyte of every stage's memory. So the numbers are 32 bits, and what most pages lack
    /// (a fallback's language, a folder that is not the source file's, Markdown not yet
    /// parsed) is in a box most pages do without (`Rare`).
    final class Fields: @unchecked Sendable {
        struct Stored {
            let path: StackPath
            var url: String
            var rare: Rare?
            var source: String?
            var frontMatter: FrontMatter
            var title: String
            var summary: String?
            var headings: [MarkdownHeading]
            var children: [Int]
            var bodyLine: Int32
            /// -1: none.
            var picture: Int32
            /// -1: none (the home page).
            var parent: Int32
            var kind: Kind
        }

        let stored: UnsafeMutablePointer<Stored>

        /// What few pages have, never changed once made: a fallback row's language, a folder
        /// that is not the one the source file is in (a category without `_index.md`), and the
        /// Markdown until it is parsed (a build that spills its bodies has none in its pages).
        final class Rare: Sendable, Equatable {
            let fallback: Translations.Language?
            let sourceDirectory: String?
            let body: String

            /// `nil` when there is nothing to hold.
            static func make(fallback: Translations.Language?, sourceDirectory: String?, body: String) -> Rare? {
                fallback == nil && sourceDirectory == nil && body.isEmpty
                    ? nil : Rare(fallback: fallback, sourceDirectory: sourceDirectory, body: body)
            }

            private init(fallback: Translations.Language?, sourceDirectory: String?, body: String) {
                self.fallback = fallback
                self.sourceDirectory = sourceDirectory
                self.body = body
            }

            static func == (lhs: Rare, rhs: Rare) -> Bool {
                lhs.fallback == rhs.fallback && lhs.sourceDirectory == rhs.sourceDirectory && lhs.body == rhs.body
            }
        }

        init(_ fields: Stored) {
            stored = .allocate(capacity: 1)
            stored.initialize(to: fields)
        }

        deinit {
            stored.deinitialize(count: 1)
            stored.deallocate()
        }
    }

    private var fields: Fields

    /// A copy of the stored fields (the keys' test names each one).
    var storedFields: Fields.Stored { fields.stored.pointee }

    /// The fields, this page's own: copied first when another page shares them.
    private mutating func ownFields() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = Fields(fields.stored.pointee) }
        return fields
    }

    private var rare: Fields.Rare? { fields.stored.pointee.rare }

    /// The box's fields as given, in a new box (or none).
    private mutating func setRare(fallback: Translations.Language?, sourceDirectory: String, body: String) {
        let folder = sourceDirectory == Self.folder(of: source) ? nil : sourceDirectory
        ownFields().stored.pointee.rare = .make(fallback: fallback, sourceDirectory: folder, body: body)
    }

    /// The folder a source file is in, relative to the content root ("" at the root). By bytes:
    /// every `/` separates, even one a combining mark follows (one character with it).
    static func folder(of source: String?) -> String {
        guard let source, let slash = source.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(source[..<slash])
    }

    public var kind: Kind {
        _read { yield fields.stored.pointee.kind }
        _modify { yield &ownFields().stored.pointee.kind }
    }
    public var path: StackPath { fields.stored.pointee.path }
    /// `path.url`, spelled once: lists, links and sorts ask for it many times a build; a
    /// fallback's, the default language's page.
    public internal(set) var url: String {
        _read { yield fields.stored.pointee.url }
        _modify { yield &ownFields().stored.pointee.url }
    }
    /// A row for a page this catalog's language lacks, leading to the page in `fallback`
    /// (`Fallback`): listed, never written.
    public internal(set) var fallback: Translations.Language? {
        get { rare?.fallback }
        set { setRare(fallback: newValue, sourceDirectory: sourceDirectory, body: body) }
    }
    /// The Markdown file, relative to the content root; `nil` for a category without `_index.md`.
    public var source: String? {
        get { fields.stored.pointee.source }
        set {
            // The folder stays what it was.
            let (directory, fallback, body) = (sourceDirectory, fallback, body)
            ownFields().stored.pointee.source = newValue
            setRare(fallback: fallback, sourceDirectory: directory, body: body)
        }
    }
    /// The folder relative links in this page's Markdown start from: the source file's, or,
    /// without one, the category's.
    public var sourceDirectory: String {
        get { rare?.sourceDirectory ?? Self.folder(of: fields.stored.pointee.source) }
        set { setRare(fallback: fallback, sourceDirectory: newValue, body: body) }
    }
    public var frontMatter: FrontMatter {
        _read { yield fields.stored.pointee.frontMatter }
        _modify { yield &ownFields().stored.pointee.frontMatter }
    }
    /// The Markdown, until it is parsed.
    public var body: String {
        get { rare?.body ?? "" }
        set {
            // Nothing for nothing is no change: a page another holder shares stays shared.
            if newValue.isEmpty && rare?.body.isEmpty != false { return }
            setRare(fallback: fallback, sourceDirectory: sourceDirectory, body: newValue)
        }
    }
    /// The line of the source file on which `body` starts, so diagnostics point into the file.
    public var bodyLine: Int {
        get { Int(fields.stored.pointee.bodyLine) }
        set { ownFields().stored.pointee.bodyLine = Int32(clamping: newValue) }
    }
    /// Resolved by the resolve stage: front matter, else the first heading, else the slug.
    public var title: String {
        _read { yield fields.stored.pointee.title }
        _modify { yield &ownFields().stored.pointee.title }
    }
    /// Resolved by the resolve stage: front matter, else the start of the first paragraph.
    /// Lists, search and the page's description show it; the page's own header shows only a
    /// written one (a derived one would repeat the first paragraph just below it).
    public var summary: String? {
        _read { yield fields.stored.pointee.summary }
        _modify { yield &ownFields().stored.pointee.summary }
    }
    /// The body's headings, set by the resolve stage: its outline and the targets of `#fragment` links.
    public var headings: [MarkdownHeading] {
        _read { yield fields.stored.pointee.headings }
        _modify { yield &ownFields().stored.pointee.headings }
    }
    /// The co-located picture (an index in `Catalog.assets`) that stands for the page in lists,
    /// set by the resolve stage when pictures are resized (`PagePictures`).
    public var picture: Int? {
        get { fields.stored.pointee.picture < 0 ? nil : Int(fields.stored.pointee.picture) }
        set { ownFields().stored.pointee.picture = newValue.map { Int32($0) } ?? -1 }
    }
    public var parent: Int? {
        get { fields.stored.pointee.parent < 0 ? nil : Int(fields.stored.pointee.parent) }
        set { ownFields().stored.pointee.parent = newValue.map { Int32($0) } ?? -1 }
    }
    /// Sub-categories first, then items, each in catalog order.
    public var children: [Int] {
        _read { yield fields.stored.pointee.children }
        _modify { yield &ownFields().stored.pointee.children }
    }

    public init(kind: Kind, path: StackPath, source: String?, sourceDirectory: String,
                frontMatter: FrontMatter = FrontMatter(), body: String = "", bodyLine: Int = 1,
                title: String, parent: Int?, children: [Int] = []) {
        let folder = sourceDirectory == Self.folder(of: source) ? nil : sourceDirectory
        fields = Fields(Fields.Stored(path: path, url: path.url, rare: .make(fallback: nil, sourceDirectory: folder, body: body),
                                      source: source, frontMatter: frontMatter, title: title, summary: frontMatter.summary,
                                      headings: [], children: children, bodyLine: Int32(clamping: bodyLine), picture: -1,
                                      parent: parent.map { Int32($0) } ?? -1, kind: kind))
    }

    public static func == (lhs: Page, rhs: Page) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let (one, other) = (lhs.fields.stored.pointee, rhs.fields.stored.pointee)
        return one.kind == other.kind
            && one.path == other.path
            && one.url == other.url
            && one.rare == other.rare
            && one.source == other.source
            && one.frontMatter == other.frontMatter
            && one.bodyLine == other.bodyLine
            && one.title == other.title
            && one.summary == other.summary
            && one.headings == other.headings
            && one.picture == other.picture
            && one.parent == other.parent
            && one.children == other.children
    }

    /// Whether the page is written: a fallback row only leads to another language's page.
    public var isWritten: Bool { rare?.fallback == nil }

    public var slug: String { path.last?.slug ?? "" }

    /// What lists, breadcrumbs and back links show: `linkTitle` when the front matter has one.
    public var listTitle: String { frontMatter.linkTitle ?? title }
}

/// A co-located file: published at the same place relative to its page as in the content folder.
public struct Asset: Sendable, Equatable {
    /// Relative to the content root.
    public var source: String
    /// Relative to the output root, with the owning pages' slugs in place of folder names.
    public var output: String
    /// The file whose bytes are published, relative to the content root: `source` itself, or
    /// the regular file a symbolic link at `source` leads to.
    public var file: String
    /// For an image whose file says it, the size pages give to `<img>`.
    public var imageSize: ImageSize?
    /// A picture published as it is, needing no re-encoding (`SourceFile.isPlainPicture`).
    public var isPlainPicture: Bool

    public init(source: String, output: String, file: String? = nil, imageSize: ImageSize? = nil, isPlainPicture: Bool = false) {
        self.source = source
        self.output = output
        self.file = file ?? source
        self.imageSize = imageSize
        self.isPlainPicture = isPlainPicture
    }
}
