/// The site's configuration: `stacks.yml`, then command-line flags on top.
public struct SiteConfig: Sendable, Equatable {
    /// The site's name; when `stacks.yml` has none, the home page's title.
    public var title: String?
    /// The absolute URL the site is published at; enables `sitemap.xml` and canonical links.
    public var baseURL: String?
    public var language = "en" {
        didSet { strings = InterfaceStrings(language: language, overrides: stringOverrides) }
    }
    /// `strings:` (and `placeholders:`), key by key over the language's built-in table.
    public var stringOverrides: [String: String] = [:] {
        didSet { strings = InterfaceStrings(language: language, overrides: stringOverrides) }
    }
    /// The interface's words in `language`, with `stringOverrides`.
    public private(set) var strings = InterfaceStrings.english
    /// `languages:`: the catalog in several languages; `nil`, one.
    public var languages: LanguageSettings?
    /// In a catalog of several languages, the folder of the language this configuration builds
    /// (`StackPath.language`); empty for the site's root.
    public var languageFolder = ""
    /// Its position in `languages.codes`: 0 for the default language (and a catalog of one).
    public var languagePosition = 0
    public var layout = Layout()
    public var images = Images()
    public var markdown = MarkdownOptions()
    public var paths = Paths()
    public var links = Links()
    /// Every link names its `index.html`, so the site also works opened from disk.
    public var portable = false
    public var includeDrafts = false
    /// The project folder's name made readable (`my-recipes` → "My recipes"): the site's name
    /// when neither `stacks.yml` nor the home page gives one, so that it is never the tool's.
    public var projectName: String?
    /// `frontMatter:` — Stacks key → the key the content's files write it as (`title: display_name`).
    public var frontMatterMapping: [String: String] = [:]

    /// The keys front matter is read with: the neighbours' names and `frontMatterMapping`.
    public var frontMatterKeys: FrontMatterKeys { FrontMatterKeys(mapping: frontMatterMapping) }

    public init() {}

    public var siteTitle: String { title ?? projectName ?? strings["home"] }

    /// The page at `path` as an absolute URL under `baseURL`; nil without one.
    func absoluteURL(of path: StackPath) -> String? {
        guard var base = baseURL else { return nil }
        if !base.hasSuffix("/") { base += "/" }
        return base + path.url
    }

    /// `images:` — pictures published at the sizes the layout shows them at (`ResponsiveImages`).
    public struct Images: Sendable, Equatable {
        /// `false`: every picture as it is, at its own size.
        public var resize = true
        /// `true`: AVIF variants beside the WebP ones, offered first to browsers that read AVIF.
        /// Off unless asked: for files about a tenth smaller than WebP's at the same SSIM, libaom
        /// takes three to five times WebP's time (Benchmarks/avif-quality.py, images-variants.sh).
        public var avif = false
        public init() {}
    }

    public struct Layout: Sendable, Equatable {
        public var columns: ColumnVisibility = .automatic
        public var style: SplitViewStyle = .prominentDetail
        /// Below `medium` one column shows; from `wide` on, all three.
        public var mediumBreakpoint = 720
        public var wideBreakpoint = 1200
        /// A category with more items than this shows item pages a window of its list, not all of it.
        public var listWindow = 25
        /// A level of the sidebar with more categories than this shows that many around the
        /// selection, and a link to all of them.
        public var sidebarWindow = 20
        /// What an entry without `icon:` shows in place of one.
        public var missingIcons: MissingIcons = .monogram
        /// Whether an entry's picture (`Page.picture`) fills its tile when it has no `icon:`.
        public var thumbnails: Thumbnails = .auto
        public init() {}
    }

    /// `auto`: an entry with a picture shows it, cut to its tile (with `images.resize`);
    /// `none`: tiles show icons and monograms only.
    public enum Thumbnails: String, Sendable, CaseIterable {
        case auto, none
    }

    /// `monogram`: the title's first letter on a colour drawn from the title; `none`: no tile,
    /// the title where the tile would start.
    public enum MissingIcons: String, Sendable, CaseIterable {
        case monogram, none
    }

    /// As SwiftUI's `NavigationSplitViewVisibility`.
    public enum ColumnVisibility: String, Sendable, CaseIterable {
        case automatic, all, doubleColumn, detailOnly
    }

    /// As SwiftUI's `.balanced` and `.prominentDetail` split-view styles.
    public enum SplitViewStyle: String, Sendable, CaseIterable {
        case balanced, prominentDetail
    }

    public struct MarkdownOptions: Sendable, Equatable {
        /// Raw HTML in Markdown is escaped unless this is set.
        public var unsafe = false
        /// Curly quotes, dashes and ellipses.
        public var smart = true
        /// GitHub Flavored Markdown: tables, task lists, strikethrough, bare URLs as links.
        public var gfm = true
        /// An item with at least this many `##` headings gets an "On this page" list; 0: never.
        public var toc = 3
        public init() {}
    }

    public struct Paths: Sendable, Equatable {
        public var content = "content"
        public var templates = "templates"
        public var output = "output"
        public init() {}
    }

    public struct Links: Sendable, Equatable {
        /// What a link or image that leads nowhere is: an error, or a warning while a large
        /// collection's links are being fixed.
        public var broken: Diagnostic.Severity = .error
        public init() {}
    }
}

/// `links.broken` is read as one of these names.
extension Diagnostic.Severity: CaseIterable {
    public static let allCases: [Diagnostic.Severity] = [.error, .warning]
}
