import Foundation
import Testing
@testable import StacksCore

/// Links as other generators and READMEs write them: from the server's root, from the content
/// folder (Zola's `@/`), to a folder's URL. Those that name a page or file of the tree are
/// written relative, so the site works under any sub-path.
@Suite struct LinksAsWrittenTests {
    let files = [
        ("weather/sun.md", """
            [a](/weather/rain/#radar) [b](/weather/rain/drizzle.md?x=1) [c](/weather/rain/radar%20map.png) [d](/)
            [e](@/traffic/car.md#top) [f](../traffic/) [g](rain/drizzle/) [h](../sun/) [i](/traffic/car/index.html)
            [j](/Big%20Topics/Cool%20Thing.md) [k](/big-topics/cool-thing/) ![l](/weather/rain/radar%20map.png)
            """),
        ("weather/rain/index.md", "Rain"),
        ("weather/rain/radar map.png", ""),
        ("weather/rain/drizzle.md", "Drizzle"),
        ("traffic/car.md", "Car"),
        ("Big Topics/Cool Thing.md", "Cool"),
    ]

    func body(_ prepared: Pipeline.Prepared, _ url: String) -> String {
        let index = prepared.renderer.site.catalog.pages.firstIndex { $0.path.url == url }!
        return String(decoding: RootMarker.resolve(prepared.renderer.site.bodies[index], depth: prepared.renderer.site.catalog[index].path.depth), as: UTF8.self)
    }

    func hrefs(_ html: String) -> [String] {
        html.components(separatedBy: "=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { !$0.isEmpty && !["l", "lazy", "async"].contains($0) }
    }

    @Test func rootAbsoluteZolaAndFolderURLLinksToTheTreeAreWrittenRelative() async throws {
        let prepared = try await resolveInline(files)
        #expect(hrefs(body(prepared, "weather/sun/")) == [
            "../../weather/rain/#radar", "../../weather/rain/drizzle/?x=1", "../../weather/rain/radar%20map.png", "../../",
            "../../traffic/car/#top", "../../traffic/", "../../weather/rain/drizzle/", "../../weather/sun/", "../../traffic/car/",
            "../../big-topics/cool-thing/", "../../big-topics/cool-thing/", "../../weather/rain/radar%20map.png",
        ])
    }

    @Test func portableLinksFromTheRootNameIndexHTML() async throws {
        var config = SiteConfig()
        config.portable = true
        let prepared = try await resolveInline(files, config: config)
        let links = hrefs(body(prepared, "weather/sun/"))
        #expect(links.prefix(4) == ["../../weather/rain/index.html#radar", "../../weather/rain/drizzle/index.html?x=1",
                                    "../../weather/rain/radar%20map.png", "../../index.html"])
        #expect(links[4] == "../../traffic/car/index.html#top")
    }

    /// Warnings of a build that succeeds, errors of one that fails, each as printed.
    func diagnostics(_ project: TemporaryProject, _ options: BuildOptions? = nil) async -> [String] {
        do {
            return Diagnostics(try await SiteBuilder.build(options ?? project.options, write: false).warnings).sorted.map(\.description)
        } catch {
            return error.sorted.map(\.description)
        }
    }

    @Test func rootLinksToNothingOfTheTreeStayWarningsAndAreLeftAsWritten() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "[x](/about/) [y](/%2e%2e/etc/passwd) [z](/a/..%2f..%2f..%2fx) [w](/a\\b.md)\n",
        ])
        defer { project.remove() }
        let root = "starts at the server's root and names no page or file of content, so it breaks when the site is published under a sub-path; use a relative link"
        #expect(await diagnostics(project) == [
            "content/a/b.md:1:1: warning: link '/about/' \(root)",
            "content/a/b.md:1:14: warning: link '/%2e%2e/etc/passwd' \(root)",
            "content/a/b.md:1:38: warning: link '/a/..%2f..%2f..%2fx' \(root)",
            "content/a/b.md:1:63: warning: link '/a\\b.md' \(root)",
        ])
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/a/b/index.html")
        #expect(page.contains("href=\"/about/\"") && page.contains("href=\"/%2e%2e/etc/passwd\""))
    }

    @Test func zolaLinksToNothingAreBrokenAndLinksLeavingTheContentSaySo() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "[x](@/nowhere.md) [y](@/../README.md) [z](../../README.md) ![i](@/a/gone.png)\n",
            "README.md": "Beside the content",
        ])
        defer { project.remove() }
        #expect(await diagnostics(project) == [
            "content/a/b.md:1:1: error: broken link '@/nowhere.md': there is no page or file content/nowhere.md",
            "content/a/b.md:1:19: error: link '@/../README.md' leaves the content folder content; only what is inside it is published (--content . would take in the folder above)",
            "content/a/b.md:1:39: error: link '../../README.md' leaves the content folder content; only what is inside it is published (--content . would take in the folder above)",
            "content/a/b.md:1:60: error: missing image '@/a/gone.png': there is no file content/a/gone.png",
        ])
    }

    @Test func aRootLinkToADraftIsBrokenAndExplained() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "[x](/a/plan.md) [y](/a/c/)\n",
            "content/a/plan.md": "---\ndraft: true\n---\nLater\n",
            "content/a/c.md": "C",
        ])
        defer { project.remove() }
        #expect(await diagnostics(project) == [
            "content/a/b.md:1:1: error: broken link '/a/plan.md': content/a/plan.md is a draft, which this build leaves out (--drafts includes drafts)",
        ])
    }

    @Test(arguments: [("content", "."), ("docs/content", "docs"), ("docs/content/", "docs"), (".", ".."), ("/srv/site", "/srv"), ("/x", "/"), ("../c", ".."), ("..", "../..")])
    func theFolderAboveTheContentIsSuggested(content: String, parent: String) {
        #expect(LinkTargets.Problem.parent(of: content) == parent)
    }

    static let broken = [
        "content/a/b.md": "---\nimage: gone.png\n---\n[x](c.md) ![y](d.png) [z](../../out.md)\n",
    ]

    @Test func brokenLinksCanBeWarningsFromStacksYmlOrTheFlagButLeavingTheContentStaysAnError() async throws {
        let project = try TemporaryProject(Self.broken)
        defer { project.remove() }
        let warnings = [
            "content/a/b.md:2:1: warning: missing image 'gone.png': there is no file content/a/gone.png",
            "content/a/b.md:4:1: warning: broken link 'c.md': there is no page or file content/a/c.md",
            "content/a/b.md:4:11: warning: missing image 'd.png': there is no file content/a/d.png",
        ]
        let leaves = "content/a/b.md:4:23: error: link '../../out.md' leaves the content folder content; only what is inside it is published (--content . would take in the folder above)"
        #expect(await diagnostics(project) == [warnings[0], warnings[1], warnings[2], leaves].map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") })
        var options = project.options
        options.brokenLinks = .warning
        #expect(await diagnostics(project, options) == warnings + [leaves])
        try project.write("content/a/b.md", "---\nimage: gone.png\n---\n[x](c.md) ![y](d.png)\n")
        #expect(await diagnostics(project, options) == warnings)
        try project.write("stacks.yml", "links:\n  broken: warning\n")
        #expect(await diagnostics(project) == warnings)
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/a/b/index.html").contains("href=\"c.md\""))
        // The flag wins over stacks.yml for one run.
        options.brokenLinks = .error
        #expect(await diagnostics(project, options) == warnings.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") })
    }

    @Test func theSettingIsCheckedInStacksYml() async throws {
        let project = try TemporaryProject(["content/a/b.md": "Text", "stacks.yml": "links:\n  broken: maybe\n  other: 1\n"])
        defer { project.remove() }
        #expect(await diagnostics(project) == [
            "stacks.yml:2:11: error: 'links.broken' must be one of: error, warning",
            "stacks.yml:3:10: warning: unknown setting 'links.other'; ignored",
        ])
    }

    @Test func theSummaryLineNamesTheSettingWhenBrokenLinksAreAmongTheErrors() throws {
        let project = try TemporaryProject(["content/a/b.md": "[x](c.md)\n"])
        defer { project.remove() }
        let outcome = try StacksCommand.run(["build"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.standardError == """
            content/a/b.md:1:1: error: broken link 'c.md': there is no page or file content/a/c.md
            1 error; nothing was written (broken links can be warnings: links: { broken: warning } in stacks.yml, or --broken-links warning)

            """)
        let relaxed = try StacksCommand.run(["build", "--broken-links", "warning"], in: project.root)
        #expect(relaxed.status == 0)
        #expect(relaxed.standardError == "content/a/b.md:1:1: warning: broken link 'c.md': there is no page or file content/a/c.md\n")
        try project.write("content/a/b.md", "---\norder: x\n---\n")
        #expect(try StacksCommand.run(["build"], in: project.root).standardError == """
            content/a/b.md:2:8: error: 'order' must be a whole number
            1 error; nothing was written

            """)
        let wrong = try StacksCommand.run(["build", "--broken-links", "never"], in: project.root)
        #expect(wrong.status != 0 && wrong.standardError.contains("--broken-links must be error or warning"))
    }
}

@Suite struct FrontMatterImageFromTheContentFolderTests {
    @Test func aZolaImageInFrontMatterIsTheCoLocatedFile() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "---\nimage: \"@/pics/map.png\"\n---\nText\n",
            "content/pics/map.png": "png",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/a/b/index.html").contains("../../pics/map.png"))
    }
}
