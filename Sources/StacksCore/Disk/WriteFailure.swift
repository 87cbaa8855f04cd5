#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the build could not read or write, with the system's reason.
///
/// Kept apart from Foundation's errors, whose `localizedDescription` on Linux says only
/// "The operation could not be completed": the message must name the file and the cause.
public struct WriteFailure: Error, Sendable, CustomStringConvertible {
    public enum Place: Sendable, Equatable {
        /// Relative to the output folder.
        case output(String)
        /// A co-located file, relative to the content folder.
        case content(String)
        /// What the writer keeps beside the output (the lock, the new and the old site) and the
        /// output itself, by full path.
        case beside(String)
    }

    public var place: Place
    public var reason: String

    public init(_ place: Place, reason: String) {
        self.place = place
        self.reason = reason
    }

    /// `code`: an `errno` value, said as `strerror` says it ("No space left on device").
    public init(_ place: Place, code: Int32) {
        self.init(place, reason: String(cString: strerror(code)))
    }

    /// `output: error: cannot write assets/x.css: No space left on device`, or
    /// `content/x/photo.png:1:1: error: cannot read: Permission denied`.
    public func diagnostic(output: String, content: String) -> Diagnostic {
        switch place {
        case .output(let path), .beside(let path): .error(output, "cannot write \(path): \(reason)")
        case .content(let source): .error(content + "/" + source, line: 1, column: 1, "cannot read: \(reason)")
        }
    }

    public var description: String {
        diagnostic(output: "output", content: "content").description
    }
}
