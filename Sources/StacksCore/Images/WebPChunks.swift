/// A WebP file's RIFF chunks, for taking its metadata out: the `EXIF`, `XMP ` and `ICCP`
/// chunks are dropped and their flags cleared in the `VP8X` header; the image's own chunks
/// (`VP8 `, `VP8L`, `ALPH`, `ANIM`, `ANMF`) are kept as they are.
enum WebPChunks {
    static let metadata: Set<String> = ["EXIF", "XMP ", "ICCP"]
    /// VP8X flag bits: ICC profile, EXIF, XMP.
    static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// `bytes` without metadata, or `nil` when they are not a well-formed WebP file.
    static func removingMetadata(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return nil }
        var body = Array("WEBP".utf8)
        var offset = 12
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return nil }
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + size + size % 2  // chunks are padded to an even size
            guard end <= bytes.count else { return nil }
            if !metadata.contains(type) {
                var chunk = Array(bytes[offset..<end])
                if type == "VP8X", size >= 1 { chunk[8] &= ~metadataFlags }
                body += chunk
            }
            offset = end
        }
        return Array("RIFF".utf8) + (0..<4).map { UInt8((body.count >> ($0 * 8)) & 0xFF) } + body
    }
}
