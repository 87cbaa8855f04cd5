import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stage results kept between builds beside the output `NAME`, by the digest of everything
/// each is made from (`.NAME.stacks-documents`: each Markdown file's front matter, decoded;
/// `.NAME.stacks-markdown`: each page's parsed Markdown; `.NAME.stacks-search`: the search's
/// postings of each run of a record file's pages, `SearchRun`). A build takes what it finds here instead
/// of computing it again: after a one-page edit, the decoding, the parse and the search were
/// the largest parts of a build.
///
/// A memo, not a record: every entry is a function of its key, so an entry is right for any
/// output and any build of the same binary. The file names the binary that wrote it (another
/// one may parse or split words otherwise) and is never trusted further: each entry carries its
/// own checksum, checked when it is read, and an entry that fails it is simply not there.
///
/// The file: a header (`magic`, the format, the kind, the binary), the entries one after
/// another, each its bytes and their checksum (`Checksum`); then the index (count; key,
/// offset and length of each) and its BLAKE2b digest; last, where the index starts. Written
/// by a `Writer` from all of a build's workers at once: after the
/// last memo's end, indexing again the entries it had that the build used (`appendingTo`), or,
/// when most of the file would be entries no build uses any more, whole under a temporary
/// name renamed into place. Either way the new index is written once the site is.
final class MemoFile: HeldFile {
    static let magic = Array("stacks memo\n".utf8)
    static let format: UInt64 = 2

    enum Kind: String, CaseIterable {
        case search, markdown, documents
    }

    let descriptor: Int32
    /// The file's size when it was read.
    let size: Int
    private let entries: [Digest: (offset: Int, count: Int)]
    /// The bytes of the entries the index names, checksums included.
    let indexedBytes: Int
    /// Which file this is, for a writer to tell it is still in place.
    let identity: FileIdentity

    private init(descriptor: Int32, size: Int, entries: [Digest: (offset: Int, count: Int)], identity: FileIdentity) {
        self.descriptor = descriptor
        self.size = size
        self.entries = entries
        self.identity = identity
        indexedBytes = entries.values.reduce(0) { $0 + $1.count + 16 }
    }

    deinit { close(descriptor) }

    /// `.output.stacks-KIND` beside `output` (a real path).
    static func path(forOutput output: String, kind: Kind) -> String {
        BesideOutput.path(of: output, kind: kind.rawValue)
    }

    /// The header: which format, which kind, which binary.
    private static func header(kind: Kind, binary: String) -> [UInt8] {
        magic + word(format) + word(UInt64(kind.rawValue.utf8.count)) + Array(kind.rawValue.utf8)
            + word(UInt64(binary.utf8.count)) + Array(binary.utf8)
    }

    /// The memo of `kind` beside `output`, when there is one this binary wrote and its index is whole.
    static func read(forOutput output: String, kind: Kind, binary: String = BinaryIdentity.current) -> MemoFile? {
        let descriptor = open(path(forOutput: output, kind: kind), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let entries = index(of: descriptor, size: Int(status.st_size), header: header(kind: kind, binary: binary)) else {
            close(descriptor)
            return nil
        }
        return MemoFile(descriptor: descriptor, size: Int(status.st_size), entries: entries, identity: FileIdentity(status))
    }

    /// The bytes kept under `key`, if there are and they are whole.
    func entry(_ key: Digest) -> [UInt8]? {
        entries[key].flatMap(entry(at:))
    }

    private func entry(at span: (offset: Int, count: Int)) -> [UInt8]? {
        // Read with its checksum into room not zeroed first, checked there, and the checksum
        // left beyond the array's end: the entry is not copied out (an edit build reads tens of
        // megabytes of them), nor cut off by a call that moves elements.
        var whole = false
        let bytes = [UInt8](unsafeUninitializedCapacity: span.count + 16) { buffer, initialized in
            guard Self.read(descriptor, at: span.offset, into: UnsafeMutableRawBufferPointer(buffer)) else { return }
            let raw = UnsafeRawBufferPointer(buffer)
            let written = Digest(high: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: span.count, as: UInt64.self)),
                                 low: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: span.count + 8, as: UInt64.self)))
            let entry = UnsafeRawBufferPointer(rebasing: raw[..<span.count])
            guard written == Checksum.of(entry) else { return }
            whole = true
            initialized = span.count
        }
        return whole ? bytes : nil
    }

    /// `entry(key)`, and where its bytes are in this file: a reader may leave part of them
    /// there (`HeldBytes`). Bytes before the file's size when read are never written again:
    /// a writer appends after them or writes a new file renamed over this one.
    func located(_ key: Digest) -> (bytes: [UInt8], at: HeldBytes)? {
        guard let span = entries[key], let bytes = entry(at: span) else { return nil }
        return (bytes, HeldBytes(file: self, offset: span.offset, count: span.count))
    }

    var count: Int { entries.count }

    /// Where the entry under `key` is: a writer appending to this file indexes it again rather
    /// than writing it, once a reader has found it whole (`Writer.addFound`).
    fileprivate func span(of key: Digest, count: Int) -> (offset: Int, count: Int)? {
        guard let span = entries[key], span.count == count else { return nil }
        return span
    }

    /// Whether an entry is kept under `key`, by the index alone (its checksum is checked when read).
    func contains(_ key: Digest) -> Bool { entries[key] != nil }

    private static func index(of descriptor: Int32, size: Int, header: [UInt8]) -> [Digest: (offset: Int, count: Int)]? {
        guard size >= header.count + 8, read(descriptor, at: 0, count: header.count) == header,
              let last = read(descriptor, at: size - 8, count: 8) else { return nil }
        let start = Int(truncatingIfNeeded: number(last[...]))
        guard start >= header.count, start <= size - 8 - 8 - 16,
              let table = read(descriptor, at: start, count: size - 8 - start) else { return nil }
        let body = Array(table[..<(table.count - 16)])
        var tail = table[(table.count - 16)...].makeIterator()
        guard digest(from: &tail) == Digest(of: body) else { return nil }
        let count = Int(truncatingIfNeeded: number(body[0..<8]))
        guard count >= 0, count == (body.count - 8) / 32, (body.count - 8) % 32 == 0 else { return nil }
        var entries: [Digest: (offset: Int, count: Int)] = Dictionary(minimumCapacity: count)
        for position in 0..<count {
            let at = 8 + position * 32
            let key = Digest(high: number(body[at..<(at + 8)]), low: number(body[(at + 8)..<(at + 16)]))
            let offset = Int(truncatingIfNeeded: number(body[(at + 16)..<(at + 24)]))
            let length = Int(truncatingIfNeeded: number(body[(at + 24)..<(at + 32)]))
            // Every entry lies between the header and the index.
            guard offset >= header.count, offset <= start, length >= 0, length <= start - offset - 16 else { return nil }
            entries[key] = (offset, length)
        }
        return entries
    }

    /// Fills `buffer` from `offset`; `false` when the file ends or cannot be read first.
    private static func read(_ descriptor: Int32, at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if read > 0 {
                done += read
            } else if read < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        // Read into room that is not zeroed first.
        var whole = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let read = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if read > 0 {
                    initialized += read
                } else if read < 0, errno == EINTR {
                    continue
                } else {
                    whole = false
                    return
                }
            }
        }
        return whole ? bytes : nil
    }

    private static func word(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    private static func number(_ bytes: some BidirectionalCollection<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func digest(from bytes: inout some IteratorProtocol<UInt8>) -> Digest {
        var words: [UInt64] = [0, 0]
        for word in 0..<2 {
            var value: UInt64 = 0
            for shift in 0..<8 { value |= UInt64(bytes.next() ?? 0) << (8 * shift) }
            words[word] = value
        }
        return Digest(high: words[0], low: words[1])
    }

    private static func bytes(of digest: Digest) -> [UInt8] {
        word(digest.high) + word(digest.low)
    }

    /// A new memo, filled from any thread and put in place by `finish()`; one never finished
    /// (a build that failed) leaves the last build's memo as it was.
    final class Writer: Sendable {
        private let path: String
        /// Where a whole new memo is written until it is finished; `nil` when appending.
        private let temporary: String?
        private let descriptor: Int32
        /// The memo appended to, and its size before: the file is cut back to it if this
        /// writer is never finished.
        private let earlier: MemoFile?
        private struct State {
            var end: Int
            var index: [(key: Digest, offset: Int, count: Int)] = []
            /// Entries not yet written, from `end - pending.count` on: written a megabyte at a
            /// time rather than one call each (a build keeps tens of thousands).
            var pending: [UInt8] = []
            var failed = false
            var finished = false

            init(end: Int, reserving entries: Int) {
                self.end = end
                index.reserveCapacity(entries)
            }
        }
        private static let flushSize = 1 << 20
        private let state: Mutex<State>

        /// `appendingTo`: the last memo of this kind, as read for this build; this one is
        /// written after its end, and each entry it has that is kept again is only indexed
        /// again, unless entries no build uses any more would then be most of the file.
        /// `expectedEntries`: room for that many in the index at once (grown by doubling, the
        /// index of a page's decoding and of its parse came to 150 bytes a page).
        init?(forOutput output: String, kind: Kind, binary: String = BinaryIdentity.current, appendingTo last: MemoFile? = nil,
              expectedEntries: Int = 0) {
            path = MemoFile.path(forOutput: output, kind: kind)
            if let last, last.size <= 2 * last.indexedBytes + (1 << 20) {
                let appended = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
                // The file read, still in place and as read: else a whole new one.
                if appended >= 0, FileIdentity.of(descriptor: appended) == last.identity {
                    descriptor = appended
                    temporary = nil
                    earlier = last
                    state = Mutex(State(end: last.size, reserving: expectedEntries))
                    return
                }
                if appended >= 0 { close(appended) }
            }
            let temporary = path + "-\(getpid())"
            self.temporary = temporary
            earlier = nil
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            let header = MemoFile.header(kind: kind, binary: binary)
            state = Mutex(State(end: header.count, reserving: expectedEntries))
            if !Self.write(header, to: descriptor, at: 0) { state.withLock { $0.failed = true } }
        }

        deinit {
            if !state.withLock({ $0.finished }) {
                if let temporary { unlink(temporary) }
                // What was appended goes: the last memo's index is its end again.
                if let earlier { _ = ftruncate(descriptor, off_t(earlier.size)) }
            }
            close(descriptor)
        }

        /// Keeps again `bytes`, the entry under `key` that the memo appended to gave whole and
        /// that was used as it was: appending, it is only indexed again.
        func addFound(_ key: Digest, _ bytes: [UInt8]) {
            guard let span = earlier?.span(of: key, count: bytes.count) else { return add(key, bytes) }
            state.withLock { state in
                guard !state.finished else { return }
                state.index.append((key, span.offset, span.count))
            }
        }

        /// Keeps `bytes` under `key`. A file that cannot take it is given up quietly: the memo
        /// only saves time.
        func add(_ key: Digest, _ bytes: [UInt8]) {
            let checksum = MemoFile.bytes(of: bytes.withUnsafeBytes(Checksum.of))
            state.withLock { state in
                guard !state.failed, !state.finished else { return }
                state.index.append((key, state.end, bytes.count))
                state.pending += bytes
                state.pending += checksum
                state.end += bytes.count + checksum.count
                if state.pending.count >= Self.flushSize { flush(&state) }
            }
        }

        private func flush(_ state: inout State) {
            guard !state.pending.isEmpty else { return }
            if !Self.write(state.pending, to: descriptor, at: state.end - state.pending.count) { state.failed = true }
            state.pending.removeAll(keepingCapacity: true)
        }

        /// Writes the index and puts the memo in place of the last one; what is kept after it
        /// is not. The index is let go: a writer finished before the site is written (the
        /// decodings' and the parses') held 64 bytes a page through the write.
        func finish() {
            let done = state.withLock { state -> Bool in
                flush(&state)
                if state.finished { return true }
                defer { state.index = []; state.pending = [] }
                guard !state.failed else { return false }
                var table = MemoFile.word(UInt64(state.index.count))
                table.reserveCapacity(8 + state.index.count * 32 + 24)
                for entry in state.index {
                    table += MemoFile.bytes(of: entry.key) + MemoFile.word(UInt64(entry.offset)) + MemoFile.word(UInt64(entry.count))
                }
                table += MemoFile.bytes(of: Digest(of: table)) + MemoFile.word(UInt64(state.end))
                guard Self.write(table, to: descriptor, at: state.end) else { return false }
                if let temporary, rename(temporary, path) != 0 { return false }
                state.finished = true
                return true
            }
            if !done, let temporary { unlink(temporary) }
        }

        /// Writes all of `bytes` at `offset` (the spill files write the same way).
        static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
            var done = 0
            while done < bytes.count {
                let wrote = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
                if wrote > 0 { done += wrote } else if wrote < 0, errno == EINTR { continue } else { return false }
            }
            return true
        }
    }
}
