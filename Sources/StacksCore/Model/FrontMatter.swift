/// The known keys of a page's front matter, already checked for type; the rest is `params`.
///
/// The keys few pages set (`linkTitle`, `image`, `slug`, `aliases`, the unknown keys) are kept
/// out of line, in one shared box that is there only when one of them is set: inline, their 56
/// bytes were in every page of a catalog, a million pages' 53 MB.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    public var summary: String?
    public var order: Int?
    public var draft = false
    /// As written, `YYYY-MM-DD` or an ISO 8601 timestamp.
    public var date: String?
    public var tags: [String] = []
    public var icon: String?
    public var color: String?
    /// Ordered as written: the item's attribute table.
    public var attributes = Attributes()
    /// The line of the file each key `keepsLine(of:)` is on, for diagnostics found after loading.
    public var keyLines = KeyLines()
    /// Whether a key's line is kept: a diagnostic after loading names it (a `slug` taken twice,
    /// `aliases` or an `image` that lead nowhere). The others' lines are not kept: every page's
    /// nine were a hundred bytes of it (a million pages' 96 MB), and only these are asked for.
    /// Compared, not hashed: every key of every page is asked.
    static func keepsLine(of key: String) -> Bool {
        key == "slug" || key == "aliases" || key == "image"
    }
    /// `nil` when none of the rare keys is set (so that an empty box and none are the same).
    private var rare: RareBox?

    public init() {}

    /// The short title lists, breadcrumbs and back links show (Hugo's `linkTitle`); the page's
    /// own heading keeps `title`.
    public var linkTitle: String? {
        get { rare?.keys.linkTitle }
        set { changeRare { $0.linkTitle = newValue } }
    }
    public var image: String? {
        get { rare?.keys.image }
        set { changeRare { $0.image = newValue } }
    }
    public var slug: String? {
        get { rare?.keys.slug }
        set { changeRare { $0.slug = newValue } }
    }
    /// Old URLs, relative to the site root, that redirect to this page.
    public var aliases: [String] {
        get { rare?.keys.aliases ?? [] }
        set { changeRare { $0.aliases = newValue } }
    }
    /// Keys Stacks does not know, passed to templates as they are.
    public var params: [String: ParamValue] {
        get { rare?.keys.params ?? [:] }
        set { changeRare { $0.params = newValue } }
    }

    private struct RareKeys: Sendable, Equatable {
        var linkTitle: String?
        var image: String?
        var slug: String?
        var aliases: [String] = []
        var params: [String: ParamValue] = [:]
    }

    /// Never changed once made: a change makes a new box, so copies of the front matter share one.
    private final class RareBox: Sendable, Equatable {
        let keys: RareKeys

        init(_ keys: RareKeys) {
            self.keys = keys
        }

        static func == (lhs: RareBox, rhs: RareBox) -> Bool {
            lhs === rhs || lhs.keys == rhs.keys
        }
    }

    private mutating func changeRare(_ change: (inout RareKeys) -> Void) {
        var keys = rare?.keys ?? RareKeys()
        change(&keys)
        rare = keys == RareKeys() ? nil : RareBox(keys)
    }
}

public struct Attribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A front-matter value Stacks passes through to templates without interpreting it.
public indirect enum ParamValue: Sendable, Equatable {
    case string(String)
    case list([ParamValue])
    case map([String: ParamValue])
}

extension FrontMatter {
    /// Every text with control characters replaced by U+FFFD: a YAML escape (`"\x01"`) can put
    /// them in a value that the raw bytes of the file did not show.
    func replacingControlCharacters() -> FrontMatter {
        func clean(_ text: String) -> String {
            text.utf8.contains(where: TextPosition.isControl) ? TextPosition.replacingControlCharacters(in: text) : text
        }
        func clean(_ value: ParamValue) -> ParamValue {
            switch value {
            case .string(let text): .string(clean(text))
            case .list(let values): .list(values.map(clean))
            case .map(let values): .map(Dictionary(values.map { (clean($0.key), clean($0.value)) }) { first, _ in first })
            }
        }
        var copy = self
        copy.title = title.map(clean)
        copy.linkTitle = linkTitle.map(clean)
        copy.summary = summary.map(clean)
        copy.date = date.map(clean)
        copy.tags = tags.map(clean)
        copy.icon = icon.map(clean)
        copy.color = color.map(clean)
        copy.image = image.map(clean)
        copy.attributes = Attributes(attributes.map { Attribute(name: clean($0.name), value: clean($0.value)) })
        copy.slug = slug.map(clean)
        copy.aliases = aliases.map(clean)
        copy.params = Dictionary(params.map { (clean($0.key), clean($0.value)) }) { first, _ in first }
        return copy
    }
}
