/// The bytes a stage's result is kept as (`StageMemo`): integers as 64 bits little endian,
/// texts and lists length-prefixed. The reader checks every length against what is left and
/// gives nil past the end, so bytes that are not a whole result are never read as one.
/// What the memos' encodings are written into, field by field: a memo entry's bytes
/// (`MemoBytesWriter`), or a digest (`Digest.Hasher`), which takes the same fields without
/// their bytes being made first (a page key holds its page's front matter and headings).
protocol MemoBytesSink: ~Copyable {
    mutating func number(_ value: Int)
    mutating func text(_ value: String)
    /// A text given as its UTF-8 bytes, framed as `text` frames it.
    mutating func text(bytes: UnsafeBufferPointer<UInt8>)
}

extension MemoBytesSink where Self: ~Copyable {
    mutating func texts(_ values: [String]) {
        number(values.count)
        for value in values { text(value) }
    }

    mutating func optional(_ value: String?) {
        number(value == nil ? 0 : 1)
        if let value { text(value) }
    }
}

struct MemoBytesWriter: MemoBytesSink {
    var bytes: [UInt8] = []

    // Appended as typed buffers, which are copied whole: as generic sequences, byte by byte,
    // writing a page's front matter took 17,000 instructions (a page key writes every page's).
    mutating func number(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { text(bytes: $0) }
    }

    mutating func text(bytes utf8: UnsafeBufferPointer<UInt8>) {
        number(utf8.count)
        bytes.append(contentsOf: utf8)
    }
}

struct MemoBytesReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func number() -> Int? {
        guard bytes.count - position >= 8 else { return nil }
        defer { position += 8 }
        return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: Int64.self)))
    }

    /// A count: never more than the bytes left could hold, so a damaged one cannot make the
    /// reader loop for long.
    mutating func count() -> Int? {
        guard let value = number(), value >= 0, value <= bytes.count - position else { return nil }
        return value
    }

    mutating func text() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]), as: UTF8.self)
    }

    mutating func texts() -> [String]? {
        guard let count = count() else { return nil }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = text() else { return nil }
            values.append(value)
        }
        return values
    }

    /// A text written by `optional(_:)`: `.some(nil)` for none, `nil` past the end.
    mutating func optional() -> String?? {
        guard let present = number() else { return nil }
        guard present == 1 else { return present == 0 ? .some(nil) : nil }
        guard let value = text() else { return nil }
        return .some(value)
    }
}
