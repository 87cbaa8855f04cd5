/// The size in pixels an image shows at, read from the start of its file: PNG, JPEG, GIF,
/// WebP (VP8, VP8L, VP8X) and SVG. Pages give it to `<img>` as `width` and `height`, so that the
/// browser keeps the image's place before it loads and nothing below it jumps.
///
/// Pure: the bytes come from a function, so a file is read only as far as its format needs
/// (a JPEG's size can sit behind long EXIF and ICC segments, which are skipped, not read).
/// Anything malformed or truncated gives `nil`; every loop is bounded.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What `read` reads of an SVG: its root element sits near the top.
    static let svgPrefixLimit = 1 << 20
    /// JPEG segments walked before giving up, and how far into the file they may lead.
    static let jpegSegmentLimit = 4096
    static let jpegOffsetLimit = 64 << 20

    /// The size of the image in `bytes`, the whole file or at least its start.
    public static func read(_ bytes: [UInt8]) -> ImageSize? {
        read { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    /// The size of the image whose bytes `fetch(offset, count)` gives (fewer than `count` at the end).
    public static func read(_ fetch: (_ offset: Int, _ count: Int) -> [UInt8]) -> ImageSize? {
        let head = fetch(0, 32)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(head) }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return gif(head) }
        if head.starts(with: [0xFF, 0xD8]) { return jpeg(fetch) }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return webP(head) }
        return svg(fetch(0, svgPrefixLimit))
    }

    private init?(checkedWidth width: Int, height: Int) {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    // MARK: Raster formats

    /// The IHDR chunk comes first: width and height, big-endian, at 16 and 20.
    private static func png(_ head: [UInt8]) -> ImageSize? {
        guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageSize(checkedWidth: bigEndian(head, 16, 4), height: bigEndian(head, 20, 4))
    }

    /// The logical screen size, little-endian, at 6 and 8.
    private static func gif(_ head: [UInt8]) -> ImageSize? {
        guard head.count >= 10 else { return nil }
        return ImageSize(checkedWidth: littleEndian(head, 6, 2), height: littleEndian(head, 8, 2))
    }

    /// The first chunk after `RIFF….WEBP` says which kind of WebP it is, and each keeps its
    /// size in its own way.
    private static func webP(_ head: [UInt8]) -> ImageSize? {
        guard head.count >= 30 else { return nil }
        switch String(decoding: head[12..<16], as: UTF8.self) {
        case "VP8 ":
            // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit sizes.
            guard head[23] == 0x9D, head[24] == 0x01, head[25] == 0x2A else { return nil }
            return ImageSize(checkedWidth: littleEndian(head, 26, 2) & 0x3FFF, height: littleEndian(head, 28, 2) & 0x3FFF)
        case "VP8L":
            // The signature 2F, then width − 1 and height − 1 in 14 bits each.
            guard head[20] == 0x2F else { return nil }
            let bits = littleEndian(head, 21, 4)
            return ImageSize(checkedWidth: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            // The canvas: width − 1 and height − 1 in 24 bits each, after 4 bytes of flags.
            return ImageSize(checkedWidth: littleEndian(head, 24, 3) + 1, height: littleEndian(head, 27, 3) + 1)
        default:
            return nil
        }
    }

    /// Walks the segments up to the frame header (SOFn), reading only each segment's first
    /// bytes. An EXIF orientation that turns the picture a quarter swaps width and height, as
    /// browsers show it.
    private static func jpeg(_ fetch: (Int, Int) -> [UInt8]) -> ImageSize? {
        var offset = 2
        var swapsSides = false
        for _ in 0..<jpegSegmentLimit {
            guard offset < jpegOffsetLimit else { return nil }
            let marker = fetch(offset, 2)
            guard marker.count == 2, marker[0] == 0xFF else { return nil }
            let code = marker[1]
            switch code {
            case 0xFF:
                offset += 1  // fill byte before a marker
                continue
            case 0x01, 0xD0...0xD7:
                offset += 2  // markers without a length
                continue
            case 0xD8, 0xD9, 0xDA:
                return nil  // a second start, the end, or the scan: no frame header before it
            default:
                break
            }
            let lengthBytes = fetch(offset + 2, 2)
            guard lengthBytes.count == 2 else { return nil }
            let length = bigEndian(lengthBytes, 0, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(code), code != 0xC4, code != 0xC8, code != 0xCC {
                let frame = fetch(offset + 4, 5)
                guard length >= 7, frame.count == 5 else { return nil }
                let height = bigEndian(frame, 1, 2), width = bigEndian(frame, 3, 2)
                return swapsSides ? ImageSize(checkedWidth: height, height: width) : ImageSize(checkedWidth: width, height: height)
            }
            if code == 0xE1, fetch(offset + 4, 6) == Array("Exif\0\0".utf8),
               let orientation = exifOrientation(fetch(offset + 4, length - 2)) {
                swapsSides = (5...8).contains(orientation)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 `Exif` segment's body.
    private static func exifOrientation(_ segment: [UInt8]) -> Int? {
        guard segment.count >= 14, segment.starts(with: Array("Exif\0\0".utf8)) else { return nil }
        let tiff = Array(segment[6...])
        let read: ([UInt8], Int, Int) -> Int
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): read = littleEndian
        case (0x4D, 0x4D): read = bigEndian
        default: return nil
        }
        let directory = read(tiff, 4, 4)
        guard directory >= 8, directory + 2 <= tiff.count else { return nil }
        let entries = read(tiff, directory, 2)
        for index in 0..<entries {
            let entry = directory + 2 + index * 12
            guard entry + 12 <= tiff.count else { return nil }
            if read(tiff, entry, 2) == 0x0112 { return read(tiff, entry + 8, 2) }
        }
        return nil
    }

    // MARK: SVG

    /// The root `<svg>` element's `width` and `height` when they are in pixels (or without a
    /// unit); what is missing comes from the `viewBox`, keeping its proportions.
    static func svg(_ bytes: [UInt8]) -> ImageSize? {
        guard let attributes = svgRootAttributes(bytes) else { return nil }
        let width = attributes["width"].flatMap(pixels), height = attributes["height"].flatMap(pixels)
        let box = attributes["viewBox"].flatMap(viewBox)
        switch (width, height, box) {
        case let (width?, height?, _):
            return ImageSize(checkedWidth: Int(width.rounded()), height: Int(height.rounded()))
        case let (width?, nil, box?):
            return ImageSize(checkedWidth: Int(width.rounded()), height: Int((width * box.height / box.width).rounded()))
        case let (nil, height?, box?):
            return ImageSize(checkedWidth: Int((height * box.width / box.height).rounded()), height: Int(height.rounded()))
        case let (nil, nil, box?):
            return ImageSize(checkedWidth: Int(box.width.rounded()), height: Int(box.height.rounded()))
        default:
            return nil
        }
    }

    /// The attributes of the first `<svg` tag, by name; `nil` when there is none.
    private static func svgRootAttributes(_ bytes: [UInt8]) -> [String: String]? {
        let open = Array("<svg".utf8)
        var start: Int?
        var index = 0
        while index + open.count < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), Array(bytes[index..<index + open.count]) == open,
               isSpace(bytes[index + open.count]) || bytes[index + open.count] == UInt8(ascii: ">") {
                start = index + open.count
                break
            }
            index += 1
        }
        guard var position = start else { return nil }
        var attributes: [String: String] = [:]
        while position < bytes.count {
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") else { break }
            let nameStart = position
            while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "="),
                  bytes[position] != UInt8(ascii: ">") { position += 1 }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
            guard position < bytes.count else { return nil }
            if attributes[name] == nil { attributes[name] = String(decoding: bytes[valueStart..<position], as: UTF8.self) }
            position += 1
        }
        return attributes
    }

    /// `24`, `24px`, `24.5`: a length in pixels; `nil` for other units and percentages.
    private static func pixels(_ text: String) -> Double? {
        var value = Substring(text.trimmingSpaces)
        if value.hasSuffix("px") { value = value.dropLast(2) }
        return positiveNumber(value)
    }

    private static func viewBox(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard parts.count == 4, Double(parts[0]) != nil, Double(parts[1]) != nil,
              let width = positiveNumber(parts[2]), let height = positiveNumber(parts[3]) else { return nil }
        return (width, height)
    }

    private static func positiveNumber(_ text: Substring) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0.5, value <= Double(Int32.max) else { return nil }
        return value
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Bytes

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        guard offset >= 0, offset + count <= bytes.count else { return 0 }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        guard offset >= 0, offset + count <= bytes.count else { return 0 }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

private extension String {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
