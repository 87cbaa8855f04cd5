import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the build cache lives and how it reaches the disk: `.NAME.stacks-cache` beside the
/// output folder `NAME`, like the lock, so it is never published, never in the content folder,
/// and gone with neither.
extension BuildCache {
    /// `.output.stacks-cache` beside `output` (a real path).
    static func path(forOutput output: String) -> String {
        BesideOutput.path(of: output, kind: "cache")
    }

    /// The cache of `output`, or why there is none to use; `nil` when there is simply none.
    static func read(forOutput output: String, binary: String) -> Result<BuildCache, Rejection>? {
        switch RegularFile.read(atPath: path(forOutput: output)) {
        case .failure(.system(ENOENT)): return nil
        case .failure: return .failure(.damaged("unreadable"))
        case .success(let bytes): return decode(bytes, binary: binary)
        }
    }

    /// Written whole under a temporary name, then renamed into place: a kill leaves the old
    /// cache or the new one, never half of one (and the checksum would tell).
    /// `log`: records of the write that are in a file of their own, written after `files`'.
    func write(forOutput output: String, log: RecordLog? = nil) throws(WriteFailure) {
        let path = Self.path(forOutput: output)
        let temporary = path + "-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(.beside(path), code: errno) }
        if let code = write(to: descriptor, log: log) {
            close(descriptor)
            unlink(temporary)
            throw WriteFailure(.beside(path), code: code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteFailure(.beside(path), code: code)
        }
    }

    /// Before the output is changed in place: until the new cache is written, there is none,
    /// so a build killed in between is followed by a clean one.
    static func remove(forOutput output: String) throws(WriteFailure) {
        let path = path(forOutput: output)
        guard unlink(path) == 0 || errno == ENOENT else { throw WriteFailure(.beside(path), code: errno) }
    }
}

extension FileIdentity {
    /// What `lstat` says of `path` (a link is itself, not what it leads to), or `nil`.
    static func of(_ path: String, following: Bool = false) -> FileIdentity? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// What `fstat` says of an open file, or `nil`.
    static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// A written file's identity as the cache records it: without the change time, which a
    /// hard link to it (the next clean build's) or the removal of the old output's name for it
    /// changes.
    var asWritten: FileIdentity {
        var identity = self
        identity.changed = 0
        return identity
    }

    package init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                  changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }
}

/// Which Stacks is running: its executable's identity. Another build of Stacks is another
/// file (or the same file rewritten, with a new change time), so its cache is not used.
enum BinaryIdentity {
    static let current: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        // Unknown: an identity no other run has, so that no cache is ever taken for this one's.
        guard let file = FileIdentity.of(path, following: true) else { return "unknown:\(UUID().uuidString)" }
        return "\(BuildCache.format):\(file.device):\(file.inode):\(file.size):\(file.modified):\(file.changed)"
    }()
}

extension SourceFingerprint {
    /// The identity of every file of `tree` that is not read into it, through its link if it is one.
    static func assetIdentities(of tree: SourceDirectory, contentRoot: String) -> [String: FileIdentity] {
        var identities: [String: FileIdentity] = [:]
        func visit(_ directory: SourceDirectory) {
            for file in directory.files where !file.isMarkdown {
                identities[file.relativePath] = FileIdentity.ofSource(contentRoot + "/" + (file.target ?? file.relativePath))
            }
            directory.directories.forEach(visit)
        }
        visit(tree)
        return identities
    }
}

extension FileIdentity {
    /// A source file's identity, through its link if it is one, for a cache to compare.
    ///
    /// A file changed in the last second gets an identity no other reading has: file times
    /// tick in steps of milliseconds, so a file rewritten with the same size within one step of
    /// the build that read it would otherwise look unchanged to the next build.
    static func ofSource(_ path: String) -> FileIdentity? {
        guard var identity = of(path, following: true) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let recent = (Int64(now.tv_sec) - 1) * 1_000_000_000 + Int64(now.tv_nsec)
        if max(identity.modified, identity.changed) >= recent { identity.changed = -Int64.random(in: 1...Int64.max) }
        return identity
    }
}
