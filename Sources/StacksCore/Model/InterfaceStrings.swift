/// The words the theme puts around the content — "Filter 57 entries", "On this page",
/// "Previous", the search's "No results." — in the site's language.
///
/// Built in for the languages of `InterfaceStrings.tables` (English is the fallback of every
/// key), overridable key by key in `stacks.yml` (`strings:`). A template names a string as
/// `{{strings.onThisPage}}`: the text is put into the template when it is parsed (HTML-escaped,
/// its placeholders such as `{title}` turned into the template's own tags), so a page pays
/// nothing for it and the templates' digest covers it. Counts, numbers and dates are made by
/// the renderer (`count`, `number`, `date`); the script reads its strings from
/// `assets/strings-<language>.js` (`scriptFile`).
public struct InterfaceStrings: Sendable, Equatable {
    /// The language, as `lang` writes it (`zh-Hans`).
    public let language: String
    /// The built-in table the strings start from (`en` when the language has none).
    public let table: String
    private var values: [String: String]
    /// `months`, split once: every dated page asks.
    private var monthNames: [String]
    /// `numberGroup` and `numberGroupFrom`, read once.
    private var groupSeparator: String
    private var groupFrom: Int
    /// Whether the script needs strings other than the English it starts with: a page then
    /// loads `scriptPath` (an English site loads nothing more).
    public private(set) var needsScriptFile: Bool

    /// The strings for `language`: its built-in table (or the closest: `zh-TW` takes `zh-Hant`,
    /// `de-AT` takes `de`), English where that lacks a key, then `overrides`.
    public init(language: String, overrides: [String: String] = [:]) {
        self.language = LanguageTag.canonical(language)
        table = Self.tableName(for: self.language)
        var values = Self.tables["en"]!
        if table != "en" { values.merge(Self.tables[table]!) { $1 } }
        values.merge(overrides) { $1 }
        self.values = values
        monthNames = (values["months"] ?? "").split(separator: "|").map(String.init)
        groupSeparator = values["numberGroup"] ?? ""
        groupFrom = Int(values["numberGroupFrom"] ?? "") ?? 4
        needsScriptFile = table != "en" || overrides.keys.contains { key in
            if case .script? = Self.keys[key] { true } else { false }
        }
    }

    public static let english = InterfaceStrings(language: "en")

    /// The built-in table for a BCP 47 tag.
    static func tableName(for tag: String) -> String {
        if tables[tag] != nil { return tag }
        let parts = tag.split(separator: "-").map(String.init)
        guard let primary = parts.first?.lowercased() else { return "en" }
        if primary == "zh" {
            let rest = Set(parts.dropFirst())
            if rest.contains("Hant") || !rest.isDisjoint(with: ["TW", "HK", "MO"]) { return "zh-Hant" }
            return "zh-Hans"
        }
        return tables[primary] != nil ? primary : "en"
    }

    /// A string without placeholders filled in.
    public subscript(_ key: String) -> String {
        values[key] ?? key
    }

    /// `key`'s text with `{name}` placeholders replaced by `values`.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(self[key]) { values[$0] }
    }

    /// A count in words: the plural form of `key` that the language uses for `count` (`entries.one`,
    /// `entries.few` …, else `entries.other`), its `{count}` the number as the language writes it.
    func count(_ key: String, _ count: Int, _ more: [String: String] = [:]) -> String {
        let category = PluralCategory.of(count, language: language)
        let form = values[key + "." + category.rawValue] ?? values[key + ".other"] ?? key
        let number = self.number(count)
        return Self.fill(form) { $0 == "count" ? number : more[$0] }
    }

    /// A whole number with the language's digit grouping (`10,000`, `10.000`, `10 000`).
    func number(_ value: Int) -> String {
        let digits = String(abs(value))
        let separator = groupSeparator
        guard digits.utf8.count >= groupFrom, !separator.isEmpty else {
            return value < 0 ? "-" + digits : digits
        }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A calendar date as the language writes it.
    func date(year: Int, month: Int, day: Int) -> String {
        let name = monthNames.count == 12 ? monthNames[month - 1] : String(month)
        return Self.fill(self["date"]) { $0 == "day" ? String(day) : $0 == "month" ? name : $0 == "year" ? String(year) : nil }
    }

    /// Replaces each `{name}` of `text` for which `value` has a value.
    /// By bytes: the braces are ASCII, and every item's date is filled in.
    static func fill(_ text: String, _ value: (String) -> String?) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(of: UInt8(ascii: "{")) else { return text }
        var result = Array(bytes[..<first])
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") else {
                result.append(byte)
                index += 1
                continue
            }
            if let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")),
               let found = value(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)) {
                result += found.utf8
                index = close + 1
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Keys

    /// Where a key is used: in templates (with the template tags its placeholders become), by
    /// the renderer, or by the script.
    enum Use: Sendable {
        case template([String: String])
        case renderer
        case script
    }

    /// Every key a site may set, and its use. A plural key is set by form (`entries.one`, `entries.other`).
    static let keys: [String: Use] = {
        var keys: [String: Use] = [:]
        for key in ["skipToList", "skipToCategories", "toggleCategories", "showCategories", "categories", "details",
                    "breadcrumb", "itemStack", "tags", "onThisPage", "previousAndNext", "previous", "next",
                    "previousPage", "nextPage", "fullList", "notFound", "notFoundText", "largestCategories"] {
            keys[key] = .template([:])
        }
        keys["searchSite"] = .template(["title": "{{site.title}}"])
        keys["notFoundTitle"] = .template(["title": "{{site.title}}"])
        keys["goTo"] = .template(["title": "{{site.title}}"])
        keys["filterLabel"] = .template(["title": "{{title}}"])
        keys["filterPlaceholder"] = .template(["count": "{{countLabel}}"])
        keys["listWindow"] = .template(["first": "{{first}}", "last": "{{last}}", "total": "{{total}}"])
        keys["pagesOf"] = .template(["title": "{{title}}"])
        keys["contents"] = .template([:])
        keys["language"] = .template([:])
        keys["missingTranslation"] = .template([:])
        keys["contentsOf"] = .template(["title": "{{title}}"])
        keys["pageNumber"] = .template(["number": "{{number}}", "pages": "{{pages}}"])
        keys["moved"] = .template(["link": "<a href=\"{{url}}\">{{title}}</a>"])
        for key in ["home", "noCategory", "noItem", "tagIndexDescription", "chooseTag", "listPage", "skipToItem",
                    "skipToDetails", "tagsOnPages", "date", "months", "numberGroup", "numberGroupFrom"] {
            keys[key] = .renderer
        }
        for key in ["search", "back", "loading", "searchUnavailable", "category", "bestMatch", "noResults", "readMore", "searchEveryLanguage",
                    "loadingEntries", "noMatch", "moreResults", "shownResults"] {
            keys[key] = .script
        }
        for plural in pluralKeys {
            let use: Use = ["tagCount", "pageCount", "taggedPages"].contains(plural) ? .renderer : .script
            for form in PluralCategory.allCases { keys["\(plural).\(form.rawValue)"] = use }
        }
        return keys
    }()

    /// Every key as `stacks.yml` writes it (plural keys without their forms), for messages.
    static let keysForMessages: String = {
        (keys.keys.filter { !$0.contains(".") } + pluralKeys).sorted().joined(separator: ", ")
    }()

    /// The keys of plural strings, without their forms.
    static let pluralKeys: Set<String> = ["entries", "tagCount", "pageCount", "taggedPages", "filtered", "results"]

    // MARK: Templates and the script

    /// `source` with every `{{strings.key}}` replaced by the key's text, HTML-escaped, its
    /// placeholders turned into template tags. `unknown` is called with the UTF-8 offset and
    /// name of a `{{strings.…}}` that names no template string (the caller reports it).
    func templateText(_ source: String, unknown: (Int, String) -> Void = { _, _ in }) -> String {
        let marker = Array("{{strings.".utf8)
        let bytes = Array(source.utf8)
        guard bytes.count >= marker.count else { return source }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0, copied = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            while end < bytes.count, bytes[end].isASCIILetterOrDigit { end += 1 }
            let name = String(decoding: bytes[(index + marker.count)..<end], as: UTF8.self)
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "}"), bytes[end + 1] == UInt8(ascii: "}"),
                  case .template(let placeholders)? = Self.keys[name] else {
                unknown(index, name)
                index = end
                continue
            }
            output += bytes[copied..<index]
            output += Array(Self.templateSource(self[name], placeholders: placeholders).utf8)
            index = end + 2
            copied = index
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// A string as template source: its text escaped (HTML, and braces, so that no text becomes
    /// a tag), each known placeholder the tag it stands for.
    static func templateSource(_ text: String, placeholders: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "{", let close = rest.firstIndex(of: "}"),
               let tag = placeholders[String(rest[rest.index(after: rest.startIndex)..<close])] {
                result += tag
                rest = rest[rest.index(after: close)...]
                continue
            }
            let character = rest.removeFirst()
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "{": result += "&#123;"
            case "}": result += "&#125;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Where the script's strings are published, under the theme's folder.
    var scriptPath: String { "strings-\(language).js" }

    /// `window.stacksStrings`: the language, its digit grouping and the script's strings.
    /// `fallback`: set only when no other file set it (English, at the start of the script).
    func scriptFile(fallback: Bool = false) -> [UInt8] {
        var json = JSONWriter(capacity: 2048)
        json.beginObject()
        json.member("language", language)
        json.member("numberGroup", self["numberGroup"])
        json.member("numberGroupFrom", Int(self["numberGroupFrom"]) ?? 4)
        json.key("strings")
        json.beginObject()
        for key in Self.keys.keys.sorted() {
            guard case .script = Self.keys[key]!, let value = values[key] else { continue }
            json.member(key, value)
        }
        json.endObject()
        json.endObject()
        return Array((fallback ? "window.stacksStrings ??= " : "window.stacksStrings = ").utf8) + json.bytes + Array(";\n".utf8)
    }
}

/// Spelled in key order, so that `String(reflecting:)` of a configuration is the same in every
/// run.
extension InterfaceStrings: CustomDebugStringConvertible {
    public var debugDescription: String {
        "InterfaceStrings(\(language), " + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1F}") + ")"
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
