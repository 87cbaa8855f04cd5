import Foundation
import Synchronization
import Testing
import StacksTestSupport
@testable import StacksCore

/// Stage results kept between builds (`StageMemo`): a decoding or a parse is read back as it
/// was made, a build that finds every page's kept computes none and renders the same pages, and
/// the keys change with everything the stages read.
@Suite struct StageMemoTests {
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

    /// A body that is the end of its file's bytes is keyed by the file's digest and where the
    /// body starts (not hashed again); one that decoding changed (a control character replaced)
    /// is not its file's end, and is keyed by itself.
    @Test func aBodyThatIsItsFilesEndIsKeyedByTheFile() {
        let file = Array("---\ntitle: A\n---\nThe body.\n".utf8)
        #expect(Document.bodyStart(of: "The body.\n", in: file) == file.count - 10)
        #expect(Document.bodyStart(of: "", in: file) == file.count)
        #expect(Document.bodyStart(of: "The body!\n", in: file) == nil)
        #expect(Document.bodyStart(of: "The \u{FFFD}ody.\n", in: Array("The \u{1}ody.\n".utf8)) == nil)
        #expect(Document.bodyStart(of: String(repeating: "x", count: 100), in: file) == nil, "longer than the file")
        let options = ParseMemo.optionsKey(SiteConfig.MarkdownOptions())
        var keys = Set<Digest>()
        for digest in [Digest(of: [1]), Digest(of: [2])] {
            for start in [10, 11] {
                for title in [true, false] {
                    for summary in [true, false] {
                        keys.insert(ParseMemo.key(fileDigest: digest, bodyStart: start, needs: .init(title: title, summary: summary),
                                                  optionsKey: options))
                    }
                }
            }
        }
        #expect(keys.count == 16)
        #expect(!keys.contains(ParseMemo.key(body: "The body.\n", needs: .init(title: true, summary: true), optionsKey: options)))
    }

    /// The example catalog prepared twice through one memo: the second time every page's parse
    /// is the kept one, and every page renders as without a memo.
    @Test func aSecondPrepareTakesEveryParseFromTheMemo() async throws {
        let store = Mutex<[Digest: [UInt8]]>([:])
        let hits = Mutex(0)
        let memo = StageMemo(entry: { key in
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
        input.decodeMemo = memo
        _ = try await Pipeline.prepare(input)
        #expect(hits.withLock { $0 } == 0)
        let kept = store.withLock { $0.count }
        #expect(kept > 10)
        let remembered = try await Pipeline.prepare(input).renderer
        // Each page's parse and each Markdown file's decoding (the home's and the categories'
        // pages without a file of their own have none), and that the stylesheet template parsed.
        let files = input.content.markdownFiles.count
        #expect(hits.withLock { $0 } == plain.pageCount + files + 1)
        for index in 0..<plain.pageCount where plain.site.catalog[index].isWritten {
            #expect(remembered.renderPage(index) == plain.renderPage(index), "page \(index)")
        }
    }

    /// Files that give every kind of decoding: empty, not UTF-8, front matter of every key (a
    /// nested parameter, attributes, a date), problems, a control character and a byte-order
    /// mark (the body then not the end of the file's bytes), TOML.
    static let files: [String] = [
        "",
        "  \n",
        "---\ntitle: Brass lantern\nlinkTitle: Lantern\nsummary: A lamp\norder: 3\ndraft: true\ndate: 2024-05-31\ntags: [a, b]\n"
            + "icon: \"🔦\"\ncolor: \"#aa5500\"\nimage: lamp.png\nslug: lamp\naliases: [/old/]\nattributes:\n  maker: Ada\n  period: 1880s\n"
            + "extra:\n  nested: [1, {deep: x}]\n---\nThe body.\n",
        "---\ntitle: x\ntitle: y\norder: nope\n---\nBody with a\u{1}control.\n",
        "\u{FEFF}---\ntitle: BOM\n---\nText.\n",
        "+++\ntitle = \"TOML\"\nweight = 2\n+++\nBody.\n",
        "---\ntitle: never closed\n",
        "No front matter at all.\n",
        "---\ntitle: Front matter only\n---\n",
        "---\ntitle: Front matter only, no line after\n---",
    ]

    static func same(_ one: Document.Decoded, _ other: Document.Decoded) -> Bool {
        switch (one, other) {
        case (.empty, .empty): true
        case (.failed(let problem), .failed(let otherProblem)): problem == otherProblem
        case (.parsed(let document, let problems), .parsed(let otherDocument, let otherProblems)):
            document.frontMatter == otherDocument.frontMatter && document.body == otherDocument.body
                && document.bodyLine == otherDocument.bodyLine && document.fallback == nil && otherDocument.fallback == nil
                && problems == otherProblems
        default: false
        }
    }

    @Test func aDecodingIsReadBackAsItWasMade() throws {
        var random = SplitMix(state: 5)
        for (number, text) in Self.files.enumerated() {
            for bytes in [Array(text.utf8), Array(text.utf8) + [0xFF, 0xFE]] {
                let file = SourceFile(name: "page\(number).md", relativePath: "shelf/page\(number).md", contents: bytes)
                let decoded = Document.decode(file, displayRoot: "content", keys: FrontMatterKeys(mapping: ["order": "rank"]))
                let encoded = try #require(decoded.encoded(file: bytes))
                let back = try #require(Document.Decoded(encoded: encoded, file: bytes))
                #expect(Self.same(back, decoded), "\(text.debugDescription)")
                // Read back for a file left unread: the body is its file's end from the start kept.
                let unread = try #require(Document.Decoded(encoded: encoded, file: nil))
                if case .parsed(var document, let problems) = unread, let start = document.unreadBodyStart {
                    #expect(document.body.isEmpty)
                    document.body = String(decoding: bytes[start...], as: UTF8.self)
                    document.unreadBodyStart = nil
                    #expect(Self.same(.parsed(document, problems), decoded), "\(text.debugDescription)")
                } else {
                    #expect(Self.same(unread, decoded), "\(text.debugDescription)")
                }
                for _ in 0..<5 where encoded.count > 1 {
                    let cut = Int.random(in: 0..<encoded.count, using: &random)
                    #expect(Document.Decoded(encoded: Array(encoded.prefix(cut)), file: bytes) == nil)
                }
            }
        }
        // Every stored field is one the encoding writes (a new one would fail this).
        // (`rare` holds `linkTitle`, `image`, `slug`, `aliases` and `params`, each written by its name.)
        #expect(Mirror(reflecting: FrontMatter()).children.compactMap(\.label) == [
            "title", "summary", "order", "draft", "date", "tags", "icon", "color", "attributes", "keyLines", "rare",
        ])
        #expect(Mirror(reflecting: Document(frontMatter: FrontMatter(), body: "", bodyLine: 1)).children.compactMap(\.label)
                == ["frontMatter", "body", "bodyLine", "fallback", "unreadBodyStart"])
        #expect(Mirror(reflecting: Diagnostic.error("a", "b")).children.compactMap(\.label) == ["severity", "path", "line", "column", "message"])
        #expect(Mirror(reflecting: FrontMatterKeys()).children.compactMap(\.label) == ["stacksKey"])
        // The keys' mapping is in the key, in a fixed order.
        #expect(Document.memoKeysKey(FrontMatterKeys(mapping: ["order": "rank"])) != Document.memoKeysKey(FrontMatterKeys()))
        #expect(Document.memoKeysKey(FrontMatterKeys(mapping: ["order": "rank", "summary": "blurb"]))
                == Document.memoKeysKey(FrontMatterKeys(mapping: ["summary": "blurb", "order": "rank"])))
    }

    /// The theme's stylesheet template is parsed before anything is written, so that its
    /// problems are reported first, unless the memo says these very texts parsed; then it is
    /// parsed only if rendered, and renders the same.
    @Test func theStylesheetTemplateIsCheckedUnlessTheMemoSaysItParsed() async throws {
        let store = Mutex<[Digest: [UInt8]]>([:])
        let memo = StageMemo(entry: { key in store.withLock { $0[key] } }, keep: { key, bytes in store.withLock { $0[key] = bytes } })
        let config = ConfigParser.parse(TestCatalog.config).0
        func prepared(_ theme: Theme, memo: StageMemo?) async throws(Diagnostics) -> Pipeline.Prepared {
            var input = Pipeline.Input(config: config, content: TestCatalog.standard.tree, theme: theme)
            input.parseMemo = memo
            return try await Pipeline.prepare(input)
        }
        var broken = Theme.builtIn
        broken.files["assets/stacks.css.mustache"] = Array("body { color: red; }\n{{#layout}}\n".utf8)
        // Broken: reported, with a memo as without, and no verdict kept.
        for memo in [nil, memo] {
            await #expect(throws: Diagnostics.self) { _ = try await prepared(broken, memo: memo) }
        }
        #expect(store.withLock { $0[TemplateSet.assetsKey(broken)] } == nil)
        let plain = try await prepared(.builtIn, memo: nil)
        let first = try await prepared(.builtIn, memo: memo)
        #expect(first.renderer.templates.assets.keys.contains("assets/stacks.css.mustache"))
        #expect(store.withLock { $0[TemplateSet.assetsKey(.builtIn)] } == TemplateSet.assetsParsed)
        let second = try await prepared(.builtIn, memo: memo)
        #expect(second.renderer.templates.assets.isEmpty)
        // The same stylesheet, parsed when rendered.
        func stylesheet(_ prepared: Pipeline.Prepared) -> [UInt8]? {
            prepared.renderer.files(of: .theme, theme: .builtIn).first { $0.path.hasSuffix("stacks.css") }?.bytes
        }
        #expect(stylesheet(second) != nil)
        #expect(stylesheet(second) == stylesheet(plain))
        // Another text is checked again: the verdict is kept by the texts.
        var edited = Theme.builtIn
        edited.files["assets/stacks.css.mustache"]! += Array("\n/* more */\n".utf8)
        let third = try await prepared(edited, memo: memo)
        #expect(third.renderer.templates.assets.keys.contains("assets/stacks.css.mustache"))
    }
}
