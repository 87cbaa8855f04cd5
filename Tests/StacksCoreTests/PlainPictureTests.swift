import Foundation
import Testing
@testable import StacksCore

/// A small picture with nothing but pixels is published as its own re-encoding; one with
/// metadata, a profile or a damaged structure goes through the image library.
@Suite struct PlainPictureTests {
    @Test func onlyPixelsArePlain() throws {
        let pixels = ImageFixtures.photo(width: 40, height: 30)
        for format in [ImageFormat.png, .jpeg, .webp] {
            let plain = try ImageFixtures.encode(pixels, as: format)
            #expect(PlainPicture.isPlain(plain, format: format), "\(format)")
            // Cut short, or a byte more at the end: not whole.
            #expect(!PlainPicture.isPlain(Array(plain.dropLast(3)), format: format), "\(format)")
            #expect(!PlainPicture.isPlain(plain + [0], format: format), "\(format)")
            // Read as another format: no.
            #expect(!PlainPicture.isPlain(plain, format: format == .png ? .jpeg : .png))
        }
        // EXIF (orientation, GPS), XMP or an ICC profile: through the library.
        #expect(!PlainPicture.isPlain(try ImageFixtures.jpegWithMetadata(pixels, orientation: 6), format: .jpeg))
        #expect(!PlainPicture.isPlain(try ImageFixtures.pngWithMetadata(pixels), format: .png))
        #expect(!PlainPicture.isPlain([], format: .png) && !PlainPicture.isPlain([0xFF, 0xD8, 0xFF, 0xD9], format: .jpeg))
    }

    @Test func aPlainIconIsShownAsItIsAndOneWithMetadataIsReencoded() async throws {
        let project = try TemporaryProject([
            "content/tools/drill.md": "---\ntitle: Drill\nicon: wrench\n---\n![Plain](plain.png) ![Tagged](tagged.png) ![Named](named.jpg)\n",
        ])
        defer { project.remove() }
        let pixels = ImageFixtures.photo(width: 40, height: 30)
        let plain = try ImageFixtures.encode(pixels, as: .png)
        try project.write("content/tools/plain.png", bytes: plain)
        try project.write("content/tools/tagged.png", bytes: try ImageFixtures.pngWithMetadata(pixels))
        // A PNG named as a JPEG: not what its name says, so it goes through the library.
        try project.write("content/tools/named.jpg", bytes: plain)
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty && summary.picturesResized == 2, "\(summary.warnings)")
        let page = try project.read("output/tools/drill/index.html")
        #expect(page.contains("src=\"../plain.png\" width=\"40\" height=\"30\""))
        #expect(!project.exists("output/_stacks/images/tools/plain-40.png"))
        let reencoded = Array(try Data(contentsOf: project.root.appendingPathComponent("output/_stacks/images/tools/tagged-40.png")))
        #expect(PlainPicture.isPlain(reencoded, format: .png) && ImageSize.read(reencoded) == ImageSize(width: 40, height: 30))
        #expect(page.contains("named-40.jpg"))
    }
}
