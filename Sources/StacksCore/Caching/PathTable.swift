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
    /// The entries, in runs: a table takes another's runs whole (`take(_:)`), so that the
    /// parts of a build's write are joined without a copy of their records.
    private struct Segment: Sendable {
        /// Every path's UTF-8, one after another.
        var bytes: [UInt8] = []
        /// Where each entry's path ends in `bytes`; the first starts at 0. 32 bits: a segment
        /// is closed before its bytes reach 4 GB.
        var ends: [UInt32] = []
        var values: [Value] = []

        func start(of local: Int) -> Int { local == 0 ? 0 : Int(ends[local - 1]) }

        /// Its arrays in room of their size: a part of a write grows them by doubling.
        mutating func compact() {
            if bytes.capacity > bytes.count + bytes.count / 8 { bytes = Array(bytes) }
            if ends.capacity > ends.count + ends.count / 8 { ends = Array(ends) }
            if values.capacity > values.count + values.count / 8 { values = Array(values) }
        }
    }

    private var segments: [Segment] = []
    /// The number of each segment's first entry.
    private var firsts: [Int] = []
    private var entryCount = 0
    /// Open addressing, a power of two long and at most half full: an entry's number + 1, or 0.
    private var slots: [UInt32] = []

    public init() {}

    public init(minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
    }

    public var count: Int { entryCount }
    public var isEmpty: Bool { entryCount == 0 }

    /// Room for `capacity` entries: in the table, and in an empty table's arrays too, their
    /// paths' bytes guessed at 48 each.
    public mutating func reserveCapacity(_ capacity: Int) {
        if segments.isEmpty {
            var first = Segment()
            first.ends.reserveCapacity(capacity)
            first.values.reserveCapacity(capacity)
            first.bytes.reserveCapacity(Swift.min(capacity * 48, Int(UInt32.max)))
            segments = [first]
            firsts = [0]
        }
        if Self.slotCount(for: capacity) > slots.count { rehash(slotCount: Self.slotCount(for: capacity)) }
    }

    public subscript(path: String) -> Value? {
        var path = path
        return path.withUTF8 { utf8 in find(utf8, hash: Self.hash(utf8)).map { value(of: $0) } }
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
        let hash = Self.hash(utf8)
        if let entry = find(utf8, hash: hash) {
            let (segment, local) = locate(entry)
            defer { segments[segment].values[local] = value }
            return segments[segment].values[local]
        }
        if Self.slotCount(for: entryCount + 1) > slots.count { rehash(slotCount: Self.slotCount(for: entryCount + 1)) }
        if segments.isEmpty || segments[segments.count - 1].bytes.count + utf8.count > Int(UInt32.max) {
            segments.append(Segment())
            firsts.append(entryCount)
        }
        let last = segments.count - 1
        segments[last].bytes.append(contentsOf: utf8)
        segments[last].ends.append(UInt32(segments[last].bytes.count))
        segments[last].values.append(value)
        entryCount += 1
        place(entryCount - 1, hash: hash)
        return nil
    }

    /// Every entry of `other`, set in this table (its values replacing ones of the same path).
    public mutating func merge(_ other: PathTable) {
        if Self.slotCount(for: count + other.count) > slots.count { rehash(slotCount: Self.slotCount(for: count + other.count)) }
        other.forEachEntry { path, value in update(value, path: path) }
    }

    /// `merge(_:)` of a table let go of: when none of its paths is in this table (the parts
    /// of a write, each its own files), its entries are taken as they are, in room of their
    /// size, not copied; `other` is left empty.
    mutating func take(_ other: inout PathTable) {
        defer { other = PathTable() }
        var hashes: [Int] = []
        hashes.reserveCapacity(other.count)
        var disjoint = true
        other.forEachEntry { path, _ in
            let hash = Self.hash(path)
            if disjoint, find(path, hash: hash) != nil { disjoint = false }
            hashes.append(hash)
        }
        guard disjoint else { return merge(other) }
        if Self.slotCount(for: count + other.count) > slots.count { rehash(slotCount: Self.slotCount(for: count + other.count)) }
        // An empty segment left by `reserveCapacity` holds nothing to keep.
        if segments.count == 1, entryCount == 0 {
            segments = []
            firsts = []
        }
        for var segment in other.segments where !segment.values.isEmpty {
            segment.compact()
            firsts.append(entryCount)
            entryCount += segment.values.count
            segments.append(segment)
        }
        for (offset, hash) in hashes.enumerated() { place(entryCount - hashes.count + offset, hash: hash) }
    }

    /// Each entry's path bytes and value, in the order they were first set.
    func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, Value) throws -> Void) rethrows {
        for segment in segments {
            try segment.bytes.withUnsafeBufferPointer { all in
                var start = 0
                for local in segment.values.indices {
                    let end = Int(segment.ends[local])
                    try body(UnsafeBufferPointer(rebasing: all[start..<end]), segment.values[local])
                    start = end
                }
            }
        }
    }

    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachEntry { path, _ in keys.append(String(decoding: path, as: UTF8.self)) }
        return keys
    }

    /// The segment entry `entry` is in, and its place there.
    private func locate(_ entry: Int) -> (segment: Int, local: Int) {
        if segments.count == 1 { return (0, entry) }
        // The last segment whose first entry is at most `entry`.
        var low = 0, high = firsts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firsts[middle] <= entry { low = middle } else { high = middle - 1 }
        }
        return (low, entry - firsts[low])
    }

    fileprivate func value(of entry: Int) -> Value {
        let (segment, local) = locate(entry)
        return segments[segment].values[local]
    }

    fileprivate func path(of entry: Int) -> String {
        let (segment, local) = locate(entry)
        let bytes = segments[segment]
        return String(decoding: bytes.bytes[bytes.start(of: local)..<Int(bytes.ends[local])], as: UTF8.self)
    }

    private func find(_ utf8: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot] - 1)
            let (segment, local) = locate(entry)
            let found = segments[segment].bytes.withUnsafeBufferPointer { all -> Bool in
                let start = segments[segment].start(of: local)
                return Int(segments[segment].ends[local]) - start == utf8.count
                    && (utf8.isEmpty || memcmp(all.baseAddress! + start, utf8.baseAddress!, utf8.count) == 0)
            }
            if found { return entry }
            slot = (slot + 1) & mask
        }
        return nil
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
        hashes.reserveCapacity(entryCount)
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
            return (table.path(of: entry), table.value(of: entry))
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
            if same, rhs.find(path, hash: Self.hash(path)).map({ rhs.value(of: $0) }) != value { same = false }
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
