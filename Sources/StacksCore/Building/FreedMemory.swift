#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a finished stage freed back to the system, when the build holds much.
///
/// glibc's allocator keeps freed memory for later allocations unless it lies at the top of its
/// heaps. A large build frees the content's bytes and parsed Markdown between live pages,
/// about 150 MB at 100,000 pages, and would carry that unused through the whole render.
/// `malloc_trim` returns every free page; it is looked up at run time because Swift's `Glibc`
/// module leaves out `malloc.h`. Under mimalloc, `mi_collect` does, looked up the same way.
///
/// Only above `threshold` of resident memory: a page given back is a page the next stage
/// faults in again, zeroed. A 10,000-item edit build (90 MB) trimmed at every stage faulted
/// 23,500 pages against 19,500, for memory no budget asks back.
enum FreedMemory {
    /// Resident memory below which nothing is given back.
    static let threshold = 256 << 20

    static func release() {
        #if canImport(Glibc)
        if let resident = residentBytes(), resident < threshold { return }
        // The `stacks` program allocates with mimalloc (Package.swift), whose own call gives
        // its free pages back; glibc's `malloc_trim` would trim a heap nothing uses.
        if let symbol = dlsym(nil, "mi_collect") {
            typealias Collect = @convention(c) (Bool) -> Void
            unsafeBitCast(symbol, to: Collect.self)(true)
            return
        }
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// The process's resident memory, from `/proc/self/statm` (its second field, in pages);
    /// `nil` where it cannot be read.
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
        return nil
        #endif
    }
}
