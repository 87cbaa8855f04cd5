/// What each template of a theme receives: the contract a theme author reads, one type per
/// template. A template names these types' properties:
/// - `String`: text, escaped by `{{name}}`;
/// - `HTML`: already HTML, inserted with `{{{name}}}`;
/// - `Int`: a number; `Bool`: a flag, for sections (`{{#name}}…{{/name}}`);
/// - an array: a list that sections repeat over, each element with its own values;
/// - another of these types: an object that sections enter or dotted names read (`site.title`).
/// An optional value is absent when it is `nil`. Every URL is relative to the page.
///
/// `TemplateContract` reads the names from these types: README's template table is tested
/// against them, and `TemplateSet.required` and `SidebarParts.rootKeys` come from them. The
/// renderer fills them, and `TemplateViewsTests` checks that what it gives each template is
/// exactly what is declared here.
extension TemplateContract {
    /// The templates every theme has, in the order missing ones are reported.
    static let templates: [Template] = [
        Template("layout", renders: "the whole page", LayoutView.self),
        // A partial of `layout`: it sees the layout's values.
        Template("breadcrumbs", renders: "the breadcrumb trail", LayoutView.self, only: ["breadcrumbs"]),
        Template("sidebar", renders: "the category tree", SidebarView.self),
        Template("sidebar-node", renders: "one category of the tree", SidebarNodeView.self),
        Template("content", renders: "the item list column", ContentView.self),
        Template("list-entry", renders: "one entry of a list", ListEntryView.self),
        Template("detail", renders: "the item, category intro or home intro", DetailView.self),
        // A partial of `list-entry`, `sidebar-node` and `detail`: it sees their values.
        Template("icon", renders: "an icon tile", IconView.self),
        Template("404", renders: "the not-found page", NotFoundView.self),
        Template("redirect", renders: "an alias's redirect", RedirectView.self),
    ]
}

/// Text that is already HTML (a rendered template, a page's body): `{{{name}}}`.
struct HTML: TemplateLeaf {
    var html: String

    init(_ html: String) { self.html = html }
}

// MARK: layout

/// `layout`: the whole page, around the three rendered columns.
struct LayoutView: TemplateView {
    static let template = "layout"
    /// The site.
    var site: SiteView
    /// This page.
    var page: PageView
    /// The configured layout.
    var layout: LayoutSettingsView
    /// The pages from the root to this one.
    var breadcrumbs: [CrumbView]
    /// The parent page; none on the home page.
    var back: LinkView?
    /// The content column's name: its category's title.
    var contentLabel: String
    /// The rendered `sidebar`.
    var sidebar: HTML
    /// The rendered `content`.
    var content: HTML
    /// The rendered `detail`.
    var detail: HTML
    /// In a catalog of several languages: this page in each, as the switcher's items
    /// (`<li><a href hreflang lang>name</a></li>`, the current one `aria-current`, one that
    /// lacks the page `class="missing"`); empty otherwise. HTML rather than a list of values:
    /// forty languages on each of forty thousand pages are then one text each.
    var languages = HTML("")
    /// `<link rel="alternate" hreflang>` for each language that has this page, and `x-default`
    /// for the default language's: one text, so that pages missing in different languages
    /// still have one shape (`TemplateStamps`).
    var alternates = HTML("")
    /// The current language's name, for the switcher's button.
    var languageName: String?
}


/// The site, as `layout`, `404`, `redirect` and the stylesheet see it.
struct SiteView: TemplateValues {
    /// Its title.
    var title: String
    /// Its language, for `lang`: a BCP 47 tag (`zh-TW`, as `zh_TW` is written in folders).
    var language: String
    /// `rtl` for a language written right to left (Arabic, Persian, Hebrew, Urdu …), else `ltr`.
    var direction: String
    /// The URL of `assets/`.
    var assets: String
    /// The root page's URL.
    var root: String
    /// `baseURL`, else the root page's URL.
    var home: String
    /// `true` when built to open from disk.
    var portable: String
    /// In a catalog of several languages, this language's folder with a `/` (`de/`), where its
    /// own search is; none at the site's root.
    var languageFolder: String?
    /// The URL of the script's interface strings when the site's language needs them
    /// (`InterfaceStrings.needsScriptFile`): not for English.
    var strings: String?
}

struct PageView: TemplateValues {
    /// Its title (the site's on the home page).
    var title: String
    /// The `<title>`: page, list page number and site.
    var documentTitle: String
    /// `home`, `category`, `item`, `tags` (the tag index) or `tag` (a tag's page).
    var kind: String
    /// `item` for an item, else `details`.
    var kindLabel: String
    /// The skip link to the detail column, in the site's language ("Skip to the item").
    var skipLabel: String
    /// Folders below the site's root.
    var depth: Int
    /// Its summary, when it has one.
    var description: String?
    /// Its absolute URL, with `baseURL` (not on list pages 2…).
    var canonical: String?
    /// Its stack path as schema.org's `BreadcrumbList`, JSON-LD for a `<script>` (none on the
    /// home page): absolute URLs with `baseURL`, else relative to the page.
    var breadcrumbList: HTML?
}

/// The configured layout, as `layout` and the stylesheet see it.
struct LayoutSettingsView: TemplateValues {
    /// `layout.columns`.
    var columns: String
    /// `layout.style`.
    var style: String
    /// The medium breakpoint, in pixels.
    var medium: Int
    /// One pixel less.
    var mediumBelow: Int
    /// The wide breakpoint, in pixels.
    var wide: Int
    /// One pixel less.
    var wideBelow: Int
}

/// A link to a page.
struct LinkView: TemplateValues {
    /// The page's list title.
    var title: String
    /// Its URL.
    var url: String
}

/// A link in a trail of pages.
struct CrumbView: TemplateValues {
    /// The page's list title.
    var title: String
    /// Its URL.
    var url: String
    /// This page.
    var current: Bool
}

// MARK: sidebar

/// `sidebar`: the category tree.
struct SidebarView: TemplateView {
    static let template = "sidebar"
    /// The site's title.
    var siteTitle: String
    /// The home page's URL.
    var home: String
    /// This page is the home page.
    var homeCurrent: Bool
    /// The top-level categories shown, drawn by `sidebar-node`: all of them, or
    /// `layout.sidebarWindow` around the selection.
    var categories: [SidebarNodeView]
    /// Not all top-level categories are shown: the sidebar ends with a link to the home page,
    /// which lists them all.
    var moreCategories: Bool
    /// How many top-level categories there are.
    var categoryCount: Int
    /// The tag index's entry, after the tree; none when no page has tags.
    var tags: SidebarLinkView?
}

/// A link of the sidebar besides the category tree.
struct SidebarLinkView: TemplateValues, Equatable {
    /// What it says.
    var title: String
    /// Its URL.
    var url: String
    /// The link is this page's, or on the way to it (a tag's page).
    var current: Bool
}

/// `sidebar-node`: one category of the tree, and its icon's values.
struct SidebarNodeView: TemplateView {
    static let template = "sidebar-node"
    /// Its icon tile's values, among its own (`{{#tile}}`, not `{{#icon.tile}}`).
    var icon: IconView
    /// The category's list title.
    var title: String
    /// Its URL.
    var url: String
    /// The link is this page's (`aria-current="page"`).
    var current: Bool
    /// The deepest selected category.
    var selected: Bool
    /// On the way to this page (`aria-current="true"`).
    var inPath: Bool
    /// Its children are shown.
    var open: Bool
    /// It has child categories.
    var hasChildren: Bool
    /// Its child categories shown (when open), with these values: all of them, or
    /// `layout.sidebarWindow` around the selection.
    var children: [SidebarNodeView]
    /// It is open and not all its child categories are shown: its level ends with a link to the
    /// category's page, which lists them all.
    var moreChildren: Bool
    /// How many child categories it has.
    var childCount: Int
}

/// `icon`: an icon tile, a partial that sees the values of `list-entry`, `sidebar-node` and
/// `detail`'s `item`, where these are merged with their own.
struct IconView: TemplateView, MergedTemplateValues {
    static let template = "icon"
    /// False: no tile (`layout.missingIcons: none`).
    var tile: Bool
    /// The theme's icon, when `icon:` names one.
    var iconURL: String?
    /// The same icon's name, which the stylesheet draws (`data-icon`), so that pages load no
    /// image for it; only for names of letters, digits, `-` and `_`.
    var iconName: String?
    /// Else `icon:` as text, or the title's first letter.
    var iconText: String?
    /// The tile's colour.
    var color: String?
    /// In place of all three, the entry's picture cut to the tile (`layout.thumbnails`): 64
    /// pixels square, and 128 (`thumbnail2x`), for a `srcset` whose `sizes` is the tile's width
    /// (`thumbnailSizes`: 2rem in rows, 4rem in an item's header).
    var thumbnail: String?
    var thumbnail2x: String?
    var thumbnailSizes: String?
}

// MARK: content

/// `content`: the item list column; a `category`, or without one a `placeholder` and the home
/// page's `entries`.
struct ContentView: TemplateView {
    static let template = "content"
    /// The deepest selected category, whose children are listed.
    var category: ListedCategoryView?
    /// Without a category: `placeholders.noCategory`.
    var placeholder: String?
    /// Without a category: the home page's items.
    var entries: HTML?
}

struct ListedCategoryView: TemplateValues {
    /// The category's number in the catalog.
    var id: Int
    /// Its title.
    var title: String
    /// The list is this page's own, so its title is the page's `h1`.
    var isPage: Bool
    /// Its URL.
    var url: String
    /// Its written summary.
    var summary: String?
    /// Its body.
    var intro: HTML?
    /// How many children it has.
    var count: Int
    /// The same in words: "1 entry", "12 entries".
    var countLabel: String
    /// The position of the first entry shown.
    var offset: Int
    /// The rendered `list-entry`s shown.
    var entries: HTML
    /// Present when only part of the list is shown.
    var partial: PartialListView?
    /// On an item's page of a large category: the entries around it.
    var window: ListWindowView?
    /// On a large category's own pages.
    var pagination: PaginationView?
    /// On the home's own list, when pages have tags: the tag index's entry after it (the home's
    /// list takes the sidebar's place below the wide width, and the sidebar has that entry).
    var tagIndex: TagIndexEntryView?
}

struct TagIndexEntryView: TemplateValues, Equatable {
    /// What it says ("Tags").
    var title: String
    /// The tag index's URL.
    var url: String
    /// How many tags there are.
    var count: Int
    /// The same in words: "1 tag", "12 tags".
    var countLabel: String
}

struct PartialListView: TemplateValues {
    /// The URL of the list's first page.
    var firstPage: String
    /// The URL of the whole list's compact index (`CategoryIndex`).
    var index: String
}

struct ListWindowView: TemplateValues {
    /// The first position shown, from 1, as the language writes numbers.
    var first: String
    /// The last position shown.
    var last: String
    /// The number of entries.
    var total: String
    /// The list page that holds this page's entry.
    var fullListURL: String
}

struct PaginationView: TemplateValues {
    /// This list page, from 1.
    var number: Int
    /// The number of list pages.
    var pages: Int
    /// The previous list page's URL.
    var previous: String?
    /// The next list page's URL.
    var next: String?
}

/// `list-entry`: one entry of a list, and its icon's values.
struct ListEntryView: TemplateView {
    static let template = "list-entry"
    /// Its icon tile's values, among its own (`{{#tile}}`, not `{{#icon.tile}}`).
    var icon: IconView
    /// The page's list title.
    var title: String
    /// Its URL.
    var url: String
    /// `category`, `item` or `tag`.
    var kind: String
    /// The row's class: its kind, but none for an item, the usual row (`ListEntryView.init`),
    /// so that the rows of a long list carry no markup they all share.
    var rowClass: String?
    /// Its summary.
    var summary: String?
    /// A category's number of children.
    var count: String?
    /// The same in words: "1 entry", "12 entries".
    var countLabel: String?
    /// Its tags, comma separated, for the filter; only in a list shown whole (a list shown in
    /// parts is filtered from its index).
    var tags: String?
    /// For a page missing in the list's language, the language of the page the row leads to
    /// (BCP 47, for `lang` and `hreflang`), and its name, shown in the row (`Fallback`).
    var language: String?
    var languageName: String?
    /// On the way to this page.
    var selected: Bool
    /// This page.
    var current: Bool
    /// In a list shown in parts: the row's `id`, which back links name (`ListPlace`).
    var rowID: String?

    init(icon: IconView, title: String, url: String, kind: String, summary: String?, count: Int?,
         tags: String?, selected: Bool, current: Bool, rowID: String?, strings: InterfaceStrings,
         countKey: String = "entries") {
        self.icon = icon
        self.title = title
        self.url = url
        self.kind = kind
        self.rowClass = kind == Page.Kind.item.rawValue ? nil : kind
        self.summary = summary
        // The badge is digits, as the list's index gives them to the script (`CategoryIndex`);
        // the count in words is the language's.
        self.count = count.map(String.init)
        self.countLabel = count.map { strings.count(countKey, $0) }
        self.tags = tags
        self.selected = selected
        self.current = current
        self.rowID = rowID
    }

}

// MARK: detail

/// `detail`: one of `item`, `category` or `home`, by the page's kind.
struct DetailView: TemplateView {
    static let template = "detail"
    /// On an item's page.
    var item: ItemView?
    /// On a category's page.
    var category: CategoryIntroView?
    /// On the home page.
    var home: HomeIntroView?
}

/// An item, and its icon's values.
struct ItemView: TemplateValues {
    /// Its icon tile's values, among its own (`{{#tile}}`, not `{{#icon.tile}}`).
    var icon: IconView
    /// Its title.
    var title: String
    /// Its path from the root.
    var path: String
    /// Its summary, only when written.
    var summary: String?
    /// Its date.
    var date: DateView?
    /// Its tags, as text.
    var tags: [String]
    /// It has tags.
    var hasTags: Bool
    /// Its tags, each linking to its tag's page.
    var tagLinks: [LinkView]
    /// Its `attributes:`.
    var attributes: [AttributeView]
    /// It has attributes.
    var hasAttributes: Bool
    /// Its body.
    var body: HTML
    /// Its image's URL.
    var image: String?
    /// The image's width, when known.
    var imageWidth: String?
    /// The image's height, when known.
    var imageHeight: String?
    /// Its variants' URLs and widths (`srcset`) and the width it shows at (`sizes`), when it
    /// is a co-located picture published at several sizes (`images.resize`).
    var imageSrcset: String?
    var imageSizes: String?
    /// Its AVIF variants' `srcset`, for a `<picture>`'s `<source>` (`images.avif`).
    var imageAvifSrcset: String?
    /// Its sub-items' rendered `list-entry`s.
    var subitems: HTML?
    /// It has sub-items.
    var hasSubitems: Bool?
    /// Below the first item: the detail column's own stack.
    var stack: DetailStackView?
    /// Its `params:`, as written.
    var params: FrontMatterParams
    /// A long item's headings.
    var outline: OutlineView?
    /// The items before and after it in its list.
    var siblings: SiblingsView?
}

/// The items beside an item in its list, for `rel="prev"` and `rel="next"` links.
struct SiblingsView: TemplateValues {
    /// The item before it.
    var previous: LinkView?
    /// The item after it.
    var next: LinkView?
}

struct DateView: TemplateValues {
    /// For `datetime`.
    var machine: String
    /// For people.
    var readable: String
}

struct AttributeView: TemplateValues {
    /// The attribute's name.
    var name: String
    /// Its value.
    var value: String
}

struct DetailStackView: TemplateValues {
    /// The parent page.
    var back: LinkView
    /// The items on the way to this one.
    var crumbs: [CrumbView]
}

/// The "On this page" list.
struct OutlineView: TemplateValues {
    /// Its `##` headings.
    var entries: [OutlineEntryView]
}

struct OutlineEntryView: TemplateValues {
    /// The heading.
    var text: String
    /// Its anchor.
    var url: String
    /// Its `###` headings.
    var sub: OutlineSubView?
}

struct OutlineSubView: TemplateValues {
    /// The headings, with `text` and `url`.
    var entries: [OutlineLinkView]
}

struct OutlineLinkView: TemplateValues {
    /// The heading.
    var text: String
    /// Its anchor.
    var url: String
}

struct CategoryIntroView: TemplateValues {
    /// Its title.
    var title: String
    /// Its body.
    var intro: HTML?
    /// `placeholders.noItem`.
    var placeholder: String
}

struct HomeIntroView: TemplateValues {
    /// The site's title.
    var title: String
    /// The home page's body.
    var intro: HTML
    /// When the body is missing or short: list rows of the largest top-level categories, which
    /// the home shows beside the sidebar where the list column gives way to the introduction.
    var overview: HTML?
}

// MARK: 404 and redirects

/// `404`: the not-found page.
struct NotFoundView: TemplateView {
    static let template = "404"
    /// The site.
    var site: SiteView
}

/// `redirect`: the page an alias writes, which sends the browser on.
struct RedirectView: TemplateView {
    static let template = "redirect"
    /// The site.
    var site: SiteView
    /// The page moved to.
    var title: String
    /// Its URL.
    var url: String
}

/// What a stylesheet (`assets/NAME.mustache`) is rendered with.
struct StylesheetView: TemplateValues {
    /// The configured layout.
    var layout: LayoutSettingsView
    /// The site.
    var site: SiteView
    /// The theme's icons that tiles name (`iconName`), as images in the stylesheet itself.
    var icons: [StylesheetIconView]
}

struct StylesheetIconView: TemplateValues {
    /// The icon's name (`iconName`).
    var name: String
    /// Its SVG as a `data:` URL (base64, so it needs no escaping inside `url("…")`).
    var image: String
}
