#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of the disk code whose name or form differs between Linux (Glibc) and
/// macOS (Darwin), each behind one Swift signature. The calls the two share by name and type
/// (`open`, `lstat`, `flock`, `mkdir`, `rename`, `realpath`…) are used directly, with the
/// `#if canImport(Glibc) … #elseif canImport(Darwin)` import each file carries.
enum POSIX {
    /// `read(2)`, by its module's name: inside a type with a `read` of its own the bare name
    /// does not reach the C function.
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`, by its module's name (as `read`).
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `link(2)`: 0, or -1 with `errno` set.
    static func link(_ existing: String, _ new: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.link(existing, new)
        #else
        Darwin.link(existing, new)
        #endif
    }

    /// Exchanges two paths atomically: `renameat2(RENAME_EXCHANGE)` on Linux,
    /// `renamex_np(RENAME_SWAP)` on macOS. 0, or the `errno` of the failure.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        #if canImport(Glibc)
        // Glibc has `renameat2` since 2.28, but its header hides it from Swift.
        guard let renameat2 = renameat2 else { return ENOSYS }
        let exchange: UInt32 = 1 << 1  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchange) == 0 ? 0 : errno
        #elseif canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
        return ENOSYS
        #endif
    }

    #if canImport(Glibc)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif
}
