import Foundation

/// What of GitHub's allow-list HTML5 still allows, so that a page with raw HTML passes the Nu
/// HTML checker: GitHub keeps attributes and elements from HTML 4 (`align`, `width` on a cell,
/// `<tt>`) that a validator rejects.
///
/// What was presentation moves to a class the theme styles (`align="center"` →
/// `class="align-center"`); obsolete elements become their HTML5 equivalent; the rest of what
/// HTML5 rejects is dropped.
enum HTMLConformance {
    /// Attributes of GitHub's list valid on any element.
    static let globalAttributes: Set<String> = [
        "accesskey", "dir", "id", "lang", "tabindex", "title", "role", "itemprop", "itemscope", "itemtype",
        "aria-describedby", "aria-hidden", "aria-label", "aria-labelledby",
    ]

    /// The other attributes of GitHub's list, with the elements of that list where HTML5 allows
    /// them; an attribute missing here (`axis`, `border`, `valign`, `nowrap`, …) is obsolete.
    static let elementAttributes: [String: Set<String>] = [
        "abbr": ["th"],
        "alt": ["img"],
        "cite": ["blockquote", "del", "ins", "q"],
        "colspan": ["td", "th"],
        "datetime": ["del", "ins", "time"],
        "headers": ["td", "th"],
        "height": ["img", "source"],
        "href": ["a"],
        "hreflang": ["a"],
        "ismap": ["img"],
        "loading": ["img"],
        "media": ["source"],
        "open": ["details"],
        "rel": ["a"],
        "rowspan": ["td", "th"],
        "scope": ["th"],
        "src": ["img"],
        "srcset": ["source"],
        "start": ["ol"],
        "type": ["a", "ol", "source"],
        "usemap": ["img"],
        "value": ["li"],
        "width": ["img", "source"],
    ]

    /// Obsolete elements written as what replaced them; `h7` and `h8` were never HTML.
    static let replacements: [String: String] = ["tt": "code", "strike": "s"]
    static let unknownElements: Set<String> = ["h7", "h8"]

    static func allows(_ attribute: String, on element: String) -> Bool {
        globalAttributes.contains(attribute) || elementAttributes[attribute]?.contains(element) == true
    }

    /// `align="center"` as the class the theme styles, or nil for a value it does not know.
    static func alignmentClass(_ value: String) -> String? {
        let value = value.trimmingCharacters(in: .whitespaces).lowercased()
        return ["left", "center", "right", "justify"].contains(value) ? "align-" + value : nil
    }
}
