import CVipsLoader

/// A picture cut to fill a list's tile, at 1x and 2x, in WebP, without metadata.
///
/// The cut keeps the centre. libvips' "attention" would look for skin, saturated colour and
/// edges instead, but a photographed dish, product or plant is framed in the middle, and the
/// attention cut may settle on a garnish or the background's edge; the centre is what an author
/// can predict from the photo, and the same at every tile size.
public struct Thumbnail: Sendable, Hashable {
    /// The tile's size in CSS pixels.
    public struct Tile: Sendable, Hashable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        public static func square(_ side: Int) -> Tile { Tile(width: side, height: side) }
    }

    /// The tile's size in pixels, or smaller when the original is: a picture is never enlarged,
    /// the page scales it to cover its tile.
    public var oneX: EncodedImage
    /// Twice the tile's size; `nil` when the original has no more pixels to give than `oneX`.
    public var twoX: EncodedImage?

    public init(oneX: EncodedImage, twoX: EncodedImage?) {
        self.oneX = oneX
        self.twoX = twoX
    }

    /// The width a picture of `shown` size needs to cover `tile` at 2x, at most its own.
    static func coveringWidth(_ tile: Tile, shown: ImageSize) -> Int {
        let scale = max(Double(2 * tile.width) / Double(shown.width), Double(2 * tile.height) / Double(shown.height))
        return min(shown.width, Int((Double(shown.width) * scale).rounded(.up)))
    }

    /// Both sizes, cut from `decoded`, which covers the tile at 2x wherever the original does.
    static func make(_ tile: Tile, from decoded: borrowing VipsImageReference) throws(ImageError) -> Thumbnail {
        let oneX = try cut(decoded, width: tile.width, height: tile.height)
        let twoX = try cut(decoded, width: 2 * tile.width, height: 2 * tile.height)
        let larger = twoX.width > oneX.width || twoX.height > oneX.height
        return Thumbnail(oneX: oneX, twoX: larger ? twoX : nil)
    }

    private static func cut(_ decoded: borrowing VipsImageReference, width: Int, height: Int) throws(ImageError) -> EncodedImage {
        let cut = try VipsImageReference(.failed, "could not be cut to a \(width) × \(height) thumbnail") {
            stacks_vips_thumbnail_image(decoded.pointer, $0, Int32(width), Int32(height), STACKS_VIPS_CROP_CENTRE)
        }
        return try EncodedImage(encoding: cut, as: .webp)
    }
}
