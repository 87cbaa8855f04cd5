import CVipsLoader

/// A picture made for publishing: its file's bytes, their format and its size in pixels.
/// It carries no metadata at all: no EXIF (camera, date, GPS position), XMP, IPTC or ICC profile.
public struct EncodedImage: Sendable, Hashable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    public init(bytes: [UInt8], format: ImageFormat, width: Int, height: Int) {
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
    }

    /// WebP for every variant: lossy, quality 80.
    static let webPQuality: Int32 = 80
    /// libwebp's effort, 0 to 6. Encoding is most of the time a photo takes: 3 and above cost
    /// twice the CPU for files 6 % smaller, 0 a quarter less for files 16 % larger
    /// (Benchmarks/images-variants.sh). Variants are made once and downloaded by every reader.
    static let webPEffort: Int32 = 2
    /// AVIF variants (`images.avif`): the quality whose SSIM on a photo matches WebP's at 80, in
    /// a file 11 % smaller, at libaom's effort 2 (3.3 times WebP's time there, 4.9 times on the
    /// 12-megapixel benchmark's four widths). Its fastest effort needs a file as large as WebP's
    /// for that SSIM; effort 4 saves 20 % for 20 times WebP's time (Benchmarks/avif-quality.py,
    /// Benchmarks/images-variants.sh).
    static let avifQuality: Int32 = 65
    static let avifEffort: Int32 = 2
    /// A JPEG's re-encoding: close to the quality of what cameras and phones write.
    static let jpegQuality: Int32 = 82

    /// Encodes `image` as `format`, stripped of its metadata.
    init(encoding image: borrowing VipsImageReference, as format: ImageFormat) throws(ImageError) {
        var data: UnsafeMutableRawPointer?
        var length = 0
        let status = switch format {
        case .webp: stacks_vips_webpsave(image.pointer, &data, &length, Self.webPQuality, Self.webPEffort)
        case .avif: stacks_vips_avifsave(image.pointer, &data, &length, Self.avifQuality, Self.avifEffort)
        case .jpeg: stacks_vips_jpegsave(image.pointer, &data, &length, Self.jpegQuality)
        case .png: stacks_vips_pngsave(image.pointer, &data, &length)
        case .gif: stacks_vips_gifsave(image.pointer, &data, &length)
        }
        defer { stacks_vips_free(data) }
        guard status == 0, let data else {
            throw VipsFailure.error(.failed, "could not be encoded as \(format.name)")
        }
        var bytes = Array(UnsafeRawBufferPointer(start: data, count: length))
        if format == .webp {
            // libvips 8.14's WebP saver ignores `strip` and writes EXIF (its own, at least),
            // XMP and ICC chunks anyway (libvips issue 3340): they are taken out here.
            guard let stripped = WebPChunks.removingMetadata(bytes) else {
                throw ImageError(.failed, "libvips wrote a WebP file that could not be read back")
            }
            bytes = stripped
        }
        self.init(bytes: bytes, format: format, width: image.width, height: image.height)
    }
}
