import CCmark
import Foundation

/// GitHub Flavored Markdown extended autolinks ("Autolinks (extension)"): `www.` addresses,
/// `http://`, `https://` and `ftp://` URLs and e-mail addresses in text become links, with
/// cmark-gfm's rules for valid domains, trailing punctuation, unbalanced `)` and `&entity;`.
///
/// Smart punctuation has already turned `--`, `...` and quotes into dashes, ellipses and curly
/// quotes in the text; a URL is read as written, so those are read back as their ASCII
/// originals, for the link's address and for its text alike.
enum GFMAutolinks {
    /// `texts`: text nodes for which `mayHoldLink` holds.
    static func apply(to texts: [OpaquePointer], smart: Bool) {
        for text in texts where !SyntaxTree.isInsideLink(text) { link(in: text, smart: smart) }
    }

    /// Cheap: a link needs `www.`, `://` or an `@`.
    static func mayHoldLink(_ literal: UnsafePointer<CChar>) -> Bool {
        strpbrk(literal, ":@w") != nil && (strchr(literal, 0x40) != nil || strstr(literal, "www.") != nil || strstr(literal, "://") != nil)
    }

    private struct Match {
        var start: Int
        var end: Int
        var scheme: String
    }

    private static func link(in node: OpaquePointer, smart: Bool) {
        let original = Array(SyntaxTree.literal(of: node).unicodeScalars)
        // `text[i]` was written as `original[origin[i]]`.
        var text: [Unicode.Scalar] = [], origin: [Int] = []
        text.reserveCapacity(original.count)
        origin.reserveCapacity(original.count)
        for (index, scalar) in original.enumerated() {
            if smart, let written = asWritten(scalar) {
                text.append(contentsOf: written)
                origin.append(contentsOf: repeatElement(index, count: written.count))
            } else {
                text.append(scalar)
                origin.append(index)
            }
        }

        var matches: [Match] = []
        var floor = 0, index = 0
        while index < text.count {
            let found: Match? = switch text[index] {
            case "w": www(text, at: index)
            case ":": url(text, colon: index, floor: floor)
            case "@": email(text, at: index, floor: floor)
            default: nil
            }
            guard var match = found, match.end > match.start else { index += 1; continue }
            // Never end inside one written character (an ellipsis read as three dots).
            while match.end < text.count, origin[match.end] == origin[match.end - 1] { match.end += 1 }
            matches.append(match)
            index = max(match.end, index + 1)
            floor = match.end
        }
        guard !matches.isEmpty else { return }

        var written = 0
        func appendText(upTo end: Int) {
            guard end > written, let piece = SyntaxTree.text(String(String.UnicodeScalarView(original[written..<end]))) else { return }
            cmark_node_insert_before(node, piece)
        }
        for match in matches {
            let start = origin[match.start], end = match.end < text.count ? origin[match.end] : original.count
            appendText(upTo: start)
            let address = String(String.UnicodeScalarView(text[match.start..<match.end]))
            if let link = cmark_node_new(CMARK_NODE_LINK), let label = SyntaxTree.text(address) {
                cmark_node_set_url(link, match.scheme + address)
                cmark_node_append_child(link, label)
                cmark_node_insert_before(node, link)
            }
            written = end
        }
        appendText(upTo: original.count)
        SyntaxTree.free(node)
    }

    /// What smart punctuation replaced, as it was written.
    static func asWritten(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        switch scalar {
        case "\u{2014}": ["-", "-", "-"]
        case "\u{2013}": ["-", "-"]
        case "\u{2026}": [".", ".", "."]
        case "\u{2018}", "\u{2019}": ["'"]
        case "\u{201C}", "\u{201D}": ["\""]
        default: nil
        }
    }

    // MARK: The three kinds, as cmark-gfm's autolink extension finds them

    /// `www.` after the start, whitespace, or `*`, `_`, `~`, `(`.
    private static func www(_ text: [Unicode.Scalar], at start: Int) -> Match? {
        guard start + 4 <= text.count, text[start + 1] == "w", text[start + 2] == "w", text[start + 3] == "." else { return nil }
        if start > 0 {
            let before = text[start - 1]
            guard "*_~(".unicodeScalars.contains(before) || isSpace(before) else { return nil }
        }
        guard let domain = domainLength(text, from: start, allowShort: false) else { return nil }
        let end = delimitedEnd(text, start: start, end: pathEnd(text, from: start + domain))
        return Match(start: start, end: end, scheme: "http://")
    }

    private static func url(_ text: [Unicode.Scalar], colon: Int, floor: Int) -> Match? {
        guard text.count - colon >= 4, text[colon + 1] == "/", text[colon + 2] == "/", isASCIIAlphanumeric(text[colon + 3])
        else { return nil }
        var start = colon
        while start > floor, isASCIIAlpha(text[start - 1]) { start -= 1 }
        let scheme = String(String.UnicodeScalarView(text[start..<colon])).lowercased()
        guard scheme == "http" || scheme == "https" || scheme == "ftp",
              let domain = domainLength(text, from: colon + 3, allowShort: true) else { return nil }
        let end = delimitedEnd(text, start: start, end: pathEnd(text, from: colon + 3 + domain))
        return Match(start: start, end: end, scheme: "")
    }

    private static func email(_ text: [Unicode.Scalar], at: Int, floor: Int) -> Match? {
        var start = at
        while start > floor {
            let before = text[start - 1]
            if isASCIIAlphanumeric(before) || ".+-_".unicodeScalars.contains(before) { start -= 1; continue }
            // Not the user of `http://user@host`.
            if before == "/" { return nil }
            break
        }
        guard start < at else { return nil }
        var end = at, ats = 0, periods = 0
        while end < text.count {
            let scalar = text[end]
            if isASCIIAlphanumeric(scalar) {
            } else if scalar == "@" {
                ats += 1
            } else if scalar == ".", end + 1 < text.count, isASCIIAlphanumeric(text[end + 1]) {
                periods += 1
            } else if scalar != "-" && scalar != "_" {
                break
            }
            end += 1
        }
        guard end - at >= 2, ats == 1, periods > 0, isASCIIAlpha(text[end - 1]) || text[end - 1] == "." else { return nil }
        let delimited = delimitedEnd(text, start: at, end: end)
        guard delimited > at else { return nil }
        return Match(start: start, end: delimited, scheme: "mailto:")
    }

    /// The length of a valid domain at `start`: segments of letters, digits, `-` and `_`
    /// separated by periods, no `_` in the last two segments; at least one period unless short.
    private static func domainLength(_ text: [Unicode.Scalar], from start: Int, allowShort: Bool) -> Int? {
        let size = text.count - start
        var index = 1, periods = 0, underscores = 0, underscoresBefore = 0
        while index < size - 1 {
            let scalar = text[start + index]
            if scalar == "_" {
                underscores += 1
            } else if scalar == "." {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
            } else if !isHostCharacter(scalar) && scalar != "-" {
                break
            }
            index += 1
        }
        guard underscoresBefore == 0, underscores == 0 else { return nil }
        return allowShort || periods > 0 ? index : nil
    }

    /// Zero or more characters other than whitespace and `<` follow the domain.
    private static func pathEnd(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var end = min(start, text.count)
        while end < text.count, !isSpace(text[end]), text[end] != "<" { end += 1 }
        return end
    }

    /// Trailing punctuation is not part of a link, nor an unbalanced `)` or an `&entity;`.
    private static func delimitedEnd(_ text: [Unicode.Scalar], start: Int, end: Int) -> Int {
        var end = end, opening = 0, closing = 0
        for index in start..<end {
            if text[index] == "<" { end = index; break }
            if text[index] == "(" { opening += 1 } else if text[index] == ")" { closing += 1 }
        }
        while end > start {
            switch text[end - 1] {
            case ")":
                if closing <= opening { return end }
                closing -= 1
                end -= 1
            case "?", "!", ".", ",", ":", "*", "_", "~", "'", "\"":
                end -= 1
            case ";":
                var candidate = end - 2
                while candidate > start, isASCIIAlpha(text[candidate]) { candidate -= 1 }
                if candidate >= start, candidate < end - 2, text[candidate] == "&" { end = candidate } else { end -= 1 }
            default:
                return end
            }
        }
        return end
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        !GFMStrikethrough.isWhitespace(scalar) && !GFMStrikethrough.isPunctuation(scalar)
    }

    private static func isASCIIAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isASCIIAlpha(scalar) || ("0"..."9").contains(scalar)
    }
}
