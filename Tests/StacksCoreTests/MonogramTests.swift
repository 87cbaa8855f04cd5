import Foundation
import Testing
@testable import StacksCore

/// Entries without `icon:` show their title's first letter on a colour drawn from the title,
/// not an empty tile; with `layout.missingIcons: none` they show no tile at all.
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
        #expect(list.contains("<i aria-hidden=\"true\" style=\"--accent:\(hammer)\">H</i>"))
        #expect(list.contains("<i aria-hidden=\"true\" style=\"--accent:#123456\">S</i>"))
        #expect(list.contains("<i aria-hidden=\"true\">🔩</i>"))
        #expect(list.contains(">Ç</i>"))
        // The same title, the same colour, build after build.
        #expect(PageContext.monogramColor("hammer") == hammer)
    }

    @Test func withMissingIconsNoneAnEntryWithoutAnIconHasNoTile() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "layout:\n  missingIcons: none\n",
            "content/tools/_index.md": "---\ntitle: Tools\n---\n",
            "content/tools/hammer.md": "---\ntitle: Hammer\ncolor: teal\n---\nText\n",
            "content/tools/drill.md": "---\ntitle: Drill\nicon: 🔩\n---\nText\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let list = try project.read("output/tools/index.html")
        #expect(list.contains("<li><a href=\"hammer/\"><b>Hammer</b><small>Text</small></a></li>"))
        #expect(list.contains("<i aria-hidden=\"true\">🔩</i><b>Drill</b>"))
        // The category's entry in the sidebar has no tile either, nor the item's own header.
        #expect(!list.contains(#"<i aria-hidden="true" style"#))
        let item = try project.read("output/tools/hammer/index.html")
        #expect(item.contains("<header class=\"item-header\">\n\n<h1>Hammer</h1>") || item.contains("<header class=\"item-header\">\n<h1>Hammer</h1>"))
    }

    @Test func missingIconsIsMonogramOrNone() {
        let (config, problems) = ConfigParser.parse("layout:\n  missingIcons: blank\n", path: "stacks.yml")
        #expect(config.layout.missingIcons == .monogram)
        #expect(problems.map(\.description) == ["stacks.yml:2:17: error: 'layout.missingIcons' must be one of: monogram, none"])
    }
}
