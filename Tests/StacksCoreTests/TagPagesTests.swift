import Foundation
import Testing
@testable import StacksCore

/// Tags are a second way in: `tags/` lists every tag with its count, `tags/<slug>/` lists a
/// tag's pages like a category's list, and each tag on an item links to its page.
@Suite struct TagPagesTests {
    /// Every file of a prepared site by output path: the pages, their list pages and the extras.
    static func site(_ files: [(String, String)], config: SiteConfig = SiteConfig()) async throws -> [String: String] {
        let renderer = try await resolveInline(files, config: config).renderer
        var output: [String: String] = [:]
        for index in 0..<renderer.pageCount {
            output[renderer.outputPath(of: index)] = String(decoding: renderer.renderPage(index), as: UTF8.self)
        }
        for file in renderer.renderExtras(theme: .builtIn) {
            #expect(output[file.path] == nil, "\(file.path) is written twice")
            output[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        return output
    }

    /// The titles of a list's entries, in order.
    static func entryTitles(_ html: String) -> [String] {
        guard let list = html.range(of: "<ul class=\"list\"") else { return [] }
        let rest = html[list.upperBound...]
        let end = rest.range(of: "</ul>")?.lowerBound ?? rest.endIndex
        return rest[..<end].components(separatedBy: "<b>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// The counts shown on a list's entries, in order.
    static func entryCounts(_ html: String) -> [String] {
        html.components(separatedBy: "<span class=\"count\"").dropFirst().map {
            String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    static let catalog: [(String, String)] = [
        ("weather/sun.md", "---\ntitle: Sun\ntags: [warm, dry, Éclair]\n---\nBright."),
        ("weather/rain.md", "---\ntitle: Rain\ntags: [wet]\n---\nWet."),
        ("weather/cloud.md", "---\ntitle: Cloud\ntags: [wet, grey, dry]\n---\nGrey."),
        ("traffic/car.md", "---\ntitle: Car\ntags: [Dry, apple, warm]\n---\nFast."),
        ("traffic/bike.md", "---\ntitle: Bike\n---\nNo tags."),
        ("traffic/zeppelin.md", "---\ntitle: Zeppelin\ntags: [zebra, warm]\n---\nSlow."),
    ]

    /// The home's own list (items at the top, or more categories than a list page holds) takes
    /// the sidebar's place below the wide width: the tag index's entry follows it there.
    @Test func theHomesOwnListIsFollowedByTheTagIndexEntry() async throws {
        let entry = "<p class=\"home-tags\"><a href=\"tags/\"><i class=\"tag-icon\" aria-hidden=\"true\">#</i><b>Tags</b><span class=\"count\" title=\"7 tags\">7</span></a></p>"
        let withRootItem = try await Self.site(Self.catalog + [("about.md", "---\ntitle: About\n---\nUs.")])
        let home = try #require(withRootItem["index.html"])
        #expect(home.contains(entry), "\(home)")
        // After the list, outside it: the filter and the list's rows do not count it.
        let list = try #require(home.range(of: "<ul class=\"list\""))
        #expect(home[list.upperBound...].range(of: "</ul>").map { $0.upperBound <= home.range(of: entry)!.lowerBound } == true)
        #expect(Self.entryTitles(home) == ["Traffic", "Weather", "About"])
        // On no other page: the sidebar has the entry wherever the home's list is not shown.
        for (path, page) in withRootItem where path != "index.html" && path.hasSuffix(".html") {
            #expect(!page.contains("home-tags"), "\(path)")
        }
        // Without items at the top, the home has no list of its own; without tags, no entry.
        #expect(!(try #require(try await Self.site(Self.catalog)["index.html"])).contains("home-tags"))
        let untagged = try await Self.site([("weather/sun.md", "# Sun\n"), ("about.md", "# About\n")])
        #expect(!(try #require(untagged["index.html"])).contains("home-tags"))
        // One tag: "1 tag".
        let one = try await Self.site([("weather/sun.md", "---\ntags: [warm]\n---\n# Sun\n"), ("about.md", "# About\n")])
        #expect(try #require(one["index.html"]).contains("title=\"1 tag\">1</span>"))
    }

    /// An item's tag links name each tag's page as its stack path spells it, each tag once
    /// (spellings that slug alike are one tag), in the item's order; unknown names none.
    @Test(arguments: [false, true])
    func tagLinksLeadToTheTagsStackPaths(portable: Bool) async throws {
        var config = SiteConfig()
        config.portable = portable
        let files = Self.catalog + [("traffic/odd.md", "---\ntitle: Odd\ntags: [\"Café crème\", \"100% wool\", \"a/b\"]\n---\nOdd.")]
        let renderer = try await resolveInline(files, config: config).renderer
        let names = ["warm", "Dry", "dry", "Éclair", "nowhere", "Café crème", "100% wool", "a/b", "warm", "wet"]
        var seen: Set<Int> = []
        let expected = names.compactMap { name -> LinkView? in
            guard let position = renderer.tagIndex.position(of: name), seen.insert(position).inserted else { return nil }
            return LinkView(title: name, url: RootMarker.page(renderer.tagIndex.path(of: position), portable: portable))
        }
        #expect(expected.count == 7)
        #expect(renderer.tagLinks(of: names).map { [$0.title, $0.url] } == expected.map { [$0.title, $0.url] })
        #expect(renderer.tagLinks(of: []).isEmpty)
    }

    @Test func eachTagListsItsItemsAndTheIndexCountsThem() async throws {
        let site = try await Self.site(Self.catalog)
        let index = try #require(site["tags/index.html"])
        // By name, regardless of case and accents; spellings that slug alike are one tag.
        #expect(Self.entryTitles(index) == ["apple", "dry", "Éclair", "grey", "warm", "wet", "zebra"])
        #expect(Self.entryCounts(index) == ["1", "3", "1", "1", "3", "2", "1"])
        // Sorted by title, linking the items' own pages.
        let warm = try #require(site["tags/warm/index.html"])
        #expect(Self.entryTitles(warm) == ["Car", "Sun", "Zeppelin"])
        #expect(warm.contains("<a href=\"../../traffic/car/\">"))
        #expect(Self.entryTitles(try #require(site["tags/wet/index.html"])) == ["Cloud", "Rain"])
        #expect(Self.entryTitles(try #require(site["tags/dry/index.html"])) == ["Car", "Cloud", "Sun"])
        #expect(Self.entryTitles(try #require(site["tags/éclair/index.html"])) == ["Sun"])
        // No page of its own for an item: only the tag pages are added.
        #expect(site.keys.filter { $0.hasSuffix("index.html") && $0.hasPrefix("tags/") }.count == 8)
    }

    @Test func spellingsThatSlugAlikeShareAPageCalledByTheCommonestOne() async throws {
        let site = try await Self.site([
            ("a.md", "---\ntitle: A\ntags: [C++]\n---\n"),
            ("b.md", "---\ntitle: B\ntags: [c++]\n---\n"),
            ("c.md", "---\ntitle: C\ntags: [C++, c++]\n---\n"),
            ("d.md", "---\ntitle: D\ntags: [C++]\n---\n"),
        ])
        let page = try #require(site["tags/c-plus-plus/index.html"])
        #expect(page.contains("<h1 class=\"column-title\">C++</h1>"))
        #expect(Self.entryTitles(page) == ["A", "B", "C", "D"])
        #expect(Self.entryTitles(try #require(site["tags/index.html"])) == ["C++"])
        #expect(Self.entryCounts(try #require(site["tags/index.html"])) == ["4"])
        // An item that names a tag twice links it once.
        #expect(try #require(site["c/index.html"]).components(separatedBy: "rel=\"tag\"").count == 2)
    }

    @Test func aLongTagIsWindowedLikeACategory() async throws {
        var config = SiteConfig()
        config.layout.listWindow = 3
        let files = (1...7).map { ("things/t\($0).md", "---\ntitle: Thing \($0)\ntags: [many]\n---\n") }
        let site = try await Self.site(files, config: config)
        let first = try #require(site["tags/many/index.html"])
        #expect(Self.entryTitles(first) == ["Thing 1", "Thing 2", "Thing 3"])
        #expect(first.contains("Page 1 of 3"))
        #expect(first.contains("<a rel=\"next\" href=\"page/2/\">"))
        #expect(first.contains("data-first-page=\"./\" data-index=\"page/entries.json\""))
        let second = try #require(site["tags/many/page/2/index.html"])
        #expect(Self.entryTitles(second) == ["Thing 4", "Thing 5", "Thing 6"])
        #expect(second.contains("data-offset=\"3\""))
        #expect(second.contains("<a rel=\"prev\" href=\"../../\">"))
        #expect(second.contains("<title>many (page 2) – "))
        #expect(Self.entryTitles(try #require(site["tags/many/page/3/index.html"])) == ["Thing 7"])
        #expect(site["tags/many/page/4/index.html"] == nil)
        // The whole list in one file for the filter, URLs from the tag's page.
        let index = try #require(site["tags/many/page/entries.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: Any])
        let rows = try #require(object["entries"] as? [[String]])
        #expect(rows.map { $0[1] } == (1...7).map { "Thing \($0)" })
        #expect(rows[0][0] == "../../things/t1/")
        #expect(Self.entryCounts(try #require(site["tags/index.html"])) == ["7"])
        #expect(site["tags/many/page/entries.js"] == nil)
        // From disk, the filter loads the list by a script, and the pages name their index.html.
        config.portable = true
        let portable = try await Self.site(files, config: config)
        #expect(try #require(portable["tags/many/page/entries.js"]).hasPrefix("window.stacksListIndex = {"))
        #expect(try #require(portable["tags/many/index.html"]).contains("<a rel=\"next\" href=\"page/2/index.html\">"))
    }

    /// The index does not grow with the number of tags: it shows them a part at a time, like
    /// any list, with the whole index in one file for the filter.
    @Test func aLongTagIndexIsPagedLikeACategory() async throws {
        var config = SiteConfig()
        config.layout.listWindow = 3
        let files = (1...7).map { ("things/t\($0).md", "---\ntitle: Thing \($0)\ntags: [tag\($0), all]\n---\n") }
        let site = try await Self.site(files, config: config)
        let first = try #require(site["tags/index.html"])
        #expect(Self.entryTitles(first) == ["all", "tag1", "tag2"])
        #expect(Self.entryCounts(first) == ["7", "1", "1"])
        #expect(first.contains("Page 1 of 3"))
        #expect(first.contains("<a rel=\"next\" href=\"page/2/\">"))
        #expect(first.contains("data-first-page=\"./\" data-index=\"page/entries.json\""))
        let second = try #require(site["tags/page/2/index.html"])
        #expect(Self.entryTitles(second) == ["tag3", "tag4", "tag5"])
        #expect(second.contains("<a rel=\"prev\" href=\"../../\">"))
        #expect(second.contains("<title>Tags (page 2) – "))
        #expect(Self.entryTitles(try #require(site["tags/page/3/index.html"])) == ["tag6", "tag7"])
        #expect(site["tags/page/4/index.html"] == nil)
        let index = try #require(site["tags/page/entries.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: Any])
        let rows = try #require(object["entries"] as? [[String]])
        #expect(rows.map { $0[1] } == ["all"] + (1...7).map { "tag\($0)" })
        #expect(rows[0] == ["all/", "all", "", "", "tag", "#", rows[0][6], "7"])
        // Ten times the tags, the same size of page.
        let many = (1...70).map { ("things/t\($0).md", "---\ntitle: Thing \($0)\ntags: [tag\($0 + 10), all]\n---\n") }
        let large = try await Self.site(many, config: config)
        let few = try #require(site["tags/page/2/index.html"]).utf8.count, more = try #require(large["tags/page/2/index.html"]).utf8.count
        #expect(abs(more - few) < 200, "\(few) bytes with 8 tags, \(more) with 71")
    }

    /// The tags' list indexes are made in parts, in parallel: every large list's index is in
    /// exactly one part, and the parts together are every index the site has.
    @Test func theTagListIndexesArePartsThatCoverEveryLargeListOnce() async throws {
        var config = SiteConfig()
        config.layout.listWindow = 3
        // Twelve tags on four pages each, and a tag index of twelve: thirteen lists in parts.
        let files = (1...12).flatMap { tag in
            (1...4).map { page in ("things/t\(tag)-\(page).md", "---\ntitle: Thing \(tag) \(page)\ntags: [tag\(tag)]\n---\n") }
        }
        let renderer = try await resolveInline(files, config: config).renderer
        let parts = renderer.tagListIndexParts()
        #expect(parts.count > 1 && parts.count <= SiteRenderer.tagListIndexParts)
        #expect(parts.allSatisfy { !$0.isEmpty })
        let lists: [Int?] = parts.flatMap { $0 }
        let expectedLists: [Int?] = [nil] + (0..<12).map { Optional($0) }
        #expect(lists == expectedLists, "each list once, in order")
        let paths: [String] = parts.indices.flatMap { renderer.tagListIndexPaths(part: $0) }
        let expectedPaths: [String] = ["tags/page/entries.json"] + (1...12).map { "tags/tag\($0)/page/entries.json" }
        #expect(paths.sorted() == expectedPaths.sorted())
        let site = try await Self.site(files, config: config)
        for path in paths { #expect(site[path] != nil, "\(path) is not made") }
    }

    @Test func draftsLeftOutAreNotCounted() async throws {
        let files = [
            ("a.md", "---\ntitle: A\ntags: [t]\n---\n"),
            ("b.md", "---\ntitle: B\ntags: [t, secret]\ndraft: true\n---\n"),
        ]
        let built = try await Self.site(files)
        #expect(Self.entryCounts(try #require(built["tags/index.html"])) == ["1"])
        #expect(built["tags/secret/index.html"] == nil)
        var config = SiteConfig()
        config.includeDrafts = true
        let withDrafts = try await Self.site(files, config: config)
        #expect(Self.entryTitles(try #require(withDrafts["tags/index.html"])) == ["secret", "t"])
        #expect(Self.entryTitles(try #require(withDrafts["tags/t/index.html"])) == ["A", "B"])
    }

    @Test func aSiteWithoutTagsHasNoTagPagesAndNoTagsLink() async throws {
        let site = try await Self.site([("a.md", "---\ntitle: A\n---\n"), ("w/b.md", "B")])
        #expect(site.keys.filter { $0.hasPrefix("tags") }.isEmpty)
        #expect(!(try #require(site["index.html"])).contains("tree-tags"))
        #expect(!(try #require(site["w/b/index.html"])).contains("class=\"tags\""))
    }

    @Test func tagsOnAnItemLinkToTheirPages() async throws {
        let site = try await Self.site(Self.catalog)
        let sun = try #require(site["weather/sun/index.html"])
        #expect(sun.contains("<ul class=\"tags\" aria-label=\"Tags\"><li><a rel=\"tag\" href=\"../../tags/warm/\">warm</a></li>"
            + "<li><a rel=\"tag\" href=\"../../tags/dry/\">dry</a></li><li><a rel=\"tag\" href=\"../../tags/%C3%A9clair/\">Éclair</a></li></ul>"))
        // As the item spells it, to the page of its tag.
        #expect(try #require(site["traffic/car/index.html"]).contains("<a rel=\"tag\" href=\"../../tags/dry/\">Dry</a>"))
        // The sidebar ends with the tag index, on every page.
        #expect(sun.contains("<li class=\"tree-tags\"><a href=\"../../tags/\">"))
        var config = SiteConfig()
        config.portable = true
        let portable = try await Self.site(Self.catalog, config: config)
        #expect(try #require(portable["weather/sun/index.html"]).contains("<a rel=\"tag\" href=\"../../tags/warm/index.html\">warm</a>"))
        #expect(try #require(portable["tags/warm/index.html"]).contains("<a href=\"../../traffic/car/index.html\">"))
    }

    @Test func tagPagesAreASecondStack() async throws {
        var config = SiteConfig()
        config.title = "Cat"
        config.baseURL = "https://example.org/cat/"
        let site = try await Self.site(Self.catalog, config: config)
        let warm = try #require(site["tags/warm/index.html"])
        #expect(warm.contains("data-kind=\"tag\" data-depth=\"2\""))
        #expect(warm.contains("<title>warm – Tags – Cat</title>"))
        #expect(warm.contains("<link rel=\"canonical\" href=\"https://example.org/cat/tags/warm/\">"))
        #expect(warm.contains("<a class=\"back-link\" rel=\"up\" href=\"../\">"))
        #expect(warm.contains("<li><a href=\"../../\">Cat</a></li>\n<li><a href=\"../\">Tags</a></li>\n"
            + "<li><a href=\"./\" aria-current=\"page\">warm</a></li>"))
        #expect(warm.contains("{\"@type\":\"ListItem\",\"item\":\"https://example.org/cat/tags/warm/\",\"name\":\"warm\",\"position\":3}"))
        // Nothing selected in the tree; the tag index's entry is the current one.
        #expect(warm.contains("<a href=\"../\" class=\"selected\" aria-current=\"page\">"))
        #expect(!warm.contains("<a href=\"../../weather/\" class=\"selected\""))
        #expect(warm.contains("<p>No item selected</p>"))
        let index = try #require(site["tags/index.html"])
        #expect(index.contains("data-kind=\"tags\" data-depth=\"1\""))
        #expect(index.contains("<a class=\"back-link\" rel=\"up\" href=\"../\"><i class=\"glyph glyph-back\" aria-hidden=\"true\"></i>Cat</a>"))
        #expect(index.contains("<h1 class=\"column-title\">Tags</h1>"))
        #expect(index.contains("<p>7 tags on 5 pages. Choose a tag to see its pages.</p>"))
        // A category's page is unchanged: its own entry selected, not the tags'.
        #expect(!(try #require(site["weather/index.html"])).contains("tree-tags\"><a href=\"../tags/\" class=\"selected\""))
    }

    @Test func hostileTagTextIsEscapedEverywhere() async throws {
        let files = [("a.md", "---\ntitle: A\ntags: [\"<script>alert(1)</script>\", \"say \\\"hi\\\" 'x'\", \"../../etc\"]\n---\n")]
        let site = try await Self.site(files)
        for (path, text) in site where path.hasSuffix(".html") {
            #expect(!text.contains("<script>alert"), "\(path)")
            #expect(!text.contains("\"hi\""), "\(path)")
        }
        let item = try #require(site["a/index.html"])
        #expect(item.contains(">&lt;script&gt;alert(1)&lt;/script&gt;</a>"))
        #expect(item.contains(">say &quot;hi&quot; &#39;x&#39;</a>") || item.contains(">say &quot;hi&quot; &#x27;x&#x27;</a>"))
        // Slugs keep every page inside the tags folder.
        let tagPages = site.keys.filter { $0.hasPrefix("tags/") && $0.hasSuffix("/index.html") }.sorted()
        #expect(tagPages == ["tags/-..-etc/index.html", "tags/index.html", "tags/say-hi-x/index.html", "tags/script-alert-1-script/index.html"])
        for path in site.keys { #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "." }, "\(path)") }
        // The search records are JSON inside a script: no markup.
        for (path, text) in site where path.hasPrefix("_stacks/search/") {
            #expect(!text.contains("<script"), "\(path)")
        }
    }

    @Test func contentNamedTagsKeepsItsURLAndTheTagPagesMoveAside() async throws {
        let prepared = try await resolveInline([
            ("tags.md", "---\ntitle: About tags\ntags: [x]\n---\n"),
            ("tags-1/_index.md", "---\ntitle: Taken too\n---\n"),
            ("tags-1/b.md", "---\ntitle: B\ntags: [x]\n---\n"),
        ])
        #expect(prepared.renderer.tagIndex.folder == "tags-2")
        #expect(prepared.warnings.map(\.description) == [
            "content/tags.md:1:1: warning: 'tags/' is this content's URL, so the tag pages are at 'tags-2/' instead"])
        let paths = prepared.renderer.renderExtras(theme: .builtIn).map(\.path)
        #expect(paths.contains("tags-2/index.html") && paths.contains("tags-2/x/index.html"))
        #expect(!paths.contains { $0.hasPrefix("tags/") || $0.hasPrefix("tags-1/") })
        let catalog = prepared.renderer.site.catalog
        let about = try #require(catalog.pages.indices.first { catalog[$0].path.url == "tags/" })
        let page = String(decoding: prepared.renderer.renderPage(about), as: UTF8.self)
        #expect(page.contains("<a rel=\"tag\" href=\"../tags-2/x/\">x</a>"))
    }

    @Test func aCollidingSiteBuildsToDiskWithoutOverwriting() async throws {
        let project = try TemporaryProject([
            "content/tags/_index.md": "---\ntitle: Tags as a category\n---\n",
            "content/tags/a.md": "---\ntitle: A\ntags: [a]\n---\n",
            "content/b.md": "---\ntitle: B\nslug: x\naliases: [tags-1/a]\ntags: [a]\n---\n",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        #expect(try project.read("output/tags/index.html").contains("Tags as a category"))
        // `tags-1` is an alias's folder: the next free name.
        #expect(try project.read("output/tags-2/a/index.html").contains("<h1 class=\"column-title\">a</h1>"))
        #expect(try project.read("output/tags/a/index.html").contains("rel=\"tag\" href=\"../../tags-2/a/\""))
    }

    @Test func tagPagesAreInTheSitemapAndTheSearch() async throws {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let prepared = try await resolveInline(Self.catalog, config: config)
        let files = Dictionary(prepared.renderer.renderExtras(theme: .builtIn).map { ($0.path, $0.bytes) }) { $1 }
        let sitemap = String(decoding: try #require(files["sitemap.xml"]), as: UTF8.self)
        #expect(sitemap.contains("<url><loc>https://example.org/tags/</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://example.org/tags/warm/</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://example.org/tags/%C3%A9clair/</loc></url>"))
        // A query for a tag's name finds its page: a title posting for a page after the catalog's.
        let catalogPages = prepared.renderer.pageCount
        let index = SearchIndex(catalog: prepared.renderer.site.catalog, bodies: prepared.renderer.site.bodies,
                                extra: prepared.renderer.tagSearchPages())
        let zebra = try #require(index.postings(of: "zebra"))
        let tagPage = try #require(zebra.first { $0 >> SearchRank.bits >= catalogPages })
        #expect(tagPage & 3 == SearchIndex.Field.title.rawValue)
        #expect(Int(tagPage >> SearchRank.bits) >= SearchIndex.firstExtraPage(after: catalogPages), "tag pages start a record file of their own")
        let file = try #require(files["_stacks/search/pages/\(SearchIndex.recordFile(of: Int(tagPage >> SearchRank.bits))).js"])
        let record = try #require(String(decoding: file, as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("window.stacksSearch.page(\"\(tagPage >> SearchRank.bits)\",") })
        #expect(record.contains("\"kind\":\"tag\""))
        #expect(record.contains("\"title\":\"zebra\""))
        #expect(record.contains("\"url\":\"tags/zebra/\""))
        // Its stack path, itself last as in a catalog page's record: the hit shows "Tags" above it.
        #expect(record.contains("\"path\":[\"Tags\",\"zebra\"]"))
        // The item tagged with it is found too, by its tags.
        #expect(zebra.contains { $0 >> SearchRank.bits < catalogPages })
    }
}
