import Foundation
import Testing
@testable import StacksCore

/// Every page but the home page carries its stack path as schema.org's `BreadcrumbList`.
@Suite struct BreadcrumbListTests {
    static func breadcrumbList(_ html: String) throws -> [String: Any]? {
        let open = "<script type=\"application/ld+json\">"
        guard let start = html.range(of: open) else { return nil }
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try JSONSerialization.jsonObject(with: json) as? [String: Any]
    }

    static func items(_ list: [String: Any]?) -> [String] {
        (list?["itemListElement"] as? [[String: Any]] ?? []).map {
            "\($0["position"] ?? "") \($0["name"] ?? "") \($0["item"] ?? "")"
        }
    }

    @Test func theStackPathIsABreadcrumbListRelativeToThePage() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "title: Workshop\n",
            "content/tools/_index.md": "---\ntitle: Tools\n---\n",
            "content/tools/drill/index.md": "---\ntitle: Drill\n---\nText\n",
            "content/tools/drill/bit.md": "---\ntitle: \"Bit </script><b>\"\n---\nText\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/tools/drill/bit/index.html")
        let list = try Self.breadcrumbList(page)
        #expect(list?["@context"] as? String == "https://schema.org")
        #expect(list?["@type"] as? String == "BreadcrumbList")
        // From the site's root, named by the site's title, to the page.
        #expect(Self.items(list) == ["1 Workshop ../../../", "2 Tools ../../../tools/", "3 Drill ../../../tools/drill/",
                                     "4 Bit </script><b> ../../../tools/drill/bit/"])
        // The title cannot end the script: `<` is written as `\u003c`.
        #expect(!page.contains("Bit </script>"))
        #expect(try Self.breadcrumbList(try project.read("output/index.html")) == nil, "none on the home page")
    }

    @Test func withABaseURLTheURLsAreAbsolute() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "title: Workshop\nbaseURL: https://example.org/docs\n",
            "content/tools/drill.md": "---\ntitle: Drill\n---\nText\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let list = try Self.breadcrumbList(try project.read("output/tools/drill/index.html"))
        #expect(Self.items(list) == ["1 Workshop https://example.org/docs/", "2 Tools https://example.org/docs/tools/",
                                     "3 Drill https://example.org/docs/tools/drill/"])
    }
}
