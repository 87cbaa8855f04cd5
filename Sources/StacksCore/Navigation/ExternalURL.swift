/// A URL from the content that leads out of the site without passing through libcmark (the
/// front matter's `image`): only web addresses pass, never `javascript:` and its kind.
///
/// The scheme is read as a browser reads it: browsers drop ASCII tabs and line breaks anywhere
/// in a URL and control characters and spaces around it, so `java⇥script:` and
/// ` javascript:` are `javascript:`.
enum ExternalURL {
    static let allowedSchemes: Set<String> = ["http", "https"]

    /// The scheme a browser would see, lower-cased; `nil` when there is none (a relative URL).
    static func scheme(_ url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if scheme.isEmpty, scalar.value <= 0x20 { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            guard scalar.isASCII, scalar.properties.isAlphabetic || (!scheme.isEmpty && "0123456789+-.".unicodeScalars.contains(scalar))
            else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
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
