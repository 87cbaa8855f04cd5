/// What GitHub keeps of raw HTML in Markdown: the allow-list of html-pipeline's
/// `SanitizationFilter` (its `ALLOWLIST`), as written there.
///
/// `RawHTMLSanitizer` applies it, then `HTMLConformance` takes out what the list keeps but
/// HTML5 no longer allows (`align`, `<tt>`), so that pages stay valid.
enum GitHubAllowList {
    static let elements: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "br", "b", "i", "strong", "em", "a", "pre", "code",
        "img", "tt", "div", "ins", "del", "sup", "sub", "p", "picture", "ol", "ul", "table", "thead", "tbody",
        "tfoot", "blockquote", "dl", "dt", "dd", "kbd", "q", "samp", "var", "hr", "ruby", "rt", "rp", "li",
        "tr", "td", "th", "s", "strike", "summary", "details", "caption", "figure", "figcaption", "abbr",
        "bdo", "cite", "dfn", "mark", "small", "source", "span", "time", "wbr",
    ]

    /// Attributes kept on one element only.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href"],
        "img": ["src", "longdesc", "loading"],
        "div": ["itemscope", "itemtype"],
        "blockquote": ["cite"],
        "del": ["cite"],
        "ins": ["cite"],
        "q": ["cite"],
        "source": ["srcset"],
    ]

    /// Attributes kept on every allowed element.
    static let globalAttributes: Set<String> = [
        "abbr", "accept", "accept-charset", "accesskey", "action", "align", "alt", "aria-describedby",
        "aria-hidden", "aria-label", "aria-labelledby", "axis", "border", "char", "charoff", "charset",
        "checked", "clear", "cols", "colspan", "compact", "coords", "datetime", "dir", "disabled", "enctype",
        "for", "frame", "headers", "height", "hreflang", "hspace", "id", "ismap", "label", "lang",
        "maxlength", "media", "method", "multiple", "name", "nohref", "noshade", "nowrap", "open",
        "progress", "prompt", "readonly", "rel", "rev", "role", "rows", "rowspan", "rules", "scope",
        "selected", "shape", "size", "span", "start", "summary", "tabindex", "title", "type", "usemap",
        "valign", "value", "width", "itemprop",
    ]

    /// The schemes a URL attribute may have; a URL without one (relative) is always kept.
    static let protocols: [String: [String: Set<String>]] = [
        "a": ["href": ["http", "https", "mailto", "github-windows", "github-mac"]],
        "img": ["src": ["http", "https"], "longdesc": ["http", "https"]],
        "blockquote": ["cite": ["http", "https"]],
        "del": ["cite": ["http", "https"]],
        "ins": ["cite": ["http", "https"]],
        "q": ["cite": ["http", "https"]],
    ]

    /// Elements removed with everything in them, not only their tags: their content is code,
    /// styles, another document or markup of another language, never text meant for the page.
    /// Sanitize's `remove_contents` list, with the other elements whose content a browser does
    /// not read as HTML (`textarea`, `title`, `template`) and plug-ins (`object`, `embed`).
    static let removedWithContent: Set<String> = [
        "script", "style", "iframe", "noscript", "template", "xmp", "textarea", "title", "noembed",
        "noframes", "plaintext", "object", "embed", "math", "svg",
    ]

    static func allows(_ attribute: String, on element: String) -> Bool {
        globalAttributes.contains(attribute) || elementAttributes[element]?.contains(attribute) == true
    }
}
