#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files of the output a build replaces, reused when they hold what the build would write.
///
/// A hard link costs a directory entry; writing costs an inode, its data blocks, and (when the
/// old output is deleted after the swap) freeing both again. Bytes are compared in full: sizes
/// or times could match by accident, and a wrong page must never be published.
enum PreviousOutput {
    /// Links `old` to `path` when `old` is a regular file holding exactly `bytes`.
    static func link(_ old: String, to path: String, ifItHolds bytes: [UInt8]) -> Bool {
        let descriptor = open(old, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        let same = bytes.withUnsafeBytes { expected in
            hasContents(descriptor, equalTo: { offset, chunk in
                offset + chunk.count <= expected.count
                    && memcmp(expected.baseAddress! + offset, chunk.baseAddress!, chunk.count) == 0
            }, size: expected.count)
        }
        close(descriptor)
        return same && makeLink(old, path)
    }

    /// Links `old` to `path` when both `old` and `source` are regular files with the same bytes
    /// (a content asset copied by the previous build).
    static func link(_ old: String, to path: String, ifSameAs source: String) -> Bool {
        let oldDescriptor = open(old, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard oldDescriptor >= 0 else { return false }
        defer { close(oldDescriptor) }
        let sourceDescriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard sourceDescriptor >= 0 else { return false }
        defer { close(sourceDescriptor) }
        var sourceInfo = stat()
        guard fstat(sourceDescriptor, &sourceInfo) == 0, sourceInfo.st_mode & S_IFMT == S_IFREG else { return false }
        var sourceChunk = [UInt8](repeating: 0, count: chunkSize)
        let same = hasContents(oldDescriptor, equalTo: { _, chunk in
            sourceChunk.withUnsafeMutableBytes { buffer in
                readFully(sourceDescriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<chunk.count])) == chunk.count
                    && memcmp(buffer.baseAddress!, chunk.baseAddress!, chunk.count) == 0
            }
        }, size: Int(sourceInfo.st_size))
        return same && makeLink(old, path)
    }

    private static let chunkSize = 64 * 1024

    /// Whether the regular file open at `descriptor` is `size` bytes long and each chunk of it
    /// passes `matches(offset, chunk)`.
    private static func hasContents(_ descriptor: Int32, equalTo matches: (Int, UnsafeRawBufferPointer) -> Bool,
                                    size: Int) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size else { return false }
        var chunk = [UInt8](repeating: 0, count: min(max(size, 1), chunkSize))
        var offset = 0
        while offset < size {
            let count = chunk.withUnsafeMutableBytes { buffer in
                readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, size - offset)]))
            }
            guard count > 0, chunk.withUnsafeBytes({ matches(offset, UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
                return false
            }
            offset += count
        }
        // The file may have grown since `fstat`.
        var extra: UInt8 = 0
        return read(descriptor, &extra, 1) == 0
    }

    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var total = 0
        while total < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        return total
    }

    /// `link(2)`, making the new name's folder first if it is missing. False where the file
    /// system has no hard links (the caller then writes the file).
    private static func makeLink(_ old: String, _ path: String) -> Bool {
        if POSIX.link(old, path) == 0 { return true }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/") else { return false }
        _ = mkdir(String(path[..<slash]), 0o777)
        return POSIX.link(old, path) == 0
    }
}
