import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The lists' rows moved to the spill file beyond their allowance (`ListRows`, `RowSpill`)
/// read back as the rows they were, alone, in any run, whole; and every page of a site drawn
/// with every list spilled is the page drawn from rows in memory, byte for byte.
@Suite struct ListRowsTests {
    /// Rows as themes and content make them, with the awkward ones: empty rows, one that begins
    /// with a combining accent (it joins the row before it once they are one text), emoji, CR LF.
    static func rows(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(state: seed)
        let pieces = ["<li>", "</li>\n", "\u{301}", "e", "🔧", "\r\n", "café", "<a href=\"x/\">", "", " ", "页"]
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    @Test func spilledRowsReadBackAsTheRowsInEveryRun() async throws {
        try await withTemporaryFolder { folder in
            let spill = try #require(RowSpill(folder: folder.path, allowance: 0))
            var random = SplitMix(state: 7)
            for seed: UInt64 in 1...20 {
                let strings = Self.rows(Int.random(in: 1...60, using: &random), seed: seed)
                let held = ListRows(strings)
                let spilled = held.spilled(into: spill)
                #expect(spilled.isSpilled && !held.isSpilled)
                #expect(spilled.count == strings.count && spilled == held)
                #expect(spilled.joined() == strings.joined())
                #expect((0..<strings.count).map { spilled[$0] } == strings)
                for _ in 0..<20 {
                    let start = Int.random(in: 0...strings.count, using: &random)
                    let range = start..<Int.random(in: start...strings.count, using: &random)
                    var read: [(Int, String)] = []
                    spilled.forEach(in: range) { read.append(($0, String($1))) }
                    #expect(read.map(\.0) == Array(range))
                    #expect(read.map { Array($0.1.utf8) } == range.map { Array(strings[$0].utf8) }, "rows \(range) of seed \(seed)")
                    #expect(spilled.byteCount(of: range) == held.byteCount(of: range))
                }
            }
        }
    }

    @Test func rowsWithinTheAllowanceStayInMemory() async throws {
        try await withTemporaryFolder { folder in
            let spill = try #require(RowSpill(folder: folder.path, allowance: 100))
            #expect(!ListRows(["<li>", String(repeating: "x", count: 90)]).spilled(into: spill).isSpilled, "94 bytes of 100")
            #expect(ListRows(["<li>x</li>"]).spilled(into: spill).isSpilled, "104 bytes of 100")
            #expect(ListRows(["y"]).spilled(into: spill).isSpilled, "once over, every list goes")
        }
    }

    @Test func everyPageOfASiteWithItsRowsSpilledIsThePageFromMemory() async throws {
        var config = SiteConfig()
        config.layout.listWindow = 2
        let prepared = try await resolveInline(TemplateStampsTests.awkwardCatalog, config: config)
        let held = prepared.renderer
        try await withTemporaryFolder { folder in
            let spilled = SiteRenderer.drawingOnDemand(site: held.site, config: held.config, templates: held.templates,
                                                       tagIndex: held.tagIndex, spillFolder: folder.path, rowAllowance: 0)
            var stamps = TemplateStamps()
            let parts = held.tagPages.isEmpty ? nil : held.tagPageParts()
            var compared = 0
            for index in held.site.catalog.pages.indices where held.site.catalog[index].isWritten {
                #expect(spilled.renderPage(index) == held.renderPage(index), "page \(index)")
                compared += 1
            }
            for (path, producer) in prepared.manifest.otherPages {
                let one = try #require(held.input(of: producer, tagParts: parts, stamps: &stamps))
                let other = try #require(spilled.input(of: producer, tagParts: parts, stamps: &stamps))
                #expect(spilled.render(other, stamps: &stamps) == held.render(one, stamps: &stamps), "\(path)")
                compared += 1
            }
            #expect(compared > held.site.catalog.pages.count, "list pages and tag pages were compared too")
            let owners = held.lists.keys
            #expect(!owners.isEmpty && owners.allSatisfy { spilled.list($0)!.plain.isSpilled || spilled.list($0)!.plain.isEmpty })
        }
    }
}
