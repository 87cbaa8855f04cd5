import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file only if it is a regular file.
///
/// Opening a FIFO waits for a writer and reading a device may never end, so a catalog that
/// holds one would hang `build` and `check`. Callers `lstat` first and skip anything else; the
/// open is non-blocking and `fstat` checks the opened file again, so a file swapped for a FIFO
/// in between still cannot block.
package enum RegularFile {
    package enum Failure: Error, Equatable {
        /// What the file is instead, e.g. `a FIFO`.
        case notRegular(String)
        /// `errno` of the failed call.
        case system(Int32)

        /// `not a regular file (a FIFO)`, `Permission denied`.
        package var reason: String {
            switch self {
            case .notRegular(let kind): "not a regular file (\(kind))"
            case .system(let code): String(cString: strerror(code))
            }
        }

        /// A file that is not regular is skipped with a warning (so is one swapped for a FIFO
        /// since it was looked at); anything else that stops the read is an error.
        package func diagnostic(_ path: String) -> Diagnostic {
            switch self {
            case .notRegular: .warning(path, line: 1, column: 1, "skipped: \(reason)")
            case .system: .error(path, line: 1, column: 1, "cannot read: \(reason)")
            }
        }
    }

    /// What a file of this `st_mode` is, for a message: `a FIFO`, `a socket`…
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// The whole file, straight into the array the pipeline keeps.
    package static func read(atPath path: String) -> Result<[UInt8], Failure> {
        let descriptor: Int32
        let size: Int
        switch open(path) {
        case .success(let opened): (descriptor, size) = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        return readAll(descriptor, size: size)
    }

    private static func readAll(_ descriptor: Int32, size: Int) -> Result<[UInt8], Failure> {
        // One byte more than the size, so the read that finds the end needs no second buffer;
        // read into room that is not zeroed first (a large cache or memo is megabytes).
        var failure: Int32?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0) + 1) { buffer, initialized in
            while initialized < buffer.count {
                let count = POSIX.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    ended = true
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        // A file that grew since its size was taken: the rest a block at a time.
        var block = [UInt8](repeating: 0, count: ended || failure != nil ? 0 : 65_536)
        while !ended, failure == nil {
            let count = block.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes += block[..<count]
            } else if count == 0 {
                ended = true
            } else if errno != EINTR {
                failure = errno
            }
        }
        if let failure { return .failure(.system(failure)) }
        return .success(bytes)
    }

    /// Nil when the file could be read (it opens, and is a regular file); what stops it otherwise.
    package static func readingProblem(atPath path: String) -> Failure? {
        switch open(path) {
        case .success(let opened):
            close(opened.descriptor)
            return nil
        case .failure(let failure):
            return failure
        }
    }

    /// The descriptor of a regular file and its size.
    static func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Failure> {
        var descriptor: Int32
        repeat {
            descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(kind(status.st_mode)))
        }
        return .success((descriptor, Int(status.st_size)))
    }
}
