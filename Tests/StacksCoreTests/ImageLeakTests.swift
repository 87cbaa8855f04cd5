import CVips
import Foundation
import Testing
@testable import StacksCore

/// Every libvips image made is given up, on the error paths too. libvips keeps a list of its
/// live objects for the whole process, so this runs only alone, when asked:
///
///     STACKS_IMAGE_LEAKS=1 swift test --filter ImageLeakTests
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STACKS_IMAGE_LEAKS"] != nil))
struct ImageLeakTests {
    static func liveObjects() -> Int {
        var count = 0
        _ = vips_object_map({ _, counter, _ in
            counter?.assumingMemoryBound(to: Int.self).pointee += 1
            return nil
        }, &count, nil)
        return count
    }

    @Test func nothingIsLeftAliveAfterResizingOrRefusing() throws {
        let files = try ImageFormat.allCases.map { try ImageFixtures.encode(ImageFixtures.photo(width: 120, height: 90), as: $0) }
        let turned = ImageFixtures.withMetadata(files[0], orientation: 6)
        let truncated = files.map { Array($0.prefix($0.count / 2)) }
        let hostile = [ImageFixtures.pngBomb, ImageFixtures.svg, ImageFixtures.animatedGIF, ImageFixtures.tiff, [0xFF, 0xD8, 0xFF]]
        let request = ImageVariants.Request(widths: [30, 60, 200], fallbackWidth: 60, thumbnail: .square(16))
        #expect(Self.liveObjects() == 0)
        for _ in 0..<10 {
            for file in files + [turned] + truncated + hostile {
                _ = try? ImageVariants.make(from: file, request)
                _ = try? ImageProbe.read(file)
            }
        }
        #expect(Self.liveObjects() == 0)
        #expect(vips_tracked_get_allocs() == 0 && vips_tracked_get_mem() == 0)
    }
}
