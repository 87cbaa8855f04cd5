import Foundation

/// How much raw HTML a body may hold and still be parsed as HTML; beyond it the raw HTML is
/// shown as text, as it is when `markdown.unsafe` is off and nothing parses it.
///
/// HTML5's tree construction is not linear in every input: each start tag looks down the
/// stack of open elements (quadratic in unclosed tags: 20,000 nested `<div>`s take Gumbo
/// 0.6 s), and formatting elements left open are copied again at every later tag (2,000
/// `<b id=N><p>` make two million elements). Both costs are bounded by counts a byte scan
/// finds: start tags in the raw HTML, formatting ones among them, and tags in the whole body.
enum RawHTMLBudget {
    static let maximumStartTags = 10_000
    /// Start tags written in raw HTML times all tags of the body: the scans of the open elements.
    static let maximumScans = 100_000_000
    /// Formatting start tags in raw HTML times all tags of the body: the elements copies could make.
    static let maximumCopies = 2_000_000

    /// The elements HTML5 copies again when they are left open (its "formatting" elements), but
    /// `a`: a new `<a>` first closes the one left open, so one at most waits to be copied. Of the
    /// others, three alike at most wait (the "Noah's Ark" clause): Stacks' own, which carry no
    /// attributes but a link's, cannot multiply either.
    static let formattingElements: Set<String> = [
        "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
    ]

    static func allows(rawLiterals: [String], renderedHTML: String) -> Bool {
        var startTags = 0, formatting = 0
        for literal in rawLiterals {
            let counts = startTagCounts(in: literal)
            startTags += counts.all
            formatting += counts.formatting
            if startTags > maximumStartTags { return false }
        }
        var html = renderedHTML
        let tags = html.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) } }
        return startTags * tags <= maximumScans && formatting * tags <= maximumCopies
    }

    /// `<` followed by a letter, as the tokenizer starts a tag; wherever it stands, so that the
    /// count never falls short of the tags Gumbo sees.
    static func startTagCounts(in text: String) -> (all: Int, formatting: Int) {
        var all = 0, formatting = 0
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) else { continue }
            all += 1
            var end = index + 1
            while end < bytes.count, isLetter(bytes[end]) || (0x30...0x39).contains(bytes[end]) { end += 1 }
            guard end - index - 1 <= 6 else { continue }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
            if formattingElements.contains(name) { formatting += 1 }
        }
        return (all, formatting)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
