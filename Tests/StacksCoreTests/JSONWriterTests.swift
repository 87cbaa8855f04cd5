import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The search index and catalog description must be what `JSONEncoder` wrote before.
@Suite struct JSONWriterTests {
    struct Entry: Encodable {
        var title: String
        var summary: String?
        var tags: [String]
        var url: String
        var kind: String
        var path: [String]
    }

    struct Node: Encodable {
        var title: String
        var kind: String
        var url: String
        var summary: String?
        var icon: String?
        var color: String?
        var children: [Node]
        var tags: [TagNode]?
    }

    struct TagNode: Encodable {
        var title: String
        var url: String
        var count: Int
    }

    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // What `JSONWriter` escapes beyond the encoder, for JSON inside `<script>`.
        var text = String(decoding: try encoder.encode(value), as: UTF8.self)
        for (raw, escaped) in [("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029")] {
            // Split on scalars: `replacingOccurrences` compares `Character`s, and `<` before a
            // combining mark is not the `Character` `<`.
            text = text.unicodeScalars.split(separator: raw.unicodeScalars.first!, omittingEmptySubsequences: false)
                .map { String(String.UnicodeScalarView($0)) }.joined(separator: escaped)
        }
        return Array(text.utf8)
    }

    /// `SiteRenderer`'s extras as `JSONEncoder` wrote them.
    static func expectSameAsEncoder(_ renderer: SiteRenderer) throws {
        let catalog = renderer.site.catalog
        let portable = renderer.config.portable
        let entries = catalog.pages.indices.dropFirst().map { index in
            let page = catalog[index]
            return Entry(title: page.title, summary: page.summary, tags: page.frontMatter.tags,
                         url: RelativeURL.page(page.path, fromDepth: 0, portable: portable), kind: page.kind.rawValue,
                         path: catalog.chain(to: index).dropFirst().map { catalog[$0].title })
        }
        let tagEntries = renderer.tagSearchPages().map {
            Entry(title: $0.title, summary: $0.summary, tags: [], url: $0.url, kind: $0.kind, path: $0.path)
        }
        #expect(renderer.searchIndex() == (try encoded(entries + tagEntries)))
        func node(_ index: Int) -> Node {
            let page = catalog[index]
            return Node(title: index == Catalog.rootIndex ? renderer.config.siteTitle : page.title, kind: page.kind.rawValue,
                        url: RelativeURL.page(page.path, fromDepth: 0, portable: portable),
                        summary: page.summary, icon: page.frontMatter.icon, color: page.frontMatter.color,
                        children: page.children.map(node),
                        tags: index != Catalog.rootIndex || renderer.tagIndex.isEmpty ? nil : renderer.tagIndex.tags.indices.map {
                            TagNode(title: renderer.tagIndex.tags[$0].name,
                                    url: RelativeURL.page(renderer.tagIndex.path(of: $0), fromDepth: 0, portable: portable),
                                    count: renderer.tagIndex.tags[$0].pages.count)
                        })
        }
        #expect(renderer.catalogDescription() == (try encoded(node(Catalog.rootIndex))))
    }

    @Test(arguments: [false, true])
    func extrasAreWhatJSONEncoderWrote(portable: Bool) async throws {
        var config = SiteConfig()
        config.portable = portable
        var files = TemplateStampsTests.awkwardCatalog
        // Every ASCII character, and some that JSON could escape but JSONEncoder does not.
        var all = ""
        for value in 0..<128 { all.unicodeScalars.append(Unicode.Scalar(value)!) }
        all += "é\u{2028}\u{2029}\u{FEFF}😀\u{80}\u{9F}\u{AD}"
        let yaml = all.unicodeScalars.map { String(format: $0.value > 0xFFFF ? "\\U%08X" : "\\u%04X", $0.value) }.joined()
        files.append(("c0/all.md", "---\ntitle: \"\(yaml)\"\nsummary: \"\(yaml)\"\ntags: [\"\(yaml)\", \"\"]\nicon: \"\(yaml)\"\n---\nText."))
        let prepared = try await resolveInline(files, config: config)
        let title = try #require(prepared.renderer.site.catalog.pages.first { $0.source == "c0/all.md" }?.title)
        // Control characters other than tab and line breaks are replaced when the file is loaded.
        let got = title.unicodeScalars.map(\.value)
        let want = TextPosition.replacingControlCharacters(in: all).unicodeScalars.map(\.value)
        #expect(got == want, "differs at \(zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1): \(got.count) vs \(want.count) scalars, \(got.suffix(12))")
        try Self.expectSameAsEncoder(prepared.renderer)
    }

    @Test func extrasOfTheExampleAreWhatJSONEncoderWrote() async throws {
        try Self.expectSameAsEncoder(try await ExampleCatalogTests.prepared().renderer)
    }

    /// The tools' index and the catalog's description of a catalog whose files are a few
    /// megabytes: made a part at a time (more than one), they are what `JSONEncoder` wrote; and
    /// written as the parts come, clean and again in place after an edit, each file is whole.
    @Test func largeExtrasWrittenInPartsAreWhatJSONEncoderWrote() async throws {
        let summary = String(repeating: "A long summary of a catalog item, with <markup> & \u{2028} in it. ", count: 5)
        var files: [(String, String)] = []
        for number in 0..<2_500 {
            files.append(("c\(number % 20)/item-\(number).md", "---\ntitle: \"Item \(number)\"\nsummary: \"\(summary)\"\ntags: [\"t\(number % 7)\"]\n---\nText \(number).\n"))
        }
        let prepared = try await resolveInline(files)
        var parts = 0
        prepared.renderer.searchIndex { _ in parts += 1 }
        #expect(parts >= 2)
        parts = 0
        prepared.renderer.catalogDescription { _ in parts += 1 }
        #expect(parts >= 2)
        try Self.expectSameAsEncoder(prepared.renderer)
        try await withTemporaryFolder { folder in
            let content = folder.appendingPathComponent("content")
            for (path, text) in files { try TestCatalog.write(Array(text.utf8), to: content.appendingPathComponent(path)) }
            let output = folder.appendingPathComponent("output")
            for step in 0..<2 {
                if step == 1 {
                    // In place: both files are made again and renamed over the old ones.
                    try TestCatalog.write(Array("---\ntitle: \"Renamed\"\n---\nText.\n".utf8), to: content.appendingPathComponent("c0/item-0.md"))
                }
                _ = try await SiteBuilder.build(BuildOptions(projectDirectory: folder))
                let index = try #require(FileManager.default.contents(atPath: output.appendingPathComponent(SiteRenderer.toolIndexPath).path))
                let description = try #require(FileManager.default.contents(atPath: output.appendingPathComponent(SiteRenderer.catalogDescriptionPath).path))
                #expect(index.count > SiteRenderer.partSize && description.count > SiteRenderer.partSize)
                let entries = try #require(try JSONSerialization.jsonObject(with: index) as? [[String: Any]])
                // 2,500 items, 20 categories, the tag index and its 7 tags.
                #expect(entries.count == 2_528, "every page once")
                #expect(entries.contains { $0["title"] as? String == (step == 1 ? "Renamed" : "Item 0") })
                let tree = try #require(try JSONSerialization.jsonObject(with: description) as? [String: Any])
                #expect((tree["children"] as? [Any])?.count == 20)
            }
        }
    }

    @Test func anEmptySiteHasAnEmptySearchIndex() async throws {
        let prepared = try await resolveInline([])
        #expect(prepared.renderer.searchIndex() == Array("[]".utf8))
        try Self.expectSameAsEncoder(prepared.renderer)
    }

    /// Lists of numbers, written digit by digit into room made at once: every length of
    /// number, the ends of `Int`, and a list with a negative number (written the slow way).
    @Test func numberListsAreWhatJSONEncoderWrote() throws {
        struct Numbers: Encodable { var a: [Int]; var b: [Int]; var c: [Int]; var d: [Int] }
        var powers: [Int] = []
        var power = 1
        for _ in 0..<18 {
            powers += [power - 1, power, power + 1, power * 9 + 9 * (power - 1) / 9]
            power *= 10
        }
        let numbers = Numbers(a: powers + [Int.max, 0, 7, 42, 100, 999, 1_000], b: [], c: [5],
                              d: [3, -1, Int.min, 12])
        var json = JSONWriter()
        json.beginObject()
        json.member("a", numbers.a)
        json.member("b", numbers.b)
        json.member("c", numbers.c)
        json.member("d", numbers.d)
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: try Self.encoded(numbers), as: UTF8.self))
    }

    /// Strings looked through eight bytes at a time: every byte that needs an escape, at every
    /// offset of a word and across words, in runs of plain text of every length.
    @Test func stringsScannedByWordsAreWhatJSONEncoderWrote() throws {
        let pieces = ["a", "bc", "\"", "\\", "<", ">", "&", "\u{1}", "\t", "\n", "\u{1F}", "é", "\u{2028}", "\u{2029}",
                      "\u{A8}", "©", "'", "/", "😀", "abcdefgh", "0123456789abcdef", "\u{7F}", " "]
        var generator = SeededRandom(seed: 24)
        var strings: [String] = []
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) { text += pieces.randomElement(using: &generator)! }
            strings.append(text)
        }
        for offset in 0..<17 {
            for special in ["\"", "\u{2028}", "<", "\u{1}", "'"] { strings.append(String(repeating: "x", count: offset) + special + "yz") }
        }
        var json = JSONWriter()
        json.beginArray()
        for string in strings { json.string(string) }
        json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: try Self.encoded(strings), as: UTF8.self))
        // With quotes as escapes, each `'` and `"` is one `\u` escape, wherever it is in a word.
        for offset in 0..<17 {
            var quoted = JSONWriter(quotesAsEscapes: true)
            quoted.string(String(repeating: "x", count: offset) + "'\"" + String(repeating: "y", count: offset))
            #expect(String(decoding: quoted.bytes, as: UTF8.self)
                == "\"" + String(repeating: "x", count: offset) + "\\u0027\\u0022" + String(repeating: "y", count: offset) + "\"")
        }
    }
}
