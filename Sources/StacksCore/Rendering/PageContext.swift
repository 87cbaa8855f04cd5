/// The values templates see that many pages share (icons, list entries, breadcrumbs, the
/// site), as the views of `TemplateViews.swift`. Every URL here is in root-marker form.
struct PageContext {
    let catalog: Catalog
    let config: SiteConfig
    let icons: [String: String]
    /// The same for every page: made once.
    private let siteView: SiteView

    init(catalog: Catalog, config: SiteConfig, icons: [String: String]) {
        self.catalog = catalog
        self.config = config
        self.icons = icons
        siteView = SiteView(title: config.siteTitle, language: LanguageTag.canonical(config.language),
                            direction: LanguageTag.direction(of: config.language), assets: RootMarker.string + Theme.siteFolder + "/",
                            root: RootMarker.page(.root, portable: config.portable),
                            home: config.languageFolder.isEmpty
                                ? config.baseURL ?? RootMarker.page(.root, portable: config.portable)
                                : config.absoluteURL(of: .root(language: config.languageFolder))
                                    ?? RootMarker.page(.root(language: config.languageFolder), portable: config.portable),
                            portable: config.portable ? "true" : "false",
                            languageFolder: config.languageFolder.isEmpty ? nil : config.languageFolder + "/",
                            strings: config.strings.needsScriptFile
                                ? RootMarker.file(Theme.siteFolder + "/" + config.strings.scriptPath) : nil)
    }

    func url(_ index: Int) -> String {
        RootMarker.page(catalog.pages[index], portable: config.portable)
    }

    /// `iconURL` for an icon the theme has (`assets/icons/NAME.svg`), else `iconText` (an emoji, say).
    /// A page without `icon:` gets a monogram, its title's first letter, on a colour drawn from
    /// its title (unless it has `color:`): a list of thousands of such entries then reads as
    /// designed rather than as a column of empty grey tiles. With `layout.missingIcons: none` it
    /// gets no tile at all (`tile` is false).
    ///
    /// A page with a picture (`PagePictures.thumbnail(of:config:)`) shows it cut to the tile, on
    /// its monogram's colour while it loads, with or without monograms.
    func icon(_ page: Page) -> IconView {
        if let picture = PagePictures.thumbnail(of: page, config: config),
           let thumbnail = ResponsiveImages.plan(catalog.assets[picture], thumbnail: true)?.thumbnail {
            var icon = IconView(tile: true)
            icon.thumbnail = RootMarker.file(thumbnail.oneX)
            icon.thumbnail2x = RootMarker.file(thumbnail.twoX)
            icon.thumbnailSizes = "2rem"
            icon.color = page.frontMatter.color.flatMap(Self.safeColor) ?? Self.monogramColor(page.title)
            return icon
        }
        if page.frontMatter.icon == nil, config.layout.missingIcons == .none { return IconView(tile: false) }
        var icon = IconView(tile: true)
        if let name = page.frontMatter.icon {
            if let asset = icons[name] {
                icon.iconURL = RootMarker.file(Theme.publishedPath(of: asset))
                icon.iconName = ThemeIcons.drawsByName(name) ? name : nil
            } else {
                icon.iconText = name
            }
        } else if let first = page.title.first {
            icon.iconText = String(first).uppercased()
        }
        if let color = page.frontMatter.color.flatMap(Self.safeColor) {
            icon.color = color
        } else if page.frontMatter.icon == nil, !page.title.isEmpty {
            icon.color = Self.monogramColor(page.title)
        }
        return icon
    }

    /// Dark enough for white text (contrast 5:1 or more), and the same for a title on every page.
    static let monogramColors = ["#6c3483", "#1a5276", "#117a65", "#a93226", "#a04000", "#2c3e50", "#7d3c98", "#1f618d"]

    static func monogramColor(_ title: String) -> String {
        var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across runs, unlike `hashValue`
        for byte in title.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return monogramColors[Int(hash % UInt32(monogramColors.count))]
    }

    /// Colours go into a CSS custom property in a `style` attribute, so only a colour's own
    /// forms pass: `#` and 3, 4, 6 or 8 hex digits, a name (`teal`), or a colour function of
    /// numbers (`rgb(…)`, `oklch(…)`; not `url(…)` or `var(…)`, nothing nested). Checked on
    /// Unicode scalars, so no combining mark can hide a quote.
    static func safeColor(_ color: String) -> String? {
        if let safe = asciiColorIsSafe(color) { return safe ? color : nil }
        return safeColorByScalars(color)
    }

    /// `safeColor` read scalar by scalar: the way of text beyond ASCII, and what the ASCII way
    /// must agree with (`SafeColorBytesTests`).
    static func safeColorByScalars(_ color: String) -> String? {
        let scalars = Array(color.unicodeScalars)
        func all(_ part: ArraySlice<Unicode.Scalar>, _ test: (Unicode.Scalar) -> Bool) -> Bool { !part.isEmpty && part.allSatisfy(test) }
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        func isHex(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s) }
        if scalars.first == "#" {
            return [4, 5, 7, 9].contains(scalars.count) && all(scalars.dropFirst(), isHex) ? color : nil
        }
        if all(scalars[...], isLetter) { return color }
        guard let open = scalars.firstIndex(of: "("), scalars.last == ")",
              colorFunctions.contains(String(String.UnicodeScalarView(scalars[..<open])).lowercased()) else { return nil }
        let arguments = scalars[(open + 1)..<(scalars.count - 1)]
        return all(arguments) { isLetter($0) || ("0"..."9").contains($0) || " .,%/+-".unicodeScalars.contains($0) } ? color : nil
    }

    /// `safeColor` of ASCII text, by bytes (every list entry's tile asks, and an array of its
    /// scalars cost a thousand instructions); `nil` for other text, which takes the scalars' way
    /// (a function's name may lower-case into ASCII: U+212A KELVIN SIGN is `k`).
    private static func asciiColorIsSafe(_ color: String) -> Bool? {
        var color = color
        return color.withUTF8 { bytes -> Bool? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
            func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
            func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
            func all(_ part: Slice<UnsafeBufferPointer<UInt8>>, _ test: (UInt8) -> Bool) -> Bool { !part.isEmpty && part.allSatisfy(test) }
            if bytes.first == UInt8(ascii: "#") {
                return [4, 5, 7, 9].contains(bytes.count) && all(bytes.dropFirst(), isHex)
            }
            if all(bytes[...], isLetter) { return true }
            guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")"),
                  colorFunctions.contains(String(decoding: bytes[..<open], as: UTF8.self).lowercased()) else { return false }
            return all(bytes[(open + 1)..<(bytes.count - 1)]) { isLetter($0) || isDigit($0) || " .,%/+-".utf8.contains($0) }
        }
    }

    private static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"]

    /// A list entry; `selected` when its page is on the current page's path, `current` when it
    /// is the current page. `inWindow`: for the window of a list shown in parts on an item's
    /// page, whose rows need no `id` (back links name the rows of the list pages).
    func entry(_ index: Int, selected: Bool, current: Bool, inWindow: Bool = false) -> ListEntryView {
        // The page borrowed, not copied (a copy retains each of its fields): every row of every list.
        entry(index, of: catalog[index], selected: selected, current: current, inWindow: inWindow)
    }

    private func entry(_ index: Int, of page: Page, selected: Bool, current: Bool, inWindow: Bool) -> ListEntryView {
        // Rows with an id are in a list shown in parts, which the script filters from the
        // list's index (`CategoryIndex`, tags included), not from its rows.
        let rowID = ListPlace.rowID(index, in: catalog, limit: config.layout.listWindow)
        var entry = ListEntryView(
            icon: icon(page), title: page.listTitle, url: url(index), kind: page.kind.rawValue, summary: page.summary,
            // A category says how much it holds, as a list row in a split view's sidebar does.
            count: page.kind == .category ? page.children.count : nil,
            // The script's filter matches tags too; they are not shown in the row.
            tags: page.frontMatter.tags.isEmpty || rowID != nil ? nil : page.frontMatter.tags.joined(separator: ", "),
            selected: selected, current: current, rowID: inWindow ? nil : rowID, strings: config.strings)
        entry.language = page.fallback?.tag
        entry.languageName = page.fallback?.name
        return entry
    }

    /// Page `number` (from 1) of a large category's paginated list; page 1 is the category's page.
    /// `segment`: the category's `listPageSegment`, when the caller has it at hand.
    func listPageURL(_ category: Int, number: Int, segment: String? = nil) -> String {
        guard number > 1 else { return url(category) }
        return RootMarker.string + listPageDirectory(category, number: number, segment: segment)
            + (config.portable ? "index.html" : "")
    }

    /// `weather/page/2/`: where page `number` (2 or more) of a category's list is written.
    /// A category that has a child called `page` gets `_page/` instead, which no slug can be
    /// (names starting with `_` are skipped), so the two never collide.
    func listPageDirectory(_ category: Int, number: Int, segment: String? = nil) -> String {
        catalog.pages[category].url + (segment ?? listPageSegment(category)) + "/\(number)/"
    }

    func listPageSegment(_ category: Int) -> String {
        // By the children's URLs (`…/page/`), read in place: their paths' last slug was a copy
        // per child, for every category on every rebuild of the preview.
        catalog.pages[category].children.contains { Self.endsInSlugPage(catalog.pages[$0].url) } ? "_page" : "page"
    }

    /// Whether a page's URL (`StackPath.url`) ends in the slug `page`: `page/` or `…/page/`.
    static func endsInSlugPage(_ url: String) -> Bool {
        NameSuffix.endsWithSegment(url, "page/")
    }

    /// The root and every prefix of the page's stack path, each linking to its page; the last is the page itself.
    /// `place`: the page's `ListPlace.of`, found once for the breadcrumbs and the back link.
    func breadcrumbs(_ index: Int, place: (category: Int, url: String)?) -> [CrumbView] {
        let path = catalog[index].path
        let pages = catalog.pagesOnPath(of: index)
        return zip(path.prefixes, pages).map { prefix, crumb in
            CrumbView(title: catalog.listTitle(of: crumb, siteTitle: config.siteTitle),
                      url: place.flatMap { $0.category == crumb ? $0.url : nil } ?? RootMarker.page(prefix, portable: config.portable),
                      current: prefix.count == path.count)
        }
    }

    /// The page of the path without its last destination; none on the home page.
    /// `place`: the page's `ListPlace.of`; the category of a list shown in parts leads to the
    /// list page that holds this page's row.
    func back(_ index: Int, place: (category: Int, url: String)?) -> LinkView? {
        guard let parentPath = catalog[index].path.parent else { return nil }
        let parent = catalog.pagesOnPath(of: index)[parentPath.count]
        let place = place.flatMap { $0.category == parent ? $0.url : nil }
        return LinkView(title: catalog.listTitle(of: parent, siteTitle: config.siteTitle),
                        url: place ?? RootMarker.page(parentPath, portable: config.portable))
    }

    /// The page's stack path as schema.org's `BreadcrumbList` in JSON-LD, the trail search
    /// engines show for a result; none on the home page. The URLs are absolute with `baseURL`,
    /// else relative to the page at `depth` (JSON-LD resolves them against the page).
    func breadcrumbList(_ index: Int, depth: Int) -> HTML? {
        let path = catalog[index].path
        guard !path.isRoot else { return nil }
        let trail = zip(path.prefixes, catalog.pagesOnPath(of: index)).map { prefix, page in
            (title: catalog.listTitle(of: page, siteTitle: config.siteTitle), path: prefix)
        }
        return Self.breadcrumbList(trail, depth: depth, config: config)
    }

    /// A trail of pages (the root first) as a `BreadcrumbList`; also the tag pages'.
    static func breadcrumbList(_ trail: [(title: String, path: StackPath)], depth: Int, config: SiteConfig) -> HTML {
        // The names and punctuation written as they are: every page has this list, and each of
        // its short strings cost hundreds of instructions when written as a value.
        var json = JSONWriter(capacity: 128 + trail.count * 160, quotesAsEscapes: true)
        json.raw(#"{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":["#)
        for (position, crumb) in trail.enumerated() {
            json.raw(position == 0 ? #"{"@type":"ListItem","item":"# : #",{"@type":"ListItem","item":"#)
            json.string(config.absoluteURL(of: crumb.path) ?? RelativeURL.page(crumb.path, fromDepth: depth, portable: config.portable))
            json.raw(#","name":"#)
            json.string(crumb.title)
            json.raw(#","position":"#)
            json.integer(position + 1)
            json.raw("}")
        }
        json.raw("]}")
        return HTML(String(decoding: json.bytes, as: UTF8.self))
    }

    func site() -> SiteView {
        siteView
    }

    func layout() -> LayoutSettingsView {
        LayoutSettingsView(columns: config.layout.columns.rawValue, style: config.layout.style.rawValue,
                           medium: config.layout.mediumBreakpoint, mediumBelow: config.layout.mediumBreakpoint - 1,
                           wide: config.layout.wideBreakpoint, wideBelow: config.layout.wideBreakpoint - 1)
    }

    func canonical(_ index: Int) -> String? {
        config.absoluteURL(of: catalog[index].path)
    }
}
