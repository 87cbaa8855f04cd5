#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where the known sources live: `.NAME.stacks-known` beside the output folder `NAME`, as the
/// build cache does, written by a build once it has read the content.
extension KnownSources {
    /// `.output.stacks-known` beside `output` (a real path).
    static func path(forOutput output: String) -> String {
        BesideOutput.path(of: output, kind: "known")
    }

    /// The records beside `output`, when there is a file of them whole and written by `binary`.
    static func read(forOutput output: String, binary: String = BinaryIdentity.current) -> KnownSources? {
        guard case .success(let bytes) = RegularFile.read(atPath: path(forOutput: output)) else { return nil }
        return decode(bytes, binary: binary)
    }

    /// Known sources on their way to their place: written under a temporary name as soon as
    /// the content is read, then let go, and renamed into place by `keep()` once the build has
    /// written its site. One never kept (a build that failed) is removed, and the last build's
    /// file stays as it was: a build that fails writes nothing beside the output. A file that
    /// cannot be written is given up quietly: without it the next build reads every page.
    final class Pending: Sendable {
        private let path: String
        private let temporary: String
        private let written: Bool
        private let kept = Atomic<Bool>(false)

        init(_ bytes: [UInt8], forOutput output: String) {
            path = KnownSources.path(forOutput: output)
            temporary = path + "-\(getpid())"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                written = MemoFile.Writer.write(bytes, to: descriptor, at: 0)
                close(descriptor)
            } else {
                written = false
            }
        }

        func keep() {
            guard written, !kept.exchange(true, ordering: .relaxed) else { return }
            if rename(temporary, path) != 0 { kept.store(false, ordering: .relaxed) }
        }

        deinit {
            if !kept.load(ordering: .relaxed) { unlink(temporary) }
        }
    }
}
