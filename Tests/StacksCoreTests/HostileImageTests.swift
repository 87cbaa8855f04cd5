import CVips
import CVipsLoader
import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Pictures are input from anyone: damaged, truncated, huge or disguised ones give an error
/// that says why, never a crash, a hang or unbounded memory.
@Suite struct HostileImageTests {
    static let request = ImageVariants.Request(widths: [100, 300], fallbackWidth: 300, thumbnail: .square(48))

    /// The peak memory of the process so far, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let before = Self.peakMemory()
        let start = Date()
        let refusal = ImageError(.tooLarge, "50000 × 50000 pixels: larger than the limit of 30000 pixels a side")
        #expect(ImageFixtures.pngBomb.count < 100)
        #expect(throws: refusal) { try ImageProbe.read(ImageFixtures.pngBomb) }
        #expect(throws: refusal) { try ImageVariants.make(from: ImageFixtures.pngBomb, Self.request) }
        // Decoded, it would take 10 GB and minutes; refused from its header, next to nothing.
        // (The peak is the process's, which tests running beside this one raise too.)
        #expect(Self.peakMemory() - before < 512 << 20)
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func tooManyPixelsWithinTheSideLimitIsRefused() throws {
        var png = ImageFiles.png(width: 20_000, height: 1)
        // The header says 20,000 × 20,000 (400 megapixels); the data holds one row.
        png.replaceSubrange(8..<33, with: ImageFiles.chunk("IHDR", ImageFiles.bigEndian(20_000, 4) + ImageFiles.bigEndian(20_000, 4) + [8, 0, 0, 0, 0]))
        #expect(throws: ImageError(.tooLarge, "20000 × 20000 pixels: more than the limit of 100 megapixels")) {
            try ImageProbe.read(png)
        }
    }

    @Test func hugeJPEGAndGIFHeadersAreRefused() {
        #expect(throws: ImageError(.tooLarge, "65000 × 65000 pixels: larger than the limit of 30000 pixels a side")) {
            try ImageVariants.make(from: ImageFiles.jpeg(width: 65_000, height: 65_000), Self.request)
        }
        #expect(throws: ImageError(.tooLarge, "40000 × 40000 pixels: larger than the limit of 30000 pixels a side")) {
            try ImageVariants.make(from: ImageFiles.gif(width: 40_000, height: 40_000), Self.request)
        }
    }

    static func error(_ bytes: [UInt8]) -> ImageError? {
        do { _ = try ImageVariants.make(from: bytes, request); return nil } catch { return error }
    }

    /// Below the module's own check of the format: libvips itself will not run the loaders of
    /// SVG, PDF or TIFF, though it has them (`vips -l foreign`).
    @Test(arguments: [("SVG", ImageFixtures.svg), ("PDF", ImageFixtures.pdf), ("TIFF", ImageFixtures.tiff)])
    func libvipsRunsOnlyTheFourAllowedLoaders(name: String, bytes: [UInt8]) throws {
        try ImageLibrary.start()
        let png = try ImageFixtures.encode(ImageFixtures.marked(width: 8, height: 8), as: .png)
        for (file, opens) in [(bytes, false), (png, true)] {
            file.withUnsafeBytes { buffer in
                let image = stacks_vips_open(buffer.baseAddress, buffer.count)
                #expect((image != nil) == opens, "\(name)")
                if let image { stacks_vips_release(image) }
            }
        }
        VipsFailure.clear()
    }

    @Test(arguments: ImageFormat.allCases)
    func aTruncatedFileIsAnErrorNotACrash(format: ImageFormat) throws {
        let whole = try ImageFixtures.encode(ImageFixtures.photo(width: 300, height: 200), as: format)
        let truncated = Array(whole.prefix(whole.count * 6 / 10))
        let error = try #require(Self.error(truncated))
        #expect(error.kind == .malformed)
        // libnsgif and libwebp read the whole file with the header; libjpeg and libpng, the
        // pixels only when they decode them.
        let when = [.gif, .webp].contains(format) ? "not a readable" : "could not be decoded as"
        #expect(error.message.hasPrefix("\(when) \(format.name)"), "\(error)")
    }

    /// libvips' own words about the failure. Its error buffer is one for the process: another
    /// suite's image failing on another thread at that moment may take them (`VipsFailure`), so
    /// the file is tried a few times, and one of the answers must carry them.
    @Test func aTruncatedJPEGSaysWhy() throws {
        let whole = try ImageFixtures.encode(ImageFixtures.photo(width: 300, height: 200), as: .jpeg)
        var messages: [String] = []
        for _ in 0..<8 {
            let error = try #require(Self.error(Array(whole.prefix(whole.count / 2))))
            #expect(error.message.hasPrefix("could not be decoded as JPEG"), "\(error)")
            messages.append(error.message)
            if error.message.contains("libvips:") { break }
        }
        #expect(messages.contains { $0.contains("libvips:") }, "\(messages)")
    }

    /// Every prefix of every format, and each file with bytes changed at random: an answer or an
    /// error, quickly.
    @Test func damagedFilesGiveAnAnswerOrAnError() throws {
        var generator = SplitMix(state: 28)
        let start = Date()
        for format in ImageFormat.allCases {
            let file = try ImageFixtures.encode(ImageFixtures.photo(width: 40, height: 30), as: format)
            for end in stride(from: 0, to: file.count, by: max(1, file.count / 60)) {
                _ = Self.error(Array(file[..<end]))
            }
            for _ in 0..<150 {
                var damaged = file
                for _ in 0..<3 {
                    damaged[Int.random(in: 0..<file.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                _ = Self.error(damaged)
            }
        }
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
