import Testing
@testable import StacksCore

@Suite struct FragmentLinkTests {
    let files = [
        ("guide/setup.md", """
            ---
            title: Setup
            ---
            Read [the steps](#install-it), [the top](#top), [the other page](usage.md#flags) and
            [its folder](../guide/usage/#原料), [encoded](usage.md#%E5%8E%9F%E6%96%99), [the list](#content).

            ## Install it
            """),
        ("guide/usage.md", "# Usage\n\n## Flags\n\n## 原料\n\n[map](map.png#part) [site](https://example.org/#nothing)\n"),
        ("guide/map.png", ""),
    ]

    func body(_ prepared: Pipeline.Prepared, _ url: String) -> String {
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == url }!
        return String(decoding: RootMarker.resolve(prepared.renderer.site.bodies[index], depth: 2), as: UTF8.self)
    }

    @Test func fragmentsThatNameHeadingsGiveNoWarningAndStayAsWritten() async throws {
        let prepared = try await resolveInline(files)
        #expect(prepared.warnings.isEmpty)
        let html = body(prepared, "guide/setup/")
        #expect(html.contains(##"<a href="#install-it">the steps</a>"##))
        #expect(html.contains(##"<a href="#top">the top</a>"##))
        #expect(html.contains(##"<a href="../../guide/usage/#flags">the other page</a>"##))
        #expect(html.contains(##"<a href="../../guide/usage/#原料">its folder</a>"##))
    }

    @Test func aFragmentOnThisPageThatNamesNoHeadingIsAWarning() async throws {
        let prepared = try await resolveInline([("guide/setup.md", "---\ntitle: Setup\n---\n## Install\n\nSee [below](#instal).\n")])
        #expect(prepared.warnings.map(\.description) == [
            "content/guide/setup.md:6:5: warning: link '#instal': '#instal' names no heading of this page",
        ])
        #expect(body(prepared, "guide/setup/").contains(##"<a href="#instal">below</a>"##))
    }

    @Test func aFragmentOfAnotherPageThatNamesNoHeadingIsAWarningNamingThatPage() async throws {
        let prepared = try await resolveInline([
            ("guide/setup.md", "---\ntitle: Setup\n---\nSee\n[usage](usage.md#flag) and [up](../guide/usage/#Flags).\n"),
            ("guide/usage.md", "## Flags\n"),
        ])
        #expect(prepared.warnings.map(\.description) == [
            "content/guide/setup.md:5:1: warning: link 'usage.md#flag': '#flag' names no heading of content/guide/usage.md",
            "content/guide/setup.md:5:28: warning: link '../guide/usage/#Flags': '#Flags' names no heading of content/guide/usage.md",
        ])
    }

    @Test func aCategoryWithoutIntroductionIsNamedByItsFolder() async throws {
        let prepared = try await resolveInline([("guide/setup.md", "[guide](../guide/#intro)\n")])
        #expect(prepared.warnings.map(\.description) == [
            "content/guide/setup.md:1:1: warning: link '../guide/#intro': '#intro' names no heading of content/guide",
        ])
    }

    @Test func serveChecksLinksAgainWhenTheHeadingsOfTheirTargetChange() async throws {
        var files = [
            ("guide/setup.md", "---\ntitle: Setup\n---\nSee [flags](usage.md#flags).\n"),
            ("guide/usage.md", "---\ntitle: Usage\n---\n## Flags\n"),
        ]
        var pipeline = IncrementalPipeline()
        var warnings: [[String]] = []
        for usage in ["---\ntitle: Usage\n---\n## Flags\n", "---\ntitle: Usage\n---\n## Options\n", "---\ntitle: Usage\n---\n## Flags\n"] {
            files[1].1 = usage
            let input = Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: files))
            let result: Result<Pipeline.Prepared, Diagnostics>
            result = await pipeline.prepare(input)
            warnings.append(try result.get().warnings.map(\.description))
        }
        #expect(warnings == [[], ["content/guide/setup.md:4:5: warning: link 'usage.md#flags': '#flags' names no heading of content/guide/usage.md"], []])
    }
}
