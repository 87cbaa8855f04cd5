import Testing
@testable import StacksCore
import StacksTestSupport

/// Round trips over many random catalogs: every page's path survives URL → path, the split-view
/// projection, and the stack operations behave as on a navigation stack.
@Suite struct StackPathPropertyTests {
    /// A random content tree: categories nest, bundles hold sub-items, names include spaces,
    /// capitals and non-ASCII letters.
    static func randomTree(seed: UInt64) -> SourceDirectory {
        var random = SplitMix(state: seed)
        let words = ["sun", "Rain", "café", "ferry boat", "Ünïcode", "x", "long name here", "数据", "a-b", "z9"]
        var files: [(String, String)] = []
        var counter = 0
        func name() -> String {
            counter += 1
            return words[Int.random(in: 0..<words.count, using: &random)] + " \(counter)"
        }
        func category(_ prefix: String, depth: Int) {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                files.append((prefix + name() + ".md", "Body"))
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let bundle = prefix + name() + "/"
                files.append((bundle + "index.md", "Bundle"))
                if depth < 4 {
                    for _ in 0..<Int.random(in: 0...2, using: &random) { files.append((bundle + name() + ".md", "Sub")) }
                }
            }
            if depth < 3 {
                for _ in 0..<Int.random(in: 0...3, using: &random) { category(prefix + name() + "/", depth: depth + 1) }
            }
        }
        category("", depth: 0)
        return SourceDirectory(files: files)
    }

    @Test(arguments: 1...60)
    func everyPathRoundTrips(seed: Int) async throws {
        let (catalog, diagnostics) = await CatalogLoader().load(Self.randomTree(seed: UInt64(seed)))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let byURL = Dictionary(uniqueKeysWithValues: catalog.pages.map { ($0.path.url, $0.path) })
        #expect(byURL.count == catalog.pages.count, "two pages share a URL")
        var random = SplitMix(state: UInt64(seed))
        for page in catalog.pages {
            let path = page.path
            // URL → slugs → the same path.
            let slugs = try #require(StackPath.slugs(fromURL: path.url))
            #expect(slugs == path.destinations.map(\.slug))
            #expect(byURL[path.url] == path)
            #expect(StackPath.slugs(fromURL: path.url + "index.html") == slugs)
            // Projecting onto a split view and flattening it back is the identity.
            #expect(SplitViewState(path).path == path)
            // Breadcrumbs are the prefixes, each a page of the catalog, each the parent of the next.
            let prefixes = path.prefixes
            #expect(prefixes.count == path.count + 1)
            for (k, prefix) in prefixes.enumerated() {
                #expect(byURL[prefix.url] == prefix)
                var jumped = path
                jumped.jump(toBreadcrumb: k)
                #expect(jumped == prefix)
                if k > 0 { #expect(prefix.parent == prefixes[k - 1]) }
            }
            // The lookup from a prefix to its page, which breadcrumbs and the back link use.
            let index = try #require(catalog.pages.firstIndex { $0.path == path })
            #expect(catalog.pagesOnPath(of: index).map { catalog[$0].path } == prefixes)
            // The page's parent in the tree is the path's back.
            if let parent = page.parent { #expect(catalog[parent].path == path.parent) }
            // Push then back returns to the same path; back to top reaches the root.
            var stack = path
            let extra: Destination = path.last?.isCategory == false || Bool.random(using: &random) ? .item("x") : .category("x")
            stack.push(extra)
            #expect(stack.back() == extra)
            #expect(stack == path)
            stack.backToTop()
            #expect(stack == .root)
        }
    }
}
