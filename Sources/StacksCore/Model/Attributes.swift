/// A page's attribute table (`attributes:` in its front matter), in the order written.
///
/// The names and values are kept in one buffer, each text after its length: as an array of
/// `Attribute`, two strings each, a page's four attributes were 160 bytes of the heap (a
/// million pages' 160 MB, held through the whole build); in one buffer they are about half.
public struct Attributes: Collection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// Each attribute's name then its value, UTF-8, each after its length in LEB128.
    private var bytes: [UInt8] = []

    public init() {}

    /// Made in room of the exact size: grown as appended, the buffer was up to twice it.
    public init(_ attributes: some Collection<Attribute>) {
        var size = 0
        for attribute in attributes { size += Self.size(of: attribute.name) + Self.size(of: attribute.value) }
        bytes.reserveCapacity(size)
        for attribute in attributes { append(attribute) }
    }

    public init(arrayLiteral attributes: Attribute...) {
        self.init(attributes)
    }

    /// An index is where its attribute starts in the buffer.
    public var startIndex: Int { 0 }
    public var endIndex: Int { bytes.count }

    public func index(after index: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let (_, afterName) = Self.text(in: buffer, at: index)
            return Self.text(in: buffer, at: afterName).end
        }
    }

    public subscript(index: Int) -> Attribute {
        bytes.withUnsafeBufferPointer { buffer in
            let (name, afterName) = Self.text(in: buffer, at: index)
            let (value, _) = Self.text(in: buffer, at: afterName)
            return Attribute(name: String(decoding: buffer[name], as: UTF8.self),
                             value: String(decoding: buffer[value], as: UTF8.self))
        }
    }

    public mutating func append(_ attribute: Attribute) {
        appendText(attribute.name)
        appendText(attribute.value)
    }

    public func map<T>(_ transform: (Attribute) throws -> T) rethrows -> [T] {
        var mapped: [T] = []
        for attribute in self { mapped.append(try transform(attribute)) }
        return mapped
    }

    /// The bytes `text` takes: its length's and its own.
    private static func size(of text: String) -> Int {
        var count = text.utf8.count, size = count + 1
        while count >= 0x80 {
            size += 1
            count >>= 7
        }
        return size
    }

    private mutating func appendText(_ text: String) {
        var length = UInt(text.utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes.append(contentsOf: text.utf8)
    }

    /// The bytes of the text whose length is at `offset`, and where the next length is.
    private static func text(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Range<Int>, end: Int) {
        var length = 0, shift = 0, position = offset
        while true {
            let byte = buffer[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return (position..<(position + length), position + length)
    }
}
