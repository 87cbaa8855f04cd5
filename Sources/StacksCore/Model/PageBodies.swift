#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every page's body HTML after the resolve stage (links in root-marker form), by page index.
///
/// `stacks serve` holds them in memory and patches them. A build writes each to a spill file
/// as the resolver makes it and reads it back when its page is rendered: a large catalog then
/// never holds all its HTML, which at 100,000 pages was a third of the build's peak memory.
/// The file is unlinked as soon as it is made, so it leaves nothing behind, even when the
/// build is killed; the system keeps its pages in its file cache, free to let them go.
public struct PageBodies: Sendable {
    private enum Storage: Sendable {
        case held([String])
        case spilled(Spill)
    }

    private var storage: Storage

    public init(_ bodies: [String] = []) {
        storage = .held(bodies)
    }

    public var count: Int {
        switch storage {
        case .held(let bodies): bodies.count
        case .spilled(let spill): spill.spans.count
        }
    }

    public subscript(index: Int) -> String {
        switch storage {
        case .held(let bodies): bodies[index]
        case .spilled(let spill): spill.body(index)
        }
    }

    /// Page `index`'s body replaced (`stacks serve`, whose bodies are held).
    mutating func replace(_ index: Int, with html: String) {
        guard case .held(var bodies) = storage else { preconditionFailure("spilled bodies are not patched") }
        storage = .held([])
        bodies[index] = html
        storage = .held(bodies)
    }

    /// Collects bodies in page order: in memory, or in a spill file in `folder` when it is
    /// given and a file can be made there.
    struct Collector {
        private var held: [String] = []
        private var spill: Spill.Writer?

        init(count: Int, spillingIn folder: String?) {
            spill = folder.flatMap(Spill.Writer.init(folder:))
            if spill == nil { held.reserveCapacity(count) }
        }

        mutating func append(_ html: String) {
            if spill != nil, spill!.append(html) { return }
            if let writer = spill {
                // The file could not take it (a full disk): what it holds comes back to memory.
                held = writer.finished().all()
                spill = nil
            }
            held.append(html)
        }

        consuming func finished() -> PageBodies {
            var bodies = PageBodies()
            bodies.storage = spill.map { .spilled($0.finished()) } ?? .held(held)
            return bodies
        }
    }

    /// An unlinked file of bodies, one after another, and where each is.
    final class Spill: Sendable {
        let descriptor: Int32
        let spans: [(offset: Int, count: Int)]

        fileprivate init(descriptor: Int32, spans: [(offset: Int, count: Int)]) {
            self.descriptor = descriptor
            self.spans = spans
        }

        deinit { close(descriptor) }

        func body(_ index: Int) -> String {
            let span = spans[index]
            guard span.count > 0 else { return "" }
            return String(unsafeUninitializedCapacity: span.count) { buffer in
                var done = 0
                while done < span.count {
                    let read = pread(descriptor, buffer.baseAddress! + done, span.count - done, off_t(span.offset + done))
                    if read > 0 { done += read } else if read < 0, errno == EINTR { continue } else { break }
                }
                // A file the system could not read back is a fault of the machine, not the content.
                precondition(done == span.count, "the bodies' spill file could not be read back")
                return done
            }
        }

        func all() -> [String] { spans.indices.map(body) }

        struct Writer {
            private let descriptor: Int32
            private var spans: [(offset: Int, count: Int)] = []
            private var end = 0

            init?(folder: String) {
                var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
                    + Array(".stacks-bodies-XXXXXX".utf8CString)
                let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard descriptor >= 0 else { return nil }
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                self.descriptor = descriptor
            }

            /// Appends one body; `false` when the file could not take it.
            mutating func append(_ html: String) -> Bool {
                var html = html
                let written = html.withUTF8 { bytes -> Bool in
                    var done = 0
                    while done < bytes.count {
                        let wrote = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(end + done))
                        if wrote > 0 { done += wrote } else if wrote < 0, errno == EINTR { continue } else { return false }
                    }
                    return true
                }
                guard written else { return false }
                spans.append((end, html.utf8.count))
                end += html.utf8.count
                return true
            }

            func finished() -> Spill { Spill(descriptor: descriptor, spans: spans) }
        }
    }
}
