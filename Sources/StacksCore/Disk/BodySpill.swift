#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pages' bodies of a build in an unlinked file, one after another, and where each is
/// (`PageBodies`): written once by the resolve stage, read from any thread by the render.
final class BodySpill: Sendable {
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

        var count: Int { spans.count }

        func finished() -> BodySpill { BodySpill(descriptor: descriptor, spans: spans) }
    }
}
