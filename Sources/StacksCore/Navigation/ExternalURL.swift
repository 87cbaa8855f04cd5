/// A URL from the content that leads out of the site without passing through libcmark (the
/// front matter's `image`): only web addresses pass, never `javascript:` and its kind.
///
/// The scheme is read as a browser reads it: browsers drop ASCII tabs and line breaks anywhere
/// in a URL and control characters and spaces around it, so `java⇥script:` and
/// ` javascript:` are `javascript:`.
enum ExternalURL {
    static let allowedSchemes: Set<String> = ["http", "https"]

    /// The scheme a browser would see, lower-cased; `nil` when there is none (a relative URL).
    ///
    /// By bytes: a scheme is ASCII, so the first byte of any other character ends the search
    /// (scalar by scalar, with Unicode's properties, every relative link of every page cost
    /// 10,000 instructions).
    static func scheme(_ url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            var length = 0
            for (offset, byte) in bytes.enumerated() {
                if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                if length == 0, byte <= 0x20 { continue }
                if byte == UInt8(ascii: ":") {
                    guard length > 0 else { return nil }
                    var scheme: [UInt8] = []
                    scheme.reserveCapacity(length)
                    for byte in bytes[..<offset] where byte > 0x20 { scheme.append(Self.isLetter(byte) ? byte | 0x20 : byte) }
                    return String(decoding: scheme, as: UTF8.self)
                }
                guard Self.isLetter(byte) || (length > 0 && Self.isSchemeMark(byte)) else { return nil }
                length += 1
            }
            return nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// What may follow a scheme's first letter besides letters.
    private static func isSchemeMark(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether `url` may be written into a page as it is: relative (resolved elsewhere) or a
    /// web address.
    static func isAllowed(_ url: String) -> Bool {
        scheme(url) == nil || isWebAddress(url)
    }

    /// Whether `url` is absolute and a web address (`baseURL` must be one).
    static func isWebAddress(_ url: String) -> Bool {
        scheme(url).map(allowedSchemes.contains) == true
    }

    /// Whether a link or image would run a script or open a local file, its scheme read as a
    /// browser reads it: libcmark's safe mode blanks `javascript:` but not `java⇥script:`.
    /// `data:` passes for the raster images libcmark allows.
    static func isScript(_ url: String) -> Bool {
        guard let scheme = scheme(url) else { return false }
        if scheme == "data" {
            let rest = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            let lowered = String(String.UnicodeScalarView(rest)).lowercased().drop { $0 != ":" }.dropFirst()
            return !["image/png", "image/gif", "image/jpeg", "image/webp"].contains { lowered.hasPrefix($0) }
        }
        return ["javascript", "vbscript", "livescript", "file"].contains(scheme)
    }
}
