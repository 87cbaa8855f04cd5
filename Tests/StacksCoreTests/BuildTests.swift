import Foundation
import Testing
@testable import StacksCore

/// Whole builds in temporary folders: what `stacks build` writes, and what it refuses.
@Suite struct BuildTests {
    static let catalog = [
        "content/_index.md": "---\ntitle: Home\n---\nWelcome.",
        "content/weather/_index.md": "---\ntitle: Weather\n---\nSkies.",
        "content/weather/sun.md": "---\ntitle: Sun\n---\nSee [rain](rain/index.md).",
        "content/weather/rain/index.md": "---\ntitle: Rain\naliases: [/old-rain/]\n---\n![radar](radar.png)",
        "content/weather/rain/radar.png": "PNG",
        "content/weather/rain/drizzle.md": "---\ntitle: Drizzle\n---\nLight.",
    ]

    @Test func writesCleanURLsAssetsAndTheExtras() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.pages == 5)
        for path in ["index.html", "weather/index.html", "weather/sun/index.html", "weather/rain/index.html",
                     "weather/rain/drizzle/index.html", "weather/rain/radar.png", "404.html", "_stacks/stacks.css",
                     "_stacks/stacks.js", "_stacks/search-index.json", "_stacks/catalog.json", ".nojekyll", "old-rain/index.html", OutputWriter.markerName] {
            #expect(project.exists("output/" + path), "\(path) missing")
        }
        #expect(!project.exists("output/sitemap.xml"))
        let redirect = try project.read("output/old-rain/index.html")
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=../weather/rain/\">"))
    }

    @Test func baseURLAddsSitemapAndCanonicalLinks() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        var options = project.options
        options.baseURL = "https://example.org/cat"
        _ = try await SiteBuilder.build(options)
        #expect(try project.read("output/weather/sun/index.html").contains("<link rel=\"canonical\" href=\"https://example.org/cat/weather/sun/\">"))
        #expect(try project.read("output/sitemap.xml").contains("<loc>https://example.org/cat/weather/rain/drizzle/</loc>"))
    }

    @Test func configurationFileIsReadAndFlagsWin() async throws {
        var files = Self.catalog
        files["stacks.yml"] = "title: From Config\npaths:\n  output: public\noutput:\n  portable: true\n"
        let project = try TemporaryProject(files)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let home = try project.read("public/index.html")
        #expect(home.contains("<title>From Config</title>"))
        #expect(home.contains("href=\"weather/index.html\""))
        var options = project.options
        options.output = "elsewhere"
        options.portable = false
        _ = try await SiteBuilder.build(options)
        #expect(try project.read("elsewhere/index.html").contains("href=\"weather/\""))
    }

    @Test func aFailedBuildLeavesThePreviousOutputByteIdentical() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let before = project.snapshot()
        try project.write("content/weather/sun.md", "---\ntitle: Sun\norder: soon\n---\n[x](nowhere.md)")
        try project.write("content/weather/wind.md", "---\ntitle: [unclosed\n---\n")
        let errors = await project.buildErrors()
        #expect(errors == [
            "content/weather/sun.md:3:8: error: 'order' must be a whole number",
            "content/weather/sun.md:5:1: error: broken link 'nowhere.md': there is no page or file content/weather/nowhere.md",
            "content/weather/wind.md:3:1: error: invalid front matter: did not find expected ',' or ']'",
        ])
        #expect(project.snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
            .filter { $0.contains("stacks-") && ![".output.stacks-cache", ".output.stacks-known", ".output.stacks-search", ".output.stacks-markdown", ".output.stacks-documents"].contains($0) }
        #expect(leftovers.isEmpty)
    }

    @Test func everyProblemIsReportedInOneRun() async throws {
        let project = try TemporaryProject([
            "content/a/one.md": "---\ntitle: One\n---\n\n[broken](two.md)\n\n![missing](pic.png)\n",
            "content/a/Three.md": "Three",
            "content/a/three.md": "Duplicate",
            "content/a/empty.md": "",
            "content/b/bad.md": "---\ndraft: perhaps\n---\n",
        ])
        defer { project.remove() }
        let errors = await project.buildErrors()
        #expect(errors == [
            "content/a/empty.md:1:1: error: file is empty; an item needs at least a title or some text",
            "content/a/one.md:5:1: error: broken link 'two.md': there is no page or file content/a/two.md",
            "content/a/one.md:7:1: error: missing image 'pic.png': there is no file content/a/pic.png",
            "content/a/three.md:1:1: error: duplicate slug 'three': content/a/Three.md has the same URL",
            "content/b/bad.md:2:8: error: 'draft' must be true or false",
        ])
        #expect(!project.exists("output"))
    }

    @Test func frontMatterImagesAndAliasesMustPointSomewhere() async throws {
        let project = try TemporaryProject([
            "content/a/one.md": "---\ntitle: One\nimage: photo.jpg\naliases: [/a/two/]\n---\nText",
            "content/a/two.md": "---\ntitle: Two\nimage: https://example.org/remote.jpg\naliases: [../../up]\n---\nText",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == [
            "content/a/one.md:3:1: error: missing image 'photo.jpg': there is no file content/a/photo.jpg",
            "content/a/one.md:4:1: warning: alias '/a/two/' is the URL of another page, which keeps it: no redirect is written",
            "content/a/two.md:4:1: error: alias '../../up' is not a path inside the site: '..' leads above the root of the site",
        ])
        try project.write("content/a/photo.jpg", "JPEG")
        try project.write("content/a/one.md", "---\ntitle: One\nimage: photo.jpg\n---\nText")
        try project.write("content/a/two.md", "---\ntitle: Two\nimage: https://example.org/remote.jpg\n---\nText")
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/a/one/index.html").contains("src=\"../photo.jpg\""))
        #expect(try project.read("output/a/two/index.html").contains("src=\"https://example.org/remote.jpg\""))
    }

    @Test func refusesToWriteWhereItWouldLoseWork() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("notes/keep.txt", "precious")
        try project.write("templates/layout.mustache", "{{{detail}}}")
        for (output, reason) in [
            ("notes", "the folder is not empty and was not written by Stacks (no .stacks-output file in it)"),
            ("content", "it is inside content/, which Stacks reads from"),
            ("content/weather", "it is inside content/, which Stacks reads from"),
            (".", "it contains content/, which replacing it would delete"),
            ("/", "it is the root folder"),
            ("templates", "it is inside templates/, which Stacks reads from"),
            (FileManager.default.homeDirectoryForCurrentUser.path, "it is your home folder"),
        ] {
            var options = project.options
            options.output = output
            let errors = await project.buildErrors(options)
            #expect(errors == ["\(output): error: refusing to write the site here: \(reason)"])
        }
        #expect(try project.read("notes/keep.txt") == "precious")
    }

    @Test func rebuildingReplacesAPreviousStacksOutput() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("content/weather/sun.md"))
        _ = try await SiteBuilder.build(project.options)
        #expect(!project.exists("output/weather/sun"))
        #expect(project.exists("output/weather/rain/index.html"))
    }

    /// Unchanged files are the previous build's, linked; changed ones are new files; the old
    /// output's names are gone after the swap.
    @Test func aRebuildLinksUnchangedFilesAndWritesChangedOnes() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        func inode(_ path: String) throws -> (number: UInt64, links: UInt64) {
            var info = stat()
            guard lstat(project.root.appendingPathComponent("output/" + path).path, &info) == 0 else {
                throw CocoaError(.fileNoSuchFile)
            }
            return (UInt64(info.st_ino), UInt64(info.st_nlink))
        }
        _ = try await SiteBuilder.build(project.options)
        let unchanged = ["weather/rain/drizzle/index.html", "weather/rain/radar.png", "_stacks/stacks.css", "old-rain/index.html"]
        let before = try unchanged.map(inode)
        let sunBefore = try inode("weather/sun/index.html")
        // The first paragraph, the sun's summary in the lists of other pages, stays.
        try project.write("content/weather/sun.md", "---\ntitle: Sun\n---\nSee [rain](rain/index.md).\n\nBright now.")
        _ = try await SiteBuilder.build(project.options)
        let after = try unchanged.map(inode)
        #expect(after.map(\.number) == before.map(\.number))
        #expect(after.allSatisfy { $0.links == 1 })
        #expect(try inode("weather/sun/index.html").number != sunBefore.number)
        #expect(try project.read("output/weather/sun/index.html").contains("Bright now."))

        // A file of the old output changed behind Stacks' back is written again, not linked.
        try project.write("output/weather/rain/drizzle/index.html", "tampered")
        try project.write("output/weather/rain/radar.png", "PNG!")
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/weather/rain/drizzle/index.html").contains("Light."))
        #expect(try project.read("output/weather/rain/radar.png") == "PNG")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
            .filter { $0.contains("stacks-") && ![".output.stacks-cache", ".output.stacks-known", ".output.stacks-search", ".output.stacks-markdown", ".output.stacks-documents"].contains($0) }
        #expect(leftovers.isEmpty)
    }

    /// Stacks' own files are in `_stacks/`, which content cannot take: a folder of content named
    /// `assets` (as many GitHub and Hugo projects have) keeps its URL, and `.nojekyll` keeps
    /// GitHub Pages from leaving `_stacks/` out.
    @Test func contentNamedAssetsKeepsItsURL() async throws {
        let project = try TemporaryProject(["content/assets/logo.md": "# Logo\n\nThe logo.\n", "content/assets/logo.png": "PNG"])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("output/assets/logo/index.html").contains("The logo."))
        #expect(try project.read("output/assets/logo.png") == "PNG")
        #expect(project.exists("output/_stacks/stacks.css") && project.exists("output/_stacks/search/index.js"))
        #expect(try project.read("output/.nojekyll") == "")
        #expect(try project.read("output/assets/logo/index.html").contains("href=\"../../_stacks/stacks.css\""))
    }

    /// The replaced output is deleted, but a symbolic link in it is removed, not followed.
    @Test func deletingTheReplacedOutputDoesNotFollowSymbolicLinks() async throws {
        let project = try TemporaryProject(Self.catalog.merging(["notes/keep.txt": "precious"]) { $1 })
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("output/notes").path,
                                       withDestinationPath: project.root.appendingPathComponent("notes").path)
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("output/weather/notes").path,
                                       withDestinationPath: project.root.appendingPathComponent("notes").path)
        _ = try await SiteBuilder.build(project.options)
        #expect(try project.read("notes/keep.txt") == "precious")
        #expect(!project.exists("output/notes"))
    }

    @Test func symbolicLinksOutsideTheContentAreNotFollowedAndLoopsAreErrors() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("secret/passwords.md", "secret")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/weather/outside").path,
                                       withDestinationPath: project.root.appendingPathComponent("secret").path)
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description) == ["content/weather/outside:1:1: warning: symbolic link points outside the content folder; not followed"])
        #expect(!project.exists("output/weather/outside"))

        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/weather/again").path,
                                       withDestinationPath: project.root.appendingPathComponent("content/weather").path)
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/weather/self.md").path,
                                       withDestinationPath: "self.md")
        let errors = await project.buildErrors()
        #expect(errors == [
            "content/weather/again:1:1: error: symbolic link loop: leads back to a folder already read",
            "content/weather/outside:1:1: warning: symbolic link points outside the content folder; not followed",
            "content/weather/self.md:1:1: error: symbolic link loop",
        ])
    }

    /// tldr's `pages.en` links to `pages`: a folder linked to another folder of the content is
    /// published once, under its own name. A link into a folder that is not published itself
    /// (`_shared`) is still the way in, and is read.
    @Test func aFolderLinkedToAnotherFolderOfTheContentIsPublishedOnce() async throws {
        let project = try TemporaryProject([
            "content/pages/common/tar.md": "# tar\n\nArchiving utility.\n",
            "content/pages.fr/common/tar.md": "# tar\n\nUtilitaire d'archivage.\n",
            "content/_shared/notes/a.md": "Shared\n",
        ])
        defer { project.remove() }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/pages.en").path, withDestinationPath: "pages")
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/notes").path, withDestinationPath: "_shared/notes")
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description) == [
            "content/pages.en:1:1: warning: symbolic link to the folder content/pages, which is published once, under its own name; skipped",
        ])
        #expect(project.exists("output/pages/common/tar/index.html") && project.exists("output/pages.fr/common/tar/index.html"))
        #expect(!project.exists("output/pages.en"))
        #expect(project.exists("output/notes/a/index.html"))
    }

    @Test func hugeFilesAreRefusedWithoutBeingRead() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/huge.md", bytes: [UInt8](repeating: 0x61, count: ContentReader.maximumMarkdownSize + 1))
        let errors = await project.buildErrors()
        #expect(errors == ["content/weather/huge.md:1:1: error: file is too large (16,777,217 bytes; the limit is 16 MiB)"])
    }

    @Test func filesThatWouldBePublishedToOnePlaceAreErrorsNamingBoth() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        // HTML is published only from trusted content (`ActiveContentTests`).
        try project.write("stacks.yml", "markdown:\n  unsafe: true\n")
        try project.write("content/weather/rain/index.html", "<p>hand-written</p>")
        try project.write("content/weather/sun", "a file named like the page's folder")
        try project.write("content/weather/rain/pic.png", "PNG")
        try project.write("content/weather/rain/pic.PNG", "PNG")
        try project.write("content/ba\u{308}d.md", "Decomposed")
        try project.write("content/b\u{E4}d.md", "Composed")
        try project.write("output/index.html", "previous")
        try project.write("output/.stacks-output", "")
        let before = project.snapshot()
        let errors = await project.buildErrors()
        #expect(errors == [
            "content/b\u{E4}d.md:1:1: error: duplicate slug 'b\u{E4}d': content/ba\u{308}d.md has the same URL",
            "content/weather/rain/index.html:1:1: error: would be published as 'weather/rain/index.html', the same file as content/weather/rain/index.md (names differing only in case or accents are one file on many systems)",
            "content/weather/rain/pic.png:1:1: error: would be published as 'weather/rain/pic.png', the same file as content/weather/rain/pic.PNG (names differing only in case or accents are one file on many systems)",
            "content/weather/sun:1:1: error: would be published as 'weather/sun', where the page of content/weather/sun.md has its folder",
        ])
        #expect(project.snapshot() == before)
    }

    @Test func textThatLooksLikeTheRenderersMarkersStaysAsWritten() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/odd.md", "---\ntitle: \"Odd \\x01 one\"\n---\n[Sun](sun.md) `stacks-link:0` stacks-link:0 <https://x.org/stacks-link:0>\n")
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty)
        let page = try project.read("output/weather/odd/index.html")
        #expect(page.contains(#"<a href="../sun/">Sun</a> <code>stacks-link:0</code> stacks-link:0 <a href="https://x.org/stacks-link:0">"#))
        #expect(!page.contains("\u{1}"))
        #expect(page.contains("<h1>Odd \u{FFFD} one</h1>"))
    }

    @Test func aControlCharacterInTheBodyIsReplacedWithAWarning() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/odd.md", "# Odd\n\nbell \u{7} and marker \u{1}here\n")
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description) == ["content/weather/odd.md:3:6: warning: control character in the text; replaced with U+FFFD"])
        #expect(try project.read("output/weather/odd/index.html").contains("<p>bell \u{FFFD} and marker \u{FFFD}here</p>"))
    }

    @Test func aByteOrderMarkBeforeTheFrontMatterIsIgnored() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/bom.md", "\u{FEFF}---\ntitle: Marked\n---\nText\n")
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/weather/bom/index.html")
        #expect(page.contains("<h1>Marked</h1>") && !page.contains("title: Marked"))
    }

    @Test func linksFromTheServersRootAreWarnedAboutAndLinksToDraftsExplained() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/plan.md", "---\ndraft: true\n---\nLater\n")
        try project.write("content/weather/links.md", "# Links\n\n[About](/about/) and [feed](//example.org/feed)\n\n[Plan](plan.md)\n")
        let errors = await project.buildErrors()
        #expect(errors == [
            "content/weather/links.md:3:1: warning: link '/about/' starts at the server's root and names no page or file of content, so it breaks when the site is published under a sub-path; use a relative link",
            "content/weather/links.md:5:1: error: broken link 'plan.md': content/weather/plan.md is a draft, which this build leaves out (--drafts includes drafts)",
        ])
        var options = project.options
        options.drafts = true
        #expect(await project.buildErrors(options) == nil)
    }

    /// A link to a file that exists but is not published says why, not "there is no page or
    /// file": a dish written twice (`x.md` and `x/x.md`), a page in a skipped bundle, a script,
    /// `index.md` beside `_index.md`, Markdown in a plain folder of a bundle, a draft bundle's file.
    @Test func aLinkToASkippedFileSaysWhyItIsNotPublished() async throws {
        let project = try TemporaryProject([
            "content/food/x.md": "X one\n",
            "content/food/x/x.md": "X two\n",
            "content/food/x/sub/s.md": "S\n",
            "content/food/lunch/_index.md": "Lunch\n",
            "content/food/lunch/index.md": "Stray\n",
            "content/food/lunch/soup.md": "Soup\n",
            "content/team/index.md": "Team\n",
            "content/team/files/notes.md": "Notes\n",
            "content/later/index.md": "---\ndraft: true\n---\nLater\n",
            "content/later/part.md": "Part\n",
            "content/b/a.js": "alert(1)\n",
            "content/b/links.md": "[x](../food/x/x.md) [s](../food/x/sub/s.md) [js](a.js) [i](../food/lunch/index.md)\n\n"
                + "[n](../team/files/notes.md) [p](/later/part.md) [gone](../food/none.md)\n",
        ])
        defer { project.remove() }
        let errors = try #require(await project.buildErrors()).filter { $0.hasPrefix("content/b/links.md") }
        #expect(errors == [
            "content/b/links.md:1:1: error: broken link '../food/x/x.md': content/food/x/x.md exists but is skipped: it has the same URL as content/food/x.md",
            "content/b/links.md:1:21: error: broken link '../food/x/sub/s.md': content/food/x exists but is skipped: it has the same URL as content/food/x.md",
            "content/b/links.md:1:45: error: broken link 'a.js': content/b/a.js exists but is skipped: a .js file runs in the browser as part of the site",
            "content/b/links.md:1:56: error: broken link '../food/lunch/index.md': content/food/lunch/index.md exists but is skipped: '_index.md' beside it makes its folder a category",
            "content/b/links.md:3:1: error: broken link '../team/files/notes.md': content/team/files/notes.md exists but is skipped: Markdown in a plain folder of an item bundle is not a page",
            "content/b/links.md:3:29: error: broken link '/later/part.md': content/later is a draft, which this build leaves out (--drafts includes drafts)",
            "content/b/links.md:3:49: error: broken link '../food/none.md': there is no page or file content/food/none.md",
        ])
    }

    @Test func aNamedTemplatesFolderThatIsMissingIsAnError() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        var options = project.options
        options.templates = "themes/mine"
        #expect(await project.buildErrors(options) == ["themes/mine: error: templates folder not found"])
        #expect(await project.buildErrors() == nil)  // No templates/ and none named: the built-in theme.
    }

    @Test func aHiddenFileNamedDotDotMdIsSkipped() async throws {
        let project = try TemporaryProject(Self.catalog)
        defer { project.remove() }
        try project.write("content/weather/..md", "hidden, as every name starting with a dot")
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty)
        #expect(!project.snapshot().keys.contains { $0.contains("..") })
    }

    @Test func aMissingContentFolderIsAnError() async throws {
        let project = try TemporaryProject([:])
        defer { project.remove() }
        #expect(await project.buildErrors() == ["content: error: content folder not found"])
    }
}
