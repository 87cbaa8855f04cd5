#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The lists' rows of a build beyond what it holds in memory (`ListRows`), in an unlinked
/// file beside the output: written once when a list is drawn, read from any thread by the
/// pages that show it.
final class RowSpill: Sendable {
    /// The rows' bytes held in memory before lists go to the file: more than the rows of a
    /// 100,000-item catalog (about 35 MB), so only larger ones read rows back. (64 MB held a
    /// million items' build 24 MB more at its peak, for no catalog that reads fewer rows back.)
    static let allowance = 40 << 20

    private let descriptor: Int32
    private let held: Atomic<Int>
    private let end = Mutex(0)
    private let allowance: Int

    init?(folder: String, allowance: Int = RowSpill.allowance) {
        guard let descriptor = BodySpill.unlinkedFile(in: folder, named: ".stacks-rows") else { return nil }
        self.descriptor = descriptor
        self.allowance = allowance
        held = Atomic(0)
    }

    deinit { close(descriptor) }

    /// Whether `count` more bytes of rows may stay in memory (then counted).
    func holds(_ count: Int) -> Bool {
        held.add(count, ordering: .relaxed).newValue <= allowance
    }

    /// Appends `bytes`, returning where they start; `nil` when the file could not take them
    /// (the rows then stay in memory).
    func append(_ bytes: [UInt8]) -> Int? {
        let offset = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        return MemoFile.Writer.write(bytes, to: descriptor, at: offset) ? offset : nil
    }

    /// The `count` bytes at `offset`, as text (rows are whole strings one after another).
    func read(at offset: Int, count: Int) -> String {
        BodySpill.read(BodySpill.Span(offset: offset, count: count, descriptor: descriptor))
    }
}
