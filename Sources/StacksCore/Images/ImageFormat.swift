/// The raster formats Stacks resizes, told by a file's first bytes and never by its name:
/// a PNG called `photo.jpg` is a PNG, and its re-encoding stays a PNG. AVIF is written only
/// (`images.avif`): it is never read, since its loader (libheif) stays blocked.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, avif

    /// The formats read: the four whose loaders run.
    public static var allCases: [ImageFormat] { [.jpeg, .png, .gif, .webp] }

    /// The extension a file of this format is published with.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .avif: "avif"
        }
    }

    /// The name a message gives the format.
    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .avif: "AVIF"
        }
    }

    /// The format whose signature `bytes` start with, if it is one of the four.
    /// The format a file name's extension (lowercased) says.
    public init?(fileExtension: some StringProtocol) {
        switch fileExtension {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        case "gif": self = .gif
        case "webp": self = .webp
        default: return nil
        }
    }

    public init?(magic bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// Whether `bytes` look like an SVG drawing: text whose first element is `<svg`, after an
    /// optional XML declaration, comments or doctype. Published as it is: it has no pixels to resize.
    static func isSVG(_ bytes: [UInt8]) -> Bool {
        var text = Substring(decoding: bytes.prefix(4096), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        for _ in 0..<64 {
            text = text.drop(while: \.isWhitespace)
            if text.hasPrefix("<svg") { return true }
            guard text.hasPrefix("<?") || text.hasPrefix("<!"),
                  let end = text.firstIndex(of: ">") else { return false }
            text = text[text.index(after: end)...]
        }
        return false
    }

    /// What a file that is none of the four seems to be, for a message that helps its author.
    static func otherName(_ bytes: [UInt8]) -> String? {
        func starts(_ text: String) -> Bool { bytes.starts(with: Array(text.utf8)) }
        if isSVG(bytes) { return "an SVG drawing" }
        if starts("%PDF") { return "a PDF document" }
        if starts("II*\0") || starts("MM\0*") { return "a TIFF image" }
        if starts("BM") { return "a BMP image" }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "a JPEG XL image" }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            return brand.hasPrefix("avi") ? "an AVIF image" : brand.hasPrefix("hei") || brand.hasPrefix("mif") ? "a HEIF image" : nil
        }
        return nil
    }
}
