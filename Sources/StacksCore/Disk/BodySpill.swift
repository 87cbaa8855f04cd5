#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pages' bodies of a build in an unlinked file, one after another, and where each is
/// (`PageBodies`): written once by the resolve stage, read from any thread by the render.
/// A body found whole in a file the build holds (`HeldBytes`: the parse memo) is left there.
///
/// The first `allowance` bytes of bodies stay in memory, and the file is made only for those
/// after them: writing a catalog of 10,000 items' bodies to a file and reading them back was a
/// twentieth of its clean build's CPU, for memory it has to spare; a large catalog's bodies still
/// go to the file past the allowance, so its peak grows with it as before.
final class BodySpill: Sendable {
    /// Where a body is: `descriptor`, the spill file's or a held file's; `inMemory`, the
    /// `offset`th of the bodies kept in memory.
    /// 16 bytes (a body is far below 4 GiB: its Markdown is at most 16 MiB): one a page.
    struct Span: Sendable {
        var offset: Int
        private var byteCount: UInt32
        var descriptor: Int32

        var count: Int { Int(byteCount) }

        init(offset: Int, count: Int, descriptor: Int32) {
            precondition(count >= 0 && count <= Int(UInt32.max), "a body of 4 GiB or more")
            self.offset = offset
            byteCount = UInt32(count)
            self.descriptor = descriptor
        }
    }

    /// The descriptor of a body kept in memory.
    static let inMemory: Int32 = -1
    /// The bytes of bodies a writer keeps in memory before it makes its file: more than a
    /// 10,000-item catalog's Markdown (25 MB) or HTML (30 MB).
    static let allowance = 40 << 20

    /// The spill file's, `inMemory` when none was made.
    let descriptor: Int32
    let spans: [Span]
    /// The held files bodies are left in, kept open while they are read.
    private let held: [any HeldFile]
    /// The bodies within the allowance.
    private let kept: [String]

    fileprivate init(descriptor: Int32, spans: [Span], held: [any HeldFile], kept: [String]) {
        self.descriptor = descriptor
        self.spans = spans
        self.held = held
        self.kept = kept
    }

    deinit { if descriptor != Self.inMemory { close(descriptor) } }

    func body(_ index: Int) -> String {
        let span = spans[index]
        return span.descriptor == Self.inMemory ? kept[span.offset] : Self.read(span)
    }

    /// The text at `span`, read whole (the lists' spill file reads the same way).
    static func read(_ span: Span) -> String {
        guard span.count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: span.count) { buffer in
            var done = 0
            while done < span.count {
                let read = pread(span.descriptor, buffer.baseAddress! + done, span.count - done, off_t(span.offset + done))
                if read > 0 { done += read } else if read < 0, errno == EINTR { continue } else { break }
            }
            // A file the system could not read back is a fault of the machine, not the content.
            precondition(done == span.count, "a spill file could not be read back")
            return done
        }
    }

    func all() -> [String] { spans.indices.map(body) }

    /// A new file in `folder`, open for reading and writing and already unlinked (so that it
    /// leaves nothing behind, even when the build is killed): its descriptor, or `nil`.
    static func unlinkedFile(in folder: String, named prefix: String) -> Int32? {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
            + Array((prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Bytes left in a held file, read.
    static func read(_ kept: HeldBytes) -> String {
        read(Span(offset: kept.offset, count: kept.count, descriptor: kept.file.descriptor))
    }

    /// Appends bodies: within the allowance, to memory; past it, to the file a megabyte at a
    /// time (one `pwrite` a body was a tenth of the parse stage after an edit, whose ten
    /// thousand bodies come from the memo).
    struct Writer {
        private let folder: String
        private var descriptor = BodySpill.inMemory
        private var spans: [Span] = []
        private var held: [any HeldFile] = []
        private var kept: [String] = []
        /// The bytes still to keep in memory.
        private var allowance: Int
        private var end = 0
        /// Bodies not yet written, from `end - pending.count` on.
        private var pending: [UInt8] = []
        private static let flushSize = 1 << 20

        /// `count`: how many bodies will come, when known: their spans' room is made at once
        /// (grown by doubling, a million pages' spans left up to 12 MB unused).
        init(folder: String, allowance: Int = BodySpill.allowance, count: Int = 0) {
            self.folder = folder
            self.allowance = allowance
            spans.reserveCapacity(count)
        }

        /// Appends one body; `false` when no file could be made for it, or the file could not
        /// take what was waiting to be written (`takeAll` then still gives every body).
        mutating func append(_ html: String) -> Bool {
            let count = html.utf8.count
            func keep() {
                spans.append(Span(offset: kept.count, count: count, descriptor: BodySpill.inMemory))
                kept.append(html)
            }
            if count <= allowance {
                allowance -= count
                keep()
                return true
            }
            // Past the allowance, every body goes to the file, in order.
            allowance = 0
            if descriptor == BodySpill.inMemory {
                guard let made = BodySpill.unlinkedFile(in: folder, named: ".stacks-bodies") else {
                    keep()
                    return false
                }
                descriptor = made
            }
            var html = html
            html.withUTF8 { pending.append(contentsOf: $0) }
            spans.append(Span(offset: end, count: count, descriptor: descriptor))
            end += count
            return pending.count < Self.flushSize || flush()
        }

        /// Appends one body left where it is.
        mutating func append(_ kept: HeldBytes) {
            if !held.contains(where: { $0 === kept.file }) { held.append(kept.file) }
            spans.append(Span(offset: kept.offset, count: kept.count, descriptor: kept.file.descriptor))
        }

        private mutating func flush() -> Bool {
            guard !pending.isEmpty else { return true }
            let start = end - pending.count
            let written = pending.withUnsafeBytes { bytes -> Bool in
                var done = 0
                while done < bytes.count {
                    let wrote = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(start + done))
                    if wrote > 0 { done += wrote } else if wrote < 0, errno == EINTR { continue } else { return false }
                }
                return true
            }
            if written { pending.removeAll(keepingCapacity: true) }
            return written
        }

        var count: Int { spans.count }

        /// Whether every body is in memory: no file was made, none was left in a held file.
        var isAllInMemory: Bool { descriptor == BodySpill.inMemory && held.isEmpty }

        /// The file, every body in it; `nil` when the last of them could not be written.
        mutating func finished() -> BodySpill? {
            guard flush() else { return nil }
            return BodySpill(descriptor: descriptor, spans: spans, held: held, kept: kept)
        }

        /// Every body appended, from memory, the files and what waits to be written; the file is closed.
        consuming func takeAll() -> [String] {
            let unwritten = end - pending.count
            let bodies = spans.map { span -> String in
                if span.descriptor == BodySpill.inMemory { return kept[span.offset] }
                guard span.descriptor == descriptor, span.offset + span.count > unwritten else { return BodySpill.read(span) }
                let from = span.offset - unwritten
                return String(decoding: pending[from..<(from + span.count)], as: UTF8.self)
            }
            // Closes the file.
            _ = BodySpill(descriptor: descriptor, spans: [], held: [], kept: [])
            return bodies
        }
    }
}
