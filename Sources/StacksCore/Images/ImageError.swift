/// Why a picture could not be read or resized, in words for a build's `path: warning: …` line.
/// The kind lets the caller choose without reading the words: every kind leaves the original
/// to be published as it is (or left out); none of them stops a build.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Not one of the four raster formats resized (SVG, TIFF, HEIC, PDF, plain text…).
        case unsupported
        /// Larger than `ImageProbe`'s limits: refused from its header, before any pixel is decoded.
        case tooLarge
        /// Truncated or damaged: its header or its pixels do not decode.
        case malformed
        /// libvips could not start or encode; not the file's fault.
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
