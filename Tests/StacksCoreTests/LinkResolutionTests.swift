import Testing
@testable import StacksCore

@Suite struct LinkResolutionTests {
    let files = [
        ("weather/sun.md", "Go to [rain](rain/index.md#radar), [drizzle](rain/drizzle.md), [traffic](../traffic/_index.md), [home](../_index.md)."),
        ("weather/rain/index.md", "![radar](radar%20map.png) and [sun](../sun.md) and [folder](../../traffic/)."),
        ("weather/rain/radar map.png", ""),
        ("weather/rain/drizzle.md", "[radar](radar%20map.png) [up](index.md)"),
        ("traffic/car.md", "Car"),
    ]

    func body(_ prepared: Pipeline.Prepared, _ url: String) -> String {
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == url }!
        return String(decoding: RootMarker.resolve(prepared.renderer.site.bodies[index], depth: prepared.renderer.site.catalog[index].path.depth), as: UTF8.self)
    }

    @Test func linksToMarkdownFilesBecomeRelativePageURLs() async throws {
        let prepared = try await resolveInline(files)
        #expect(body(prepared, "weather/sun/") ==
            "<p>Go to <a href=\"../../weather/rain/#radar\">rain</a>, <a href=\"../../weather/rain/drizzle/\">drizzle</a>, <a href=\"../../traffic/\">traffic</a>, <a href=\"../../\">home</a>.</p>\n")
        #expect(body(prepared, "weather/rain/") ==
            "<p><img src=\"../../weather/rain/radar%20map.png\" alt=\"radar\" loading=\"lazy\" decoding=\"async\" /> and <a href=\"../../weather/sun/\">sun</a> and <a href=\"../../traffic/\">folder</a>.</p>\n")
        #expect(body(prepared, "weather/rain/drizzle/") ==
            "<p><a href=\"../../../weather/rain/radar%20map.png\">radar</a> <a href=\"../../../weather/rain/\">up</a></p>\n")
    }

    @Test func portableLinksNameIndexHTML() async throws {
        var config = SiteConfig()
        config.portable = true
        let prepared = try await resolveInline(files, config: config)
        #expect(body(prepared, "weather/sun/").contains("href=\"../../weather/rain/index.html#radar\""))
        #expect(body(prepared, "weather/sun/").contains("href=\"../../index.html\""))
    }

    @Test func brokenLinksMissingImagesAndEscapesAreErrorsWithPositions() async {
        let broken = [
            ("_index.md", "---\ntitle: Home\n---\nIntro\n\nSee [nothing](nowhere.md).\n"),
            ("a/item.md", "---\ntitle: Item\n---\n\n![pic](missing.png)\nand [out](../../etc/passwd)\n"),
        ]
        await #expect {
            try await resolveInline(broken)
        } throws: { error in
            (error as? Diagnostics)?.sorted.map(\.description) == [
                "content/_index.md:6:5: error: broken link 'nowhere.md': there is no page or file content/nowhere.md",
                "content/a/item.md:5:1: error: missing image 'missing.png': there is no file content/a/missing.png",
                "content/a/item.md:6:5: error: link '../../etc/passwd' leaves the content folder content; only what is inside it is published (--content . would take in the folder above)",
            ]
        }
    }

    /// A colon makes a scheme only after a letter and scheme characters, as browsers read it:
    /// anything else is a relative path, and checked like one.
    @Test func aColonAfterWhatCannotBeASchemeIsARelativeLinkAndChecked() async {
        await #expect {
            try await resolveInline([("a/item.md", "---\ntitle: Item\n---\n[x](<a b:c.md>) [y](%C3%BC:x) [z](mailto:a@b.c)\n")])
        } throws: { error in
            (error as? Diagnostics)?.sorted.map(\.description) == [
                "content/a/item.md:4:1: error: broken link 'a b:c.md': there is no page or file content/a/a b:c.md",
                "content/a/item.md:4:17: error: broken link '%C3%BC:x': there is no page or file content/a/ü:x",
            ]
        }
    }

    @Test func titlesComeFromFrontMatterThenHeadingThenSlug() async throws {
        let prepared = try await resolveInline([
            ("c/a.md", "---\ntitle: Front\n---\n# Heading\n"),
            ("c/b.md", "# From *heading*\n\nText"),
            ("c/ferry-boat.md", "Text"),
        ])
        let titles = prepared.renderer.site.catalog.pages.map(\.title)
        #expect(titles.contains("Front") && titles.contains("From heading") && titles.contains("Ferry boat"))
        // A title from front matter leaves the heading in the body.
        let front = try #require(prepared.renderer.site.catalog.pages.firstIndex { $0.title == "Front" })
        #expect(prepared.renderer.site.bodies[front].contains("<h1 id=\"heading\">Heading<a class=\"anchor\""))
    }

    @Test func orderIsOrderThenTitleIgnoringCaseAndAccents() async throws {
        let prepared = try await resolveInline([
            ("c/z.md", "---\ntitle: zebra\n---\n"),
            ("c/e.md", "---\ntitle: Éclair\n---\n"),
            ("c/a.md", "---\ntitle: apple\n---\n"),
            ("c/last.md", "---\ntitle: Aardvark\norder: 9\n---\n"),
            ("c/first.md", "---\ntitle: Yak\norder: 1\n---\n"),
            ("c/sub/x.md", "X"),
        ])
        let catalog = prepared.renderer.site.catalog
        let category = catalog.pages.firstIndex { $0.path.url == "c/" }!
        #expect(catalog[category].children.map { catalog[$0].title } == ["Sub", "Yak", "Aardvark", "apple", "Éclair", "zebra"])
    }
}
