#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a finished stage freed back to the system.
///
/// glibc's allocator keeps freed memory for later allocations unless it lies at the top of its
/// heaps. A large build frees the content's bytes and parsed Markdown between live pages,
/// about 150 MB at 100,000 pages, and would carry that unused through the whole render.
/// `malloc_trim` returns every free page; it is looked up at run time because Swift's `Glibc`
/// module leaves out `malloc.h`.
enum FreedMemory {
    static func release() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
