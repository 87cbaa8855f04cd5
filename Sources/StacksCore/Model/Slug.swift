import Foundation

/// URL-safe names for pages: lower case, spaces as `-`, non-ASCII letters kept.
public enum Slug {
    /// The slug of a file or folder name (without its extension).
    /// Returns `nil` when nothing usable is left (`..`, `%`, only punctuation).
    public static func make(_ name: String) -> String? {
        var result = ""
        var pendingDash = false
        for character in composed(name).lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else if character == "_" || character == "." {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                // Spaces, dashes and anything unsafe in a URL collapse into one dash.
                pendingDash = true
            }
        }
        while let last = result.last, last == "." || last == "_" { result.removeLast() }
        while let first = result.first, first == "." || first == "_" { result.removeFirst() }
        return result.isEmpty ? nil : result
    }

    /// The composed Unicode form (NFC), so that a name typed on one system and saved on another
    /// is one URL. ASCII names are returned as they are: normalizing costs microseconds a call.
    static func composed(_ name: String) -> String {
        name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }

    /// Whether a slug from front matter can be used as it is.
    public static func isValid(_ slug: String) -> Bool {
        make(slug) == slug
    }

    /// A title for a page that has none: `ferry-boat` → `Ferry boat`.
    public static func readable(_ slug: String) -> String {
        let words = slug.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = words.first else { return slug }
        return first.uppercased() + words.dropFirst()
    }
}
