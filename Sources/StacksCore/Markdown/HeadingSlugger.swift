/// Heading ids as GitHub makes them (github-slugger), so that a link copied from a README's
/// rendering on GitHub lands on the same heading here.
///
/// A slug is the heading's text lowercased, with every character dropped that is not a letter,
/// a mark, a decimal or letter number, a connector (`_`), `-` or a space, and each space made a
/// `-`: letters of every script stay (`## 原料` → `原料`). A slug already taken gets `-1`, `-2`,
/// … after it; a suffixed slug that is itself taken (a heading `Notes 1` after two `Notes`)
/// counts on.
///
/// The page template's own ids are taken from the start, so a heading can never give a second
/// element the id of the sidebar or the search field: `## Content` becomes `content-1`.
struct HeadingSlugger {
    /// Ids of `templates/layout.mustache`; `filter-N` (the list's filter field) is matched in `isReserved`.
    static let templateIDs: Set<String> = ["sidebar-toggle", "search-input", "search-status", "sidebar", "content", "detail"]

    /// How many times each slug was asked for; a key is taken.
    private var occurrences: [String: Int] = [:]

    /// The next unique id for a heading whose text is `text`.
    mutating func slug(_ text: String) -> String {
        var base = Self.slug(text)
        // An empty id is not an id; GitHub's `-1` for the second such heading reads no better.
        if base.isEmpty { base = "section" }
        var result = base
        while occurrences[result] != nil || Self.isReserved(result) {
            let count = (occurrences[base] ?? 0) + 1
            occurrences[base] = count
            result = base + "-" + String(count)
        }
        occurrences[result] = 0
        return result
    }

    /// Whether the page template uses `id` whatever the page holds.
    static func isReserved(_ id: String) -> Bool {
        if templateIDs.contains(id) { return true }
        guard id.hasPrefix("filter-") else { return false }
        let number = id.dropFirst("filter-".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The slug of `text` before duplicates are counted.
    static func slug(_ text: String) -> String {
        asciiSlug(text) ?? slugByScalars(text)
    }

    /// `slug(_:)` read scalar by scalar, by general category: the way of text beyond ASCII, and
    /// what the ASCII way must agree with (`HeadingSlugASCIITests`).
    static func slugByScalars(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                scalars.append("-")
            } else if scalar == "-" || keeps(scalar.properties.generalCategory) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `slug(_:)` of ASCII text, by bytes: of ASCII, only letters, digits and `_` are in the
    /// categories kept (a scalar's properties cost 270 instructions a letter); `nil` for other text.
    private static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var slug: [UInt8] = []
            slug.reserveCapacity(bytes.count)
            for byte in bytes {
                switch byte {
                case 0x80...: return nil
                case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                    slug.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte | 0x20)
                default: continue
                }
            }
            return String(decoding: slug, as: UTF8.self)
        }
    }

    private static func keeps(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber,
             .connectorPunctuation:
            true
        default:
            false
        }
    }
}
