import CVipsLoader

/// The pictures a page publishes in place of one original: WebP variants at the widths its
/// layout shows it at (for `srcset`), a re-encoding in the original's format (the `src`, for
/// browsers without WebP), and a thumbnail for the lists. Every one upright (the EXIF
/// orientation applied), in sRGB, without metadata, and never wider than the original.
///
/// A pure function of bytes: the caller reads the original and writes the results, and may
/// call it for many pictures at once from several threads.
public struct ImageVariants: Sendable, Hashable {
    /// What to make of one picture. Widths are in pixels; any wider than the original become
    /// the original's own width (an image is never enlarged), and sizes of 0 or less ask nothing.
    public struct Request: Sendable, Hashable {
        /// The WebP variants' widths.
        public var widths: [Int]
        /// The width of the re-encoding in the original's format; `nil` for none.
        public var fallbackWidth: Int?
        /// The list tile a thumbnail fills; `nil` for none.
        public var thumbnail: Thumbnail.Tile?
        /// AVIF variants too, at the WebP ones' widths.
        public var avif: Bool

        public init(widths: [Int], fallbackWidth: Int? = nil, thumbnail: Thumbnail.Tile? = nil, avif: Bool = false) {
            self.widths = widths
            self.fallbackWidth = fallbackWidth
            self.thumbnail = thumbnail
            self.avif = avif
        }
    }

    /// Either the pictures made, or why the original is better published as it is.
    public enum Outcome: Sendable, Hashable {
        case made(ImageVariants)
        /// Nothing to resize: the page shows the original. Not a problem worth a warning.
        case leaveAsIs(LeaveAsIs)
    }

    public enum LeaveAsIs: Sendable, Hashable {
        /// A vector drawing is sharp at every size already.
        case svg
        /// Resized, it would keep its first frame only; keeping them all means decoding them all.
        case animated(frames: Int)

        public var reason: String {
            switch self {
            case .svg: "an SVG drawing, sharp at every size"
            case .animated(let frames): "animated (\(frames) frames)"
            }
        }
    }

    /// The original's header.
    public var source: ImageProbe
    /// One for each distinct requested width, narrowest first.
    public var variants: [EncodedImage]
    public var fallback: EncodedImage?
    public var thumbnail: Thumbnail?
    /// AVIF at the variants' widths, when asked.
    public var avifVariants: [EncodedImage] = []

    /// Makes what `request` asks of the picture in `bytes`, from a single decode at the largest
    /// size any of them needs: one decode and a resize for each costs less than a decode for each
    /// (Benchmarks/images-variants.sh).
    public static func make(from bytes: [UInt8], _ request: Request) throws(ImageError) -> Outcome {
        if ImageFormat(magic: bytes) == nil, ImageFormat.isSVG(bytes) { return .leaveAsIs(.svg) }
        let source = try ImageProbe.read(bytes)
        if source.isAnimated { return .leaveAsIs(.animated(frames: source.pages)) }

        let shown = source.shownSize
        let capped = { (width: Int) in min(width, shown.width, maximumWidth) }
        let widths = Array(Set(request.widths.filter { $0 > 0 }.map(capped))).sorted()
        let fallbackWidth = request.fallbackWidth.flatMap { $0 > 0 ? capped($0) : nil }
        let tile = request.thumbnail.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let thumbnailWidth = tile.map { capped(Thumbnail.coveringWidth($0, shown: shown)) }
        guard let decodeWidth = (widths + [fallbackWidth, thumbnailWidth].compactMap { $0 }).max() else {
            return .made(ImageVariants(source: source, variants: [], fallback: nil, thumbnail: nil))
        }

        return .made(try bytes.withImageBytes { (buffer) throws(ImageError) -> ImageVariants in
            let what = "could not be decoded as \(source.format.name)"
            let resized = try resize(buffer, source, to: decodeWidth, what)
            // Decoded once; every picture below is made from these pixels.
            let decoded = try inMemoryInSRGB(resized, what)

            var made = ImageVariants(source: source, variants: [], fallback: nil, thumbnail: nil)
            for width in widths {
                made.variants.append(try encode(decoded, width: width, as: .webp))
            }
            if let fallbackWidth {
                // A WebP original's re-encoding is the variant of that width, when there is one.
                if source.format == .webp, let same = made.variants.first(where: { $0.width == fallbackWidth }) {
                    made.fallback = same
                } else {
                    made.fallback = try encode(decoded, width: fallbackWidth, as: source.format)
                }
            }
            if let tile {
                made.thumbnail = try Thumbnail.make(tile, from: decoded)
            }
            if request.avif {
                for width in widths {
                    made.avifVariants.append(try encode(decoded, width: width, as: .avif))
                }
            }
            return made
        })
    }

    /// The widest picture made: WebP's largest side.
    static let maximumWidth = 16_383

    /// The picture in `buffer`, to be decoded at `width`, upright. A JPEG is shrunk by libjpeg
    /// while it decodes, by as much as leaves it at least `width` wide (libvips' thumbnail would
    /// leave twice that, for a sharper resize, and decode a 12-megapixel photo in full for a
    /// 1600-pixel variant: twice the time); WebP shrinks in libvips' thumbnail already, PNG and
    /// GIF cannot.
    static func resize(_ buffer: UnsafeRawBufferPointer, _ source: ImageProbe, to width: Int, _ what: String) throws(ImageError) -> VipsImageReference {
        guard source.format == .jpeg else {
            return try VipsImageReference(.malformed, what) {
                stacks_vips_thumbnail_buffer(buffer.baseAddress, buffer.count, $0, Int32(width), STACKS_VIPS_MAX_COORD)
            }
        }
        let shown = source.shownSize.width
        let shrink = [8, 4, 2].first { (shown + $0 - 1) / $0 >= width } ?? 1
        guard let opened = stacks_vips_open_jpeg(buffer.baseAddress, buffer.count, Int32(shrink)) else {
            throw VipsFailure.error(.malformed, what)
        }
        let image = VipsImageReference(opened)
        return try VipsImageReference(.malformed, what) {
            stacks_vips_thumbnail_image(image.pointer, $0, Int32(width), STACKS_VIPS_MAX_COORD, STACKS_VIPS_CROP_NONE)
        }
    }

    /// The pixels of `image`, decoded into memory (where a damaged file fails) and converted to
    /// sRGB by the ICC profile they carry. Without one they are taken as sRGB already, as
    /// browsers take them; a profile that does not fit them is ignored, as browsers ignore it.
    static func inMemoryInSRGB(_ image: borrowing VipsImageReference, _ what: String) throws(ImageError) -> VipsImageReference {
        var converted: OpaquePointer?
        defer { if let converted { stacks_vips_release(converted) } }
        if stacks_vips_has_icc_profile(image.pointer) != 0, stacks_vips_icc_to_srgb(image.pointer, &converted) != 0 {
            VipsFailure.clear()
        }
        guard let memory = stacks_vips_copy_memory(converted ?? image.pointer) else { throw VipsFailure.error(.malformed, what) }
        return VipsImageReference(memory)
    }

    /// `decoded` at `width`, encoded as `format`.
    private static func encode(_ decoded: borrowing VipsImageReference, width: Int, as format: ImageFormat) throws(ImageError) -> EncodedImage {
        if width >= decoded.width { return try EncodedImage(encoding: decoded, as: format) }
        let resized = try VipsImageReference(.failed, "could not be resized to \(width) pixels wide") {
            stacks_vips_thumbnail_image(decoded.pointer, $0, Int32(width), STACKS_VIPS_MAX_COORD, STACKS_VIPS_CROP_NONE)
        }
        return try EncodedImage(encoding: resized, as: format)
    }
}
