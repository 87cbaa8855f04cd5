import Foundation
import Testing
@testable import StacksCore

/// The home's first screen: under an introduction of a line or two (or none), the largest
/// top-level categories, most entries first; nothing under a longer one.
@Suite struct HomeOverviewTests {
    static func home(intro: String) async throws -> String {
        var files = [("_index.md", "---\ntitle: Box\n---\n\(intro)\n")]
        for (category, count) in [("small", 1), ("large", 5), ("middle", 3), ("tie", 3)] {
            files += (1...count).map { ("\(category)/item-\($0).md", "# \(category) \($0)\n") }
        }
        files.append(("loose.md", "# Loose\n"))
        let renderer = try await resolveInline(files, config: SiteConfig()).renderer
        return String(decoding: renderer.renderPage(Catalog.rootIndex), as: UTF8.self)
    }

    static func overview(_ html: String) -> [String]? {
        guard let start = html.range(of: "<section class=\"home-overview\""),
              let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return nil }
        // Each row's title: the text of its <b>.
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "<b>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func aShortIntroductionIsFollowedByTheLargestCategories() async throws {
        let rows = try #require(Self.overview(try await Self.home(intro: "Things in a box.")))
        #expect(rows == ["Large", "Middle", "Tie", "Small"], "by count, the catalog's order among equals; items are not categories")
        #expect(Self.overview(try await Self.home(intro: "")) == rows, "no introduction at all")
    }

    @Test func aLongerIntroductionStandsAlone() async throws {
        let intro = String(repeating: "A sentence about what the box holds and how to use it. ", count: 4)
        #expect(Self.overview(try await Self.home(intro: intro)) == nil)
    }
}
