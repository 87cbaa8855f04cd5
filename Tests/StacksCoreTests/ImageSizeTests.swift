import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Image files built byte by byte as their specifications lay them out.
enum ImageFiles {
    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(data.count, 4) + body + bigEndian(Int(crc32(body)), 4)
    }

    /// A complete grey PNG: IHDR, one IDAT of stored (uncompressed) deflate blocks, IEND.
    static func png(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0x80, count: width) }  // filter 0, grey pixels
        var zlib: [UInt8] = [0x78, 0x01]
        var rest = raw[...]
        repeat {
            let block = rest.prefix(65535)
            rest = rest.dropFirst(block.count)
            zlib += [rest.isEmpty ? 1 : 0] + littleEndian(block.count, 2) + littleEndian(~block.count & 0xFFFF, 2) + block
        } while !rest.isEmpty
        var a = 1, b = 0
        for byte in raw { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a, 4)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width, 4) + bigEndian(height, 4) + [8, 0, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A GIF of one colour: header, screen, a two-entry palette, one image of `width`×`height`
    /// coded with LZW clear codes, trailer.
    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0x80, 0, 0]
            + [0, 0, 0, 0xFF, 0xFF, 0xFF]
            + [0x2C] + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(width, 2) + littleEndian(height, 2) + [0]
            + [2, 2, 0x4C, 0x01, 0] + [0x3B]
    }

    /// A baseline JPEG's segments up to and past its frame header; `before` goes between SOI and
    /// the frame (APPn segments, say).
    static func jpeg(width: Int, height: Int, before: [UInt8] = []) -> [UInt8] {
        [0xFF, 0xD8] + before
            + [0xFF, 0xDB] + bigEndian(67, 2) + [0] + [UInt8](repeating: 1, count: 64)
            + [0xFF, 0xC0] + bigEndian(11, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2) + [1, 1, 0x11, 0]
            + [0xFF, 0xDA] + bigEndian(8, 2) + [1, 1, 0, 0, 0x3F, 0] + [0x00, 0xFF, 0xD9]
    }

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian(body.count + 2, 2) + body
    }

    /// An APP1 Exif segment whose IFD0 holds an orientation, big- or little-endian.
    static func exif(orientation: Int, bigEndianOrder: Bool) -> [UInt8] {
        let word = { (value: Int, count: Int) -> [UInt8] in bigEndianOrder ? bigEndian(value, count) : littleEndian(value, count) }
        let tiff = (bigEndianOrder ? Array("MM".utf8) : Array("II".utf8)) + word(42, 2) + word(8, 4)
            + word(1, 2) + word(0x0112, 2) + word(3, 2) + word(1, 4) + word(orientation, 2) + [0, 0] + word(0, 4)
        return segment(0xE1, Array("Exif\0\0".utf8) + tiff)
    }

    static func riff(_ chunkType: String, _ data: [UInt8]) -> [UInt8] {
        let padded = data + (data.count % 2 == 1 ? [0] : [])
        let body = Array("WEBP".utf8) + Array(chunkType.utf8) + littleEndian(data.count, 4) + padded
        return Array("RIFF".utf8) + littleEndian(body.count, 4) + body
    }

    /// Lossy WebP: a VP8 key frame's header (frame tag, start code, 14-bit sizes).
    static func webPLossy(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, 2) + littleEndian(height, 2) + [UInt8](repeating: 0, count: 10))
    }

    /// Lossless WebP: the VP8L signature, then width − 1 and height − 1 in 14 bits each.
    static func webPLossless(width: Int, height: Int) -> [UInt8] {
        riff("VP8L", [0x2F] + littleEndian((width - 1) | (height - 1) << 14, 4) + [0, 0, 0, 0])
    }

    /// Extended WebP: flags, then the canvas's width − 1 and height − 1 in 24 bits each.
    static func webPExtended(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3))
            + webPLossless(width: width, height: height).dropFirst(12)
    }
}

@Suite struct ImageSizeTests {
    typealias Size = ImageSize

    @Test func png() {
        #expect(ImageSize.read(ImageFiles.png(width: 3, height: 2)) == Size(width: 3, height: 2))
        #expect(ImageSize.read(ImageFiles.png(width: 1200, height: 1)) == Size(width: 1200, height: 1))
    }

    @Test func gif() {
        #expect(ImageSize.read(ImageFiles.gif(width: 640, height: 480)) == Size(width: 640, height: 480))
        var old = ImageFiles.gif(width: 5, height: 7)
        old[4] = UInt8(ascii: "7")  // GIF87a
        #expect(ImageSize.read(old) == Size(width: 5, height: 7))
    }

    @Test func jpeg() {
        #expect(ImageSize.read(ImageFiles.jpeg(width: 800, height: 600)) == Size(width: 800, height: 600))
    }

    @Test func jpegSkipsLongSegmentsBeforeTheFrame() {
        // Three 64 KiB segments (EXIF, ICC, Photoshop) and fill bytes before the frame header.
        let big = [UInt8](repeating: 0xAB, count: 65_533)
        let before = ImageFiles.segment(0xE1, big) + ImageFiles.segment(0xE2, big) + [0xFF, 0xFF]
            + ImageFiles.segment(0xED, big) + ImageFiles.segment(0xFE, Array("comment".utf8))
        let file = ImageFiles.jpeg(width: 4032, height: 3024, before: before)
        #expect(ImageSize.read(file) == Size(width: 4032, height: 3024))
        // Read as a file is: only segment headers, not the segments.
        var read = 0
        let size = ImageSize.read { offset, count in
            read += count
            return Array(file[min(offset, file.count)..<min(file.count, offset + count)])
        }
        #expect(size == Size(width: 4032, height: 3024))
        #expect(read < 200)
    }

    @Test func jpegProgressiveFrame() {
        var file = ImageFiles.jpeg(width: 10, height: 20)
        let frame = file.firstIndex(of: 0xC0)!
        file[frame] = 0xC2
        #expect(ImageSize.read(file) == Size(width: 10, height: 20))
    }

    @Test(arguments: [(1, false), (3, false), (6, true), (8, true), (5, true)])
    func jpegOrientationThatTurnsAQuarterSwapsSides(orientation: Int, swaps: Bool) {
        for order in [true, false] {
            let file = ImageFiles.jpeg(width: 400, height: 300, before: ImageFiles.exif(orientation: orientation, bigEndianOrder: order))
            #expect(ImageSize.read(file) == (swaps ? Size(width: 300, height: 400) : Size(width: 400, height: 300)))
        }
    }

    @Test func webP() {
        #expect(ImageSize.read(ImageFiles.webPLossy(width: 550, height: 368)) == Size(width: 550, height: 368))
        #expect(ImageSize.read(ImageFiles.webPLossless(width: 16383, height: 1)) == Size(width: 16383, height: 1))
        #expect(ImageSize.read(ImageFiles.webPExtended(width: 20000, height: 3)) == Size(width: 20000, height: 3))
    }

    static let svgs: [(String, ImageSize?)] = [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>"#, ImageSize(width: 120, height: 80)),
        (#"<?xml version="1.0"?><!-- a --><svg width='24px' height = '12.4px' viewBox="0 0 48 24"/>"#, ImageSize(width: 24, height: 12)),
        (#"<svg viewBox="0 0 300 150"><rect width="5" height="5"/></svg>"#, ImageSize(width: 300, height: 150)),
        (#"<svg viewBox="-10,-10,40,20" width="80"></svg>"#, ImageSize(width: 80, height: 40)),
        (#"<svg width="100%" height="100%" viewBox="0 0 64 32"></svg>"#, ImageSize(width: 64, height: 32)),
        (#"<svg width="10em" height="5em"></svg>"#, nil),
        (#"<svg width="10"></svg>"#, nil),
        (#"<svgx width="10" height="10"></svgx>"#, nil),
        (#"<svg width="10" height="10"#, nil),
        (#"<svg width="0" height="10"></svg>"#, nil),
        (#"<svg viewBox="0 0 nan 5"></svg>"#, nil),
        ("plain text", nil),
    ]

    @Test(arguments: svgs)
    func svg(text: String, size: ImageSize?) {
        #expect(ImageSize.read(Array(text.utf8)) == size)
    }

    /// Every prefix of every file, and every file with one byte changed: an answer or `nil`, quickly.
    @Test func truncatedAndDamagedFilesGiveNilOrASizeNeverACrash() {
        let files = [ImageFiles.png(width: 3, height: 2), ImageFiles.gif(width: 2, height: 2), ImageFiles.jpeg(width: 9, height: 9),
                     ImageFiles.jpeg(width: 9, height: 9, before: ImageFiles.exif(orientation: 6, bigEndianOrder: true)),
                     ImageFiles.webPLossy(width: 5, height: 5), ImageFiles.webPLossless(width: 5, height: 5),
                     ImageFiles.webPExtended(width: 5, height: 5)]
        var generator = SplitMix(state: 12)
        let start = Date()
        for file in files {
            let whole = ImageSize.read(file)
            #expect(whole != nil)
            for end in 0..<file.count where end < 40 || end % 7 == 0 {
                let size = ImageSize.read(Array(file[..<end]))
                #expect(size == nil || size == whole)
            }
            for _ in 0..<300 {
                var damaged = file
                damaged[Int.random(in: 0..<file.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                _ = ImageSize.read(damaged)
            }
        }
        // A JPEG whose segments lead in a loop or past the end.
        #expect(ImageSize.read([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00]) == nil)
        #expect(ImageSize.read([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 100_000)) == nil)
        #expect(ImageSize.read([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0, 0, 0, 5]) == nil)  // DNL: height 0
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func readsFromAFileOnlyWhatItNeeds() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("a.jpg", bytes: ImageFiles.jpeg(width: 33, height: 44, before: ImageFiles.segment(0xE2, [UInt8](repeating: 1, count: 60_000))))
        try project.write("b.png", bytes: ImageFiles.png(width: 7, height: 8))
        try project.write("c.txt", bytes: ImageFiles.png(width: 7, height: 8))
        #expect(try ImageSize.read(atPath: project.root.appendingPathComponent("a.jpg").path).get() == Size(width: 33, height: 44))
        let (tree, problems) = ContentReader(root: project.root, displayRoot: "content").read()
        #expect(problems.isEmpty)
        #expect(tree.file(named: "b.png")?.imageSize == Size(width: 7, height: 8))
        #expect(tree.file(named: "c.txt")?.imageSize == nil)
    }
}
