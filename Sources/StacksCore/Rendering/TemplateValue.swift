/// What a template sees: text, whole numbers, flags, lists and objects of named values; the
/// form each view of `TemplateViews.swift` turns itself into.
///
/// Typed rather than `[String: Any]`, so the renderer can take a context apart (its shape and
/// its text, see `TemplateStamps`) without dynamic casts; `mustacheValue` is the form
/// swift-mustache reads, the same dictionaries, arrays, strings, numbers and flags as before.
enum TemplateValue {
    case text(String)
    case number(Int)
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let values): values.map(\.mustacheValue)
        case .object(let object): object.mustacheValue
        }
    }
}

/// Named values in the order they were first set; setting a name again replaces its value.
///
/// One array of name and value pairs: a view is built for every list entry of every page, and
/// an array each for the names and the values was twice the allocations.
struct TemplateObject: ExpressibleByDictionaryLiteral {
    private(set) var entries: [(String, TemplateValue)] = []

    init() {}

    /// The names of a literal are its own, each once (`TemplateViewsTests` checks every view's):
    /// taken as they are, without looking for each among those before it, with room for a few
    /// optional ones after. Every view of every page is built this way.
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        assert(Set(elements.map(\.0)).count == elements.count, "a name twice in a template object")
        entries = elements
        entries.reserveCapacity(elements.count + 4)
    }

    /// A name not yet set, with its value: a view's optional names, each set once, appended
    /// without the search through the names before it that the subscript makes (3 million
    /// string comparisons at 10,000 pages).
    mutating func add(_ name: String, _ value: TemplateValue) {
        assert(!entries.contains { $0.0 == name }, "'\(name)' twice in a template object")
        entries.append((name, value))
    }

    subscript(name: String) -> TemplateValue? {
        get { entries.first { $0.0 == name }?.1 }
        set {
            if let position = entries.firstIndex(where: { $0.0 == name }) {
                if let newValue {
                    entries[position].1 = newValue
                } else {
                    entries.remove(at: position)
                }
            } else if let newValue {
                entries.append((name, newValue))
            }
        }
    }

    var mustacheValue: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(entries.count)
        for (name, value) in entries { dictionary[name] = value.mustacheValue }
        return dictionary
    }
}

extension ParamValue {
    /// A front-matter value as templates see it: text, lists and objects, names sorted (their
    /// order does not show in a template, but a fixed order lets pages share stamps).
    var templateValue: TemplateValue {
        switch self {
        case .string(let value): .text(value)
        case .list(let values): .list(values.map(\.templateValue))
        case .map(let values): .object(TemplateObject(sorted: values.mapValues(\.templateValue)))
        }
    }
}

extension TemplateObject {
    init(sorted dictionary: [String: TemplateValue]) {
        self.init()
        entries = dictionary.keys.sorted().map { ($0, dictionary[$0]!) }
    }
}
