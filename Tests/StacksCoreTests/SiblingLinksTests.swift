import Foundation
import Testing
@testable import StacksCore

/// An item links the items before and after it in its list (`rel="prev"`, `rel="next"`),
/// passing over categories; sub-items link within their item.
@Suite struct SiblingLinksTests {
    /// The sibling links an item page shows, as (rel, href, title).
    static func siblings(_ html: String) -> [String] {
        guard let start = html.range(of: "<nav class=\"siblings\""), let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
        else { return [] }
        let nav = html[start.lowerBound..<end.upperBound]
        var links: [String] = []
        var rest = nav[...]
        while let rel = rest.range(of: "rel=\"") {
            let afterRel = rest[rel.upperBound...]
            let relValue = afterRel.prefix { $0 != "\"" }
            let href = afterRel.range(of: "href=\"").map { afterRel[$0.upperBound...].prefix { $0 != "\"" } } ?? ""
            let title = afterRel.range(of: "<span class=\"title\">").map { afterRel[$0.upperBound...].prefix { $0 != "<" } } ?? ""
            links.append("\(relValue) \(href) \(title)")
            rest = afterRel
        }
        return links
    }

    @Test func itemsLinkTheirNeighboursAndCategoriesArePassedOver() async throws {
        let project = try TemporaryProject([
            "content/tools/a-awl.md": "---\ntitle: Awl\norder: 1\n---\nText\n",
            "content/tools/b-more/c.md": "---\ntitle: In a subcategory\n---\nText\n",
            "content/tools/c-chisel.md": "---\ntitle: Chisel\norder: 3\n---\nText\n",
            "content/tools/d-drill/index.md": "---\ntitle: Drill\norder: 4\n---\nText\n",
            "content/tools/d-drill/bit.md": "---\ntitle: Bit\n---\nText\n",
            "content/tools/d-drill/chuck.md": "---\ntitle: Chuck\n---\nText\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        #expect(Self.siblings(try project.read("output/tools/a-awl/index.html")) == ["next ../c-chisel/ Chisel"])
        #expect(Self.siblings(try project.read("output/tools/c-chisel/index.html")) == [
            "prev ../a-awl/ Awl", "next ../d-drill/ Drill"])
        #expect(Self.siblings(try project.read("output/tools/d-drill/index.html")) == ["prev ../c-chisel/ Chisel"])
        // Sub-items: within their item.
        #expect(Self.siblings(try project.read("output/tools/d-drill/bit/index.html")) == ["next ../chuck/ Chuck"])
        // An item alone in its list has none.
        #expect(Self.siblings(try project.read("output/tools/b-more/c/index.html")) == [])
        #expect(!(try project.read("output/tools/b-more/c/index.html")).contains("class=\"siblings\""))
    }

    @Test func siblingTitlesAreEscaped() async throws {
        let project = try TemporaryProject([
            "content/tools/a.md": "---\ntitle: \"<script>alert(1)</script>\"\n---\nText\n",
            "content/tools/b.md": "---\ntitle: B\n---\nText\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/tools/b/index.html")
        #expect(page.contains("<span class=\"title\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(!page.contains("<script>alert"))
    }
}
