/// One term's postings (`page << SearchRank.bits | rank`, pages ascending), packed: each as
/// the varint (seven bits a byte, low bits first, the high bit set on every byte but the
/// last) of its page's distance from the one before (the first's from page 0) shifted over
/// its rank, `(page - previous) << SearchRank.bits | rank`.
///
/// A term on one page in ten of a catalog takes two bytes a posting this way, against four
/// (and a growing list's slack) as `UInt32`s: the postings were the largest part of a
/// 100,000-item build's peak (108 MB of 403). The shards list the same distances
/// (`SearchIndex.shardValues(of:)`), so they are read from here without the pages being
/// counted up.
struct PackedPostings: Sendable, Equatable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0
    /// The last posting's page: the next one's distance is counted from it.
    private(set) var lastPage: UInt32 = 0

    init() {}

    /// `postings`, pages ascending.
    init(_ postings: [UInt32]) {
        postings.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `postings`, whose pages ascend from after `lastPage` (or from it, while empty).
    mutating func append(_ postings: UnsafeBufferPointer<UInt32>) {
        guard !postings.isEmpty else { return }
        // A batch at a time into room on the stack, each batch one append: byte by byte, an
        // append checked the array's owner and room for each.
        let batch = 256
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: batch * Self.longest) { room in
            var start = 0
            while start < postings.count {
                let end = min(start + batch, postings.count)
                var written = 0
                for posting in postings[start..<end] {
                    let page = posting >> UInt32(SearchRank.bits)
                    written = Self.write((page &- lastPage) << UInt32(SearchRank.bits) | posting & SearchRank.mask,
                                         into: room, at: written)
                    lastPage = page
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<written]))
                start = end
            }
        }
        count += postings.count
    }

    /// Appends `later`, whose pages all come after this list's: its first posting counted again
    /// from `lastPage`, the rest copied as they are.
    mutating func append(_ later: PackedPostings) {
        guard later.count > 0 else { return }
        // Taken as it is by a list that has nothing, not even room made for it.
        guard count > 0 || bytes.capacity > 0 else {
            self = later
            return
        }
        later.bytes.withUnsafeBufferPointer { given in
            var position = 0
            let first = Self.read(given, at: &position)
            let page = first >> UInt32(SearchRank.bits)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longest) { room in
                let written = Self.write((page &- lastPage) << UInt32(SearchRank.bits) | first & SearchRank.mask, into: room, at: 0)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<written]))
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: given[position...]))
        }
        count += later.count
        lastPage = later.lastPage
    }

    /// Room for `byteCount` bytes in all, made now (a joined list is made once at its size).
    mutating func reserve(bytes byteCount: Int) {
        bytes.reserveCapacity(byteCount)
    }

    /// Its bytes in room of their size, when the slack of appending is more than an eighth.
    mutating func shrink() {
        guard bytes.capacity - bytes.count > bytes.count / 8 + 16 else { return }
        bytes = bytes.withUnsafeBufferPointer { Array($0) }
    }

    /// Each posting, in order.
    func forEach(_ body: (UInt32) -> Void) {
        var page: UInt32 = 0
        forEachDistance { distance, rank in
            page &+= distance
            body(page << UInt32(SearchRank.bits) | rank)
        }
    }

    /// Each posting as its distance from the page before (the first's from page 0) and its rank.
    func forEachDistance(_ body: (_ distance: UInt32, _ rank: UInt32) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var position = 0
            while position < all.count {
                let value = Self.read(all, at: &position)
                body(value >> UInt32(SearchRank.bits), value & SearchRank.mask)
            }
        }
    }

    var postings: [UInt32] {
        var postings: [UInt32] = []
        postings.reserveCapacity(count)
        forEach { postings.append($0) }
        return postings
    }

    /// A posting's most bytes: 32 bits, seven a byte.
    private static let longest = Varint.longest(UInt32.self)

    @inline(__always)
    private static func write(_ value: UInt32, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        Varint.write(value, into: room, at: start)
    }

    @inline(__always)
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt32 {
        Varint.read(bytes, at: &position)
    }
}
