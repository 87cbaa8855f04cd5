import Foundation
import Testing
@testable import StacksCore

/// Theme icons are drawn by the stylesheet: pages name them, and load no image per icon.
@Suite struct ThemeIconsTests {
    @Test func theExamplesPagesLoadNoIconImagesAndTheStylesheetHoldsEveryIcon() async throws {
        let prepared = try await ExampleCatalogTests.prepared()
        let renderer = prepared.renderer
        var named: Set<String> = []
        for index in renderer.site.catalog.pages.indices {
            let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
            #expect(!html.contains("_stacks/icons/"), "\(renderer.outputPath(of: index)) loads an icon image")
            for match in html.matches(of: /data-icon="([^"]*)"/) { named.insert(String(match.1)) }
        }
        #expect(named.count >= 10)
        let files = renderer.renderExtras(theme: .builtIn)
        let css = String(decoding: try #require(files.first { $0.path == "_stacks/stacks.css" }).bytes, as: UTF8.self)
        for name in named {
            let svg = try #require(Theme.builtIn.files["assets/icons/\(name).svg"])
            #expect(css.contains("[data-icon=\"\(name)\"] { --icon: url(\"data:image/svg+xml;base64,\(Data(svg).base64EncodedString())\"); }"))
        }
        // The files stay published, for themes that show them as images.
        #expect(files.contains { $0.path == "_stacks/icons/umbrella.svg" })
    }

    @Test(arguments: [("umbrella", true), ("arrow_up-2", true), ("Bell", true), ("", false), ("a b", false),
                      ("x\"y", false), ("sub/x", false), ("é", false), ("a)b", false)])
    func onlyPlainNamesAreDrawnByName(name: String, drawn: Bool) {
        #expect(ThemeIcons.drawsByName(name) == drawn)
    }

    /// A theme icon whose name is not plain is shown as an image, as before.
    @Test func anIconWithAnUnusualNameIsAnImage() async throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"></svg>"#.utf8)
        let theme = Theme.builtIn.overridden(by: ["assets/icons/odd name.svg": svg])
        let prepared = try await Pipeline.prepare(Pipeline.Input(
            config: SiteConfig(),
            content: SourceDirectory(files: [("_index.md", "---\ntitle: Home\n---\n"),
                                             ("tools/_index.md", "---\ntitle: Tools\nicon: odd name\n---\n"),
                                             ("tools/saw.md", "---\ntitle: Saw\nicon: umbrella\n---\nCuts.")]),
            theme: theme))
        let renderer = prepared.renderer
        let tools = try #require(renderer.site.catalog.pages.indices.first { renderer.outputPath(of: $0) == "tools/index.html" })
        let html = String(decoding: renderer.renderPage(tools), as: UTF8.self)
        #expect(html.contains("<img src=\"../_stacks/icons/odd%20name.svg\" alt=\"\" width=\"18\" height=\"18\">")
                || html.contains("<img src=\"../_stacks/icons/odd name.svg\""))
        #expect(html.contains("data-icon=\"umbrella\""))
        let css = String(decoding: try #require(renderer.renderExtras(theme: theme).first { $0.path == "_stacks/stacks.css" }).bytes,
                         as: UTF8.self)
        #expect(!css.contains("odd name"))
    }
}
