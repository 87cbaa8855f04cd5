/// The words of a rendered body as a reader sees them: tags dropped (a block's end is a
/// space), the contents of `script`, `style` and `template` dropped, the common character
/// references decoded. For the search, whose snippets are text nodes, never HTML.
///
/// Not an HTML parser: the bodies are libcmark's output, and raw HTML a page writes that this
/// reads wrongly only costs the search a word.
enum HTMLText {
    static func plain(_ html: String) -> String {
        var text = String.UnicodeScalarView()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var pendingSpace = false
        func space() { pendingSpace = !text.isEmpty }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                let start = index + 1
                var end = start
                while end < scalars.count, scalars[end] != ">" { end += 1 }
                let name = tagName(scalars, from: start, to: end)
                let isEndTag = start < end && scalars[start] == "/"
                index = end + 1
                if !isEndTag, skipped.contains(name) {
                    // Up to the matching end tag.
                    let close = Array("</\(name)".unicodeScalars)
                    while index < scalars.count, !matches(scalars, at: index, close) { index += 1 }
                    continue
                }
                if !inline.contains(name) { space() }
                continue
            }
            var decoded: [Unicode.Scalar] = [scalar]
            if scalar == "&", let (value, length) = reference(scalars, at: index) {
                decoded = value
                index += length
            } else {
                index += 1
            }
            for scalar in decoded {
                if scalar.properties.isWhitespace {
                    space()
                } else {
                    if pendingSpace { text.append(" ") }
                    pendingSpace = false
                    text.append(scalar)
                }
            }
        }
        return String(text)
    }

    private static let skipped: Set<String> = ["script", "style", "template"]
    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
    ]

    /// Lower-cased, `/` of an end tag dropped; empty for a comment or a declaration.
    private static func tagName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        var index = start
        if index < end, scalars[index] == "/" { index += 1 }
        var name = String.UnicodeScalarView()
        while index < end, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.append(scalars[index])
            index += 1
        }
        return String(name).lowercased()
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ prefix: [Unicode.Scalar]) -> Bool {
        guard index + prefix.count <= scalars.count else { return false }
        for offset in prefix.indices where String(scalars[index + offset]).lowercased() != String(prefix[offset]) {
            return false
        }
        return true
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    /// `&name;`, `&#N;` or `&#xN;` at `index`: what it stands for and its length.
    private static func reference(_ scalars: [Unicode.Scalar], at index: Int) -> ([Unicode.Scalar], Int)? {
        var end = index + 1
        while end < scalars.count, end - index < 12, scalars[end] != ";" { end += 1 }
        guard end < scalars.count, scalars[end] == ";" else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
        let length = end - index + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return ([scalar], length)
        }
        guard let scalar = named[body] else { return nil }
        return ([scalar], length)
    }
}
