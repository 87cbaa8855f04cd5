import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

@Suite struct DerivedSummaryTests {
    func summaries(_ markdown: String, extractTitle: Bool = true) -> [String] {
        MarkdownParser.parse(markdown, extractTitle: extractTitle, options: SiteConfig.MarkdownOptions()).summaries
    }

    @Test func theFirstParagraphAsPlainText() {
        let markdown = """
            # Bread

            ![A loaf](loaf.jpg)

            Mix *flour*, **water** and [salt](salt.md), then run `knead --slow`.\\
            Bake it.

            Second paragraph.
            """
        #expect(summaries(markdown) == ["Mix flour, water and salt, then run knead --slow. Bake it.", "Second paragraph."])
    }

    @Test func aLongParagraphIsCutAtAWordWithAnEllipsis() {
        let sentence = "The quick brown fox jumps over the lazy dog, again and again, until the dog gives up. "
        let summary = try! #require(summaries(String(repeating: sentence, count: 4)).first)
        #expect(summary == "The quick brown fox jumps over the lazy dog, again and again, until the dog gives up. The quick brown fox jumps over the lazy dog, again and again, until the…")
        #expect(summary.count <= SummaryText.length + 1)
        let unbroken = String(repeating: "原", count: 400)
        #expect(summaries(unbroken) == [String(repeating: "原", count: 160) + "…"])
    }

    /// `shortened` stops reading at the cut; it must say what taking whole words that fit does.
    @Test func shorteningReadsOnlyWhatItKeepsAndKeepsTheWordsThatFit() {
        func wordsThatFit(_ text: String) -> String {
            var result = ""
            for word in text.split(whereSeparator: \.isWhitespace) {
                let next = result.isEmpty ? String(word) : result + " " + word
                if next.count > SummaryText.length {
                    if result.isEmpty { result = String(word.prefix(SummaryText.length)) }
                    while let last = result.last, ",;:.-–—".contains(last) { result.removeLast() }
                    return result + "…"
                }
                result = next
            }
            return result
        }
        var random = SplitMix(state: 20261123)
        let pieces = ["a", "word", "longer-word,", " ", "  ", "\n", "\t", "原料", "—", "x.", String(repeating: "y", count: 90)]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...120, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = wordsThatFit(text)
            #expect(SummaryText.shortened(text) == expected)
        }
    }

    @Test func neverTheTitle() {
        // The heading taken as the title, and a paragraph that only repeats it.
        #expect(summaries("# Bread\n\nBread\n\nA loaf.\n") == ["A loaf."])
        #expect(summaries("## Bread\n\nA loaf.\n") == ["A loaf."])
        #expect(summaries("<div>raw</div>\n\n- a list\n\n`make install`\n\nText.\n") == ["Text."])
        // A page as tldr writes it: the description is quoted, the commands are code.
        #expect(summaries("# tar\n\n> Archiving utility.\n> More: <https://example.org>.\n\n- Create:\n\n`tar cf a.tar b`\n")
            == ["Archiving utility. More: https://example.org."])
    }

    func prepared(_ files: [(String, String)]) async throws -> Pipeline.Prepared {
        try await resolveInline(files)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    let files = [
        ("food/_index.md", "---\ntitle: Food\nsummary: Things to eat\n---\nWhat we cook.\n"),
        ("food/bread.md", "---\ntitle: Bread\n---\nBread\n\nMix *flour* with [water](https://example.org) & `salt`.\n"),
        ("food/soup.md", "---\ntitle: Soup\nsummary: Hot\n---\nWritten summaries win.\n"),
    ]

    @Test func theDerivedSummaryIsShownInListsSearchDescriptionAndCatalog() async throws {
        let prepared = try await prepared(files)
        let renderer = prepared.renderer
        let catalog = renderer.site.catalog
        let bread = try #require(catalog.pages.firstIndex { $0.path.url == "food/bread/" })
        let soup = try #require(catalog.pages.firstIndex { $0.path.url == "food/soup/" })
        let food = try #require(catalog.pages.firstIndex { $0.path.url == "food/" })
        #expect(catalog[bread].summary == "Mix flour with water & salt.")
        #expect(catalog[soup].summary == "Hot")
        #expect(catalog[food].summary == "Things to eat")

        let breadPage = text(renderer.renderPage(bread))
        #expect(breadPage.contains(##"<meta name="description" content="Mix flour with water &amp; salt.">"##))
        // The list beside it shows the summary; its own header does not repeat its first paragraph.
        #expect(breadPage.contains(##"<b>Bread</b><small>Mix flour with water &amp; salt.</small>"##))
        let header = try #require(breadPage.range(of: ##"<header class="item-header">"##).flatMap { start in
            breadPage[start.lowerBound...].range(of: "</header>").map { breadPage[start.lowerBound..<$0.upperBound] }
        })
        #expect(header.contains("<h1>Bread</h1>") && !header.contains("summary"))
        #expect(text(renderer.renderPage(soup)).contains(##"<p class="summary">Hot</p>"##))

        let search = text(renderer.searchIndex())
        #expect(search.contains(##""summary":"Mix flour with water \u0026 salt.","tags":[],"title":"Bread""##))
        let description = text(renderer.catalogDescription())
        #expect(description.contains(##""summary":"Mix flour with water \u0026 salt.","title":"Bread""##))
        #expect(description.contains(##""summary":"Hot","title":"Soup""##))
    }

    /// The catalog as `stacks serve` prepares it, then again after one file is rewritten.
    func served(_ files: [(String, String)], thenRewriting index: Int, as text: String) async throws -> (Pipeline.Prepared, Pipeline.Prepared) {
        var input = Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: files))
        var pipeline = IncrementalPipeline()
        let first: Result<Pipeline.Prepared, Diagnostics>
        first = await pipeline.prepare(input)
        var edited = files
        edited[index].1 = text
        input.content = SourceDirectory(files: edited)
        let second: Result<Pipeline.Prepared, Diagnostics>
        second = await pipeline.prepare(input)
        return (try first.get(), try second.get())
    }

    @Test func serveUpdatesTheListsWhenADerivedSummaryChanges() async throws {
        let (old, new) = try await served(files, thenRewriting: 1, as: "---\ntitle: Bread\n---\nKnead it.\n")
        let soup = try #require(new.renderer.site.catalog.pages.firstIndex { $0.path.url == "food/soup/" })
        let oldSoup = try #require(old.renderer.site.catalog.pages.firstIndex { $0.path.url == "food/soup/" })
        #expect(old.renderer.inputDigest(of: oldSoup) != new.renderer.inputDigest(of: soup))
        #expect(text(new.renderer.renderPage(soup)).contains(##"<small>Knead it.</small>"##))
    }

    /// A written summary spares the parse its search; taking it away must bring the derived one.
    @Test func serveDerivesASummaryOnceTheWrittenOneIsRemoved() async throws {
        let written = [("food/_index.md", "---\ntitle: Food\n---\n"),
                       ("food/soup.md", "---\ntitle: Soup\nsummary: Hot\n---\nSimmer it slowly.\n")]
        #expect(MarkdownParser.parse("Simmer it.\n", needs: MarkdownParser.Needs(title: true, summary: false),
                                     options: SiteConfig.MarkdownOptions()).summaries.isEmpty)
        let (first, second) = try await served(written, thenRewriting: 1, as: "---\ntitle: Soup\n---\nSimmer it slowly.\n")
        let soup = { (prepared: Pipeline.Prepared) in prepared.renderer.site.catalog.pages.first { $0.path.url == "food/soup/" }?.summary }
        #expect(soup(first) == "Hot")
        #expect(soup(second) == "Simmer it slowly.")
    }
}
