import Foundation
import Testing
@testable import StacksCore

/// A contributor's co-located file must not run on the site: HTML, scripts and active SVG are
/// skipped with a warning unless the owner trusts the content.
@Suite struct ActiveContentTests {
    static let files = [
        "content/a/b/index.md": "---\ntitle: B\n---\nText\n",
        "content/a/b/page.html": "<script>alert(1)</script>",
        "content/a/b/tool.JS": "alert(1)",
        "content/a/b/feed.xml": "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></html>",
        "content/a/b/onload.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
        "content/a/b/script.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><SCRIPT>alert(1)</SCRIPT></svg>",
        "content/a/b/link.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"&#106;avascript:alert(1)\"><text>x</text></a></svg>",
        "content/a/b/set.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><a><set attributeName=\"href\" to=\"#x\"/></a></svg>",
        "content/a/b/plain.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><path d=\"M0 0h1v1z\" fill=\"#123\"/><text>AT&amp;T</text></svg>",
        "content/a/b/photo.png": "png",
    ]

    @Test func filesThatRunInTheBrowserAreSkippedWithAWarning() async throws {
        let project = try TemporaryProject(Self.files)
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        let warnings = summary.warnings.map(\.description).sorted()
        let advice = "publish such files with 'markdown.unsafe: true' in stacks.yml"
        #expect(warnings == [
            "content/a/b/feed.xml:1:1: warning: skipped: a .xml file runs in the browser as part of the site; \(advice)",
            "content/a/b/link.svg:1:1: warning: skipped: an SVG with an entity or character reference inside a tag runs in the browser as part of the site when opened; \(advice)",
            "content/a/b/onload.svg:1:1: warning: skipped: an SVG with an event handler attribute runs in the browser as part of the site when opened; \(advice)",
            "content/a/b/page.html:1:1: warning: skipped: a .html file runs in the browser as part of the site; \(advice)",
            "content/a/b/script.svg:1:1: warning: skipped: an SVG with a script or an embedded document runs in the browser as part of the site when opened; \(advice)",
            "content/a/b/set.svg:1:1: warning: skipped: an SVG with an animation of a link runs in the browser as part of the site when opened; \(advice)",
            "content/a/b/tool.JS:1:1: warning: skipped: a .js file runs in the browser as part of the site; \(advice)",
        ])
        #expect(project.exists("output/a/b/plain.svg") && project.exists("output/a/b/photo.png"))
        for name in ["page.html", "tool.JS", "feed.xml", "onload.svg", "script.svg", "link.svg", "set.svg"] {
            #expect(!project.exists("output/a/b/\(name)"), "\(name)")
        }
    }

    @Test func trustedContentPublishesThemAll() async throws {
        var files = Self.files
        files["stacks.yml"] = "markdown:\n  unsafe: true\n"
        let project = try TemporaryProject(files)
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty)
        for name in ["page.html", "tool.JS", "feed.xml", "onload.svg", "script.svg", "link.svg", "set.svg", "plain.svg"] {
            #expect(project.exists("output/a/b/\(name)"), "\(name)")
        }
    }

    /// An entity inside a tag could spell `javascript:`; the check refuses rather than decode.
    @Test func theSVGCheckIsConservativeAndLinear() {
        #expect(ActiveContent.problem(name: "x.svg", contents: Array("<svg><a title=\"&amp;\"/></svg>".utf8)) != nil)
        #expect(ActiveContent.problem(name: "x.svg", contents: Array("<!DOCTYPE svg [<!ENTITY x \"y\">]><svg/>".utf8)) != nil)
        #expect(ActiveContent.problem(name: "x.svg", contents: nil) != nil)
        #expect(ActiveContent.problem(name: "x.png", contents: nil) == nil)
        // Many `<` without `>` would make an unbounded pattern quadratic.
        let hostile = Array(String(repeating: "<a ", count: 300_000).utf8)
        #expect(ActiveContent.problem(name: "x.svg", contents: hostile) == nil)
    }

    /// Its source would be published as it is, a draft's included.
    @Test func markdownInAPlainFolderOfABundleIsNotPublishedAsSource() async throws {
        let project = try TemporaryProject([
            "content/a/b/index.md": "---\ntitle: B\n---\nText\n",
            "content/a/b/files/notes.md": "---\ndraft: true\n---\nSecret plans\n",
            "content/a/b/files/photo.png": "png",
        ])
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description) == [
            "content/a/b/files/notes.md:1:1: warning: skipped: Markdown in a plain folder of an item bundle is not a page; give the folder an index.md (or a page named like the folder) to make it one",
        ])
        #expect(!project.exists("output/a/b/files/notes.md"))
        #expect(project.exists("output/a/b/files/photo.png"))
    }
}
