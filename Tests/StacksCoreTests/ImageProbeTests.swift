import Testing
@testable import StacksCore

@Suite struct ImageProbeTests {
    @Test(arguments: ImageFormat.allCases)
    func readsEachFormatFromItsBytes(format: ImageFormat) throws {
        let bytes = try ImageFixtures.encode(ImageFixtures.marked(width: 60, height: 40), as: format)
        #expect(ImageFormat(magic: bytes) == format)
        #expect(try ImageProbe.read(bytes) == ImageProbe(format: format, width: 60, height: 40))
    }

    @Test func jpegOrientationTurnsTheShownSize() throws {
        let bytes = try ImageFixtures.jpegWithMetadata(ImageFixtures.marked(width: 600, height: 400), orientation: 6)
        let probe = try ImageProbe.read(bytes)
        #expect(probe == ImageProbe(format: .jpeg, width: 600, height: 400, orientation: 6))
        #expect(probe.shownSize == ImageSize(width: 400, height: 600))
    }

    /// The format is the bytes', whatever the file's name says (here PNG bytes the caller found in `photo.jpg`).
    @Test func aMislabelledFileIsToldByItsBytes() throws {
        let bytes = try ImageFixtures.encode(ImageFixtures.marked(width: 30, height: 20), as: .png)
        let probe = try ImageProbe.read(bytes)
        #expect(probe.format == .png)
        #expect(probe.format.fileExtension == "png")
    }

    @Test func animatedImagesCountTheirFrames() throws {
        let gif = try ImageProbe.read(ImageFixtures.animatedGIF)
        #expect(gif == ImageProbe(format: .gif, width: 1, height: 1, pages: 2))
        #expect(gif.isAnimated)

        // Three frames of 40 × 30, stacked into one tall image for the saver.
        let webP = try ImageFixtures.encode(ImageFixtures.marked(width: 40, height: 90), as: .webp, pageHeight: 30)
        #expect(try ImageProbe.read(webP) == ImageProbe(format: .webp, width: 40, height: 30, pages: 3))

        // An animated PNG: libvips 8.14 sees its first frame only; its acTL chunk says more.
        let png = try ImageFixtures.encode(ImageFixtures.marked(width: 20, height: 10), as: .png)
        let animated = Array(png[..<33]) + ImageFiles.chunk("acTL", ImageFiles.bigEndian(4, 4) + ImageFiles.bigEndian(0, 4)) + Array(png[33...])
        #expect(try ImageProbe.read(animated).pages == 4)
        #expect(try ImageProbe.read(png).pages == 1)
    }

    static let refused: [(String, [UInt8], String)] = [
        ("SVG", ImageFixtures.svg, "an SVG drawing, not a JPEG, PNG, GIF or WebP image"),
        ("PDF", ImageFixtures.pdf, "a PDF document, not a JPEG, PNG, GIF or WebP image"),
        ("TIFF", ImageFixtures.tiff, "a TIFF image, not a JPEG, PNG, GIF or WebP image"),
        ("text", Array("Not a picture at all.".utf8), "not a JPEG, PNG, GIF or WebP image"),
        ("empty", [], "not a JPEG, PNG, GIF or WebP image"),
    ]

    @Test(arguments: refused)
    func otherFormatsAreRefusedWithTheirName(name: String, bytes: [UInt8], message: String) {
        #expect(throws: ImageError(.unsupported, message)) { try ImageProbe.read(bytes) }
    }

    @Test func theLibraryVersionIsLibvips() throws {
        let version = try ImageLibrary.version()
        #expect(version.split(separator: ".").count == 3)
        #expect(version.hasPrefix("8."))
    }
}
