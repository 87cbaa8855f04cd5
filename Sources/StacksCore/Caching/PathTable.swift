#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values by path, as the build cache keeps them for every file of a site and every Markdown
/// file read: the paths' bytes one after another in one array, the values in another, and a
/// table of their numbers to find them by.
///
/// A `[String: Record]` of a site's files held each path in a string of its own and a slot of
/// the dictionary's for each key and value, 260 bytes a file at 100,000 pages; this holds a
/// path's bytes, its value, and 8 to 16 bytes of table. Entries keep the order they were first
/// set in. Nothing is removed: the build cache replaces a table, it does not edit one.
///
/// Paths are told apart by their bytes, as a file system tells names apart: a precomposed and
/// a decomposed `café.md` are two files, which as `String` keys were one.
public struct PathTable<Value: Sendable & Equatable>: Sendable {
    /// Every path's UTF-8, one after another.
    private var bytes: [UInt8] = []
    /// Where each entry's path ends in `bytes`; the first starts at 0.
    private var ends: [Int] = []
    private var values: [Value] = []
    /// Open addressing, a power of two long and at most half full: an entry's number + 1, or 0.
    private var slots: [UInt32] = []

    public init() {}

    public init(minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }

    /// Room for `capacity` entries, their paths' bytes guessed at 48 each.
    public mutating func reserveCapacity(_ capacity: Int) {
        ends.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 48)
        if Self.slotCount(for: capacity) > slots.count { rehash(slotCount: Self.slotCount(for: capacity)) }
    }

    public subscript(path: String) -> Value? {
        var path = path
        return path.withUTF8 { utf8 in find(utf8).map { values[$0] } }
    }

    /// Sets the value of `path`, returning the one it replaces.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey path: String) -> Value? {
        var path = path
        return path.withUTF8 { update(value, path: $0) }
    }

    /// `updateValue(_:forKey:)` for a path given as its UTF-8 bytes.
    @discardableResult
    mutating func update(_ value: Value, path utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        if let entry = find(utf8) {
            defer { values[entry] = value }
            return values[entry]
        }
        if Self.slotCount(for: values.count + 1) > slots.count { rehash(slotCount: Self.slotCount(for: values.count + 1)) }
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
        values.append(value)
        place(values.count - 1, hash: Self.hash(utf8))
        return nil
    }

    /// Every entry of `other`, set in this table (its values replacing ones of the same path).
    public mutating func merge(_ other: PathTable) {
        // Grown by half again at least, so that merging many small tables copies each entry
        // a few times, not once a merge.
        if values.capacity < count + other.count { reserveCapacity(Swift.max(count + other.count, count + count / 2)) }
        other.forEachEntry { path, value in update(value, path: path) }
    }

    /// Each entry's path bytes and value, in the order they were first set.
    func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, Value) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            var start = 0
            for entry in values.indices {
                try body(UnsafeBufferPointer(rebasing: all[start..<ends[entry]]), values[entry])
                start = ends[entry]
            }
        }
    }

    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachEntry { path, _ in keys.append(String(decoding: path, as: UTF8.self)) }
        return keys
    }

    private func path(of entry: Int) -> String {
        String(decoding: bytes[(entry == 0 ? 0 : ends[entry - 1])..<ends[entry]], as: UTF8.self)
    }

    private func find(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(utf8) & mask
        return bytes.withUnsafeBufferPointer { all in
            while slots[slot] != 0 {
                let entry = Int(slots[slot] - 1)
                let start = entry == 0 ? 0 : ends[entry - 1]
                if ends[entry] - start == utf8.count,
                   utf8.isEmpty || memcmp(all.baseAddress! + start, utf8.baseAddress!, utf8.count) == 0 {
                    return entry
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    private mutating func place(_ entry: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(entry + 1)
    }

    private mutating func rehash(slotCount: Int) {
        slots = [UInt32](repeating: 0, count: slotCount)
        var hashes: [Int] = []
        hashes.reserveCapacity(values.count)
        forEachEntry { path, _ in hashes.append(Self.hash(path)) }
        for (entry, hash) in hashes.enumerated() { place(entry, hash: hash) }
    }

    /// At most half full, and never under 16 slots.
    private static func slotCount(for entries: Int) -> Int {
        precondition(entries < Int(UInt32.max), "a path table holds fewer than four billion entries")
        var count = 16
        while count < entries * 2 { count *= 2 }
        return count
    }

    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        return hasher.finalize()
    }
}

extension PathTable: Sequence {
    public struct Iterator: IteratorProtocol {
        fileprivate let table: PathTable
        fileprivate var entry = 0

        public mutating func next() -> (key: String, value: Value)? {
            guard entry < table.count else { return nil }
            defer { entry += 1 }
            return (table.path(of: entry), table.values[entry])
        }
    }

    public func makeIterator() -> Iterator { Iterator(table: self) }
    public var underestimatedCount: Int { count }
}

extension PathTable: Equatable {
    /// The same paths with the same values, in whatever order they were set (as for a dictionary).
    public static func == (lhs: PathTable, rhs: PathTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var same = true
        lhs.forEachEntry { path, value in
            if same, rhs.find(path).map({ rhs.values[$0] }) != value { same = false }
        }
        return same
    }
}

extension PathTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(minimumCapacity: elements.count)
        for (path, value) in elements { updateValue(value, forKey: path) }
    }
}

extension PathTable: CustomStringConvertible {
    public var description: String {
        "[" + map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
