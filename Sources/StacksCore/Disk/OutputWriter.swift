import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output end of the pipeline: writes a whole site beside the output folder, then swaps it in.
///
/// A failed or interrupted build leaves the previous output as it was. Stacks writes only into
/// a folder that is empty, missing, or marked as its own by an earlier build, and only one
/// build at a time (see `OutputLock`).
public struct OutputWriter: Sendable {
    public static let markerName = ".stacks-output"

    public var output: URL
    /// Folders that must never be written to or replaced (content, templates).
    public var protected: [URL]
    /// How the output folder is named in messages.
    public var display: String
    /// Called once when another build of the same output is running and this one waits.
    public var waiting: @Sendable (String) -> Void

    public init(output: URL, protected: [URL], display: String,
                waiting: @escaping @Sendable (String) -> Void = OutputWriter.sayWaiting) {
        self.output = output.standardizedFileURL
        self.protected = protected.map(\.standardizedFileURL)
        self.display = display
        self.waiting = waiting
    }

    /// The notice on standard error: a build that seems stuck says why.
    public static let sayWaiting: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Refuses folders whose replacement would lose someone's work; returns the output's real
    /// path, which is where the build writes.
    ///
    /// Every rule is applied to the real path (folders above it that are symbolic links
    /// resolved). An output that is itself a symbolic link is refused: replacing the link would
    /// break it, and replacing through it would delete in a place the command line did not name.
    @discardableResult
    public func checkDestination() throws(Diagnostics) -> String {
        func refuse(_ why: String) -> Diagnostics {
            Diagnostics([.error(display, "refusing to write the site here: \(why)")])
        }
        var info = stat()
        if lstat(output.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let target = output.resolvingSymlinksInPath().path
            throw refuse("it is a symbolic link (to \(target)); name the folder itself, as --output \(target)")
        }
        let path = RealPath.ofPossiblyMissing(output.path)
        let home = RealPath.ofPossiblyMissing(FileManager.default.homeDirectoryForCurrentUser.path)
        if path == "/" || path == home { throw refuse("it is \(path == "/" ? "the root folder" : "your home folder")") }
        for folder in protected {
            let protectedPath = RealPath.ofPossiblyMissing(folder.path)
            if path == protectedPath || path.hasPrefix(protectedPath + "/") {
                throw refuse("it is inside \(folder.lastPathComponent)/, which Stacks reads from")
            }
            if protectedPath.hasPrefix(path + "/") {
                throw refuse("it contains \(folder.lastPathComponent)/, which replacing it would delete")
            }
        }
        guard lstat(path, &info) == 0 else {
            // Where the folders above it end, there must be a folder to make the rest in.
            var above = path
            while let slash = above.lastIndex(of: "/"), slash != above.startIndex {
                above = String(above[..<slash])
                if lstat(above, &info) == 0 {
                    guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(above) is a file") }
                    break
                }
            }
            return path
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is a file") }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if !entries.isEmpty, !entries.contains(Self.markerName) {
            throw refuse("the folder is not empty and was not written by Stacks (no \(Self.markerName) file in it)")
        }
        return path
    }

    /// Writes into a fresh folder beside the output, calls `fill` to write the site's files
    /// into it, then swaps it in. On any error the new folder is removed and the output kept.
    ///
    /// `fill` also gets the path of the output being replaced, when there is one, so that files
    /// that have not changed can be linked from it rather than written again.
    public func replace<Result>(_ fill: (_ staging: URL, _ previous: String?) async throws -> Result) async throws -> Result {
        try await withLock { path throws in try await replace(path, fill) }
    }

    /// Runs `work` with the output's real path, holding its lock: only one build at a time
    /// reads its cache, writes in place or swaps it.
    public func withLock<Result>(_ work: (_ path: String) async throws -> Result) async throws -> Result {
        var path = try checkDestination()
        let parent = String(path[..<path.lastIndex(of: "/")!])
        let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        do {
            try FileManager.default.createDirectory(atPath: parent.isEmpty ? "/" : parent, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(.beside(parent), reason: Self.reason(error))
        }
        let lock = try await OutputLock.acquire(forOutput: path) {
            waiting("waiting for another build of \(display)/ to finish")
        }
        // The other build may have changed the folder while this one waited.
        path = try checkDestination()
        removeLeftovers(in: parent, of: name, keeping: [lock.path, BuildCache.path(forOutput: path), KnownSources.path(forOutput: path),
                                                         ImageCache.folder(forOutput: path)]
                            + MemoFile.Kind.allCases.map { MemoFile.path(forOutput: path, kind: $0) })
        let result = try await work(path)
        _ = consume lock
        return result
    }

    /// `replace(_:)`, for a caller that holds the lock of `path` (`withLock`).
    public func replace<Result>(_ path: String, _ fill: (_ staging: URL, _ previous: String?) async throws -> Result)
        async throws -> Result {
        let parent = String(path[..<path.lastIndex(of: "/")!])
        let name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        let staging = parent + "/.\(name).stacks-new-\(getpid())"
        guard mkdir(staging, 0o777) == 0 else { throw WriteFailure(.beside(staging), code: errno) }
        var info = stat()
        let previous = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? path : nil
        do {
            let result = try await fill(URL(fileURLWithPath: staging, isDirectory: true), previous)
            try SiteWriter.write(Array("This folder is written by Stacks; the next build replaces it.\n".utf8),
                                 to: OutputPath(Self.markerName)!, in: staging)
            try swap(staging, into: path, parent: parent, name: name)
            return result
        } catch {
            FolderRemoval.remove(staging)
            throw error
        }
    }

    /// Puts the new site in place of the old in one step, so that at no moment is there no
    /// output: `renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on macOS.
    /// Where the file system cannot exchange, two renames, with the old site set aside between.
    private func swap(_ staging: String, into path: String, parent: String, name: String) throws(WriteFailure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard rename(staging, path) == 0 else { throw WriteFailure(.beside(path), code: errno) }
            return
        }
        let exchanged = POSIX.exchange(staging, path)
        if exchanged == 0 {
            FolderRemoval.remove(staging)  // Now the old site.
            return
        }
        guard exchanged == EINVAL || exchanged == ENOSYS || exchanged == ENOTSUP || exchanged == EOPNOTSUPP else {
            throw WriteFailure(.beside(path), code: exchanged)
        }
        let old = parent + "/.\(name).stacks-old-\(getpid())"
        guard rename(path, old) == 0 else { throw WriteFailure(.beside(path), code: errno) }
        guard rename(staging, path) == 0 else {
            let code = errno
            _ = rename(old, path)
            throw WriteFailure(.beside(path), code: code)
        }
        FolderRemoval.remove(old)
    }

    /// Folders left by a build that was killed before it could clean up. Called with the lock
    /// held, so every one of them belongs to a build that is gone.
    private func removeLeftovers(in parent: String, of name: String, keeping kept: [String]) {
        let prefix = ".\(name).stacks-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(prefix) && !kept.contains(parent + "/" + entry) {
            FolderRemoval.remove(parent + "/" + entry)
        }
    }

    private static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "\(error)"
    }
}
