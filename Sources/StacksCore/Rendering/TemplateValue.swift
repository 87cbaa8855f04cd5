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
struct TemplateObject: ExpressibleByDictionaryLiteral {
    private(set) var names: [String] = []
    private(set) var values: [TemplateValue] = []

    init() {}

    /// The names of a literal are its own, each once (`TemplateViewsTests` checks every view's):
    /// appended without looking for each among those before it, with room for a few optional
    /// ones after. Every view of every page is built this way.
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        names.reserveCapacity(elements.count + 4)
        values.reserveCapacity(elements.count + 4)
        for (name, value) in elements {
            assert(!names.contains(name), "'\(name)' twice in a template object")
            names.append(name)
            values.append(value)
        }
    }

    /// A name not yet set, with its value: a view's optional names, each set once, appended
    /// without the search through the names before it that the subscript makes (3 million
    /// string comparisons at 10,000 pages).
    mutating func add(_ name: String, _ value: TemplateValue) {
        assert(!names.contains(name), "'\(name)' twice in a template object")
        names.append(name)
        values.append(value)
    }

    subscript(name: String) -> TemplateValue? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            if let position = names.firstIndex(of: name) {
                if let newValue {
                    values[position] = newValue
                } else {
                    names.remove(at: position)
                    values.remove(at: position)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }

    var mustacheValue: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(names.count)
        for (name, value) in zip(names, values) { dictionary[name] = value.mustacheValue }
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
        names = dictionary.keys.sorted()
        values = names.map { dictionary[$0]! }
    }
}
