import Mustache

/// A long template parsed as a run of shorter ones, rendered one after another.
///
/// swift-mustache measures the rest of the template (`String.distance`, character by
/// character) at every `{` it meets, so its parse grows with the square of the length: the
/// stylesheet's 48 KB and 400 rules took it 345 million instructions, more than the rest of
/// the theme. Cut between whole lines outside every section and tag, the pieces render to the
/// same text: Mustache's white-space rules (standalone tags, a partial's indentation) look at
/// one line at a time, and a piece starts at a line's start as the template does.
struct ChunkedTemplate: Sendable {
    let pieces: [MustacheTemplate]

    /// The length a piece grows to before it is cut at the next line that may be cut.
    static let pieceLength = 2_048

    func render(_ context: Any) -> String {
        guard pieces.count > 1 else { return pieces.first?.render(context) ?? "" }
        var text = ""
        for piece in pieces { text += piece.render(context) }
        return text
    }

    /// Where `text` may be cut into pieces of about `length` bytes, as UTF-8 offsets of line
    /// starts; empty when it must stay whole: it changes its delimiters, or uses inheritance
    /// or pragmas, whose effect reaches past a line.
    static func cuts(of text: String, tags: [MustacheTag], length: Int = pieceLength) -> [Int] {
        guard !tags.contains(where: { [.delimiters, .pragma, .parent, .block].contains($0.kind) }) else { return [] }
        var cuts: [Int] = []
        var depth = 0
        var tagIndex = 0
        var pieceStart = 0
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            guard byte == UInt8(ascii: "\n"), offset - pieceStart >= length, offset < text.utf8.count else { continue }
            // The tags that end before the cut, each opening or closing a section.
            var inside = false
            while tagIndex < tags.count, tags[tagIndex].offset < offset {
                let tag = tags[tagIndex]
                if tag.end > offset { inside = true; break }
                if tag.opensSection { depth += 1 } else if tag.kind == .close { depth -= 1 }
                tagIndex += 1
            }
            guard !inside, depth == 0 else { continue }
            cuts.append(offset)
            pieceStart = offset
        }
        return cuts
    }

    /// `text` cut at `cuts` (`cuts(of:tags:)`).
    static func pieces(of text: String, at cuts: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        var pieces: [String] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            pieces.append(String(decoding: bytes[start..<cut], as: UTF8.self))
            start = cut
        }
        return pieces
    }
}
