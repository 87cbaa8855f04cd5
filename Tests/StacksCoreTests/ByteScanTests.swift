import Testing
@testable import StacksCore
import StacksTestSupport

/// The byte scanners of the render path (`LinkTokens`, `RootMarker`) against plain
/// element-by-element versions of themselves, on texts built to hit their edges.
@Suite struct ByteScanTests {
    /// Link tokens as substituted one byte at a time: a token only where an `href` or `src`
    /// value starts.
    static func referenceSubstitute(in html: String, urls: [String]) -> String {
        guard !urls.isEmpty else { return html }
        let prefix = Array(MarkdownParser.tokenPrefix.utf8)
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let startsValue = [#"href=""#, #"src=""#].contains { start in
                let start = Array(start.utf8)
                return index >= start.count && bytes[(index - start.count)..<index].elementsEqual(start)
            }
            if startsValue, bytes.count - index > prefix.count, bytes[index..<(index + prefix.count)].elementsEqual(prefix) {
                var end = index + prefix.count
                var digits = ""
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) {
                    digits.append(Character(Unicode.Scalar(bytes[end])))
                    end += 1
                }
                if !digits.isEmpty, let number = Int(digits), number < urls.count {
                    output.append(contentsOf: HTMLEscaping.escape(urls[number]).utf8)
                    index = end
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Root markers as resolved one byte at a time.
    static func referenceResolve(_ text: String, depth: Int) -> [UInt8] {
        let bytes = Array(text.utf8)
        let up = Array(RelativeURL.toRoot(fromDepth: depth).utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x01 else {
                output.append(bytes[index])
                index += 1
                continue
            }
            index += 1
            guard depth > 0 else { continue }
            output += up
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1] == UInt8(ascii: "/") { index += 2 }
        }
        return output
    }

    static let pieces = ["stacks-link:", "stacks-link:0", "stacks-link:1", "stacks-link:12", "stacks-link:x", "stacks-link:99999999999999999999999",
                         "sstacks-link:2", "stacks-lin", "s", "<a href=\"", "\">", "<img src=\"", "href=", "src", "\"", "é", "\u{1}", "\u{1}./", "\u{1}.", ".", "/", " text & more ", ":", "a:", "https://"]

    /// Every text of up to three pieces, and longer ones from a fixed pseudo-random walk.
    static var texts: [String] {
        var texts = [""]
        for a in pieces {
            texts.append(a)
            for b in pieces { texts.append(a + b) }
        }
        var random = SplitMix(state: 42)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<12 {
                text += pieces[Int(random.next() >> 33) % pieces.count]
            }
            texts.append(text)
        }
        return texts
    }

    @Test func linkTokensAreReplacedAsOneByteAtATime() {
        let urls = ["\u{1}a/", "b&c", "\u{1}./", "", "x\"y", "6", "7", "8", "9", "10", "11", "12", "last"]
        for text in Self.texts {
            for count in [0, 1, 3, urls.count] {
                let chosen = Array(urls.prefix(count))
                #expect(LinkTokens.substitute(in: text, urls: chosen) == Self.referenceSubstitute(in: text, urls: chosen),
                        "\(text.debugDescription) with \(count) URLs")
            }
        }
    }

    @Test func theTokenLettersInTextOrInsideAnotherURLStayAsWritten() {
        let html = #"<p><code>stacks-link:0</code> stacks-link:0 <a href="https://x.org/stacks-link:0">x</a> <a href="stacks-link:0">y</a> <img src="stacks-link:0"></p>"#
        #expect(LinkTokens.substitute(in: html, urls: ["../good/"])
            == #"<p><code>stacks-link:0</code> stacks-link:0 <a href="https://x.org/stacks-link:0">x</a> <a href="../good/">y</a> <img src="../good/"></p>"#)
    }

    @Test func rootMarkersAreResolvedAsOneByteAtATime() {
        for text in Self.texts {
            for depth in [0, 1, 3] {
                #expect(RootMarker.resolve(text, depth: depth) == Self.referenceResolve(text, depth: depth),
                        "\(text.debugDescription) at depth \(depth)")
            }
        }
    }
}

/// `NameSuffix` agrees with `hasSuffix` on the names and URLs it is asked about.
@Suite struct NameSuffixTests {
    @Test func markdownNamesAreTheOnesHasSuffixSees() {
        let names = [".md", "a.md", "A.MD", "a.mdx", "md", "a.m", "é.md", "e\u{301}.md", "\u{600}.md", "\u{1F600}.md",
                     "a.md\u{301}", "a\u{301}.md", "x.md.txt", "", "ab", "\u{0915}\u{094D}.md", "日本.md"]
        for name in names {
            #expect(SourceFile(name: name, relativePath: name).isMarkdown == name.hasSuffix(".md"), "\(name)")
        }
    }

    @Test func aURLEndsInTheSegmentPageOnlyAsAWholeSegment() {
        let cases = ["page/": true, "a/page/": true, "a/b/page/": true, "apage/": false, "a/spage/": false,
                     "page": false, "a/page/x/": false, "": false, "é/page/": true, "%C3%A9page/": false]
        for (url, expected) in cases {
            #expect(PageContext.endsInSlugPage(url) == expected, "\(url)")
        }
    }
}
