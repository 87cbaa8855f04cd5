/// The line of the file each front matter key is on, for diagnostics found after loading
/// (a `slug` taken twice, an `image` that is not there).
///
/// The pairs packed one after another in one array of bytes, in the order of the keys' bytes —
/// each the key's length and line as varints (seven bits a byte, low bits first), then the
/// key's bytes — and looked up by going through them: a page has a handful of keys. In key
/// order, so that a memo and a page's key read them as they are (`forEachByKey`). A
/// dictionary per page was 457 bytes and four allocations as it grew (46 MB of a
/// 100,000-item catalog's peak); an array of `(String, Int)` pairs 224 bytes (22 MB); this is
/// about 100.
public struct KeyLines: Sendable, Equatable {
    private var packed: [UInt8] = []

    public init() {}

    public subscript(key: String) -> Int? {
        get {
            var key = key
            return key.withUTF8 { wanted in
                var found: Int?
                forEachPair { _, bytes, line in
                    if bytes.elementsEqual(wanted) { found = line }
                    return found == nil
                }
                return found
            }
        }
        set {
            var key = key
            key.withUTF8 { wanted in
                // Where the key's pair is, or where it goes.
                var place = packed.count, existing: Range<Int>?
                forEachPair { span, bytes, _ in
                    if bytes.elementsEqual(wanted) {
                        existing = span
                        return false
                    }
                    if !bytes.lexicographicallyPrecedes(wanted) {
                        place = span.lowerBound
                        return false
                    }
                    return true
                }
                // The pair written on the stack, then into place: as an array, an allocation a key.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wanted.count + 20) { room in
                    var count = 0
                    if let newValue {
                        count = Self.write(wanted.count, into: room, at: 0)
                        count = Self.write(newValue, into: room, at: count)
                        UnsafeMutableBufferPointer(rebasing: room[count...]).initialize(fromContentsOf: wanted)
                        count += wanted.count
                    }
                    let pair = UnsafeBufferPointer(rebasing: room[..<count])
                    if let existing {
                        packed.replaceSubrange(existing, with: pair)
                    } else if count > 0 {
                        // Room for a page's usual handful of keys at once.
                        if packed.isEmpty { packed.reserveCapacity(64) }
                        packed.insert(contentsOf: pair, at: place)
                    }
                }
            }
        }
    }

    /// The pairs, each key on its line as the subscript would set them one after another:
    /// taken as they are when their keys' bytes increase (as a memo writes them), each
    /// compared with the next only.
    init(_ given: [(key: String, line: Int)]) {
        if zip(given, given.dropFirst()).allSatisfy({ $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            packed.reserveCapacity(given.reduce(0) { $0 + $1.key.utf8.count + 4 })
            for (key, line) in given {
                var key = key
                key.withUTF8 { Self.append($0, line, to: &packed) }
            }
        } else {
            for (key, line) in given { self[key] = line }
        }
    }

    /// The pairs in the order of their keys' bytes, as a memo and a page's key write them.
    var pairsByKey: [(key: String, line: Int)] {
        var pairs: [(key: String, line: Int)] = []
        forEachByKey { pairs.append((String(decoding: $0, as: UTF8.self), $1)) }
        return pairs
    }

    /// Each pair in the order of its key's bytes, the key as its bytes.
    func forEachByKey(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ line: Int) -> Void) {
        forEachPair { _, bytes, line in
            body(bytes, line)
            return true
        }
    }

    public var count: Int {
        var count = 0
        forEachPair { _, _, _ in
            count += 1
            return true
        }
        return count
    }

    /// In the order of their bytes.
    public var keys: [String] { pairsByKey.map(\.key) }

    /// The room its pairs take (tests hold it to a page's budget).
    var heldBytes: Int { packed.capacity }

    /// Equal when each key is on the same line, whatever order they were recorded in (the
    /// pairs are kept in one order).
    public static func == (a: KeyLines, b: KeyLines) -> Bool {
        a.packed == b.packed
    }

    private static func append(_ key: UnsafeBufferPointer<UInt8>, _ line: Int, to bytes: inout [UInt8]) {
        appendNumber(key.count, to: &bytes)
        appendNumber(line, to: &bytes)
        bytes.append(contentsOf: key)
    }

    /// `number` as a varint into `room` from `start`; where it ends. (A line is never
    /// negative; were one given, its bit pattern stays whole.)
    private static func write(_ number: Int, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        Varint.write(UInt64(bitPattern: Int64(number)), into: room, at: start)
    }

    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Varint.longest(UInt64.self)) { room in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<write(number, into: room, at: 0)]))
        }
    }

    /// Each pair in order, with where its bytes are, until `body` says to stop (`false`).
    private func forEachPair(_ body: (_ span: Range<Int>, _ key: UnsafeBufferPointer<UInt8>, _ line: Int) -> Bool) {
        packed.withUnsafeBufferPointer { bytes in
            var position = 0
            func number() -> Int { Int(Int64(bitPattern: Varint.read(bytes, at: &position, as: UInt64.self))) }
            while position < bytes.count {
                let start = position
                let length = number(), line = number()
                let key = UnsafeBufferPointer(rebasing: bytes[position..<(position + length)])
                position += length
                guard body(start..<position, key, line) else { return }
            }
        }
    }
}
