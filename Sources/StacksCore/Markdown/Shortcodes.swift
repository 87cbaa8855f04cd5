#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark
import Foundation

/// Hugo's built-in shortcodes, read before libcmark parses the body, as Markdown it knows:
///
/// - `ref`, `relref`: the path they name, so that the link around them is checked like any
///   other (`[text]({{< ref "x.md" >}})`); a path from `/` is read from the content folder.
/// - `figure`: an image (`![alt](src "title")`), in a `<figure>` with its caption when the
///   shortcode is alone on its line; `highlight`: a fenced code block with its language;
///   `details`: a `<details>` around the Markdown up to `{{< /details >}}`; `youtube`, `vimeo`:
///   a link to the video (no third-party frame, and no title, which would need the network).
///
/// Any other shortcode, Hugo's (`{{< x >}}`, `{{% x %}}`) or Zola's (`{{ x(…) }}`,
/// `{% x(…) %}`), is left as written and listed in `unknown`. Inside fenced code and code spans
/// nothing is read. Every line keeps its number: a replacement spanning lines leaves the lines
/// it took empty, and one on a line is padded to its length where it is shorter.
struct Shortcodes {
    struct Unknown: Sendable, Equatable {
        var name: String
        /// 1-based, in the body.
        var line: Int
        var column: Int
    }

    /// What the tree pass makes of a line the scan replaced.
    enum Block: Sendable, Equatable {
        /// The paragraph on this line, an image, goes in a `<figure>` with this caption.
        case figure(caption: String?)
        case detailsStart(summary: String, open: Bool)
        case detailsEnd
    }

    static let rendered = ["ref", "relref", "figure", "highlight", "details", "youtube", "vimeo"]

    var body: String
    /// By line of `body`.
    var blocks: [Int: Block] = [:]
    var unknown: [Unknown] = []

    /// The one warning of a file's shortcodes left as written, at the first of them.
    static func message(_ unknown: [Unknown]) -> String {
        var names: [String] = []
        for call in unknown where !names.contains(call.name) { names.append(call.name) }
        let more = unknown.count > 1 ? " (\(unknown.count) in this file: \(names.joined(separator: ", ")))" : ""
        return "shortcode '\(unknown[0].name)' is left as written\(more)" + messageMiddle + rendered.joined(separator: ", ")
    }

    /// The count after a build's warnings, when files have shortcodes left as written: one
    /// warning per file is easy to lose among a Hugo site's hundreds.
    static func tally(_ warnings: [Diagnostic]) -> String? {
        let files = warnings.filter { $0.message.hasPrefix("shortcode '") && $0.message.contains(messageMiddle) }.count
        guard files > 0 else { return nil }
        return "\(files) file\(files == 1 ? " has" : "s have") shortcodes left as written"
    }

    private static let messageMiddle = "; Stacks renders Hugo's "

    /// Whether `body` may hold a call, Hugo's (`{{<`, `{{%`) or Zola's (`{{ name(`, `{%`), told
    /// by its bytes. Most bodies hold none; a command reference's `{{path/to/file}}`
    /// placeholders are none either, and such a body is then not read line by line.
    static func mayHold(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            let open = UInt8(ascii: "{"), count = bytes.count
            guard let base = bytes.baseAddress else { return false }
            var index = 0
            while index + 1 < count {
                // From brace to brace (`memchr`): most bodies have few or none.
                guard bytes[index] == open else {
                    guard let found = memchr(base + index, Int32(open), count - index) else { return false }
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    continue
                }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "%") { return true }
                guard next == open else { index += 1; continue }
                var at = index + 2
                if at < count, bytes[at] == UInt8(ascii: "<") || bytes[at] == UInt8(ascii: "%") { return true }
                // Zola's `{{ name(`: a name is letters, digits and `_` (any non-ASCII byte may
                // be a letter), then `(`.
                while at < count, bytes[at] == UInt8(ascii: " ") { at += 1 }
                let nameStart = at
                while at < count, Self.mayBeNameByte(bytes[at]) { at += 1 }
                if at > nameStart, at < count, bytes[at] == UInt8(ascii: "(") { return true }
                index += 1
            }
            return false
        }
    }

    private static func mayBeNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Block calls (`highlight`, `details`) alone on their lines, by line index, to the line of
    /// the call that closes them; matched once, innermost first, so that the cost stays linear.
    private var closings: [Int: Int] = [:]
    /// Lines of closing `details` calls still to come, written as an HTML comment.
    private var detailsEnds: Set<Int> = []

    init(_ source: String) {
        body = ""
        let lines = SourceLines.split(source)
        closings = Self.blockClosings(in: lines)
        var out: [String] = []
        out.reserveCapacity(lines.count)
        var fence: CodeFence?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if detailsEnds.contains(index) {
                out.append(Self.detailsLine)
                index += 1
                continue
            }
            if let open = fence {
                if CodeFence.closes(line, open) { fence = nil }
                out.append(String(line))
                index += 1
                continue
            }
            if let opened = CodeFence.opens(line) {
                fence = opened
                out.append(String(line))
                index += 1
                continue
            }
            guard line.contains("{{") || line.contains("{%") else {
                out.append(String(line))
                index += 1
                continue
            }
            index = scan(lines, from: index, into: &out)
        }
        body = out.joined(separator: "\n")
    }

    /// Reads line `first` (and the lines a call spanning them takes); returns the next line to read.
    private mutating func scan(_ lines: [Substring], from first: Int, into out: inout [String]) -> Int {
        // The line, and the lines after it should a call not end on it (at most 20).
        let reach = min(lines.count, first + 20)
        let text = lines[first..<reach].joined(separator: "\n")
        let lineEnd = text.index(text.startIndex, offsetBy: lines[first].count)
        var result = ""
        var copied = text.startIndex
        var index = text.startIndex
        var lastLine = first
        while index < lineEnd {
            let character = text[index]
            if character == "`" {
                // A code span: its run of backticks and the same run closing it, on this line.
                let run = text[index...].prefix { $0 == "`" }
                if let close = text[run.endIndex..<lineEnd].range(of: String(run)) {
                    index = close.upperBound
                    continue
                }
                index = run.endIndex
                continue
            }
            guard character == "{", text.index(after: index) < text.endIndex else {
                index = text.index(after: index)
                continue
            }
            let here = text[index...]
            let column = text.utf8.distance(from: text.startIndex, to: index) + 1
            if here.hasPrefix("{{</*") || here.hasPrefix("{{%/*") {
                // Hugo's escape: shown as the call it spells (the tree pass unescapes it).
                index = text.index(index, offsetBy: 5)
                continue
            }
            if let call = ShortcodeCall.read(here) {
                let spanned = text[index..<call.end].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                let alone = text[text.startIndex..<index].allSatisfy { $0 == " " || $0 == "\t" }
                    && Self.restOfLine(text, from: call.end).allSatisfy { $0 == " " || $0 == "\t" }
                let line = first + 1
                if let replacement = replacement(for: call, line: line, alone: alone, lines: lines, at: first) {
                    result += text[copied..<index]
                    switch replacement {
                    case .text(let written):
                        result += written
                        // Padded to the call's length on its line, so what follows keeps its column.
                        if spanned == 0 {
                            let width = text.utf8.distance(from: index, to: call.end)
                            if written.utf8.count < width { result += String(repeating: " ", count: width - written.utf8.count) }
                        }
                        result += String(repeating: "\n", count: spanned)
                    case .wholeLines(let written, let through):
                        // The call took lines `first…through`, written here.
                        out.append(contentsOf: written)
                        return through + 1
                    }
                    copied = call.end
                    lastLine = first + spanned
                    index = call.end
                    if spanned > 0 { break }
                    continue
                }
                if !call.isClosing { unknown.append(Unknown(name: call.name, line: line, column: column)) }
                index = call.end
                if spanned > 0 { copied = text.startIndex; break }
                continue
            }
            if let name = Self.zolaCall(here) {
                unknown.append(Unknown(name: name, line: first + 1, column: column))
            }
            index = text.index(after: index)
        }
        if copied == text.startIndex {
            out.append(String(lines[first]))
            return first + 1
        }
        result += Self.restOfLine(text, from: copied)
        // `result` holds the lines first…lastLine; libcmark sees them as they were numbered.
        let produced = result.split(separator: "\n", omittingEmptySubsequences: false)
        for offset in 0...(lastLine - first) {
            out.append(offset < produced.count ? String(produced[offset]) : "")
        }
        return lastLine + 1
    }

    private enum Replacement {
        /// Written in place of the call.
        case text(String)
        /// Whole lines from the call's line through `through`, in place of them all.
        case wholeLines([String], through: Int)
    }

    /// What a call becomes, or nil when it stays as written (a shortcode Stacks does not render).
    private mutating func replacement(for call: ShortcodeCall, line: Int, alone: Bool, lines: [Substring],
                                      at index: Int) -> Replacement? {
        guard !call.isClosing else { return nil }
        switch call.name {
        case "ref", "relref":
            guard var path = call.value("path", or: 0), !path.isEmpty else { return nil }
            if path.hasPrefix("/") { path = "@" + path }
            return .text(path)
        case "figure":
            guard let source = call.value("src"), !source.isEmpty else { return nil }
            let caption = call.value("caption") ?? call.value("title")
            let alt = call.value("alt") ?? caption ?? ""
            var image = "![" + Self.escapedText(alt) + "](" + Self.destination(source)
                + (call.value("title").map { " \"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" } ?? "") + ")"
            if let link = call.value("link"), !link.isEmpty { image = "[" + image + "](" + Self.destination(link) + ")" }
            if alone { blocks[line] = .figure(caption: caption.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }) }
            return .text(image)
        case "youtube", "vimeo":
            guard let id = call.value("id", or: 0), !id.isEmpty,
                  id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
            let isYouTube = call.name == "youtube"
            let url = isYouTube ? "https://www.youtube.com/watch?v=" + id : "https://vimeo.com/" + id
            let title = call.value("title") ?? (isYouTube ? "YouTube video " : "Vimeo video ") + id
            return .text("[" + Self.escapedText(title) + "](" + url + ")")
        case "highlight":
            guard alone, let close = closings[index] else { return nil }
            let language = call.value("lang", or: 0).map { String($0.prefix { !$0.isWhitespace && $0 != "`" && $0 != "~" }) } ?? ""
            // Longer than any run of tildes that starts a line of the code.
            let longest = lines[(index + 1)..<close].map { $0.drop { $0 == " " }.prefix { $0 == "~" }.count }.max() ?? 0
            let fence = String(repeating: "~", count: max(3, longest + 1))
            var written = [fence + language]
            written += lines[(index + 1)..<close].map(String.init)
            written.append(fence)
            return .wholeLines(written, through: close)
        case "details":
            guard alone, let close = closings[index] else { return nil }
            let summary = call.value("summary", or: 0) ?? "Details"
            let open = ["true", "open"].contains(call.value("open")?.lowercased() ?? "")
            blocks[line] = .detailsStart(summary: summary, open: open)
            blocks[close + 1] = .detailsEnd
            // An HTML comment is a block that ends on its own line: what follows is read as Markdown.
            detailsEnds.insert(close)
            return .wholeLines([Self.detailsLine], through: index)
        default:
            return nil
        }
    }

    /// What a `details` call's line becomes.
    private static let detailsLine = "<!---->"

    /// For each `highlight` or `details` call alone on its line (outside fenced code), the line
    /// of the call closing it, matched as brackets are.
    private static func blockClosings(in lines: [Substring]) -> [Int: Int] {
        var closings: [Int: Int] = [:]
        var open: [String: [Int]] = [:]
        var fence: CodeFence?
        for (index, line) in lines.enumerated() {
            if let current = fence {
                if CodeFence.closes(line, current) { fence = nil }
                continue
            }
            // A highlight's lines are code: a fence in them opens nothing.
            if open["highlight", default: []].isEmpty, let opened = CodeFence.opens(line) { fence = opened; continue }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("{{<") || trimmed.hasPrefix("{{%"), let call = ShortcodeCall.read(trimmed),
                  call.name == "highlight" || call.name == "details",
                  trimmed[call.end...].allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            if !call.isClosing {
                open[call.name, default: []].append(index)
            } else if let start = open[call.name]?.popLast() {
                closings[start] = index
            }
        }
        return closings
    }

    /// Zola's `{{ name(…) }}` and `{% name(…) %}`: the name, or nil.
    private static func zolaCall(_ text: Substring) -> String? {
        guard text.hasPrefix("{{") || text.hasPrefix("{%") else { return nil }
        let afterOpen = text.dropFirst(2).drop { $0 == " " }
        let name = afterOpen.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty, afterOpen[name.endIndex...].first == "(" else { return nil }
        return String(name)
    }

    private static func restOfLine(_ text: String, from index: String.Index) -> Substring {
        let rest = text[index...]
        return rest[..<(rest.firstIndex(of: "\n") ?? rest.endIndex)]
    }

    /// Text for a link's or image's description: brackets, backslashes and `<` escaped (a `<`
    /// would start raw HTML, which the sanitizer takes for markup: `A <talk>` would lose a word).
    private static func escapedText(_ text: String) -> String {
        var escaped = ""
        for character in text where character != "\n" {
            if "[]\\<".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A link destination: in `<…>` when it holds a space or a parenthesis.
    private static func destination(_ url: String) -> String {
        let clean = url.filter { $0 != "\n" && $0 != "<" && $0 != ">" }
        return clean.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<" + clean + ">" : clean
    }
}

extension Shortcodes {
    /// The tree pass: figures, `<details>` and Hugo's escaped calls (`{{</* x */>}}` shows
    /// `{{< x >}}`, in code too).
    func apply(to document: OpaquePointer) {
        if !blocks.isEmpty {
            let nodes = SyntaxTree.nodes(in: document) { node, type in
                (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HTML_BLOCK) && blocks[Int(cmark_node_get_start_line(node))] != nil
            }
            for node in nodes {
                let isParagraph = cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH
                switch blocks[Int(cmark_node_get_start_line(node))] {
                case .figure(let caption) where isParagraph && Self.holdsOneImage(node):
                    let captionHTML = caption.map { "<figcaption>" + HTMLEscaping.escape($0) + "</figcaption>" } ?? ""
                    guard let figure = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<figure>", exit: captionHTML + "</figure>") else { continue }
                    while let child = cmark_node_first_child(node) {
                        cmark_node_unlink(child)
                        cmark_node_append_child(figure, child)
                    }
                    cmark_node_insert_before(node, figure)
                    SyntaxTree.free(node)
                case .detailsStart(let summary, let open) where !isParagraph:
                    Self.replace(node, with: "<details" + (open ? " open" : "") + "><summary>" + HTMLEscaping.escape(summary) + "</summary>")
                case .detailsEnd where !isParagraph:
                    Self.replace(node, with: "</details>")
                default:
                    continue
                }
            }
        }
        if body.withCString({ strstr($0, "{{</*") != nil || strstr($0, "{{%/*") != nil }) {
            let nodes = SyntaxTree.nodes(in: document) { _, type in
                type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK
            }
            for node in nodes {
                let literal = SyntaxTree.literal(of: node)
                guard literal.contains("/*") else { continue }
                let shown = literal.replacingOccurrences(of: "{{</*", with: "{{<").replacingOccurrences(of: "*/>}}", with: ">}}")
                    .replacingOccurrences(of: "{{%/*", with: "{{%").replacingOccurrences(of: "*/%}}", with: "%}}")
                if shown != literal { cmark_node_set_literal(node, shown) }
            }
        }
    }

    /// An image, or a link around one, with nothing else but spaces.
    private static func holdsOneImage(_ paragraph: OpaquePointer) -> Bool {
        let children = SyntaxTree.children(of: paragraph).filter {
            !(cmark_node_get_type($0) == CMARK_NODE_TEXT && SyntaxTree.literal(of: $0).allSatisfy { $0 == " " })
        }
        guard children.count == 1 else { return false }
        let only = children[0]
        if cmark_node_get_type(only) == CMARK_NODE_IMAGE { return true }
        guard cmark_node_get_type(only) == CMARK_NODE_LINK, let inner = cmark_node_first_child(only) else { return false }
        return cmark_node_get_type(inner) == CMARK_NODE_IMAGE && cmark_node_next(inner) == nil
    }

    private static func replace(_ node: OpaquePointer, with html: String) {
        guard let block = SyntaxTree.custom(CMARK_NODE_CUSTOM_BLOCK, enter: html, exit: "") else { return }
        cmark_node_insert_before(node, block)
        SyntaxTree.free(node)
    }
}
