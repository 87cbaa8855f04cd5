/// Which co-located pictures are published at the sizes the layout shows them at, and under
/// which names: a pure function of a picture's published path and size, so that the resolve
/// stage can write a page's `srcset` before any picture is decoded, and the writer and the
/// preview make the same files.
///
/// A JPEG, PNG or WebP picture gets WebP variants at `widths` that are narrower than it, and one
/// at its own width (at most the widest), AVIF ones at the same widths with `images.avif` (a
/// `<picture>` offers them first, to browsers that read AVIF), and a re-encoding in its own format 800 pixels wide
/// (or its own width, when narrower) for `src`: what a page shows carries no location or camera metadata. A picture narrower
/// than the narrowest width (an icon, a badge) is only re-encoded: one size has no choice to offer. GIFs (mostly
/// animations) and SVG drawings are shown as they are. A picture that stands for its page in the
/// lists (`Page.picture`) is also cut to the lists' tile, at 1x and 2x. The variants live under
/// `_stacks/images/`, named after the original's path (`_stacks/images/dishes/tofu/photo-800.webp`),
/// where no content can be.
public struct ResponsiveImages: Sendable, Equatable {
    /// From a phone's 390 px at 1x to the detail column's 46rem at 2x.
    public static let widths = [480, 800, 1200, 1600]
    static let folder = Theme.siteFolder + "/images"
    static let resizableExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "webp"]
    /// The `src`'s width: the detail column's at 1x (46rem). It is what a browser without
    /// `srcset` or WebP, a feed reader or a link preview shows; a re-encoding in JPEG at 1600
    /// pixels cost a third of a photo's time (Benchmarks/recipes.sh).
    public static let fallbackWidth = 800
    /// The largest tile a thumbnail fills at 1x: the item's own header (4rem); the lists' rows
    /// and the sidebar's (2rem and less) take the same file at 2x.
    public static let tile = Thumbnail.Tile.square(64)

    /// What the detail column is wide at each breakpoint: the whole width below `medium`, at
    /// most 46rem (`.detail > *`) from it on. (Not `min(46rem, 100vw)`: the HTML checker takes
    /// no CSS functions in `sizes`, and from `medium` on the column is under 100vw anyway.)
    public var sizes: String
    /// Whether pictures get AVIF variants too (`images.avif`).
    public var avif: Bool

    public init(layout: SiteConfig.Layout, avif: Bool = false) {
        sizes = "(min-width: \(layout.mediumBreakpoint)px) 46rem, 100vw"
        self.avif = avif
    }

    /// One picture's files.
    public struct Plan: Sendable, Equatable {
        /// The WebP variants: width and path under the output root, narrowest first.
        public var variants: [(width: Int, path: String)]
        /// The re-encoding in the original's format, the `src`.
        public var fallback: (width: Int, path: String)
        /// The size the original shows at (its EXIF orientation applied).
        public var size: ImageSize
        /// The lists' tile cut from it, at 1x and 2x (`tile`): for a page's picture only.
        public var thumbnail: Thumbnail?
        /// The AVIF variants (`images.avif`), at the WebP ones' widths; empty without.
        public var avifVariants: [(width: Int, path: String)] = []

        public struct Thumbnail: Sendable, Equatable {
            public var oneX: String
            public var twoX: String
        }

        /// Every file, in the order `PublishedImages` makes them.
        public var paths: [String] {
            variants.map(\.path) + [fallback.path] + (thumbnail.map { [$0.oneX, $0.twoX] } ?? []) + avifVariants.map(\.path)
        }

        public static func == (a: Plan, b: Plan) -> Bool {
            a.variants.map(\.width) == b.variants.map(\.width) && a.variants.map(\.path) == b.variants.map(\.path)
                && a.fallback == b.fallback && a.size == b.size && a.thumbnail == b.thumbnail
                && a.avifVariants.map(\.width) == b.avifVariants.map(\.width) && a.avifVariants.map(\.path) == b.avifVariants.map(\.path)
        }
    }

    /// The files of the picture published at `output` that shows at `size`, its thumbnail's
    /// too when it stands for a page; `nil` for a picture published only as it is.
    /// `plain`: a picture with nothing but pixels in it (`PlainPicture`), which, too narrow for
    /// variants, is shown as it is. `avif`: AVIF variants too.
    public static func plan(output: String, size: ImageSize?, thumbnail: Bool = false, plain: Bool = false, avif: Bool = false) -> Plan? {
        guard let size, let (dot, format) = resizableFormat(output) else { return nil }
        let stem = folder + "/" + shortened(output[..<dot])
        let widest = min(size.width, widths.last!)
        let chosen = widest < widths[0] ? [] : widths.filter { $0 < widest } + [widest]
        if chosen.isEmpty, plain, !thumbnail { return nil }
        let fallback = min(widest, fallbackWidth)
        return Plan(variants: chosen.map { ($0, "\(stem)-\($0).webp") },
                    fallback: (fallback, "\(stem)-\(fallback).\(format.fileExtension)"),
                    size: size,
                    thumbnail: thumbnail ? Plan.Thumbnail(oneX: "\(stem)-tile.webp", twoX: "\(stem)-tile-2x.webp") : nil,
                    avifVariants: avif ? chosen.map { ($0, "\(stem)-\($0).avif") } : [])
    }

    /// The longest ending a name gets: `-tile-2x.webp`.
    static let longestSuffix = 13

    /// `path` (without its extension), its last name shortened where an ending would make it
    /// longer than a file name may be (255 bytes): its start, and a digest of the whole name so
    /// that two long names that start alike stay apart.
    static func shortened(_ path: Substring) -> Substring {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map(path.utf8.index(after:)) ?? path.startIndex
        let name = path[slash...]
        guard name.utf8.count + longestSuffix > 255 else { return path }
        let digest = Digest(of: Array(name.utf8))
        var start = Substring()
        for character in name {
            guard start.utf8.count + character.utf8.count <= 255 - longestSuffix - 17 else { break }
            start.append(character)
        }
        let hex = String(digest.high, radix: 16)
        return path[..<slash] + start + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `plan(output:size:thumbnail:plain:avif:)` for `asset`.
    static func plan(_ asset: Asset, thumbnail: Bool = false, avif: Bool = false) -> Plan? {
        plan(output: asset.output, size: asset.imageSize, thumbnail: thumbnail, plain: asset.isPlainPicture, avif: avif)
    }

    /// Whether a picture can stand for its page in the lists: one the library cuts (one that
    /// `plan` gives files for, not made here: every picture of the catalog is asked about on
    /// each rebuild of the preview).
    static func hasThumbnail(output: String, size: ImageSize?) -> Bool {
        size != nil && resizableFormat(output) != nil
    }

    /// Where the extension of a picture published at `output` starts (its dot), and its
    /// format, when the library resizes it; found by bytes (a dot or slash is never part of a
    /// longer character in UTF-8).
    private static func resizableFormat(_ output: String) -> (dot: String.Index, format: ImageFormat)? {
        let bytes = output.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > bytes.startIndex,
              bytes[bytes.index(before: dot)] != UInt8(ascii: "/") else { return nil }
        let fileExtension = output[bytes.index(after: dot)...].lowercased()
        guard resizableExtensions.contains(fileExtension), let format = ImageFormat(fileExtension: fileExtension) else { return nil }
        return (dot, format)
    }

    /// The `srcset` of a plan's WebP variants (or `variants`), its URLs in root-marker form
    /// (each page resolves them).
    static func srcset(_ plan: Plan) -> String {
        srcset(plan.variants)
    }

    static func srcset(_ variants: [(width: Int, path: String)]) -> String {
        variants.map { RootMarker.file($0.path) + " \($0.width)w" }.joined(separator: ", ")
    }

    /// What the `<img>` of a planned picture says beyond its `src`: its size (unless the page
    /// gives one), its variants and the width it shows at.
    func attributes(_ plan: Plan, size: Bool = true) -> String {
        (size ? " width=\"\(plan.size.width)\" height=\"\(plan.size.height)\"" : "")
            + (plan.variants.isEmpty ? "" : " srcset=\"\(HTMLEscaping.escape(Self.srcset(plan)))\" sizes=\"\(sizes)\"")
    }

    /// The `<source>` a `<picture>` puts before the `<img>` of a planned picture, offering its
    /// AVIF variants to browsers that read AVIF; `nil` without them.
    func source(_ plan: Plan) -> String? {
        plan.avifVariants.isEmpty ? nil
            : "<source type=\"image/avif\" srcset=\"\(HTMLEscaping.escape(Self.srcset(plan.avifVariants)))\" sizes=\"\(sizes)\">"
    }

    /// The request for the image library that makes a plan's files.
    static func request(_ plan: Plan) -> ImageVariants.Request {
        ImageVariants.Request(widths: plan.variants.map(\.width), fallbackWidth: plan.fallback.width,
                              thumbnail: plan.thumbnail == nil ? nil : tile, avif: !plan.avifVariants.isEmpty)
    }
}
