import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path leads once every symbolic link in it is resolved (`realpath(3)`): how the
/// reader keeps links inside the content folder, the writer keeps away from protected
/// folders, and the preview keeps requests and watches inside their roots.
package enum RealPath {
    /// Why a path could not be resolved: the `errno` of `realpath(3)`.
    package struct Failure: Error, Equatable {
        package var code: Int32
        /// The links lead round in a loop (`ELOOP`), rather than nowhere.
        package var isLoop: Bool { code == ELOOP }
    }

    /// The resolved path, or why there is none (it leads nowhere, or round in a loop).
    package static func resolve(_ path: String) -> Result<String, Failure> {
        guard let resolved = realpath(path, nil) else { return .failure(Failure(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// The resolved path, or `nil` if it leads nowhere (or round in a loop).
    package static func of(_ path: String) -> String? {
        try? resolve(path).get()
    }

    /// The resolved path, also where its end does not exist yet: the deepest existing folder is
    /// resolved and the rest appended; `path` itself if nothing of it resolves.
    package static func ofPossiblyMissing(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while true {
            if let base = of(existing) {
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return path }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }
}
