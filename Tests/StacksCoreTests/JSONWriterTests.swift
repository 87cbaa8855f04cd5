import Foundation
import Testing
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

    @Test func anEmptySiteHasAnEmptySearchIndex() async throws {
        let prepared = try await resolveInline([])
        #expect(prepared.renderer.searchIndex() == Array("[]".utf8))
        try Self.expectSameAsEncoder(prepared.renderer)
    }
}
