import Foundation
import Synchronization
import Testing
import StacksTestSupport
@testable import StacksCore

/// Parses kept between builds (`ParseMemo`): a parse is read back as it was made, a build that
/// finds every page's parse kept parses none and renders the same pages, and the key changes
/// with everything a parse reads.
@Suite struct ParseMemoTests {
    /// Bodies that fill every field of a parse: a title heading, links and images (raw HTML
    /// with a size too), headings, summaries, an unknown shortcode, raw HTML ids, footnotes.
    static let bodies = [
        "# Brass lantern\n\nA lamp for [the shed](shed.md) and ![a photo](photo.png \"Lit\").\n\n## Care\n\nOil it.\n",
        "Plain text only.",
        "",
        "{{< unknown-code name=\"x\" >}}\n\nSee the note.[^1]\n\n[^1]: A footnote with [a link](../other.md#part).\n",
        "<div id=\"raw\"><img src=\"a.png\" width=\"10\"></div>\n\n### Deep heading\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        "日本語の本文。\n\n## 見出し\n\n[リンク](/about/)\n",
    ]

    @Test func aParseIsReadBackAsItWasMade() throws {
        for body in Self.bodies {
            for needs in [MarkdownParser.Needs(title: true, summary: true), MarkdownParser.Needs(title: false, summary: false)] {
                let parsed = MarkdownParser.parse(body, needs: needs, options: SiteConfig.MarkdownOptions())
                let bytes = parsed.encoded()
                #expect(ParsedMarkdown(encoded: bytes) == parsed, "\(body.debugDescription)")
                // Bytes cut short, or with more after them, are no parse.
                for cut in Set([0, 1, 8, bytes.count / 2, bytes.count - 1]) where cut < bytes.count {
                    #expect(ParsedMarkdown(encoded: Array(bytes.prefix(cut))) == nil)
                }
                #expect(ParsedMarkdown(encoded: bytes + [0]) == nil)
            }
        }
        // The fields filled above, so that a field left out of the encoding would show.
        let full = MarkdownParser.parse(Self.bodies[0], needs: .init(title: true, summary: true), options: .init())
        #expect(full.headingTitle != nil && !full.links.isEmpty && !full.headings.isEmpty && !full.summaries.isEmpty)
        let codes = MarkdownParser.parse(Self.bodies[3], needs: .init(title: true, summary: true), options: .init())
        #expect(!codes.shortcodes.isEmpty && !codes.footnoteIDs.isEmpty)
        #expect(!MarkdownParser.parse(Self.bodies[4], needs: .init(title: true, summary: true), options: .init()).userContentIDs.isEmpty)
        // Every stored field of a parse is one the encoding writes (a new one would fail this).
        #expect(Mirror(reflecting: full).children.compactMap(\.label).sorted()
                == ["footnoteIDs", "headingTitle", "headings", "html", "links", "shortcodes", "summaries", "userContentIDs"])
        #expect(Mirror(reflecting: full.links[0]).children.compactMap(\.label).sorted()
                == ["column", "destination", "hasWrittenSize", "isImage", "line"])
        #expect(Mirror(reflecting: full.headings[0]).children.compactMap(\.label).sorted() == ["column", "id", "level", "line", "text"])
        #expect(Mirror(reflecting: codes.shortcodes[0]).children.compactMap(\.label).sorted() == ["column", "line", "name"])
    }

    @Test func theKeyChangesWithEverythingAParseReads() {
        // `Needs` has the two fields the key names.
        #expect(Mirror(reflecting: MarkdownParser.Needs(title: true, summary: true)).children.compactMap(\.label) == ["title", "summary"])
        var smartOff = SiteConfig.MarkdownOptions()
        smartOff.smart = false
        let options = [SiteConfig.MarkdownOptions(), smartOff].map(ParseMemo.optionsKey)
        #expect(options[0] != options[1])
        var keys = Set<Digest>()
        for body in ["a", "b"] {
            for title in [true, false] {
                for summary in [true, false] {
                    for optionsKey in options {
                        keys.insert(ParseMemo.key(body: body, needs: .init(title: title, summary: summary), optionsKey: optionsKey))
                    }
                }
            }
        }
        #expect(keys.count == 16)
    }

    /// The example catalog prepared twice through one memo: the second time every page's parse
    /// is the kept one, and every page renders as without a memo.
    @Test func aSecondPrepareTakesEveryParseFromTheMemo() async throws {
        let store = Mutex<[Digest: [UInt8]]>([:])
        let hits = Mutex(0)
        let memo = ParseMemo(entry: { key in
            let found = store.withLock { $0[key] }
            if found != nil { hits.withLock { $0 += 1 } }
            return found
        }, keep: { key, bytes in store.withLock { $0[key] = bytes } })
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-no-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let options = BuildOptions(projectDirectory: repositoryRoot, templates: empty.path)
        var (input, _) = ProjectReader.read(options)
        let plain = try await Pipeline.prepare(input).renderer
        input.parseMemo = memo
        _ = try await Pipeline.prepare(input)
        #expect(hits.withLock { $0 } == 0)
        let kept = store.withLock { $0.count }
        #expect(kept > 10)
        let remembered = try await Pipeline.prepare(input).renderer
        #expect(hits.withLock { $0 } == plain.pageCount)
        for index in 0..<plain.pageCount where plain.site.catalog[index].isWritten {
            #expect(remembered.renderPage(index) == plain.renderPage(index), "page \(index)")
        }
    }
}
