import Mustache
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Renders a template once per *shape* of context and fills in each page's text.
///
/// The pages of a site differ in their text (titles, URLs, bodies) far more than in their
/// shape (which values are present, which flags are set, how long the lists are). A context is
/// taken apart into its shape and its leaves (texts and numbers, in a fixed order); the first
/// context of a shape is rendered by swift-mustache with a sentinel in place of each leaf, and
/// that *stamp* is then filled with the leaves of every context of the same shape, escaped
/// where the template escaped the sentinel. Rendering goes through the engine a few times per
/// shape instead of once per page.
///
/// Why a filled stamp is byte for byte what swift-mustache renders from the real context:
/// the engine looks values up by name, so a lookup finds the same place in both contexts
/// (same names, same flags, same list lengths). Texts and numbers decide nothing in a render
/// but what they print: a section over one renders once either way, an inverted section not
/// at all, and a lookup inside one finds nothing (strings and numbers have no named
/// children). What they print is their description, escaped by `{{name}}` (the sentinel's
/// `&` comes out as `&amp;`) and not by `{{{name}}}`; outside sentinels the output is the
/// same, and concatenation is concatenation. Three features would break that, and a template
/// set using any of them is rendered without stamps (`allowsStamps`): transforms (which
/// compute with the text), dynamic partial names (which are text), and indented partials
/// and blocks (whose indentation depends on where the text has line breaks); delimiter
/// changes and pragmas are refused too, as they would hide the others from the check. A
/// list or object printed as text (not a section) prints its elements' escaped descriptions,
/// which a sentinel cannot stand for: stamps put a poison in its place, and a shape whose
/// stamp has one is always rendered directly.
///
/// Local to one thread of work: a build gives each chunk of pages its own. The stamps
/// themselves are made once for all chunks (`StampBook`, the template set's).
struct TemplateStamps {
    private var stamps: [Key: Stamp?] = [:]
    /// When set, every view rendered, by template, as it was handed over (for tests).
    var handedOver: [(template: String, object: TemplateObject)]?

    init() {}

    fileprivate struct Key: Hashable {
        var template: String
        var shape: [UInt8]
        /// The shape's bytes mixed a word at a time, once: a page's shapes are hundreds of
        /// bytes, which SipHash took 2,500 instructions a lookup to hash and compare.
        let mixed: UInt64

        init(template: String, shape: [UInt8]) {
            self.template = template
            self.shape = shape
            mixed = shape.withUnsafeBytes(Self.mix)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(mixed)
        }

        static func == (a: Key, b: Key) -> Bool {
            guard a.mixed == b.mixed, a.shape.count == b.shape.count, a.template == b.template else { return false }
            return a.shape.withUnsafeBytes { x in b.shape.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        }

        /// FNV-1a over 8-byte words, then the tail's bytes; only spreads keys over buckets
        /// (`Hasher` seeds the result), equality is decided by the bytes.
        private static func mix(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            let prime: UInt64 = 0x100_0000_01b3
            var offset = 0
            while offset + 8 <= bytes.count {
                value = (value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
                value ^= value >> 29
                offset += 8
            }
            while offset < bytes.count {
                value = (value ^ UInt64(bytes[offset])) &* prime
                offset += 1
            }
            return value ^ UInt64(bytes.count)
        }
    }

    /// The view's template rendered with the view.
    mutating func render<View: TemplateView>(_ view: View, with templates: TemplateSet) -> String {
        let object = view.templateObject
        handedOver?.append((View.template, object))
        return render(View.template, object, with: templates)
    }

    /// The template `name` rendered with `context`, the same text as `templates.render`.
    mutating func render(_ name: String, _ context: TemplateObject, with templates: TemplateSet) -> String {
        guard let (stamp, leaves) = stamp(name, context, with: templates) else {
            return templates.render(name, context.mustacheValue)
        }
        return stamp.fill(leaves)
    }

    /// `render(_:_:with:)` as UTF-8 bytes: for a page's outermost template, whose text is
    /// wanted as bytes. A stamp is filled straight into them: appended to a `String` piece by
    /// piece, the pieces of every page cost 350 instructions each (its flags, its breadcrumbs
    /// and its room checked at every one), and a `String` made from bytes is validated again.
    mutating func renderBytes(_ name: String, _ context: TemplateObject, with templates: TemplateSet) -> [UInt8] {
        guard let (stamp, leaves) = stamp(name, context, with: templates) else {
            return Array(templates.render(name, context.mustacheValue).utf8)
        }
        return stamp.fillBytes(leaves)
    }

    /// `renderBytes(_:_:with:)` with some of the context's own texts given as UTF-8 bytes
    /// instead (a page's content and detail columns, rendered as bytes themselves): the context
    /// holds any text under those names, and the bytes are printed in its place. A column of
    /// 20 KB is then copied once into the page, not appended to a `String` piece by piece first.
    mutating func renderBytes(_ name: String, _ context: TemplateObject, inserting inserted: [(name: String, bytes: [UInt8])],
                              with templates: TemplateSet) -> [UInt8] {
        var shape = Shape()
        let places = templates.allowsStamps ? shape.add(context, inserting: inserted) : []
        guard let stamp = stamp(name, shape, context, with: templates) else {
            var context = context
            for (name, bytes) in inserted where context[name] != nil { context[name] = .text(String(decoding: bytes, as: UTF8.self)) }
            return Array(templates.render(name, context.mustacheValue).utf8)
        }
        return stamp.fillBytes(shape.leaves, inserting: places)
    }

    /// The stamp of the context's shape, made on first use, and the context's leaves; `nil`
    /// when the context is rendered directly.
    private mutating func stamp(_ name: String, _ context: TemplateObject, with templates: TemplateSet) -> (Stamp, [String])? {
        guard templates.allowsStamps else { return nil }
        var shape = Shape()
        shape.add(context)
        return stamp(name, shape, context, with: templates).map { ($0, shape.leaves) }
    }

    /// The stamp of `shape`, `context`'s, made on first use.
    private mutating func stamp(_ name: String, _ shape: Shape, _ context: TemplateObject, with templates: TemplateSet) -> Stamp? {
        guard templates.allowsStamps else { return nil }
        let key = Key(template: name, shape: shape.bytes)
        let stamp: Stamp?
        if let known = stamps[key] {
            stamp = known
        } else if let made = templates.stampBook.stamp(key) {
            stamp = made
            // `updateValue`: a shape rendered directly is kept as such (`nil`), not removed.
            stamps.updateValue(made, forKey: key)
        } else {
            var next = 0
            let sentinels = Self.sentinelObject(context, next: &next)
            stamp = Stamp(templates.render(name, sentinels), holes: next)
            stamps.updateValue(stamp, forKey: key)
            templates.stampBook.keep(key, stamp)
        }
        return stamp
    }

    // MARK: Shapes

    /// A context's shape as bytes (names, flags, list lengths, where leaves are) and its leaves
    /// in the order `sentinelObject` numbers them.
    private struct Shape {
        var bytes: [UInt8] = []
        var leaves: [String] = []

        init() {
            bytes.reserveCapacity(512)
            leaves.reserveCapacity(64)
        }

        mutating func add(_ value: TemplateValue) {
            switch value {
            case .text(let text):
                bytes.append(1)
                leaves.append(text)
            case .number(let number):
                bytes.append(2)
                // What swift-mustache prints for an `Int`: its description.
                leaves.append(String(describing: number))
            case .flag(let flag):
                bytes.append(flag ? 3 : 4)
            case .list(let values):
                bytes.append(5)
                addCount(values.count)
                for value in values { add(value) }
            case .object(let object):
                add(object)
            }
        }

        mutating func add(_ object: TemplateObject) {
            _ = add(object, inserting: [])
        }

        /// `add(_:)` of an object; which of its leaves are its own texts named in `inserted`,
        /// with the bytes that go in their place.
        mutating func add(_ object: TemplateObject, inserting inserted: [(name: String, bytes: [UInt8])]) -> [(leaf: Int, bytes: [UInt8])] {
            var places: [(leaf: Int, bytes: [UInt8])] = []
            bytes.append(6)
            let entries = object.entries
            addCount(entries.count)
            // By position: a zip's iterator cost 80 instructions a name.
            for position in entries.indices {
                let (name, value) = entries[position]
                add(name: name)
                if !inserted.isEmpty, case .text = value, let insert = inserted.first(where: { $0.name == name }) {
                    places.append((leaves.count, insert.bytes))
                }
                add(value)
            }
            return places
        }

        /// A name's length and bytes, copied from its UTF-8 at once.
        private mutating func add(name: String) {
            var name = name
            name.withUTF8 { utf8 in
                addCount(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        private mutating func addCount(_ count: Int) {
            if count < 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: count))
                return
            }
            var rest = count
            repeat {
                bytes.append(UInt8(rest & 0x7F) | (rest > 0x7F ? 0x80 : 0))
                rest >>= 7
            } while rest > 0
        }
    }

    // MARK: Sentinels

    /// Starts a sentinel: `\u{2}`, the leaf's number, `&`, `\u{3}`. No template may contain it.
    static let sentinelStart: UInt8 = 0x02
    private static let sentinelEnd: UInt8 = 0x03

    /// The context with sentinels for leaves, numbered in `Shape` order; lists and objects
    /// are wrapped so that printing one as text leaves a poison in the stamp.
    private static func sentinelObject(_ object: TemplateObject, next: inout Int) -> SentinelObject {
        var children: [String: Any] = [:]
        children.reserveCapacity(object.entries.count)
        for (name, value) in object.entries {
            children[name] = sentinelValue(value, next: &next)
        }
        return SentinelObject(children: children)
    }

    private static func sentinelValue(_ value: TemplateValue, next: inout Int) -> Any {
        switch value {
        case .text, .number:
            defer { next += 1 }
            return "\u{2}\(next)&\u{3}"
        case .flag(let flag):
            return flag
        case .list(let values):
            var elements: [Any] = []
            elements.reserveCapacity(values.count)
            for value in values { elements.append(sentinelValue(value, next: &next)) }
            return SentinelList(elements: elements)
        case .object(let object):
            return sentinelObject(object, next: &next)
        }
    }

    /// What a list or object prints as text in a stamp: not a sentinel, so the stamp is refused.
    fileprivate static let poison = "\u{2}list or object printed as text\u{3}"

    // MARK: Which templates

    /// Whether a template may be stamped (see the type's notes): no sentinel character, no
    /// transforms, dynamic names, delimiter changes or pragmas, and no space or tab right
    /// before a partial, block, parent or comment tag (the only way to indent a partial).
    /// Errs on the side of refusing.
    static func allowsStamps(_ template: String) -> Bool {
        let bytes = Array(template.utf8)
        if bytes.contains(sentinelStart) { return false }
        for tag in MustacheTag.scan(template) {
            switch tag.kind {
            case .delimiters, .pragma:
                return false
            case .comment:
                // A comment computes nothing, but it keeps the white space before it for a
                // partial that follows on the same line.
                if Self.followsIndentation(tag, bytes) { return false }
            case .partial, .parent, .block:
                if tag.name.hasPrefix("*") || Self.followsIndentation(tag, bytes) { return false }
            case .variable, .unescaped, .section, .invertedSection, .close:
                // `{{ =…}}`, `{{ >…}}`: a sigil after white space, which swift-mustache does
                // not read as one; refused rather than guessed.
                if tag.name.contains("(") || tag.name.first.map({ "=%<>$!*&{#^/".contains($0) }) == true { return false }
            }
        }
        return true
    }

    /// Whether a space or tab comes right before the tag, the only way to indent a partial.
    private static func followsIndentation(_ tag: MustacheTag, _ bytes: [UInt8]) -> Bool {
        tag.offset > 0 && (bytes[tag.offset - 1] == UInt8(ascii: " ") || bytes[tag.offset - 1] == UInt8(ascii: "\t"))
    }
}

/// The stamps made for one template set, shared by the threads of a build: each chunk of
/// pages used to render the same few hundred shapes again through swift-mustache, half a
/// million instructions each. A chunk looks here only when its own table has no entry.
final class StampBook: Sendable {
    /// A key's stamp, or `nil` for a shape that is rendered directly.
    private let stamps = Mutex<[TemplateStamps.Key: Stamp?]>([:])

    init() {}

    /// The key's entry: `.some(nil)` for a shape known to be rendered directly.
    fileprivate func stamp(_ key: TemplateStamps.Key) -> Stamp?? {
        stamps.withLock { $0[key] }
    }

    fileprivate func keep(_ key: TemplateStamps.Key, _ stamp: Stamp?) {
        stamps.withLock { _ = $0.updateValue(stamp, forKey: key) }
    }
}

/// A rendered template with holes where the leaves go.
private struct Stamp {
    enum Part {
        case text(String)
        case leaf(Int, escaped: Bool)
    }

    let parts: [Part]
    let textBytes: Int
    /// The text parts' bytes one after another, in order (`fillBytes`).
    let text: [UInt8]

    /// Reads the sentinels out of a rendering; `nil` if anything else starts like one.
    init?(_ rendered: String, holes: Int) {
        var parts: [Part] = []
        var textBytes = 0
        let escapedEnd = Array("&amp;\u{3}".utf8)
        let rawEnd = Array("&\u{3}".utf8)
        let bytes = Array(rendered.utf8)
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == TemplateStamps.sentinelStart else {
                index += 1
                continue
            }
            if start < index {
                parts.append(.text(String(decoding: bytes[start..<index], as: UTF8.self)))
                textBytes += index - start
            }
            var cursor = index + 1
            var number = 0
            while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]), number < holes {
                number = number * 10 + Int(bytes[cursor] - 0x30)
                cursor += 1
            }
            guard cursor > index + 1, number < holes else { return nil }
            if bytes[cursor...].starts(with: escapedEnd) {
                parts.append(.leaf(number, escaped: true))
                cursor += escapedEnd.count
            } else if bytes[cursor...].starts(with: rawEnd) {
                parts.append(.leaf(number, escaped: false))
                cursor += rawEnd.count
            } else {
                return nil
            }
            index = cursor
            start = cursor
        }
        if start < bytes.count {
            parts.append(.text(String(decoding: bytes[start...], as: UTF8.self)))
            textBytes += bytes.count - start
        }
        self.parts = parts
        self.textBytes = textBytes
        var text: [UInt8] = []
        text.reserveCapacity(textBytes)
        for part in parts { if case .text(let piece) = part { text += piece.utf8 } }
        self.text = text
    }

    /// Filled as bytes and made a `String` once: appended piece by piece, a view's pieces cost
    /// 450 instructions each (a `String`'s checks and growth at every append).
    func fill(_ leaves: [String]) -> String {
        String(decoding: fillBytes(leaves), as: UTF8.self)
    }
}

extension Stamp {
    /// `fill(_:)` as UTF-8 bytes, each piece copied into room made once for the most it can
    /// take (an escaped byte is at most six).
    /// `inserting`: leaves printed as these bytes instead of as their text.
    func fillBytes(_ leaves: [String], inserting inserted: [(leaf: Int, bytes: [UInt8])] = []) -> [UInt8] {
        var bound = textBytes
        for part in parts {
            guard case .leaf(let number, let escaped) = part else { continue }
            let count = inserted.first { $0.leaf == number }?.bytes.count ?? leaves[number].utf8.count
            bound += count * (escaped ? 6 : 1)
        }
        return text.withUnsafeBufferPointer { text in
            [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                var end = 0, read = 0
                for part in parts {
                    switch part {
                    case .text(let piece):
                        let length = piece.utf8.count
                        if length > 0 { (output.baseAddress! + end).update(from: text.baseAddress! + read, count: length) }
                        end += length
                        read += length
                    case .leaf(let number, let escaped):
                        if let insert = inserted.first(where: { $0.leaf == number }) {
                            end = insert.bytes.withUnsafeBufferPointer { Self.put($0, escaped: escaped, into: output, at: end) }
                            continue
                        }
                        let leaf = leaves[number]
                        let written = leaf.utf8.withContiguousStorageIfAvailable { bytes in
                            Self.put(bytes, escaped: escaped, into: output, at: end)
                        }
                        end = written ?? Array(leaf.utf8).withUnsafeBufferPointer { Self.put($0, escaped: escaped, into: output, at: end) }
                    }
                }
                count = end
            }
        }
    }

    private static func put(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool, into output: UnsafeMutableBufferPointer<UInt8>,
                            at start: Int) -> Int {
        if escaped { return HTMLEscaping.escape(bytes, into: output, at: start) }
        if !bytes.isEmpty { (output.baseAddress! + start).update(from: bytes.baseAddress!, count: bytes.count) }
        return start + bytes.count
    }
}

/// An object of a stamp's context: looked up by name like the dictionary it stands for.
private struct SentinelObject: MustacheParent, MustacheCustomRenderable {
    let children: [String: Any]
    func child(named name: String) -> Any? { children[name] }
    var renderText: String { TemplateStamps.poison }
    var isNull: Bool { false }
}

/// A list of a stamp's context: iterated like the array it stands for; like an array, it has
/// no named children.
private struct SentinelList: MustacheSequence, MustacheParent, MustacheCustomRenderable {
    let elements: [Any]
    func makeIterator() -> IndexingIterator<[Any]> { elements.makeIterator() }
    func child(named name: String) -> Any? { nil }
    var renderText: String { TemplateStamps.poison }
    var isNull: Bool { false }
}
