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
    final class Fields: @unchecked Sendable {
        struct Stored {
            var kind: Kind
            let path: StackPath
            var url: String
            /// Boxed: a catalog of one language has none (inline, its 48 bytes were in every page).
            var fallback: FallbackLanguage?
            var source: String?
            var sourceDirectory: String
            var frontMatter: FrontMatter
            var body: String
            var bodyLine: Int
            var title: String
            var summary: String?
            var headings: [MarkdownHeading]
            var picture: Int?
            var parent: Int?
            var children: [Int]
        }

        let stored: UnsafeMutablePointer<Stored>

        /// A fallback row's language, never changed once made.
        final class FallbackLanguage: Sendable, Equatable {
            let language: Translations.Language

            init(_ language: Translations.Language) {
                self.language = language
            }

            static func == (lhs: FallbackLanguage, rhs: FallbackLanguage) -> Bool {
                lhs.language == rhs.language
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
        get { fields.stored.pointee.fallback?.language }
        set { ownFields().stored.pointee.fallback = newValue.map(Fields.FallbackLanguage.init) }
    }
    /// The Markdown file, relative to the content root; `nil` for a category without `_index.md`.
    public var source: String? {
        _read { yield fields.stored.pointee.source }
        _modify { yield &ownFields().stored.pointee.source }
    }
    /// The folder relative links in this page's Markdown start from.
    public var sourceDirectory: String {
        _read { yield fields.stored.pointee.sourceDirectory }
        _modify { yield &ownFields().stored.pointee.sourceDirectory }
    }
    public var frontMatter: FrontMatter {
        _read { yield fields.stored.pointee.frontMatter }
        _modify { yield &ownFields().stored.pointee.frontMatter }
    }
    public var body: String {
        _read { yield fields.stored.pointee.body }
        _modify { yield &ownFields().stored.pointee.body }
    }
    /// The line of the source file on which `body` starts, so diagnostics point into the file.
    public var bodyLine: Int {
        _read { yield fields.stored.pointee.bodyLine }
        _modify { yield &ownFields().stored.pointee.bodyLine }
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
        _read { yield fields.stored.pointee.picture }
        _modify { yield &ownFields().stored.pointee.picture }
    }
    public var parent: Int? {
        _read { yield fields.stored.pointee.parent }
        _modify { yield &ownFields().stored.pointee.parent }
    }
    /// Sub-categories first, then items, each in catalog order.
    public var children: [Int] {
        _read { yield fields.stored.pointee.children }
        _modify { yield &ownFields().stored.pointee.children }
    }

    public init(kind: Kind, path: StackPath, source: String?, sourceDirectory: String,
                frontMatter: FrontMatter = FrontMatter(), body: String = "", bodyLine: Int = 1,
                title: String, parent: Int?, children: [Int] = []) {
        fields = Fields(Fields.Stored(kind: kind, path: path, url: path.url, fallback: nil, source: source, sourceDirectory: sourceDirectory,
                        frontMatter: frontMatter, body: body, bodyLine: bodyLine, title: title, summary: frontMatter.summary,
                        headings: [], picture: nil, parent: parent, children: children))
    }

    public static func == (lhs: Page, rhs: Page) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let (one, other) = (lhs.fields.stored.pointee, rhs.fields.stored.pointee)
        return one.kind == other.kind
            && one.path == other.path
            && one.url == other.url
            && one.fallback == other.fallback
            && one.source == other.source
            && one.sourceDirectory == other.sourceDirectory
            && one.frontMatter == other.frontMatter
            && one.body == other.body
            && one.bodyLine == other.bodyLine
            && one.title == other.title
            && one.summary == other.summary
            && one.headings == other.headings
            && one.picture == other.picture
            && one.parent == other.parent
            && one.children == other.children
    }

    /// Whether the page is written: a fallback row only leads to another language's page.
    public var isWritten: Bool { fields.stored.pointee.fallback == nil }

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
