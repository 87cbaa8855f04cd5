#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One build at a time per output folder: an exclusive `flock` on a dot-file beside it.
///
/// Without it, two builds started together each clear the other's staging folder as a
/// "leftover", and both publish half a site. The kernel drops the lock when its process
/// ends, however it ends, so a killed build never blocks the next one; whatever is beside
/// the output when the lock is taken was left by a build that is gone.
///
/// The file is removed when the lock is given back, while still held: a build that opened it
/// in the meantime sees that the name now leads elsewhere (or nowhere) and opens it again.
struct OutputLock: ~Copyable {
    let path: String
    private let descriptor: Int32

    /// `.output.stacks-lock` beside `output` (a real path).
    static func path(forOutput output: String) -> String {
        BesideOutput.path(of: output, kind: "lock")
    }

    /// Takes the lock, calling `waiting` once if another build holds it, and polling without
    /// blocking a thread of the caller's task pool.
    static func acquire(forOutput output: String, waiting: () -> Void) async throws(WriteFailure) -> OutputLock {
        let path = path(forOutput: output)
        var saidWaiting = false
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw WriteFailure(.beside(path), code: errno) }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    let code = errno
                    close(descriptor)
                    throw WriteFailure(.beside(path), code: code)
                }
                if !saidWaiting {
                    waiting()
                    saidWaiting = true
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            var held = stat(), named = stat()
            if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                return OutputLock(path: path, descriptor: descriptor)
            }
            close(descriptor)
        }
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        unlink(path)
        close(descriptor)
    }
}
