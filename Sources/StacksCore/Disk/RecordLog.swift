#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The records of the pages and search files a fresh write placed, encoded as the build cache
/// holds them (`BuildCache.appendEntry`), in an unlinked file beside the output until the
/// cache is written: held as a table from the first page written to the cache, a million
/// pages' records were 270 MB of the build's peak. The cache copies the bytes as they are.
///
/// Parts of the write append their records a megabyte at a time (`SiteWriter.Written`), from
/// any thread; their order in the file is the order they came in, which the cache does not
/// depend on. Bytes the file could not take stay in memory, so no record is ever lost.
final class RecordLog: Sendable {
    private struct State {
        var end = 0
        var entries = 0
        /// Batches the file could not take, by the offset each was to have.
        var unwritten: [(offset: Int, bytes: [UInt8])] = []
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// A batch is sent to the file once it holds this many bytes.
    static let batchSize = 1 << 20

    /// A log in a new unlinked file in `folder`, or `nil` when none can be made there.
    init?(folder: String) {
        guard let descriptor = BodySpill.unlinkedFile(in: folder, named: ".stacks-records") else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `entries` encoded records.
    func append(_ batch: [UInt8], entries: Int) {
        guard !batch.isEmpty else { return }
        let offset = state.withLock { state in
            defer {
                state.end += batch.count
                state.entries += entries
            }
            return state.end
        }
        guard !MemoFile.Writer.write(batch, to: descriptor, at: offset) else { return }
        // Its span stays a hole in the file, skipped when read back (`forEachBatch`).
        state.withLock { $0.unwritten.append((offset, batch)) }
    }

    /// How many records were appended.
    var entries: Int { state.withLock { $0.entries } }

    /// Every record's bytes, a megabyte at a time: the file's, then those it could not take.
    func forEachBatch(_ body: (UnsafeRawBufferPointer) -> Void) {
        let (end, unwritten) = state.withLock { ($0.end, $0.unwritten.sorted { $0.offset < $1.offset }) }
        var buffer = [UInt8](repeating: 0, count: Self.batchSize)
        var offset = 0
        // The file's spans between the holes the refused batches left.
        for stop in unwritten.map(\.offset) + [end] {
            while offset < stop {
                let wanted = min(buffer.count, stop - offset)
                let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
                if read < 0, errno == EINTR { continue }
                // A file the system could not read back is a fault of the machine, not the content.
                precondition(read > 0, "the records' file could not be read back")
                buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
                offset += read
            }
            if let hole = unwritten.first(where: { $0.offset == stop }) { offset += hole.bytes.count }
        }
        for batch in unwritten { batch.bytes.withUnsafeBytes { body($0) } }
    }
}
