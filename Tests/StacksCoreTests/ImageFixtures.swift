import CVips
import CVipsLoader
import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Pictures made at test time: pixels drawn here, encoded by libvips, and metadata (EXIF with
/// an orientation and a GPS position, XMP, an ICC profile) written in by hand, so that each
/// test knows exactly what its file holds.
enum ImageFixtures {
    /// Raw RGB pixels.
    struct Pixels {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        subscript(x: Int, y: Int) -> [UInt8] {
            let start = (y * width + x) * 3
            return Array(bytes[start..<start + 3])
        }
    }

    static let red: [UInt8] = [255, 0, 0]

    /// A blue-grey gradient with light grain, and a pure red square in its top-left corner, so
    /// that a test can tell where the top-left went.
    static func marked(width: Int, height: Int) -> Pixels {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let marker = min(width, height) / 4
        bytes.withUnsafeMutableBufferPointer { pixel in
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 3
                    if x < marker, y < marker {
                        pixel[at] = 255; pixel[at + 1] = 0; pixel[at + 2] = 0
                    } else {
                        let grain = UInt8((x &* 7 &+ y &* 13) % 9)
                        pixel[at] = 40 + UInt8(60 * x / width) + grain
                        pixel[at + 1] = 90 + UInt8(60 * y / height) + grain
                        pixel[at + 2] = 160 + grain
                    }
                }
            }
        }
        return Pixels(width: width, height: height, bytes: bytes)
    }

    /// A photo-like picture: broad shading, a few dozen overlapping discs of colour, fine
    /// texture in parts and sensor grain everywhere. A flat or smooth image would compress and
    /// decode unrealistically fast; this one's 12-megapixel JPEG is about as large as a phone's.
    static func photo(width: Int, height: Int) -> Pixels {
        var random = SplitMix(state: 7)
        let noise = (0..<65_536).map { _ in Int(random.next() % 21) - 10 }
        let broad: [Double] = (0..<width).map { sin(Double($0) / 500) }
        let fine: [Double] = (0..<width).map { sin(Double($0) / 7) }
        let textured: [Bool] = (0..<width).map { sin(Double($0) / 300) > 0 }
        let rowShade: [Double] = (0..<height).map { cos(Double($0) / 400) }
        let rowFine: [Double] = (0..<height).map { sin(Double($0) / 5) }
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        bytes.withUnsafeMutableBufferPointer { pixel in
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 3
                    let shade = 60 * broad[x] * rowShade[y]
                    let texture = textured[x] ? 20 * fine[x] * rowFine[y] : 0
                    for channel in 0..<3 {
                        let grain = noise[(at + channel &* 977 &+ y &* 7919) & 0xFFFF]
                        pixel[at + channel] = clamp(110 + Double(channel * 12) + shade + texture, grain)
                    }
                }
            }
            for _ in 0..<40 {
                let cx = Int(random.next() % UInt64(width)), cy = Int(random.next() % UInt64(height))
                let radius = 80 + Int(random.next() % 520)
                let colour = (0..<3).map { _ in Double(random.next() % 256) }
                for y in max(0, cy - radius)..<min(height, cy + radius) {
                    for x in max(0, cx - radius)..<min(width, cx + radius) where (x - cx) * (x - cx) + (y - cy) * (y - cy) < radius * radius {
                        let at = (y * width + x) * 3
                        for channel in 0..<3 {
                            pixel[at + channel] = clamp(Double(pixel[at + channel]) * 0.3 + colour[channel] * 0.7, 0)
                        }
                    }
                }
            }
        }
        return Pixels(width: width, height: height, bytes: bytes)
    }

    private static func clamp(_ value: Double, _ grain: Int) -> UInt8 {
        UInt8(max(0, min(255, Int(value) + grain)))
    }

    /// `pixels` encoded by libvips as `format` (without metadata: the savers strip it).
    static func encode(_ pixels: Pixels, as format: ImageFormat, pageHeight: Int? = nil) throws -> [UInt8] {
        let image = try vipsImage(pixels)
        // A page height makes a tall image the frames of an animation.
        if let pageHeight { vips_image_set_int(image.vips, "page-height", Int32(pageHeight)) }
        return try EncodedImage(encoding: image, as: format).bytes
    }

    static func vipsImage(_ pixels: Pixels) throws -> VipsImageReference {
        try ImageLibrary.start()
        let pointer = pixels.bytes.withUnsafeBytes { buffer in
            vips_image_new_from_memory_copy(buffer.baseAddress, buffer.count, Int32(pixels.width), Int32(pixels.height), 3, VIPS_FORMAT_UCHAR)
        }
        return VipsImageReference(try #require(pointer))
    }

    /// What libvips decodes `bytes` to.
    static func decode(_ bytes: [UInt8]) throws -> Pixels {
        try ImageLibrary.start()
        return try bytes.withUnsafeBytes { buffer in
            let image = VipsImageReference(try #require(stacks_vips_open(buffer.baseAddress, buffer.count)))
            #expect(vips_image_get_bands(image.vips) == 3)
            var length = 0
            let memory = try #require(vips_image_write_to_memory(image.vips, &length))
            defer { g_free(memory) }
            return Pixels(width: image.width, height: image.height, bytes: Array(UnsafeRawBufferPointer(start: memory, count: length)))
        }
    }

    // MARK: Metadata, byte by byte

    /// A TIFF structure as EXIF holds it: IFD0 with an orientation and a pointer to a GPS IFD,
    /// which gives a latitude (48° 51′ 24.18″ N).
    static func exif(orientation: Int) -> [UInt8] {
        let be = ImageFiles.bigEndian
        let ifd0 = be(2, 2) + be(0x0112, 2) + be(3, 2) + be(1, 4) + be(orientation, 2) + [0, 0]
            + be(0x8825, 2) + be(4, 2) + be(1, 4) + be(38, 4) + be(0, 4)
        let gps = be(2, 2) + be(0x0001, 2) + be(2, 2) + be(2, 4) + Array("N\0\0\0".utf8)
            + be(0x0002, 2) + be(5, 2) + be(3, 4) + be(68, 4) + be(0, 4)
        let latitude = be(48, 4) + be(1, 4) + be(51, 4) + be(1, 4) + be(2418, 4) + be(100, 4)
        return Array("MM".utf8) + be(42, 2) + be(8, 4) + ifd0 + gps + latitude
    }

    static let xmp = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.403N"/></rdf:RDF></x:xmpmeta>"#.utf8)

    /// A matrix/TRC ICC profile (version 2, RGB to XYZ). `swapped` exchanges its red and blue
    /// primaries: a pixel stored as pure red then means pure blue, which only a colour
    /// conversion that reads the profile will show.
    static func iccProfile(swapped: Bool = false) -> [UInt8] {
        let be = ImageFiles.bigEndian
        func xyz(_ value: [Double]) -> [UInt8] {
            Array("XYZ ".utf8) + [0, 0, 0, 0] + value.flatMap { be(Int(($0 * 65536).rounded()), 4) }
        }
        let red = [0.4361, 0.2225, 0.0139], green = [0.3851, 0.7169, 0.0971], blue = [0.1431, 0.0606, 0.7141]
        let curve = Array("curv".utf8) + [0, 0, 0, 0] + be(1, 4) + [0x02, 0x33, 0, 0]  // gamma 2.2
        let tags: [(String, [UInt8])] = [
            ("wtpt", xyz([0.9642, 1, 0.8249])), ("rXYZ", xyz(swapped ? blue : red)), ("gXYZ", xyz(green)),
            ("bXYZ", xyz(swapped ? red : blue)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var offset = 128 + 4 + 12 * tags.count
        var table = be(tags.count, 4), data: [UInt8] = []
        for (signature, body) in tags {
            table += Array(signature.utf8) + be(offset, 4) + be(body.count, 4)
            data += body
            offset += body.count
        }
        let size = 128 + table.count + data.count
        let header = be(size, 4) + [0, 0, 0, 0] + [0x02, 0x10, 0, 0] + Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12)
            + Array("acsp".utf8) + [UInt8](repeating: 0, count: 24) + be(0, 4) + xyz([0.9642, 1, 0.8249]).dropFirst(8)
            + [UInt8](repeating: 0, count: 48)
        return header + table + data
    }

    /// A JPEG with EXIF (orientation, GPS), XMP and an ICC profile after its start marker.
    static func jpegWithMetadata(_ pixels: Pixels, orientation: Int, icc: [UInt8] = iccProfile()) throws -> [UInt8] {
        try withMetadata(encode(pixels, as: .jpeg), orientation: orientation, icc: icc)
    }

    /// `jpeg` with EXIF (orientation, GPS), XMP and an ICC profile after its start marker.
    static func withMetadata(_ jpeg: [UInt8], orientation: Int, icc: [UInt8] = iccProfile()) -> [UInt8] {
        let metadata = ImageFiles.segment(0xE1, Array("Exif\0\0".utf8) + exif(orientation: orientation))
            + ImageFiles.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + xmp)
            + ImageFiles.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + icc)
        return Array(jpeg[..<2]) + metadata + Array(jpeg[2...])
    }

    /// A PNG with eXIf, XMP (iTXt) and iCCP chunks after its header.
    static func pngWithMetadata(_ pixels: Pixels, icc: [UInt8] = iccProfile()) throws -> [UInt8] {
        let png = try encode(pixels, as: .png)
        let metadata = ImageFiles.chunk("eXIf", exif(orientation: 1))
            + ImageFiles.chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + xmp)
            + ImageFiles.chunk("iCCP", Array("profile\0".utf8) + [0] + zlibStored(icc))
        return Array(png[..<33]) + metadata + Array(png[33...])
    }

    /// A zlib stream of stored (uncompressed) blocks.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var rest = bytes[...]
        repeat {
            let block = rest.prefix(65_535)
            rest = rest.dropFirst(block.count)
            out += [rest.isEmpty ? 1 : 0] + ImageFiles.littleEndian(block.count, 2) + ImageFiles.littleEndian(~block.count & 0xFFFF, 2) + block
        } while !rest.isEmpty
        var a = 1, b = 0
        for byte in bytes { a = (a + Int(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + ImageFiles.bigEndian(b << 16 | a, 4)
    }

    // MARK: Hand-written files

    /// A GIF89a of two 1 × 1 frames, each LZW-coded as clear, colour 0, end (3-bit codes).
    static let animatedGIF: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 0xFF, 0xFF, 0xFF]
        + [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        + frame + frame + [0x3B]
    private static let frame: [UInt8] = [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // 0.1 s
        + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0]

    /// A PNG whose header says 50,000 × 50,000 pixels (10 GB as RGBA) and whose data is a few
    /// bytes: refused from its header, or it would take all the memory there is.
    static let pngBomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + ImageFiles.chunk("IHDR", ImageFiles.bigEndian(50_000, 4) + ImageFiles.bigEndian(50_000, 4) + [8, 6, 0, 0, 0])
        + ImageFiles.chunk("IDAT", zlibStored([0, 0, 0, 0, 0]))
        + ImageFiles.chunk("IEND", [])

    static let svg = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>"#.utf8)

    /// A one-page PDF, which libvips' poppler loader would read if it were allowed to run.
    static let pdf = Array("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n".utf8)

    /// A 1 × 1 grey TIFF: a format libvips 8.14 trusts, refused only by the allow-list.
    static let tiff: [UInt8] = {
        let le = ImageFiles.littleEndian
        let entries: [(Int, Int, Int)] = [(256, 3, 1), (257, 3, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 8), (277, 3, 1), (278, 3, 1), (279, 4, 1)]
        let ifd = le(entries.count, 2) + entries.flatMap { tag, type, value in le(tag, 2) + le(type, 2) + le(1, 4) + le(value, 4) } + le(0, 4)
        return Array("II".utf8) + le(42, 2) + le(10, 4) + [0x80, 0] + ifd
    }()
}

extension VipsImageReference {
    /// The image as libvips' own functions take it (the tests call them; Stacks opens libvips
    /// through `CVipsLoader` and sees its images as opaque).
    var vips: UnsafeMutablePointer<VipsImage> { UnsafeMutablePointer(pointer) }

    init(_ image: UnsafeMutablePointer<VipsImage>) {
        self.init(OpaquePointer(image))
    }
}
