/// Co-located files a browser would run as part of the site, on its origin: HTML, scripts,
/// XML (which can hold XHTML), and SVG with scripts, event handlers or script URLs. A page of
/// the content may add text to the site and nothing else, so these are skipped with a warning
/// unless `markdown.unsafe: true` says the content is trusted.
///
/// SVG is common and mostly harmless (as an `<img>` it never runs anything, but opened by its
/// URL it does), so its text is read and checked; the check errs on the side of refusing.
package enum ActiveContent {
    static let runnableExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml", "js", "mjs", "cjs",
                                                   "xml", "xsl", "xslt", "svgz", "swf"]

    /// Whether the reader should read the file's text for `problem` (it reads only SVG).
    package static func inspects(_ name: String) -> Bool {
        fileExtension(name) == "svg"
    }

    /// Why the file would run on the site, or `nil` when it is inert.
    static func problem(name: String, contents: [UInt8]?) -> String? {
        let kind = fileExtension(name)
        if runnableExtensions.contains(kind) {
            return "a .\(kind) file runs in the browser as part of the site"
        }
        guard kind == "svg" else { return nil }
        guard let contents else { return "an SVG too large to check (over 16 MiB) could run in the browser as part of the site" }
        return svgProblem(Array(String(decoding: contents, as: UTF8.self).lowercased().utf8)).map {
            "an SVG with \($0) runs in the browser as part of the site when opened"
        }
    }

    /// What makes an SVG active: elements that run or embed documents, event attributes,
    /// script URLs, animations that set a link, entities and character references inside tags
    /// (which could spell any of these). One pass over the bytes, tag by tag.
    static func svgProblem(_ text: [UInt8]) -> String? {
        for word in ["javascript", "vbscript", "livescript", "data:text/html"] where contains(text[...], Array(word.utf8)) {
            return "a script URL"
        }
        if contains(text[...], Array("<!entity".utf8)) { return "an entity or character reference inside a tag" }
        var position = 0
        while let open = text[position...].firstIndex(of: UInt8(ascii: "<")) {
            let close = text[(open + 1)...].firstIndex(of: UInt8(ascii: ">")) ?? text.endIndex
            let tag = text[(open + 1)..<close]
            let name = tag.drop(while: isSpace).prefix { !isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
            let local = name.split(separator: UInt8(ascii: ":")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
            if ["script", "foreignobject", "iframe", "embed", "object", "handler", "listener"].contains(local) {
                return "a script or an embedded document"
            }
            if hasReference(tag) { return "an entity or character reference inside a tag" }
            if (local == "set" || local.hasPrefix("animate")) && contains(tag, Array("href".utf8)) { return "an animation of a link" }
            if hasEventAttribute(tag) { return "an event handler attribute" }
            position = close
            if position == text.endIndex { break }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }

    private static func contains(_ text: ArraySlice<UInt8>, _ word: [UInt8]) -> Bool {
        guard text.count >= word.count else { return false }
        var index = text.startIndex
        while index <= text.endIndex - word.count {
            if text[index] == word[0], text[index..<(index + word.count)].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }

    /// `&#…;` or `&name;` inside a tag.
    private static func hasReference(_ tag: ArraySlice<UInt8>) -> Bool {
        var index = tag.startIndex
        while index + 1 < tag.endIndex {
            if tag[index] == UInt8(ascii: "&"), tag[index + 1] == UInt8(ascii: "#") || isLetter(tag[index + 1]) { return true }
            index += 1
        }
        return false
    }

    /// An attribute named `on…` (after a space, quote or slash), followed by `=`.
    private static func hasEventAttribute(_ tag: ArraySlice<UInt8>) -> Bool {
        var index = tag.startIndex
        while index + 2 < tag.endIndex {
            let before = tag[index]
            if isSpace(before) || before == UInt8(ascii: "\"") || before == UInt8(ascii: "'") || before == UInt8(ascii: "/"),
               tag[index + 1] == UInt8(ascii: "o"), tag[index + 2] == UInt8(ascii: "n") {
                var end = index + 3
                while end < tag.endIndex, isLetter(tag[end]) { end += 1 }
                while end < tag.endIndex, isSpace(tag[end]) { end += 1 }
                if end > index + 3, end < tag.endIndex, tag[end] == UInt8(ascii: "=") { return true }
            }
            index += 1
        }
        return false
    }

    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
