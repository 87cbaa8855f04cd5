import Foundation
import Testing
@testable import StacksCore

/// The repository's example catalog, rendered with the built-in theme: every page's breadcrumbs,
/// back link and columns come from its stack path; chosen pages are compared with golden files.
@Suite struct ExampleCatalogTests {
    static func prepared() async throws -> Pipeline.Prepared {
        // An empty templates folder: the built-in theme alone.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-no-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let options = BuildOptions(projectDirectory: repositoryRoot, templates: empty.path)
        let (input, _) = ProjectReader.read(options)
        return try await Pipeline.prepare(input)
    }

    /// The `href`s of the links inside the first element that starts with `opening`.
    static func links(in html: String, inside opening: String, closing: String) -> [String] {
        guard let start = html.range(of: opening),
              let end = html.range(of: closing, range: start.upperBound..<html.endIndex) else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    @Test func hasThePagesTheDesignAsksFor() async throws {
        let catalog = try await Self.prepared().renderer.site.catalog
        let urls = Set(catalog.pages.map(\.path.url))
        for url in ["communication/microphone/", "communication/message/", "communication/phone/",
                    "weather/sun/", "weather/cloud/", "weather/wind/", "weather/rain/", "weather/rain/drizzle/",
                    "traffic/airplane/", "traffic/car/", "traffic/truck/", "teams/design/ada/", "teams/platform/linus/"] {
            #expect(urls.contains(url), "\(url)")
        }
        #expect(catalog.categoryChildren(of: Catalog.rootIndex).map { catalog[$0].title } == ["Communication", "Weather", "Traffic", "Teams"])
        for page in catalog.pages where page.kind != .home {
            #expect(page.frontMatter.icon != nil && page.frontMatter.color != nil, "\(page.path.url) needs an icon and a colour")
        }
    }

    @Test func everyPageDerivesBreadcrumbsAndBackLinkFromItsPath() async throws {
        let renderer = try await Self.prepared().renderer
        let catalog = renderer.site.catalog
        for index in catalog.pages.indices {
            let path = catalog[index].path
            let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
            let crumbs = Self.links(in: html, inside: "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">", closing: "</nav>")
            #expect(crumbs == path.prefixes.map { RelativeURL.page($0, from: path) }, "\(path.url)")
            #expect(html.contains("data-depth=\"\(path.depth)\""))
            for column in ["sidebar", "content", "detail"] { #expect(html.contains("data-column=\"\(column)\"")) }
            if let parent = path.parent {
                let parentIndex = try #require(catalog.pages.firstIndex { $0.path == parent })
                let title = parent.isRoot ? renderer.config.siteTitle : catalog[parentIndex].title
                let backLink = try #require(html.range(of: "<a class=\"back-link\" rel=\"up\" href=\"\(RelativeURL.page(parent, from: path))\">"),
                                            "\(path.url): no back link to its parent")
                let label = html[backLink.upperBound...].prefix { $0 != "\n" }
                #expect(label.contains(title + "</a>"), "\(path.url): back link labelled \(label)")
            } else {
                #expect(!html.contains("rel=\"up\""))
            }
            #expect(!html.contains("\u{1}"), "unresolved root marker in \(path.url)")
            #expect(!html.contains("href=\"/") && !html.contains("src=\"/"), "absolute link in \(path.url)")
        }
    }

    /// The tags that carry `aria-current="VALUE"` in a page, from their `<` up to the attribute.
    static func tags(in html: String, current value: String) -> [Substring] {
        var tags: [Substring] = []
        var rest = html[...]
        while let found = rest.range(of: "aria-current=\"\(value)\"") {
            let start = html[..<found.lowerBound].lastIndex(of: "<")!
            tags.append(html[start..<found.upperBound])
            rest = html[found.upperBound...]
        }
        return tags
    }

    /// `aria-current="page"` only on links to the page itself (the last breadcrumb; the sidebar's
    /// link on a category's or the home page; the list entry on an item's page); `"true"` on the
    /// way to it: links to pages above it (the selected categories, the selected item on a
    /// sub-item's page), and the detail stack's last crumb.
    @Test func ariaCurrentMarksThePageItselfAndTheWayToIt() async throws {
        let renderer = try await Self.prepared().renderer
        let catalog = renderer.site.catalog
        for index in catalog.pages.indices {
            let path = catalog[index].path
            let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
            let own = RelativeURL.page(path, from: path)
            let pages = Self.tags(in: html, current: "page")
            #expect(pages.first == "<a href=\"\(own)\" aria-current=\"page\"", "\(path.url): the last breadcrumb first")
            for tag in pages {
                #expect(tag.hasPrefix("<a href=\"\(own)\""), "\(path.url): \(tag)")
            }
            let above = Set(path.prefixes.dropLast().map { RelativeURL.page($0, from: path) })
            for tag in Self.tags(in: html, current: "true") {
                let href = tag.components(separatedBy: "href=\"").dropFirst().first?.prefix { $0 != "\"" }
                #expect(href.map { above.contains(String($0)) } ?? (tag == "<span aria-current=\"true\""), "\(path.url): \(tag)")
            }
        }
    }

    static let goldenPages = ["", "weather/", "weather/rain/", "weather/rain/drizzle/", "teams/design/ada/"]

    /// Set STACKS_RECORD_GOLDENS=1 to rewrite them after an intended change; the run then fails once.
    @Test(arguments: goldenPages)
    func matchesGoldenPage(url: String) async throws {
        let renderer = try await Self.prepared().renderer
        let index = try #require(renderer.site.catalog.pages.firstIndex { $0.path.url == url })
        let html = String(decoding: renderer.renderPage(index), as: UTF8.self)
        let name = url.isEmpty ? "index" : url.dropLast().replacingOccurrences(of: "/", with: "-")
        let golden = repositoryRoot.appendingPathComponent("Tests/StacksCoreTests/Goldens/\(name).html")
        let record = ProcessInfo.processInfo.environment["STACKS_RECORD_GOLDENS"] == "1"
        guard !record, let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try html.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(golden.lastPathComponent); run again to compare")
            return
        }
        #expect(html == expected, "\(url) differs from \(golden.lastPathComponent) (STACKS_RECORD_GOLDENS=1 rewrites it)")
    }
}
