/// The whole list of a large category in one small file, so that the script can filter and
/// scroll all of its entries after a single request instead of fetching every list page.
///
/// Written only for lists shown in parts (those longer than `layout.listWindow`): a shorter
/// list is whole on every page already. It goes beside the list pages, in the category's list
/// page folder (`weather/page/entries.json`), which no child's folder can be (see
/// `PageContext.listPageSegment`); a portable build adds `entries.js`, which a page opened
/// from disk loads by a script tag.
///
/// Compact and gzip-friendly: no keys repeated per entry, one array a row, trailing empty
/// fields left out.
///
///     {"entries":[[url, title, summary, tags, kind, icon, color, count, language, languageName, picture2x], …]}
///
/// - `url`: relative to the category's page (`ls/`, or `ls/index.html` in portable mode);
/// - `tags`: joined by ", " as the rows' `data-tags`;
/// - `icon`: a URL relative to the category's page when it contains a `/`, else the text of
///   the tile (a monogram's letter, an emoji); "" with no tile; `color`: the tile's colour;
/// - `count`: a category's number of children, as text; "" for an item;
/// - `language`: for a row of a page missing in this language (`Fallback`), the language of
///   the page it leads to (BCP 47), then its name;
/// - `picture2x`: for an entry whose tile shows its picture (`layout.thumbnails`), the URL of
///   the picture at 2x; `icon` is then its URL at 1x.
enum CategoryIndex {
    /// The fields of a row, in order: the script reads them by position.
    static let fields = ["url", "title", "summary", "tags", "kind", "icon", "color", "count", "language", "languageName", "picture2x"]

    /// The index's path under the output root: in the category's folder as it is named on disk
    /// (`荤菜/page/`), not as its URL spells it.
    static func path(of category: Int, context: PageContext, segment: String? = nil) -> String {
        folder(of: context.catalog.pages[category].path) + (segment ?? context.listPageSegment(category)) + "/entries.json"
    }

    /// A page's folder under the output root, with a trailing `/`; empty for the root.
    static func folder(of path: StackPath) -> String {
        let folder = path.outputDirectory
        return folder.isEmpty ? "" : folder + "/"
    }

    /// The categories whose lists are shown in parts.
    static func categories(in catalog: Catalog, limit: Int) -> [Int] {
        catalog.pages.indices.filter { index in
            (catalog.pages[index].kind == .category || (index == Catalog.rootIndex && ListWindow.homeHasList(catalog, limit: limit)))
                && ListWindow.isPaged(entries: catalog.pages[index].children.count, limit: limit)
        }
    }

    /// The index of `category`'s children, as JSON.
    static func json(of category: Int, context: PageContext) -> [UInt8] {
        json(of: context.catalog[category].children, below: context.catalog[category].path, context: context)
    }

    /// The index of a list of pages shown at `owner` (a category's page, or a tag's: `TagPages`).
    static func json(of children: [Int], below owner: StackPath, context: PageContext) -> [UInt8] {
        // The owner's URL spelled once, not once a row; each row written as it is made, without
        // an array of its fields or its tags joined first (a tag's list index is made for every
        // tag of every page).
        let ownerURL = owner.isRoot ? nil : owner.url
        var json = JSONWriter(capacity: children.count * 96)
        json.beginObject()
        json.key("entries")
        json.beginArray()
        let catalog = context.catalog
        for child in children {
            json.beginArray()
            write(catalog[child], below: owner, ownerURL: ownerURL, context: context, into: &json)
            json.endArray()
        }
        json.endArray()
        json.member("fields", fields)
        json.endObject()
        return json.bytes
    }

    /// One entry's row, `fields` in order without the empty ones at the end, written as strings
    /// of the current array. `ownerURL`: the owner's `url`, nil for the root.
    private static func write(_ page: Page, below owner: StackPath, ownerURL: String?, context: PageContext,
                              into json: inout JSONWriter) {
        let (url, icon, picture2x, color) = parts(of: page, below: owner, ownerURL: ownerURL, context: context)
        let count = page.kind == .category ? String(page.children.count) : ""
        let language = page.fallback?.tag ?? "", languageName = page.fallback?.name ?? ""
        // Up to the last field that is not empty; the kind never is.
        let last = !picture2x.isEmpty ? 10 : !languageName.isEmpty ? 9 : !language.isEmpty ? 8 : !count.isEmpty ? 7
            : !color.isEmpty ? 6 : !icon.isEmpty ? 5 : 4
        json.string(url)
        json.string(page.listTitle)
        json.string(page.summary ?? "")
        json.string(joining: page.frontMatter.tags, separator: ", ")
        json.string(page.kind.rawValue)
        let rest = [icon, color, count, language, languageName, picture2x]
        for field in rest.prefix(last - 4) { json.string(field) }
    }

    /// An index of rows of `fields` (the tag index's rows are tags).
    static func json(rows: [[String]]) -> [UInt8] {
        var json = JSONWriter(capacity: rows.count * 96)
        json.beginObject()
        json.key("entries")
        json.beginArray()
        for row in rows {
            json.beginArray()
            for field in row { json.string(field) }
            json.endArray()
        }
        json.endArray()
        json.member("fields", fields)
        json.endObject()
        return json.bytes
    }

    /// A row's URL, icon, picture at 2x and colour.
    private static func parts(of page: Page, below owner: StackPath, ownerURL: String?,
                              context: PageContext) -> (url: String, icon: String, picture2x: String, color: String) {
        let portable = context.config.portable
        // By bytes: a page's URL is its owner's and then its own slugs.
        let url = if let ownerURL, page.url.utf8.starts(with: ownerURL.utf8) {
            String(Substring(page.url.utf8.dropFirst(ownerURL.utf8.count))) + (portable ? "index.html" : "")
        } else {
            String(decoding: RootMarker.resolve(RootMarker.page(page, portable: portable), depth: owner.depth), as: UTF8.self)
        }
        let tile = context.icon(page)
        var icon = "", picture2x = ""
        func resolved(_ url: String) -> String {
            let resolved = String(decoding: RootMarker.resolve(url, depth: owner.depth), as: UTF8.self)
            return resolved.contains("/") ? resolved : "./" + resolved
        }
        if let thumbnail = tile.thumbnail, let twoX = tile.thumbnail2x {
            // A picture: its 1x file as the icon's URL, its 2x one after the others.
            icon = resolved(thumbnail)
            picture2x = resolved(twoX)
        } else if let text = tile.iconURL {
            icon = resolved(text)
        } else if let text = tile.iconText {
            // Text with a slash would read as a URL: a tile never shows one.
            icon = text.utf8.contains(UInt8(ascii: "/")) ? String(text.filter { $0 != "/" }) : text
        }
        return (url, icon, picture2x, tile.color ?? "")
    }

    /// The index files of `category`'s list (one of `categories`): JSON, and in portable mode
    /// its script twin.
    static func files(of category: Int, context: PageContext) -> [SiteRenderer.OutputFile] {
        files(path: path(of: category, context: context), json: json(of: category, context: context), context: context)
    }

    /// One list's index at `path`: the JSON, and in portable mode the script a page opened from
    /// disk loads instead (`entries.js`).
    static func files(path: String, json bytes: [UInt8], context: PageContext) -> [SiteRenderer.OutputFile] {
        var files = [SiteRenderer.OutputFile(path: path, bytes: bytes)]
        if context.config.portable {
            files.append(SiteRenderer.OutputFile(path: scriptPath(of: path),
                                                 bytes: Array("window.stacksListIndex = ".utf8) + bytes + Array(";\n".utf8)))
        }
        return files
    }

    /// The paths `files(path:json:context:)` writes.
    static func paths(_ path: String, portable: Bool) -> [String] {
        portable ? [path, scriptPath(of: path)] : [path]
    }

    private static func scriptPath(of path: String) -> String { String(path.dropLast(".json".count)) + ".js" }
}
