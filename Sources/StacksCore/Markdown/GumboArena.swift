import CGumbo
import Foundation

/// Memory for one Gumbo parse, taken in large blocks and given back all at once.
///
/// Gumbo allocates for every token, attribute and text buffer and frees each on its own, and
/// frees its tree recursively (one C frame per level of nesting): with an arena, allocation is
/// a pointer bump, nothing is freed one by one, and the tree is never walked to be freed.
final class GumboArena {
    private var blocks: [UnsafeMutableRawPointer] = []
    private var next: UnsafeMutableRawPointer?
    private var remaining = 0
    private let blockSize: Int

    /// `expected`: about how many bytes the parse will take (a few times its input's size).
    init(expected: Int) {
        blockSize = max(64 << 10, expected)
    }

    deinit {
        blocks.forEach { $0.deallocate() }
    }

    func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        let rounded = (max(size, 1) + 15) & ~15
        if rounded > remaining {
            let size = max(blockSize, rounded)
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            blocks.append(block)
            next = block
            remaining = size
        }
        let pointer = next!
        next = pointer + rounded
        remaining -= rounded
        return pointer
    }

    /// Gumbo's options with this arena as its allocator; valid while the arena lives.
    func options() -> GumboOptions {
        var options = kGumboDefaultOptions
        options.userdata = Unmanaged.passUnretained(self).toOpaque()
        options.allocator = { userdata, size in
            Unmanaged<GumboArena>.fromOpaque(userdata!).takeUnretainedValue().allocate(size)
        }
        options.deallocator = { _, _ in }
        return options
    }
}
