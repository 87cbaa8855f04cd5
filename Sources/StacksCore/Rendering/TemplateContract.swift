/// What each template of a theme receives: the one place that says which values a template can
/// name, with their kinds and meanings. README's template table is tested against it, and so
/// is the built-in theme (`TemplateContractTests`); `TemplateSet.required` and
/// `SidebarParts.rootKeys` are read from it.
///
/// A declaration, not the values: the renderer builds `TemplateObject`s directly, as stamps
/// key on their shapes and a view model per page would cost a conversion on the fast path.
/// A key the renderer gives a template belongs here first.
enum TemplateContract {
    enum Kind: Equatable {
        /// Escaped with `{{name}}`.
        case text
        /// Already HTML, inserted with `{{{name}}}`.
        case html
        case number
        /// For sections: `{{#name}}…{{/name}}`.
        case flag
        /// Sections repeat over it; its `members` are each element's values.
        case list
        /// Sections enter it, or dotted names read it (`site.title`).
        case object
    }

    struct Value {
        var name: String
        var kind: Kind
        var meaning: String
        var members: [Value] = []

        /// Its name and every member's, at any depth: what a tag inside it may name.
        var allNames: [String] { [name] + members.flatMap(\.allNames) }
    }

    struct Template {
        var name: String
        var renders: String
        var values: [Value]
    }

    static func template(_ name: String) -> Template? {
        templates.first { $0.name == name }
    }

    /// The templates every theme has, in the order missing ones are reported.
    static let templates: [Template] = [
        Template(name: "layout", renders: "the whole page", values: [
            site,
            Value(name: "page", kind: .object, meaning: "this page", members: [
                Value(name: "title", kind: .text, meaning: "its title (the site's on the home page)"),
                Value(name: "documentTitle", kind: .text, meaning: "the `<title>`: page, list page number and site"),
                Value(name: "kind", kind: .text, meaning: "`home`, `category` or `item`"),
                Value(name: "kindLabel", kind: .text, meaning: "`item` for an item, else `details`"),
                Value(name: "depth", kind: .number, meaning: "folders below the site's root"),
                Value(name: "description", kind: .text, meaning: "its summary, when it has one"),
                Value(name: "canonical", kind: .text, meaning: "its absolute URL, with `baseURL` (not on list pages 2…)"),
            ]),
            Value(name: "layout", kind: .object, meaning: "the configured layout", members: layoutMembers),
            breadcrumbs,
            Value(name: "back", kind: .object, meaning: "the parent page, absent on the home page", members: link),
            Value(name: "contentLabel", kind: .text, meaning: "the content column's name: its category's title"),
            Value(name: "sidebar", kind: .html, meaning: "the rendered `sidebar`"),
            Value(name: "content", kind: .html, meaning: "the rendered `content`"),
            Value(name: "detail", kind: .html, meaning: "the rendered `detail`"),
        ]),
        // A partial of `layout`: it sees the layout's values.
        Template(name: "breadcrumbs", renders: "the breadcrumb trail", values: [breadcrumbs]),
        Template(name: "sidebar", renders: "the category tree", values: [
            Value(name: "siteTitle", kind: .text, meaning: "the site's title"),
            Value(name: "home", kind: .text, meaning: "the home page's URL"),
            Value(name: "homeCurrent", kind: .flag, meaning: "this page is the home page"),
            Value(name: "categories", kind: .list, meaning: "the top-level categories, drawn by `sidebar-node`", members: sidebarNode),
        ]),
        Template(name: "sidebar-node", renders: "one category of the tree", values: sidebarNode),
        Template(name: "content", renders: "the item list column", values: [
            Value(name: "category", kind: .object, meaning: "the deepest selected category, whose children are listed", members: [
                Value(name: "id", kind: .number, meaning: "the category's number in the catalog"),
                Value(name: "title", kind: .text, meaning: "its title"),
                Value(name: "isPage", kind: .flag, meaning: "the list is this page's own, so its title is the page's `h1`"),
                Value(name: "url", kind: .text, meaning: "its URL"),
                Value(name: "summary", kind: .text, meaning: "its written summary"),
                Value(name: "intro", kind: .html, meaning: "its body"),
                Value(name: "count", kind: .number, meaning: "how many children it has"),
                Value(name: "offset", kind: .number, meaning: "the position of the first entry shown"),
                Value(name: "entries", kind: .html, meaning: "the rendered `list-entry`s shown"),
                Value(name: "partial", kind: .object, meaning: "present when only part of the list is shown", members: [
                    Value(name: "firstPage", kind: .text, meaning: "the URL of the list's first page"),
                    Value(name: "index", kind: .text, meaning: "the URL of the whole list's compact index (`CategoryIndex`)"),
                ]),
                Value(name: "window", kind: .object, meaning: "on an item's page of a large category: the entries around it", members: [
                    Value(name: "first", kind: .number, meaning: "the first position shown, from 1"),
                    Value(name: "last", kind: .number, meaning: "the last position shown"),
                    Value(name: "total", kind: .number, meaning: "the number of entries"),
                    Value(name: "fullListURL", kind: .text, meaning: "the list page that holds this page's entry"),
                ]),
                Value(name: "pagination", kind: .object, meaning: "on a large category's own pages", members: [
                    Value(name: "number", kind: .number, meaning: "this list page, from 1"),
                    Value(name: "pages", kind: .number, meaning: "the number of list pages"),
                    Value(name: "previous", kind: .text, meaning: "the previous list page's URL"),
                    Value(name: "next", kind: .text, meaning: "the next list page's URL"),
                ]),
            ]),
            Value(name: "placeholder", kind: .text, meaning: "without a category: `placeholders.noCategory`"),
            Value(name: "entries", kind: .html, meaning: "without a category: the home page's items"),
        ]),
        Template(name: "list-entry", renders: "one entry of a list", values: [
            Value(name: "title", kind: .text, meaning: "the page's list title"),
            Value(name: "url", kind: .text, meaning: "its URL"),
            Value(name: "kind", kind: .text, meaning: "`category` or `item`"),
            Value(name: "summary", kind: .text, meaning: "its summary"),
            Value(name: "count", kind: .text, meaning: "a category's number of children"),
            Value(name: "tags", kind: .text, meaning: "its tags, comma separated, for the filter"),
            Value(name: "selected", kind: .flag, meaning: "on the way to this page"),
            Value(name: "current", kind: .flag, meaning: "this page"),
            Value(name: "rowID", kind: .text, meaning: "in a list shown in parts: the row's `id`, which back links name (`ListPlace`)"),
        ] + iconValues),
        Template(name: "detail", renders: "the item, category intro or home intro", values: [
            Value(name: "item", kind: .object, meaning: "on an item's page", members: [
                Value(name: "title", kind: .text, meaning: "its title"),
                Value(name: "path", kind: .text, meaning: "its path from the root"),
                Value(name: "summary", kind: .text, meaning: "its summary, only when written"),
                Value(name: "date", kind: .object, meaning: "its date", members: [
                    Value(name: "machine", kind: .text, meaning: "for `datetime`"),
                    Value(name: "readable", kind: .text, meaning: "for people"),
                ]),
                Value(name: "tags", kind: .list, meaning: "its tags, as text"),
                Value(name: "hasTags", kind: .flag, meaning: "it has tags"),
                Value(name: "attributes", kind: .list, meaning: "its `attributes:`", members: [
                    Value(name: "name", kind: .text, meaning: "the attribute's name"),
                    Value(name: "value", kind: .text, meaning: "its value"),
                ]),
                Value(name: "hasAttributes", kind: .flag, meaning: "it has attributes"),
                Value(name: "body", kind: .html, meaning: "its body"),
                Value(name: "image", kind: .text, meaning: "its image's URL"),
                Value(name: "imageWidth", kind: .text, meaning: "the image's width, when known"),
                Value(name: "imageHeight", kind: .text, meaning: "the image's height, when known"),
                Value(name: "subitems", kind: .html, meaning: "its sub-items' rendered `list-entry`s"),
                Value(name: "hasSubitems", kind: .flag, meaning: "it has sub-items"),
                Value(name: "stack", kind: .object, meaning: "below the first item: the detail column's own stack", members: [
                    Value(name: "back", kind: .object, meaning: "the parent page", members: link),
                    Value(name: "crumbs", kind: .list, meaning: "the items on the way to this one", members: link + [current]),
                ]),
                Value(name: "params", kind: .object, meaning: "its `params:`, as written"),
                Value(name: "outline", kind: .object, meaning: "a long item's headings", members: [
                    Value(name: "entries", kind: .list, meaning: "its `##` headings", members: [
                        Value(name: "text", kind: .text, meaning: "the heading"),
                        Value(name: "url", kind: .text, meaning: "its anchor"),
                        Value(name: "sub", kind: .object, meaning: "its `###` headings", members: [
                            Value(name: "entries", kind: .list, meaning: "the headings, with `text` and `url`"),
                        ]),
                    ]),
                ]),
            ] + iconValues),
            Value(name: "category", kind: .object, meaning: "on a category's page", members: [
                Value(name: "title", kind: .text, meaning: "its title"),
                Value(name: "intro", kind: .html, meaning: "its body"),
                Value(name: "placeholder", kind: .text, meaning: "`placeholders.noItem`"),
            ]),
            Value(name: "home", kind: .object, meaning: "on the home page", members: [
                Value(name: "title", kind: .text, meaning: "the site's title"),
                Value(name: "intro", kind: .html, meaning: "the home page's body"),
            ]),
        ]),
        // A partial of `list-entry`, `sidebar-node` and `detail`: it sees their values.
        Template(name: "icon", renders: "an icon tile", values: iconValues),
        Template(name: "404", renders: "the not-found page", values: [site]),
        Template(name: "redirect", renders: "an alias's redirect", values: [
            site,
            Value(name: "title", kind: .text, meaning: "the page moved to"),
            Value(name: "url", kind: .text, meaning: "its URL"),
        ]),
    ]

    // MARK: Shared values

    static let site = Value(name: "site", kind: .object, meaning: "the site", members: [
        Value(name: "title", kind: .text, meaning: "its title"),
        Value(name: "language", kind: .text, meaning: "its language, for `lang`"),
        Value(name: "assets", kind: .text, meaning: "the URL of `assets/`"),
        Value(name: "root", kind: .text, meaning: "the root page's URL"),
        Value(name: "home", kind: .text, meaning: "`baseURL`, else the root page's URL"),
        Value(name: "portable", kind: .text, meaning: "`true` when built to open from disk"),
    ])

    static let layoutMembers = [
        Value(name: "columns", kind: .text, meaning: "`layout.columns`"),
        Value(name: "style", kind: .text, meaning: "`layout.style`"),
        Value(name: "medium", kind: .number, meaning: "the medium breakpoint, in pixels"),
        Value(name: "mediumBelow", kind: .number, meaning: "one pixel less"),
        Value(name: "wide", kind: .number, meaning: "the wide breakpoint, in pixels"),
        Value(name: "wideBelow", kind: .number, meaning: "one pixel less"),
    ]

    static let link = [
        Value(name: "title", kind: .text, meaning: "the page's list title"),
        Value(name: "url", kind: .text, meaning: "its URL"),
    ]

    static let current = Value(name: "current", kind: .flag, meaning: "this page")

    static let breadcrumbs = Value(name: "breadcrumbs", kind: .list, meaning: "the pages from the root to this one",
                                   members: link + [current])

    /// Given by `PageContext.icon`.
    static let iconValues = [
        Value(name: "tile", kind: .flag, meaning: "false: no tile (`layout.missingIcons: none`)"),
        Value(name: "iconURL", kind: .text, meaning: "the theme's icon, when `icon:` names one"),
        Value(name: "iconText", kind: .text, meaning: "else `icon:` as text, or the title's first letter"),
        Value(name: "color", kind: .text, meaning: "the tile's colour"),
    ]

    static let sidebarNode = [
        Value(name: "title", kind: .text, meaning: "the category's list title"),
        Value(name: "url", kind: .text, meaning: "its URL"),
        Value(name: "current", kind: .flag, meaning: "the link is this page's (`aria-current=\"page\"`)"),
        Value(name: "selected", kind: .flag, meaning: "the deepest selected category"),
        Value(name: "inPath", kind: .flag, meaning: "on the way to this page (`aria-current=\"true\"`)"),
        Value(name: "open", kind: .flag, meaning: "its children are shown"),
        Value(name: "hasChildren", kind: .flag, meaning: "it has child categories"),
        Value(name: "children", kind: .list, meaning: "its child categories, with these values"),
    ] + iconValues
}
