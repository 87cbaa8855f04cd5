import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a Markdown file into front matter and body, and checks the known keys' types.
///
/// Front matter opens only when the first line that is not blank is exactly `---` (YAML) or
/// `+++` (TOML), as Hugo and Zola read it (files often start with an empty line), and closes at
/// the next line that is exactly the same; a `---` anywhere else is Markdown (a thematic break).
public enum FrontMatterParser {
    public struct Result: Sendable {
        public var frontMatter: FrontMatter
        public var body: Substring
        /// The line of the file on which the body starts (1-based).
        public var bodyLine: Int
        public var diagnostics: [Diagnostic]
    }

    public static func parse(_ text: String, path: String, keys: FrontMatterKeys = FrontMatterKeys()) -> Result {
        parse(text, path: path, keys: keys, fastPath: true)
    }

    /// With `fastPath: false` every front matter is composed by Yams, the definition the fast
    /// path is tested against.
    static func parse(_ text: String, path: String, keys: FrontMatterKeys = FrontMatterKeys(), fastPath: Bool) -> Result {
        var result = Result(frontMatter: FrontMatter(), body: Substring(text), bodyLine: 1, diagnostics: [])
        // Only the lines up to the closing fence are looked at: bodies can be long.
        var lines = LineScanner(text)
        var first = lines.next()
        var blankLines = 0
        while let line = first, line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            blankLines += 1
            first = lines.next()
        }
        guard let first, let fence = Fence(first) else { return result }
        var yamlLines: [Substring] = []
        var closed = false
        while let line = lines.next() {
            if Fence(line) == fence {
                closed = true
                break
            }
            yamlLines.append(line)
        }
        guard closed else {
            result.diagnostics.append(.error(path, line: blankLines + 1, column: 1,
                                             "front matter is never closed: add a line '\(fence.rawValue)' after it"))
            result.body = ""
            return result
        }
        result.bodyLine = blankLines + yamlLines.count + 3
        result.body = text[lines.position...]
        let lineOffset = blankLines + 1  // the blank lines and the opening fence
        var reader = KeyReader(path: path, lineOffset: lineOffset, keys: keys)
        if fence == .toml {
            switch TOMLFrontMatter.compose(yamlLines.joined(separator: "\n")) {
            case .success(let table):
                result.frontMatter = reader.read(table.pairs ?? [])
                result.diagnostics += reader.diagnostics
            case .failure(let error):
                result.diagnostics.append(.error(path, line: error.line + lineOffset, column: error.column,
                                                 "invalid front matter: \(error.message)"))
            }
            return result
        }
        // Most front matter is plain enough to read without Yams; whatever is not, Yams reads.
        // What the fast path takes has each top-level key once, so there is nothing to settle.
        if fastPath, let mapping = SimpleFrontMatter.compose(yamlLines) {
            result.frontMatter = reader.read(mapping)
            result.diagnostics += reader.diagnostics
            return result
        }
        // A top-level key written twice: the last one counts, with a warning at its line.
        let settled = DuplicateKey.settleTopLevel(yamlLines)
        yamlLines = settled.lines
        for repeated in settled.repeats {
            result.diagnostics.append(.warning(path, line: repeated.last + lineOffset, column: 1,
                "'\(repeated.key)' is written again in front matter (first at line \(repeated.first + lineOffset)): the last one counts"))
        }
        if fastPath, !settled.repeats.isEmpty, let mapping = SimpleFrontMatter.compose(yamlLines) {
            result.frontMatter = reader.read(mapping)
            result.diagnostics += reader.diagnostics
            return result
        }
        let yaml = yamlLines.joined(separator: "\n")
        if let alias = YAMLAliasLimit.firstAliasBeyondLimit(yaml) {
            result.diagnostics.append(.error(path, line: alias.line + lineOffset, column: alias.column,
                "front matter uses more than \(YAMLAliasLimit.maximum) aliases (*name); nested aliases could expand without bound"))
            return result
        }
        do {
            guard let node = try compose(yaml) else { return result }
            guard case .mapping(let mapping) = node else {
                result.diagnostics.append(.error(path, line: lineOffset + 1, column: 1, "front matter must be a map of keys to values"))
                return result
            }
            result.frontMatter = reader.read(mapping)
            result.diagnostics += reader.diagnostics
        } catch let error as YamlError {
            result.diagnostics.append(diagnostic(for: error, yaml: yaml, path: path, lineOffset: lineOffset))
        } catch {
            result.diagnostics.append(.error(path, line: lineOffset + 1, column: 1, "invalid front matter: \(error)"))
        }
        return result
    }

    /// `Yams.compose(yaml:)`, the same nodes and errors, without most of its cost.
    ///
    /// Yams resolves the tag of every mapping key (eight regular expressions) to check keys for
    /// duplicates, and reads the process environment for the encoding on every call; the tags
    /// are never read here. With `Resolver.basic` every untagged key is `str`, so keys equal
    /// as strings count as duplicates even where the default resolver would tell them apart
    /// (`true` and `"true"`): it finds every duplicate the default does and perhaps more. So a
    /// first pass with it that succeeds has the default's result, and on any error the text is
    /// composed again with the default resolver, whose result (or error) is the answer. Two
    /// things would break that, and text that might use them goes straight to the default:
    /// explicit tags (`!!int 1` and `1` are the same key to the default but not to `basic`),
    /// and anchors (an aliased value shares its tag with a key, whose resolution `draft`'s
    /// `Bool` reading would then see).
    static func compose(_ yaml: String) throws -> Node? {
        if !mayHaveTagsOrAnchors(yaml), let node = try? Yams.compose(yaml: yaml, .basic, .default, .utf8) {
            return node
        }
        return try Yams.compose(yaml: yaml, .default, .default, .utf8)
    }

    /// A tag starts with `!`, an anchor with `&` and its name (no space between).
    static func mayHaveTagsOrAnchors(_ yaml: String) -> Bool {
        let bytes = yaml.utf8
        var previousWasAmpersand = false
        for byte in bytes {
            if byte == UInt8(ascii: "!") { return true }
            if previousWasAmpersand, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"),
               byte != UInt8(ascii: "\r") { return true }
            previousWasAmpersand = byte == UInt8(ascii: "&")
        }
        return false
    }

    /// `---` opens YAML; `+++` opens TOML, as Hugo and Zola write it. Each closes only itself.
    private enum Fence: String {
        case yaml = "---", toml = "+++"

        /// By bytes: every line of every front matter is asked whether it closes it (as a
        /// `String` matched against the raw values, 900 instructions a line).
        init?(_ line: Substring) {
            let bytes = line.utf8
            var end = bytes.endIndex
            if bytes.last == UInt8(ascii: "\r") { end = bytes.index(before: end) }
            let core = bytes[bytes.startIndex..<end]
            if core.elementsEqual("---".utf8) {
                self = .yaml
            } else if core.elementsEqual("+++".utf8) {
                self = .toml
            } else {
                return nil
            }
        }
    }

    private static func diagnostic(for error: YamlError, yaml: String, path: String, lineOffset: Int) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return .error(path, line: mark.line + lineOffset, column: mark.column, "invalid front matter: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let first = (line: context.mark.line, column: context.mark.column)
            let mark = duplicates.first.flatMap { DuplicateKey.repetition(of: $0, in: yaml, after: first) } ?? first
            return .error(path, line: mark.line + lineOffset, column: mark.column,
                          "duplicate key in front matter: \(duplicates.joined(separator: ", "))")
        default:
            return .error(path, line: lineOffset + 1, column: 1, "invalid front matter: \(error)")
        }
    }
}

/// The lines of a text one at a time, without their `\n`.
private struct LineScanner {
    let text: String
    /// Where the next line starts.
    private(set) var position: String.Index

    init(_ text: String) {
        self.text = text
        position = text.startIndex
    }

    mutating func next() -> Substring? {
        guard position < text.endIndex else { return nil }
        let utf8 = text.utf8
        // The line's end found by `memchr` in the text's bytes: the generic search of the UTF-8
        // view took 750 instructions a line.
        let start = utf8.distance(from: utf8.startIndex, to: position)
        let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, start < bytes.count,
                  let newline = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return UnsafeRawPointer(newline) - UnsafeRawPointer(base)
        }
        let end = switch found {
        case .some(.some(let offset)): utf8.index(utf8.startIndex, offsetBy: offset)
        case .some(.none): text.endIndex
        case .none: utf8[position...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        }
        let line = text[position..<end]
        position = end < text.endIndex ? utf8.index(after: end) : end
        return line
    }
}

/// A composed YAML node as `KeyReader` reads it: Yams' `Node`, or the fast path's
/// `SimpleFrontMatter.Node`. One reader for both, so a key means the same on either path.
protocol FrontMatterNode {
    associatedtype Elements: Sequence<Self>
    associatedtype Pairs: Sequence<(key: Self, value: Self)>
    /// The text of a scalar, whatever its style or tag; nil for anything else.
    var scalarText: String? { get }
    /// The value where text is expected: in YAML any scalar (`title: 3` is the text 3); in TOML,
    /// whose values are typed, only a string.
    var text: String? { get }
    /// What Yams' `Node.bool` makes of it: nil for a quoted (`str`-tagged) scalar.
    var flag: Bool? { get }
    var elements: Elements? { get }
    var pairs: Pairs? { get }
    /// Where Yams' mark puts the node: the line within the YAML text, 1-based, and the
    /// column in Unicode scalars, 1-based; 1 where there is no mark.
    var markLine: Int { get }
    var markColumn: Int { get }
}

extension FrontMatterNode {
    var text: String? { scalarText }
}

extension Node: FrontMatterNode {
    var scalarText: String? { scalar?.string }
    var flag: Bool? { bool }
    var elements: Node.Sequence? { sequence }
    var pairs: Node.Mapping? { mapping }
    var markLine: Int { mark?.line ?? 1 }
    var markColumn: Int { mark?.column ?? 1 }
}

/// Reads known keys with their expected types, collecting one diagnostic per wrong key.
private struct KeyReader {
    let path: String
    let lineOffset: Int
    let keys: FrontMatterKeys
    var diagnostics: [Diagnostic] = []

    mutating func read<Mapping: Sequence<(key: N, value: N)>, N: FrontMatterNode>(_ mapping: Mapping) -> FrontMatter {
        var matter = FrontMatter()
        // Only a key another generator names (`weight`, `[extra]`) needs it: most pages have none.
        lazy var written = Set(mapping.compactMap { $0.key.scalarText })
        /// Stacks keys already read from another generator's name: the first one written wins.
        var standIns: Set<String> = []
        // Set once at the end: the rare keys' box is made again at every change, so set key by
        // key a front matter of many unknown keys was copied once for each.
        var params: [String: ParamValue] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalarText else {
                fail(keyNode, "front matter keys must be text")
                continue
            }
            var name = key
            if let stacksKey = keys.stacksKey[key], !written.contains(stacksKey), !standIns.contains(stacksKey) {
                name = stacksKey
                standIns.insert(stacksKey)
                if FrontMatter.keepsLine(of: stacksKey) { matter.keyLines[stacksKey] = keyNode.markLine + lineOffset }
            }
            if FrontMatter.keepsLine(of: key) { matter.keyLines[key] = keyNode.markLine + lineOffset }
            switch name {
            case "title": matter.title = string(value, key)
            case "linkTitle": matter.linkTitle = string(value, key)
            case "summary": matter.summary = string(value, key)
            case "icon": matter.icon = string(value, key)
            case "color": matter.color = string(value, key)
            case "image": matter.image = string(value, key)
            case "slug": matter.slug = string(value, key)
            case "date": matter.date = date(value, key)
            case "order":
                if let number = value.scalarText.flatMap({ Int($0) }) {
                    matter.order = number
                } else {
                    fail(value, "'\(key)' must be a whole number")
                }
            case "draft":
                if let flag = value.flag, value.scalarText != nil {
                    matter.draft = flag
                } else {
                    fail(value, "'\(key)' must be true or false")
                }
            case "tags": matter.tags = strings(value, key)
            case "aliases": matter.aliases = strings(value, key)
            case "attributes": matter.attributes = attributes(value, key)
            case "taxonomies":
                // Zola's `[taxonomies] tags = [...]`; the whole table still reaches templates.
                params[key] = param(value)
                if !written.contains("tags"), let tags = value.pairs?.first(where: { $0.key.scalarText == "tags" }) {
                    matter.tags = strings(tags.value, "taxonomies.tags")
                }
            case "extra":
                // Zola's `[extra]` is what Stacks calls params; a key at the top wins.
                guard let pairs = value.pairs else {
                    params[key] = param(value)
                    break
                }
                for (extraKey, extraValue) in pairs {
                    guard let extraName = extraKey.scalarText, !written.contains(extraName) else { continue }
                    params[extraName] = param(extraValue)
                }
            default: params[key] = param(value)
            }
        }
        if !params.isEmpty { matter.params = params }
        return matter
    }

    private mutating func fail(_ node: some FrontMatterNode, _ message: String) {
        diagnostics.append(.error(path, line: node.markLine + lineOffset, column: node.markColumn, message))
    }

    private mutating func string(_ node: some FrontMatterNode, _ key: String) -> String? {
        guard let text = node.text else {
            fail(node, "'\(key)' must be text")
            return nil
        }
        return text
    }

    /// A list of text; one text where a list is expected is a list written with commas
    /// (`aliases: 3d-printing, 3d-graphics`, `tags: soup, winter`), as the neighbours write it.
    private mutating func strings(_ node: some FrontMatterNode, _ key: String) -> [String] {
        if let text = node.text {
            return text.split(separator: ",").map(Self.withoutOuterBlanks).filter { !$0.isEmpty }
        }
        guard let elements = node.elements else {
            fail(node, "'\(key)' must be a list of text")
            return []
        }
        var values: [String] = []
        values.reserveCapacity(elements.underestimatedCount)
        for element in elements {
            guard let text = element.text else {
                fail(element, "'\(key)' must be a list of text")
                continue
            }
            values.append(text)
        }
        return values
    }

    /// `part` without the spaces and tabs around it.
    private static func withoutOuterBlanks(_ part: Substring) -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let start = part.firstIndex(where: { !isBlank($0) }), let end = part.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(part[start...end])
    }

    private mutating func date(_ node: some FrontMatterNode, _ key: String) -> String? {
        guard let text = node.scalarText, DateText.isValid(text) else {
            if let text = node.scalarText, DateText.hasDateShape(text) {
                fail(node, "'\(key)' \(DateText.machine(text)) is not a calendar date")
            } else {
                fail(node, "'\(key)' must be a date like 2024-05-31")
            }
            return nil
        }
        return text
    }

    private mutating func attributes(_ node: some FrontMatterNode, _ key: String) -> Attributes {
        guard let pairs = node.pairs else {
            fail(node, "'\(key)' must be a map of names to values")
            return []
        }
        var attributes: [Attribute] = []
        attributes.reserveCapacity(pairs.underestimatedCount)
        for (name, value) in pairs {
            guard let nameText = name.scalarText, let valueText = value.scalarText else {
                fail(value, "each attribute must be a name and a text value")
                continue
            }
            attributes.append(Attribute(name: nameText, value: valueText))
        }
        return Attributes(attributes)
    }

    /// Anything else (an alias) is empty text.
    private func param<N: FrontMatterNode>(_ node: N) -> ParamValue {
        if let text = node.scalarText { return .string(text) }
        if let elements = node.elements { return .list(elements.map(param)) }
        if let pairs = node.pairs {
            return .map(Dictionary(pairs.compactMap { key, value in key.scalarText.map { ($0, param(value)) } },
                                   uniquingKeysWith: { first, _ in first }))
        }
        return .string("")
    }
}
