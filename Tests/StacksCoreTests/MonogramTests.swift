import Foundation
import Testing
@testable import StacksCore

/// Entries without `icon:` show their title's first letter on a colour drawn from the title,
/// not an empty tile (issue 12, part 5, the default; the setting for "no tile" is to come).
@Suite struct MonogramTests {
    @Test func anEntryWithoutAnIconShowsAMonogramOnAColourOfItsTitle() async throws {
        let project = try TemporaryProject([
            "content/tools/hammer.md": "---\ntitle: hammer\n---\nText\n",
            "content/tools/saw.md": "---\ntitle: Saw\ncolor: \"#123456\"\n---\nText\n",
            "content/tools/drill.md": "---\ntitle: Drill\nicon: 🔩\n---\nText\n",
            "content/tools/ça.md": "Text\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let list = try project.read("output/tools/index.html")
        let hammer = PageContext.monogramColor("hammer")
        #expect(PageContext.monogramColors.contains(hammer))
        #expect(list.contains("<span class=\"icon\" aria-hidden=\"true\" style=\"--accent: \(hammer)\">H</span>"))
        #expect(list.contains("<span class=\"icon\" aria-hidden=\"true\" style=\"--accent: #123456\">S</span>"))
        #expect(list.contains("<span class=\"icon\" aria-hidden=\"true\">🔩</span>"))
        #expect(list.contains(">Ç</span>"))
        // The same title, the same colour, build after build.
        #expect(PageContext.monogramColor("hammer") == hammer)
    }
}
