/// Whether a picture's file can be published as its own re-encoding: whole, upright, in sRGB
/// (or untagged) and carrying nothing but pixels — no EXIF, XMP, IPTC, ICC profile, text or
/// comment. A small icon or figure (narrower than the narrowest variant, no thumbnail) is then
/// shown as it is (`Asset.isPlainPicture`), with no trip through the image library, which
/// takes about a millisecond of CPU a picture, however small (500 icons: 7 % of a
/// 10,000-page build), and no copy under `_stacks/images/`.
///
/// Read from the container's structure only: a PNG's chunks up to `IEND` at the file's end, a
/// JPEG's markers up to its scan and `EOI` at the end, a WebP's `VP8 `/`VP8L` chunk at its end. A
/// file that ends early or says anything else goes through the library, which warns about
/// what it cannot read.
enum PlainPicture {
    /// The largest file the reader reads whole to tell (a small picture's file is smaller).
    static let largestRead = 512 * 1024

    /// Whether the file `name` holds a plain picture of the format its extension says.
    static func isPlain(_ bytes: [UInt8], named name: String) -> Bool {
        guard let format = ImageFormat(magic: bytes), let dot = name.lastIndex(of: "."),
              ImageFormat(fileExtension: name[name.index(after: dot)...].lowercased()) == format else { return false }
        return isPlain(bytes, format: format)
    }

    static func isPlain(_ bytes: [UInt8], format: ImageFormat) -> Bool {
        switch format {
        case .png: return isPlainPNG(bytes)
        case .jpeg: return isPlainJPEG(bytes)
        case .webp: return isPlainWebP(bytes)
        default: return false
        }
    }

    /// Pixels, palette, transparency, and what says sRGB, density or background.
    static let plainPNGChunks: Set<String> = ["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "sRGB", "pHYs", "bKGD"]

    static func isPlainPNG(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let kind = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard plainPNGChunks.contains(kind), length <= bytes.count - offset - 12 else { return false }
            offset += 12 + length
            if kind == "IEND" { return offset == bytes.count }
        }
        return false
    }

    static func isPlainJPEG(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8,
              bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return false }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            switch marker {
            case 0xDA: return true  // the scan: nothing but pixels came before it
            case 0xE0: break  // JFIF
            case 0xC0...0xCF where marker != 0xC8, 0xDB, 0xDD: break  // frames, tables, restart interval
            default: return false  // EXIF, XMP, ICC, IPTC, comments, anything else
            }
            guard length >= 2 else { return false }
            offset += 2 + length
        }
        return false
    }

    /// `VP8 ` or `VP8L`, after a `VP8X` header that declares nothing but transparency (and its `ALPH`).
    static func isPlainWebP(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 20, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8))
        else { return false }
        func size(at offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard size(at: 4) + 8 == bytes.count else { return false }
        var offset = 12
        while offset + 8 <= bytes.count {
            let kind = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = size(at: offset + 4)
            guard length <= bytes.count - offset - 8 else { return false }
            switch kind {
            case "VP8X" where offset == 12 && length >= 1 && bytes[offset + 8] & ~0x10 == 0: break
            case "ALPH": break
            case "VP8 ", "VP8L": return offset + 8 + length + (length & 1) == bytes.count
            default: return false
            }
            offset += 8 + length + (length & 1)
        }
        return false
    }
}
