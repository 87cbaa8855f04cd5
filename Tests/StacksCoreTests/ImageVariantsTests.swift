import Foundation
import Testing
@testable import StacksCore

@Suite struct ImageVariantsTests {
    static func made(_ bytes: [UInt8], _ request: ImageVariants.Request) throws -> ImageVariants {
        guard case .made(let made) = try ImageVariants.make(from: bytes, request) else {
            Issue.record("left as is")
            throw ImageError(.failed, "left as is")
        }
        return made
    }

    static func size(_ image: EncodedImage?) -> ImageSize? {
        image.map { ImageSize(width: $0.width, height: $0.height) }
    }

    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count > 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return bytes.indices.dropLast(needle.count).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func variantsAreWebPAtEachWidthAndNeverWiderThanTheOriginal() throws {
        let png = try ImageFixtures.encode(ImageFixtures.marked(width: 600, height: 400), as: .png)
        let made = try Self.made(png, .init(widths: [1600, 200, 400, 800, 400]))
        #expect(made.variants.map(\.width) == [200, 400, 600])
        #expect(made.variants.map(\.height) == [133, 267, 400])
        for variant in made.variants {
            #expect(variant.format == .webp)
            #expect(Self.isWebP(variant.bytes))
            let decoded = try ImageFixtures.decode(variant.bytes)
            #expect((decoded.width, decoded.height) == (variant.width, variant.height))
        }
        #expect(made.fallback == nil && made.thumbnail == nil)
    }

    /// Stored 600 × 400 with orientation 6 ("turn a quarter clockwise to show"): shown 400 × 600,
    /// with the stored top-left corner at the top right.
    @Test func theEXIFOrientationIsApplied() throws {
        let jpeg = try ImageFixtures.jpegWithMetadata(ImageFixtures.marked(width: 600, height: 400), orientation: 6)
        let made = try Self.made(jpeg, .init(widths: [300, 1000], fallbackWidth: 1000))
        #expect(made.variants.map { [$0.width, $0.height] } == [[300, 450], [400, 600]])
        let fallback = try #require(made.fallback)
        #expect(fallback.format == .jpeg && (fallback.width, fallback.height) == (400, 600))
        for image in made.variants + [fallback] {
            let pixels = try ImageFixtures.decode(image.bytes)
            let (right, left) = (pixels[pixels.width - 10, 10], pixels[10, 10])
            #expect(right[0] > 200 && right[1] < 60, "the marker is at the top right: \(right)")
            #expect(left[0] < 120, "not at the top left: \(left)")
        }
    }

    /// A JPEG much larger than asked for is shrunk while it decodes (by 4 here), and still turned.
    @Test func aShrunkJPEGIsTurnedToo() throws {
        let jpeg = try ImageFixtures.jpegWithMetadata(ImageFixtures.marked(width: 1200, height: 800), orientation: 6)
        let made = try Self.made(jpeg, .init(widths: [200], fallbackWidth: 200))
        for image in made.variants + [try #require(made.fallback)] {
            #expect(Self.size(image) == ImageSize(width: 200, height: 300))
            let pixels = try ImageFixtures.decode(image.bytes)
            let (right, left) = (pixels[pixels.width - 5, 5], pixels[5, 5])
            #expect(right[0] > 200 && right[1] < 60 && left[0] < 120, "\(right) \(left)")
        }
    }

    static let metadataMarks = ["Exif", "EXIF", "eXIf", "xmpmeta", "ns.adobe.com", "ICC_PROFILE", "ICCP", "iCCP", "acsp", "GPS"]

    @Test(arguments: [ImageFormat.jpeg, .png])
    func everyMetadataIsStripped(format: ImageFormat) throws {
        let pixels = ImageFixtures.marked(width: 300, height: 200)
        let original = format == .jpeg
            ? try ImageFixtures.jpegWithMetadata(pixels, orientation: 1)
            : try ImageFixtures.pngWithMetadata(pixels)
        for mark in ["Exif", "xmpmeta", "acsp"] { #expect(Self.contains(original, mark) || format == .png && mark == "Exif") }
        let made = try Self.made(original, .init(widths: [100, 300], fallbackWidth: 300, thumbnail: .square(40)))
        let thumbnail = try #require(made.thumbnail)
        let outputs = made.variants + [try #require(made.fallback), thumbnail.oneX] + [thumbnail.twoX].compactMap { $0 }
        #expect(outputs.count == 5)
        for output in outputs {
            for mark in Self.metadataMarks {
                #expect(!Self.contains(output.bytes, mark), "\(output.format) at \(output.width) still holds \(mark)")
            }
        }
    }

    /// A profile whose red and blue primaries are exchanged: the stored red marker means blue,
    /// and comes out blue in sRGB.
    @Test func colourIsConvertedToSRGBByTheEmbeddedProfile() throws {
        let png = try ImageFixtures.pngWithMetadata(ImageFixtures.marked(width: 200, height: 200), icc: ImageFixtures.iccProfile(swapped: true))
        let made = try Self.made(png, .init(widths: [100]))
        let marker = try ImageFixtures.decode(made.variants[0].bytes)[5, 5]
        #expect(marker[2] > 200 && marker[0] < 60, "\(marker)")
    }

    @Test(arguments: ImageFormat.allCases)
    func theFallbackKeepsTheOriginalsFormat(format: ImageFormat) throws {
        let bytes = try ImageFixtures.encode(ImageFixtures.marked(width: 300, height: 200), as: format)
        let made = try Self.made(bytes, .init(widths: [150, 240], fallbackWidth: 240))
        let fallback = try #require(made.fallback)
        #expect(fallback.format == format)
        #expect(ImageFormat(magic: fallback.bytes) == format)
        #expect((fallback.width, fallback.height) == (240, 160))
        if format == .webp { #expect(fallback == made.variants[1]) }
    }

    @Test func aMislabelledPNGStaysAPNG() throws {
        let png = try ImageFixtures.encode(ImageFixtures.marked(width: 300, height: 200), as: .png)  // named photo.jpg
        let made = try Self.made(png, .init(widths: [100], fallbackWidth: 2000))
        #expect(made.source.format == .png)
        #expect(made.fallback?.format == .png && made.fallback?.width == 300)
    }

    @Test func thumbnailsFillTheirTileAtOneAndTwoX() throws {
        let jpeg = try ImageFixtures.encode(ImageFixtures.marked(width: 600, height: 400), as: .jpeg)
        let square = try #require(try Self.made(jpeg, .init(widths: [], thumbnail: .square(64))).thumbnail)
        #expect(Self.size(square.oneX) == ImageSize(width: 64, height: 64))
        #expect(Self.size(square.twoX) == ImageSize(width: 128, height: 128))
        #expect(Self.isWebP(square.oneX.bytes) && Self.isWebP(square.twoX?.bytes ?? []))
        // The centre is kept: the corner's red marker is cut away.
        let centre = try ImageFixtures.decode(square.twoX?.bytes ?? [])
        #expect(centre[2, 2][0] < 200)

        let wide = try #require(try Self.made(jpeg, .init(widths: [800], thumbnail: Thumbnail.Tile(width: 90, height: 30))).thumbnail)
        #expect(Self.size(wide.oneX) == ImageSize(width: 90, height: 30))
        #expect(Self.size(wide.twoX) == ImageSize(width: 180, height: 60))
    }

    @Test func aThumbnailIsNeverEnlarged() throws {
        let small = try ImageFixtures.encode(ImageFixtures.marked(width: 100, height: 50), as: .png)
        let thumbnail = try #require(try Self.made(small, .init(widths: [], thumbnail: .square(64))).thumbnail)
        #expect(Self.size(thumbnail.oneX) == ImageSize(width: 64, height: 50))
        #expect(Self.size(thumbnail.twoX) == ImageSize(width: 100, height: 50))
        let tiny = try ImageFixtures.encode(ImageFixtures.marked(width: 30, height: 30), as: .png)
        let one = try #require(try Self.made(tiny, .init(widths: [], thumbnail: .square(64))).thumbnail)
        #expect(Self.size(one.oneX) == ImageSize(width: 30, height: 30) && one.twoX == nil)
    }

    @Test func svgAndAnimationsAreLeftAsTheyAre() throws {
        let request = ImageVariants.Request(widths: [100], fallbackWidth: 100, thumbnail: .square(40))
        #expect(try ImageVariants.make(from: ImageFixtures.svg, request) == .leaveAsIs(.svg))
        #expect(try ImageVariants.make(from: ImageFixtures.animatedGIF, request) == .leaveAsIs(.animated(frames: 2)))
        let webP = try ImageFixtures.encode(ImageFixtures.marked(width: 40, height: 60), as: .webp, pageHeight: 30)
        #expect(try ImageVariants.make(from: webP, request) == .leaveAsIs(.animated(frames: 2)))
        #expect(ImageVariants.LeaveAsIs.animated(frames: 2).reason == "animated (2 frames)")
    }

    /// Many pictures at once from several threads give what one at a time gives.
    @Test func concurrentCallsAgreeWithSerialOnes() async throws {
        let files = try ImageFormat.allCases.map { try ImageFixtures.encode(ImageFixtures.photo(width: 320, height: 240), as: $0) }
            + [ImageFixtures.pngBomb, Array(ImageFixtures.svg)]
        let request = ImageVariants.Request(widths: [80, 160], fallbackWidth: 160, thumbnail: .square(32))
        let serial = files.map { try? ImageVariants.make(from: $0, request) }
        let concurrent = await withTaskGroup(of: (Int, ImageVariants.Outcome?).self) { group in
            for _ in 0..<4 {
                for (index, file) in files.enumerated() {
                    group.addTask { (index, try? ImageVariants.make(from: file, request)) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(concurrent.count == files.count * 4)
        for (index, outcome) in concurrent { #expect(outcome == serial[index]) }
    }
}
