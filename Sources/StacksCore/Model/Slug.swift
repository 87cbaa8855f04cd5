import Foundation

/// URL-safe names for pages: lower case, spaces as `-`, non-ASCII letters kept.
///
/// Every name a file system allows gets one, so that a folder brought as it is publishes:
/// letters and digits are kept lower-cased, `_` and `.` are kept inside a name, `+` and `#`
/// are spelled (`c++` → `c-plus-plus`, `c#` → `c-sharp`) and other punctuation is a `-`. A name
/// with no letter or digit is spelled out sign by sign (`!` → `bang`, `[[` →
/// `open-bracket-open-bracket`). Siblings whose different names still make one slug are told
/// apart by `SiblingSlugs`, with `suffixed`.
public enum Slug {
    /// The most bytes a slug has: it is a folder of the output (`NAME_MAX`).
    static let maximumBytes = OutputPath.maximumNameBytes

    /// The slug of a file or folder name (without its extension); `nil` only for an empty name.
    public static func make(_ name: String) -> String? {
        if let slug = asciiWords(name) { return fitted(slug, name: name) }
        return spelled(name)
    }

    /// `make` without its quick way for ASCII names (tests compare the two).
    static func spelled(_ name: String) -> String? {
        let lowered = composed(name).lowercased()
        guard !lowered.isEmpty else { return nil }
        let words = lowered.contains(where: { $0.isLetter || $0.isNumber }) ? spelledWords(lowered) : spelledSigns(lowered)
        return fitted(words, name: name)
    }

    /// Letters, digits, `_` and `.` as they are; `+` and `#` as words, which tell `c` from `c++`
    /// and `c#`; anything else, spaces included, a break between words.
    private static func spelledWords(_ lowered: String) -> String {
        var result = ""
        var pendingDash = false
        func append(_ text: String) {
            if pendingDash, !result.isEmpty { result.append("-") }
            pendingDash = false
            result.append(text)
        }
        for character in lowered {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                append(String(character))
            } else if character == "+" || character == "#" {
                pendingDash = true
                append(character == "+" ? "plus" : "sharp")
                pendingDash = true
            } else {
                pendingDash = true
            }
        }
        while let last = result.last, last == "." || last == "_" { result.removeLast() }
        while let first = result.first, first == "." || first == "_" { result.removeFirst() }
        return result
    }

    /// `spelledWords` of an ASCII name with a letter or digit, byte by byte (most names are
    /// such, and a build makes one slug per page); `nil` for any other name.
    static func asciiWords(_ name: String) -> String? {
        // Most names are slugs already (`narrow-thimble`): then the name is its own, not copied
        // (the catalog's assembly made every item's slug twice, 1,400 instructions each).
        if isSlugAlready(name) { return name }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 8)
        var pendingDash = false, hasWordByte = false
        func append(_ byte: UInt8) {
            if pendingDash, !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
            pendingDash = false
            bytes.append(byte)
        }
        for byte in name.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                hasWordByte = true
                append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                hasWordByte = true
                append(byte | 0x20)
            case UInt8(ascii: "_"), UInt8(ascii: "."):
                append(byte)
            case UInt8(ascii: "+"), UInt8(ascii: "#"):
                pendingDash = true
                for letter in (byte == UInt8(ascii: "+") ? "plus" : "sharp").utf8 { append(letter) }
                pendingDash = true
            default:
                pendingDash = true
            }
        }
        guard hasWordByte else { return nil }
        var start = 0, end = bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "_") { end -= 1 }
        while start < end, bytes[start] == UInt8(ascii: ".") || bytes[start] == UInt8(ascii: "_") { start += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `name` is what `asciiWords` makes of it: lower-case letters and digits in words
    /// joined by single dashes.
    private static func isSlugAlready(_ name: String) -> Bool {
        var previous = UInt8(ascii: "-")
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "-") where previous != UInt8(ascii: "-"): break
            default: return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "-")
    }

    /// A name of signs only, each spelled: `!` → `bang`, `((` → `open-paren-open-paren`.
    private static func spelledSigns(_ lowered: String) -> String {
        lowered.map { character -> String in
            if let ascii = character.asciiValue, (0x20..<0x7F).contains(ascii), let word = signWords[Int(ascii) - 0x20] {
                return word
            }
            return isVisibleSymbol(character) ? String(character) : scalarWords(character)
        }.joined(separator: "-")
    }

    /// The words for ASCII punctuation and space, indexed from U+0020.
    private static let signWords: [String?] = [
        "space", "bang", "quote", "sharp", "dollar", "percent", "and", "apostrophe",
        "open-paren", "close-paren", "star", "plus", "comma", "dash", "dot", "slash",
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,  // digits
        "colon", "semicolon", "less-than", "equals", "greater-than", "question", "at",
    ] + Array(repeating: nil, count: 26) + [  // capitals
        "open-bracket", "backslash", "close-bracket", "caret", "underscore", "backtick",
    ] + Array(repeating: nil, count: 26) + [  // small letters
        "open-brace", "pipe", "close-brace", "tilde",
    ]

    /// An emoji or other non-ASCII sign is kept, like a non-ASCII letter; whitespace, control
    /// and direction-changing characters are not, since a reader could not see them in a URL.
    private static func isVisibleSymbol(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .otherPunctuation, .dashPunctuation,
             .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .connectorPunctuation:
            break
        default:
            return false
        }
        return !character.unicodeScalars.contains {
            $0.properties.isBidiControl || $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }
    }

    /// `u` and the code point, for a character with no word: `\u{1}` → `u0001`.
    private static func scalarWords(_ character: Character) -> String {
        character.unicodeScalars.map { "u" + String(format: "%04x", $0.value) }.joined(separator: "-")
    }

    /// A slug too long for a file name keeps its start and ends in the name's `suffix`.
    static func fitted(_ slug: String, name: String) -> String {
        guard slug.utf8.count > maximumBytes else { return slug }
        let tail = "-" + suffix(of: name)
        var kept = Substring(slug)
        while kept.utf8.count + tail.utf8.count > maximumBytes { kept.removeLast() }
        // A whole word or none: `bang-bang-b…` would read as a word that is not there.
        if slug[kept.endIndex] != "-", let dash = kept.lastIndex(of: "-") { kept = kept[..<dash] }
        while let last = kept.last, last == "-" || last == "." || last == "_" { kept.removeLast() }
        return kept + tail
    }

    /// `slug` told apart from a sibling's by its own name: `a b` beside `a-b` is `a-b-3f2c9e1a`.
    /// Stable: it depends on the name only, not on what else is in the folder.
    static func suffixed(_ slug: String, name: String) -> String {
        let tail = "-" + suffix(of: name)
        var kept = Substring(slug)
        while kept.utf8.count + tail.utf8.count > maximumBytes { kept.removeLast() }
        return kept + tail
    }

    /// Eight hex digits of the FNV-1a hash of the composed name: the same on every system.
    private static func suffix(of name: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in composed(name).utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The composed Unicode form (NFC), so that a name typed on one system and saved on another
    /// is one URL. ASCII names are returned as they are: normalizing costs microseconds a call.
    static func composed(_ name: String) -> String {
        name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }

    /// Two names that are one name on macOS or Windows: equal but for case or Unicode form.
    static func coincide(_ first: String, _ second: String) -> Bool {
        // A name beside itself (a sibling's slug it spells as it is): asked of nearly every item.
        first == second || composed(first).lowercased() == composed(second).lowercased()
    }

    /// Whether `slug` is `name` lower-cased as it is (`composed(name).lowercased()`): for an
    /// ASCII name, compared byte by byte without making the lower-cased copy.
    static func isLowercased(_ name: String, spelling slug: String) -> Bool {
        let byBytes: Bool?? = name.utf8.withContiguousStorageIfAvailable { name in
            slug.utf8.withContiguousStorageIfAvailable { slug -> Bool? in
                guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard name.count == slug.count else { return false }
                for position in name.indices {
                    let byte = name[position]
                    let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                    if lower != slug[position] { return false }
                }
                return true
            } ?? nil
        }
        return (byBytes ?? nil) ?? (slug == composed(name).lowercased())
    }

    /// Whether a slug from front matter can be used as it is.
    public static func isValid(_ slug: String) -> Bool {
        make(slug) == slug
    }

    /// A slug written in front matter: one Stacks would make (`isValid`) as it is, else as Hugo
    /// takes one: lower-cased (`hugo_convert_toJSON` → `hugo_convert_tojson`), made of what a URL
    /// carries unescaped — letters, digits, `-`, `_`, `.` and `~` — and not starting with `.` or
    /// `_` (a hidden file; the theme's `_stacks`). `nil` when it is neither.
    public static func written(_ slug: String) -> String? {
        if isValid(slug) { return slug }
        let lowered = composed(slug).lowercased()
        guard let first = lowered.first, first != ".", first != "_",
              lowered.allSatisfy({ $0.isLetter || $0.isNumber || "-_.~".contains($0) }),
              OutputPath.problem(inName: lowered) == nil else { return nil }
        return lowered
    }

    /// A title for a page named `name` that has none: from its slug (`ferry-boat` → `Ferry boat`)
    /// when the slug only re-spaces the name, else the name itself (`c++` → `C++`, `!` → `!`).
    static func title(name: String, slug: String) -> String {
        let plain = composed(name).lowercased().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
        guard !plain || slug != make(name) else { return readable(slug) }
        let words = composed(name).replacingOccurrences(of: "_", with: " ")
        guard let first = words.first else { return slug }
        return first.uppercased() + words.dropFirst()
    }

    /// A title for a page that has none: `ferry-boat` → `Ferry boat`.
    public static func readable(_ slug: String) -> String {
        let words = slug.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = words.first else { return slug }
        return first.uppercased() + words.dropFirst()
    }
}
