import Foundation
import Testing
@testable import StacksCore

/// A large category's whole list in one file: the same entries, in the same order, with the
/// URLs its page links them by, and safe inside a script.
@Suite struct CategoryIndexTests {
    /// `big/` holds 12 items (one hostile, one with an icon, one a sub-category), `small/` 2; windows of 5.
    static func prepared(portable: Bool = false) async throws -> Pipeline.Prepared {
        var config = SiteConfig()
        config.portable = portable
        config.layout.listWindow = 5
        var files: [(String, String)] = (0..<9).map { ("big/i\(String(format: "%02d", $0)).md", "---\ntitle: Item \($0)\ntags: [t\($0), shared]\n---\nBody.") }
        files.append(("big/evil.md", "---\ntitle: \"</script><b>&amp; Évil\u{2028}\"\nsummary: \"a <!-- b\"\n---\nBody."))
        files.append(("big/star.md", "---\ntitle: Star\nicon: cloud\ncolor: teal\n---\nBody."))
        files.append(("big/sub/_index.md", "---\ntitle: Sub\n---\n"))
        files.append(("big/sub/leaf.md", "Leaf"))
        files += [("small/a.md", "A"), ("small/b.md", "B")]
        return try await resolveInline(files, config: config)
    }

    static func rows(_ bytes: [UInt8]) throws -> [[String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["fields"] as? [String] == CategoryIndex.fields)
        return try #require(object["entries"] as? [[String]])
    }

    static func file(_ path: String, in renderer: SiteRenderer) -> [UInt8]? {
        renderer.renderExtras(theme: .builtIn).first { $0.path == path }?.bytes
    }

    @Test(arguments: [false, true])
    func theIndexOfACategoryIsItsEntriesInOrder(portable: Bool) async throws {
        let renderer = try await Self.prepared(portable: portable).renderer
        let catalog = renderer.site.catalog
        let big = try #require(catalog.pages.indices.first { catalog[$0].path.url == "big/" })
        let rows = try Self.rows(try #require(Self.file("big/page/entries.json", in: renderer)))
        let children = catalog[big].children
        #expect(rows.map { $0[1] } == children.map { catalog[$0].listTitle })
        // Each URL, resolved against the category's page, is the child's page.
        let base = URL(string: "https://example.org/site/big/" + (portable ? "index.html" : ""))!
        #expect(rows.map { URL(string: $0[0], relativeTo: base)!.absoluteString }
            == children.map { "https://example.org/site/" + catalog[$0].path.url + (portable ? "index.html" : "") })
        let sub = try #require(rows.first { $0[1] == "Sub" })
        #expect(sub[4] == "category" && sub.last == "1")
        let item = try #require(rows.first { $0[1] == "Item 3" })
        #expect(item[3] == "t3, shared" && item[4] == "item" && item[5] == "I" && item[6] == PageContext.monogramColor("Item 3"))
        #expect(item.count == 7, "an item's empty count is left out")
        let star = try #require(rows.first { $0[1] == "Star" })
        #expect(star[5] == "../_stacks/icons/cloud.svg" && star[6] == "teal")
        // The category's pages name the index; a portable build also writes it as a script.
        let page = String(decoding: renderer.renderPage(big), as: UTF8.self)
        #expect(page.contains("data-index=\"page/entries.json\""))
        let script = Self.file("big/page/entries.js", in: renderer)
        #expect((script != nil) == portable)
        if let script { #expect(String(decoding: script, as: UTF8.self).hasPrefix("window.stacksListIndex = {")) }
    }

    @Test func theIndexIsSafeInAScript() async throws {
        let renderer = try await Self.prepared(portable: true).renderer
        for path in ["big/page/entries.json", "big/page/entries.js"] {
            let bytes = try #require(Self.file(path, in: renderer))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains(">") && !text.contains("&") && !text.contains("\u{2028}"))
        }
        let rows = try Self.rows(try #require(Self.file("big/page/entries.json", in: renderer)))
        #expect(rows.contains { $0[1] == "</script><b>&amp; Évil\u{2028}" && $0[2] == "a <!-- b" })
    }

    @Test func aListShownWholeHasNoIndex() async throws {
        let renderer = try await Self.prepared().renderer
        let paths = renderer.renderExtras(theme: .builtIn).map(\.path).filter { $0.hasSuffix("entries.json") }
        // The long list's, its tag's and the index of its ten tags (`TagPagesTests`); none for
        // the short one.
        #expect(Set(paths) == ["big/page/entries.json", "tags/shared/page/entries.json", "tags/page/entries.json"])
        let catalog = renderer.site.catalog
        let small = try #require(catalog.pages.indices.first { catalog[$0].path.url == "small/" })
        #expect(!String(decoding: renderer.renderPage(small), as: UTF8.self).contains("data-index"))
    }
}
