import CVipsLoader

/// What a picture's header says, read without decoding a pixel: its format (from its bytes),
/// its size as stored, its number of frames and its EXIF orientation.
///
/// Reading it is where the limits are enforced, before anything is decoded: a 50,000 × 50,000
/// PNG is a few hundred bytes on disk and 10 GB once decoded (a decompression bomb).
public struct ImageProbe: Sendable, Hashable {
    /// At most this many pixels (one frame): 100 megapixels, more than any phone's or most
    /// cameras' photos. Decoding one takes about 4 bytes a pixel where a format cannot stream
    /// (an interlaced PNG, a progressive JPEG): 400 MB at the limit.
    public static let maximumPixels = 100_000_000
    /// At most this many pixels a side, so a long thin bomb (1 × 90,000,000) is refused too.
    public static let maximumSide = 30_000

    public var format: ImageFormat
    /// The size as stored, before the orientation turns it.
    public var width: Int
    public var height: Int
    /// Frames: more than one for an animated GIF, WebP or PNG.
    public var pages: Int
    /// The EXIF orientation, 1 to 8 (1 when there is none).
    public var orientation: Int

    public var isAnimated: Bool { pages > 1 }

    /// The size it is shown at: orientations 5 to 8 turn it a quarter, swapping its sides.
    public var shownSize: ImageSize {
        (5...8).contains(orientation) ? ImageSize(width: height, height: width) : ImageSize(width: width, height: height)
    }

    public init(format: ImageFormat, width: Int, height: Int, pages: Int = 1, orientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.pages = pages
        self.orientation = orientation
    }

    /// Reads the header of the picture in `bytes`, or says why it cannot be resized.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageProbe {
        try ImageLibrary.start()
        guard let format = ImageFormat(magic: bytes) else {
            let what = ImageFormat.otherName(bytes).map { "\($0), " } ?? ""
            throw ImageError(.unsupported, "\(what)not a JPEG, PNG, GIF or WebP image")
        }
        let probe = try bytes.withImageBytes { (buffer) throws(ImageError) -> ImageProbe in
            guard let pointer = stacks_vips_open(buffer.baseAddress, buffer.count) else {
                throw VipsFailure.error(.malformed, "not a readable \(format.name) image")
            }
            let image = VipsImageReference(pointer)
            return ImageProbe(format: format, width: image.width, height: Int(stacks_vips_page_height(image.pointer)),
                              pages: max(1, Int(stacks_vips_pages(image.pointer))),
                              orientation: Int(stacks_vips_orientation(image.pointer)))
        }
        var checked = probe
        // libvips 8.14 reads only the first frame of an animated PNG and says nothing of the rest.
        if format == .png, let frames = animatedPNGFrames(bytes) { checked.pages = max(checked.pages, frames) }
        try checked.checkLimits()
        return checked
    }

    func checkLimits() throws(ImageError) {
        let size = "\(width) × \(height) pixels"
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw ImageError(.tooLarge, "\(size): larger than the limit of \(Self.maximumSide) pixels a side")
        }
        guard width * height <= Self.maximumPixels else {
            throw ImageError(.tooLarge, "\(size): more than the limit of \(Self.maximumPixels / 1_000_000) megapixels")
        }
    }

    /// The frame count of an animated PNG: its `acTL` chunk, which comes before the first `IDAT`.
    static func animatedPNGFrames(_ bytes: [UInt8]) -> Int? {
        var offset = 8
        for _ in 0..<1024 {
            guard offset + 8 <= bytes.count else { return nil }
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { return nil }
            if type == "acTL", offset + 12 <= bytes.count {
                let frames = bytes[offset + 8..<offset + 12].reduce(0) { $0 << 8 | Int($1) }
                return frames > 1 ? frames : nil
            }
            offset += 12 + length
        }
        return nil
    }
}
