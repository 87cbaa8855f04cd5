/// The names each template can use, read from its view type (`TemplateViews.swift`, the
/// contract itself): what README's template table, `TemplateSet.required` and
/// `SidebarParts.rootKeys` are checked against or derived from.
///
/// The names are the view types' property names, found by decoding each type from a `Probe`
/// that answers every question with an empty value and notes what was asked: that is how a
/// Swift type can list its stored properties, with their types, without an instance.
enum TemplateContract {
    enum Kind: Equatable, Sendable {
        case text, html, number, flag, list, object
    }

    struct Value: Equatable, Sendable {
        var name: String
        var kind: Kind
        /// An object's values, or a list's elements'; none for a list of text, for `params`
        /// (any names) and for a list of the object it is in (`children`).
        var members: [Value] = []

        /// Its name and every member's, at any depth: what a tag inside it may name.
        var allNames: [String] { [name] + members.flatMap(\.allNames) }
    }

    struct Template: Sendable {
        var name: String
        var renders: String
        var values: [Value]

        /// `only`: for a partial that uses some of its includer's values.
        init<View: TemplateValues>(_ name: String, renders: String, _ view: View.Type, only: Set<String>? = nil) {
            self.name = name
            self.renders = renders
            let values = TemplateContract.values(of: view)
            self.values = only.map { only in values.filter { only.contains($0.name) } } ?? values
        }
    }

    static func template(_ name: String) -> Template? {
        templates.first { $0.name == name }
    }

    /// The values of a view type, in the order it declares them.
    static func values<View: TemplateValues>(of view: View.Type) -> [Value] {
        let probe = Probe(Probe.State())
        probe.state.inProgress.insert(ObjectIdentifier(view))
        _ = try? View(from: probe)
        return probe.members
    }
}

/// Values a template sees as an object. `Decodable` only so that `TemplateContract` can read
/// the names from the type; nothing is ever decoded.
protocol TemplateValues: Decodable {
    /// The form the renderer hands to swift-mustache (through `TemplateStamps`).
    var templateObject: TemplateObject { get }
}

/// The values a template is rendered with.
protocol TemplateView: TemplateValues {
    static var template: String { get }
}

/// Values that appear among their container's own rather than under a name (the icon's).
protocol MergedTemplateValues: TemplateValues {}

/// A value a template prints, known by its type: `HTML`.
protocol TemplateLeaf: Decodable {}

extension HTML {
    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
}

/// An item's `params:`: any names, as written.
struct FrontMatterParams: Decodable {
    var object: TemplateObject

    init(_ object: TemplateObject) { self.object = object }

    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: TemplateContract.Probe.AnyKey.self)
        object = TemplateObject()
    }
}

extension TemplateContract {
    /// A decoder that gives empty values and notes what was asked of it. A list gets one
    /// element, to learn its members; a type met again inside itself (`children`) gets none.
    final class Probe: Decoder {
        final class State {
            var inProgress: Set<ObjectIdentifier> = []
        }

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        struct Unsupported: Error {}

        let state: State
        /// Inside itself: lists are empty.
        let recursive: Bool
        var kind: Kind?
        var members: [Value] = []

        init(_ state: State, recursive: Bool = false) {
            self.state = state
            self.recursive = recursive
        }

        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            kind = .object
            return KeyedDecodingContainer(Keyed(probe: self))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            kind = .list
            return Unkeyed(probe: self)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(probe: self)
        }

        /// An empty `T`, with its kind and members.
        func value<T: Decodable>(_ type: T.Type) throws -> (T, Kind, [Value]) {
            switch type {
            case is String.Type: return ("" as! T, .text, [])
            case is Bool.Type: return (false as! T, .flag, [])
            case is Int.Type: return (0 as! T, .number, [])
            case is HTML.Type: return (HTML("") as! T, .html, [])
            default: break
            }
            let id = ObjectIdentifier(type)
            let recursive = state.inProgress.contains(id)
            let child = Probe(state, recursive: recursive)
            state.inProgress.insert(id)
            defer { if !recursive { state.inProgress.remove(id) } }
            let value = try T(from: child)
            return (value, child.kind ?? .text, recursive ? [] : child.members)
        }

        struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
            let probe: Probe
            var codingPath: [any CodingKey] { [] }
            var allKeys: [Key] { [] }
            func contains(_ key: Key) -> Bool { true }
            func decodeNil(forKey key: Key) -> Bool { false }

            func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
                let (value, kind, members) = try probe.value(type)
                if type is any MergedTemplateValues.Type {
                    probe.members += members
                } else {
                    probe.members.append(Value(name: key.stringValue, kind: kind, members: members))
                }
                return value
            }

            func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                       forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
                throw Unsupported()
            }
            func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
            func superDecoder() throws -> any Decoder { throw Unsupported() }
            func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
        }

        final class Unkeyed: UnkeyedDecodingContainer {
            let probe: Probe
            var currentIndex = 0
            init(probe: Probe) { self.probe = probe }
            var codingPath: [any CodingKey] { [] }
            var count: Int? { probe.recursive ? 0 : 1 }
            var isAtEnd: Bool { currentIndex >= count ?? 0 }
            func decodeNil() -> Bool { false }

            func decode<T: Decodable>(_ type: T.Type) throws -> T {
                currentIndex += 1
                let (value, _, members) = try probe.value(type)
                probe.members = members
                return value
            }

            func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
                throw Unsupported()
            }
            func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
            func superDecoder() throws -> any Decoder { throw Unsupported() }
        }

        struct Single: SingleValueDecodingContainer {
            let probe: Probe
            var codingPath: [any CodingKey] { [] }
            func decodeNil() -> Bool { false }

            func decode<T: Decodable>(_ type: T.Type) throws -> T {
                let (value, kind, members) = try probe.value(type)
                probe.kind = kind
                probe.members = members
                return value
            }
        }
    }
}
