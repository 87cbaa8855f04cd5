import Foundation

/// The words the site search finds, as the script finds them in what is typed: folded (split
/// into base letters and accents, accents dropped, lower case — the script's `fold`), then
/// runs of letters and digits, but each Chinese or Japanese character a word of its own
/// (those scripts do not put spaces between words).
///
/// The script's `searchTerms` must split text the same way; a browser test types words into it.
enum SearchTerms {
    /// Longer runs are not words anyone types (hashes, data), and would only grow the index.
    static let maximumLength = 40

    static func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Hands each term of `text` to `body` as its UTF-8 bytes, in order (the postings look
    /// them up as bytes: most are never made a `String`).
    static func forEachTerm(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var none: Cache? = nil
        forEachTerm(in: text, cache: &none, body)
    }

    /// The terms of text that is not ASCII, by its bytes: a catalog's words come back page after
    /// page, and folding them (NFD, scalar by scalar) is the costly part of reading a page in
    /// another script than Latin. Bounded: a catalog of more words than that folds the rest.
    struct Cache {
        fileprivate var terms: [[UInt8]: [String]] = [:]
        static let limit = 1 << 16
    }

    /// `forEachTerm(in:_:)`, remembering in `cache` the terms of what is not ASCII.
    ///
    /// Every byte of every page passes here: the table of word bytes is taken into a local
    /// before the loop (read as a global, it was a `swift_once` check for every byte).
    static func forEachTerm(in text: String, cache: inout Cache?, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        let classes = byteClasses
        classes.withUnsafeBufferPointer { classes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { lowered in
                text.withUTF8 { bytes in
                    // Runs of ASCII letters and digits and of anything not ASCII; a run that is all
                    // ASCII is lower-cased as it is, any other is folded and split scalar by scalar.
                    // ASCII punctuation ends a word either way, so the two ways agree. `seen`: the
                    // classes of the run's bytes, or-ed.
                    func endRun(_ start: Int, _ end: Int, seen: UInt8) {
                        guard end > start else { return }
                        let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        if seen & notASCII == 0 {
                            guard run.count <= maximumLength else { return }
                            // Most words are in lower case already: handed over where they are.
                            guard seen & upper != 0 else { return body(run) }
                            for offset in 0..<run.count {
                                let byte = run[offset]
                                lowered[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                            }
                            body(UnsafeBufferPointer(rebasing: lowered[..<run.count]))
                        } else if cache != nil {
                            let key = Array(run)
                            let terms: [String]
                            if let known = cache!.terms[key] {
                                terms = known
                            } else {
                                terms = scalarTerms(in: String(decoding: run, as: UTF8.self))
                                if cache!.terms.count < Cache.limit { cache!.terms[key] = terms }
                            }
                            for var term in terms { term.withUTF8(body) }
                        } else {
                            for var term in scalarTerms(in: String(decoding: run, as: UTF8.self)) { term.withUTF8(body) }
                        }
                    }
                    var start = 0
                    var seen: UInt8 = 0
                    var index = 0
                    let count = bytes.count
                    while index < count {
                        let kind = classes[Int(bytes[index])]
                        if kind == separator {
                            endRun(start, index, seen: seen)
                            start = index + 1
                            seen = 0
                        } else {
                            seen |= kind
                        }
                        index += 1
                    }
                    endRun(start, count, seen: seen)
                }
            }
        }
    }

    /// What a byte is to `forEachTerm`: ASCII that ends a word, a lower-case letter or digit,
    /// an upper-case letter, or a byte of a character that is not ASCII.
    private static let separator: UInt8 = 0, lowerOrDigit: UInt8 = 1, upper: UInt8 = 2, notASCII: UInt8 = 4
    private static let byteClasses: [UInt8] = (0..<256).map { byte in
        if byte >= 0x80 { return notASCII }
        if !isASCIIWordByte[byte] { return separator }
        return (0x41...0x5A).contains(byte) ? upper : lowerOrDigit
    }

    /// The terms of a page's title: its words, and a title that is one token with a symbol in
    /// it (`!`, `[[`, `c++`, `tar.gz`, as a command reference names its pages) as a whole too:
    /// that is what someone looking for the page types, and its words alone are not (`c++`
    /// would be `c`, `!` nothing). The script's `symbolTerms` reads a query the same way.
    static func titleTerms(in title: String) -> [String] {
        var terms = terms(in: title)
        if let whole = wholeTerm(title) { terms.append(whole) }
        return terms
    }

    /// `text` folded, if it is one token (no space) with a character that is not a letter or
    /// digit, and not longer than a term.
    static func wholeTerm(_ text: String) -> String? {
        if let plain = asciiHasNoWholeTerm(text), plain { return nil }
        let folded = fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let scalars = folded.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= maximumLength,
              !scalars.contains(where: \.properties.isWhitespace),
              scalars.contains(where: { !isWordScalar($0) }) else { return nil }
        return folded
    }

    /// For ASCII text, whether `wholeTerm` is `nil` for it, told from its bytes: once trimmed, it
    /// is empty, has a space inside, or is letters and digits only (most titles: "Brass
    /// lantern"); `nil` for other text. The folding and trimming are the costly part, and every
    /// page's title is looked at.
    private static func asciiHasNoWholeTerm(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return true }
            let trimmed = bytes[first...last]
            return trimmed.contains(where: isSpace) || trimmed.allSatisfy { isASCIIWordByte[Int($0)] }
        }
    }

    private static let isASCIIWordByte: [Bool] = (0..<128).map { isWordScalar(Unicode.Scalar(UInt8($0))) }

    private static func scalarTerms(in text: String) -> [String] {
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        func endWord() {
            if !word.isEmpty, word.count <= maximumLength { terms.append(String(word)) }
            word.removeAll(keepingCapacity: true)
        }
        for scalar in fold(text).unicodeScalars {
            if isIdeograph(scalar) {
                endWord()
                terms.append(String(scalar))
            } else if isWordScalar(scalar) {
                word.append(scalar)
            } else {
                endWord()
            }
        }
        endWord()
        return terms
    }

    /// The script's `fold`: NFD, combining marks dropped, lower case.
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// `[\p{L}\p{N}]` in the script.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Hiragana, Katakana and the CJK ideographs: the ranges the script's `ideograph` names.
    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }
}
