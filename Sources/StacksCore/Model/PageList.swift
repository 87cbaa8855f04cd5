/// A catalog's pages, by index, stored in chunks of `chunkSize`: an array of pages that copies
/// one chunk, not the whole list, when a shared list is changed.
///
/// The preview keeps the last site (to answer requests while it rebuilds) and patches an edited
/// page into the next one: with one array, writing that page copied all the others first (a
/// page holds about twenty references, each retained in the copy and released with the old
/// list), most of an edit's cost at 100,000 pages. Reading a page is one more index step.
public struct PageList: RandomAccessCollection, MutableCollection, Sendable {
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift

    private var chunks: [[Page]] = []
    public private(set) var count = 0

    public init() {}

    public init(_ pages: some Sequence<Page>) {
        for page in pages { append(page) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Page {
        _read {
            precondition(index >= 0 && index < count, "page index out of range")
            yield chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
        }
        _modify {
            precondition(index >= 0 && index < count, "page index out of range")
            yield &chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
        }
    }

    /// The ranges of indices whose pages may differ from `earlier`'s: all but those of the
    /// chunks the two lists share (a list patched from another shares every chunk it did not
    /// write to). `nil` when the lists differ in length.
    public func indices(differingFrom earlier: PageList) -> [Range<Int>]? {
        guard count == earlier.count else { return nil }
        var ranges: [Range<Int>] = []
        for position in chunks.indices where !chunks[position].isSameBuffer(as: earlier.chunks[position]) {
            let start = position << Self.chunkShift
            ranges.append(start..<Swift.min(start + Self.chunkSize, count))
        }
        return ranges
    }

    /// Lets go of the pages from `newCount` on.
    mutating func truncate(to newCount: Int) {
        guard newCount < count else { return }
        let chunkCount = (newCount + Self.chunkSize - 1) >> Self.chunkShift
        chunks.removeSubrange(chunkCount...)
        if newCount & (Self.chunkSize - 1) != 0 {
            chunks[chunks.count - 1].removeSubrange((newCount & (Self.chunkSize - 1))...)
        }
        count = newCount
    }

    public mutating func append(_ page: Page) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Page] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(page)
        count += 1
    }
}

extension PageList: ExpressibleByArrayLiteral {
    public init(arrayLiteral pages: Page...) {
        self.init(pages)
    }
}
