import Foundation
import Testing
@testable import StacksCore

/// A catalog in several languages (`languages:`): each language a root with its own stack and
/// its own lists, tags and search; each page linked to itself in every language.
@Suite struct LanguagesTests {
    /// A command reference as tldr lays it out: `pages/` in English, `pages.de/`, `pages.ar/`,
    /// `pages.zh_TW/`, some pages missing in some languages.
    static func tldr() throws -> TemporaryProject {
        var files = ["stacks.yml": """
            title: tldr
            baseURL: https://example.org/
            languages:
              codes: [en, de, ar, zh_TW]
              folders: "pages.{lang}"
              defaultFolder: pages
            """]
        for command in ["tar", "ls", "git"] {
            files["content/pages/common/\(command).md"] = "---\ntags: [files]\n---\n# \(command)\n\n> Work with \(command).\n\n- Run it:\n\n`\(command)`\n"
        }
        files["content/pages/linux/apt.md"] = "# apt\n\n> Install packages.\n"
        files["content/pages.de/common/tar.md"] = "# tar\n\n> Archive packen.\n"
        files["content/pages.de/common/ls.md"] = "# ls\n\n> Dateien auflisten.\n"
        files["content/pages.ar/common/tar.md"] = "# tar\n\n> أرشفة الملفات.\n"
        files["content/pages.zh_TW/linux/apt.md"] = "# apt\n\n> 安裝套件。\n"
        return try TemporaryProject(files)
    }

    static func alternates(_ html: String) -> [String] {
        html.matches(of: /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/).map { "\($0.1) \($0.2)" }
    }

    @Test func eachLanguageIsARootWithItsOwnPagesUnderItsFolder() async throws {
        let project = try Self.tldr()
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        // The default language at the root, the others under their folder, as BCP 47 in lower case.
        for path in ["common/tar", "common/git", "linux/apt", "de/common/tar", "de/common/ls", "ar/common/tar", "zh-tw/linux/apt"] {
            #expect(project.exists("output/\(path)/index.html"), "\(path)")
        }
        #expect(!project.exists("output/de/common/git/index.html"))
        // Each page speaks its language; each language has its own search and catalog.
        #expect(try project.read("output/de/common/tar/index.html").contains("<html lang=\"de\" dir=\"ltr\">"))
        #expect(try project.read("output/ar/common/tar/index.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(try project.read("output/zh-tw/index.html").contains("<html lang=\"zh-TW\" dir=\"ltr\">"))
        #expect(project.exists("output/de/_stacks/search/index.js") && project.exists("output/_stacks/search/index.js"))
        let catalog = try project.read("output/de/_stacks/catalog.json")
        #expect(catalog.contains("\"url\":\"de/common/tar/\"") && !catalog.contains("common/git"))
        // The breadcrumbs of a German page start at the German home.
        let tar = try project.read("output/de/common/tar/index.html")
        #expect(tar.contains("<a href=\"../../\">tldr</a>"))
        // The theme is the site's, once.
        #expect(project.exists("output/_stacks/stacks.css") && !project.exists("output/de/_stacks/stacks.css"))
        #expect(project.exists("output/_stacks/strings-de.js") && project.exists("output/_stacks/strings-zh-TW.js"))
        // Tags are each language's.
        #expect(project.exists("output/tags/files/index.html") && !project.exists("output/de/tags/index.html"))
        // Git, missing in German, is listed in German's `common/` as a row to the English page,
        // marked; it has no German page, and German's sitemap does not name it.
        let common = try project.read("output/de/common/index.html")
        #expect(common.contains("<li lang=\"en\"><a href=\"../../common/git/\" hreflang=\"en\">"))
        #expect(common.contains("<b>git</b><small>Work with git.</small><span class=\"language-mark\">English</span>"))
        #expect(!(try project.read("output/de/sitemap.xml")).contains("common/git"))
        // Traditional Chinese has no `common/` at all: its home lists the category as such a row.
        let chinese = try project.read("output/zh-tw/index.html")
        #expect(chinese.contains("<li lang=\"en\"><a href=\"../common/\" hreflang=\"en\">"))
        #expect(!project.exists("output/zh-tw/common/index.html"))
        #expect((try project.read("output/en/sitemap.xml")).contains("<loc>https://example.org/common/git/</loc>"))
        // The root's sitemap is the index of every language's, the default's under its code.
        let index = try project.read("output/sitemap.xml")
        #expect(index.contains("<sitemapindex") && !index.contains("<urlset"))
        #expect(index.matches(of: /<sitemap><loc>([^<]+)<\/loc><\/sitemap>/).map { String($0.1) } == [
            "https://example.org/en/sitemap.xml", "https://example.org/de/sitemap.xml",
            "https://example.org/ar/sitemap.xml", "https://example.org/zh-tw/sitemap.xml",
        ])
        // Each language's search knows the others', for a search of every language.
        #expect(try project.read("output/de/_stacks/search/index.js").contains(
            #""languages":[{"folder":"","tag":"en","name":"English"},{"folder":"de/","tag":"de","name":"Deutsch"},{"folder":"ar/","tag":"ar","name":"العربية","dir":"rtl"},{"folder":"zh-tw/","tag":"zh-TW","name":"繁體中文"}]"#))
    }

    @Test func aPageLinksToItselfInEveryLanguageBothWays() async throws {
        let project = try Self.tldr()
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let english = try project.read("output/common/tar/index.html")
        #expect(Self.alternates(english) == [
            "en https://example.org/common/tar/", "de https://example.org/de/common/tar/",
            "ar https://example.org/ar/common/tar/", "x-default https://example.org/common/tar/",
        ])
        let german = try project.read("output/de/common/tar/index.html")
        #expect(Self.alternates(german) == Self.alternates(english))
        // The switcher: the current language marked; Chinese lacks the page and leads to its
        // nearest page above it (the category), marked as missing.
        #expect(german.contains("<a href=\"https://example.org/de/common/tar/\" hreflang=\"de\" lang=\"de\" aria-current=\"true\">Deutsch</a>"))
        // (Chinese has no `common/` either: its home.)
        #expect(german.contains("<a href=\"https://example.org/zh-tw/\" hreflang=\"zh-TW\" lang=\"zh-TW\" class=\"missing\""))
        #expect(german.contains("<summary><i class=\"glyph glyph-language\" aria-hidden=\"true\"></i><span class=\"visually-hidden\">Sprache: </span><span class=\"language-name\">Deutsch</span></summary>"))
        // Git is only in English: each other language leads to its own `common/`.
        let git = try project.read("output/common/git/index.html")
        #expect(Self.alternates(git) == ["en https://example.org/common/git/", "x-default https://example.org/common/git/"])
        #expect(git.contains("href=\"https://example.org/ar/common/\" hreflang=\"ar\" lang=\"ar\" class=\"missing\""))
    }

    @Test func filesNamedWithALanguageSuffixAreThatLanguagesPages() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "languages: { codes: [en, fr], suffixes: true }\n",
            "content/tools/_index.md": "---\ntitle: Tools\n---\n",
            "content/tools/_index.fr.md": "---\ntitle: Outils\n---\n",
            "content/tools/hammer.md": "---\ntitle: Hammer\n---\nHits.\n",
            "content/tools/hammer.fr.md": "---\ntitle: Marteau\n---\nFrappe.\n",
            "content/tools/saw.md": "---\ntitle: Saw\n---\nCuts.\n",
            "content/tools/photo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"></svg>"#,
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        // The French page has the English one's slug: the same path under `fr/`.
        let marteau = try project.read("output/fr/tools/hammer/index.html")
        #expect(marteau.contains("<title>Marteau – ") && marteau.contains("lang=\"fr\""))
        #expect(Self.alternates(marteau) == ["en ../../../tools/hammer/", "fr ./", "x-default ../../../tools/hammer/"])
        #expect(!project.exists("output/fr/tools/saw/index.html"))
        #expect(try project.read("output/tools/saw/index.html").contains("href=\"../../fr/tools/\" hreflang=\"fr\" lang=\"fr\" class=\"missing\""))
        // The French list is the French pages', and a row for the page French lacks: it leads
        // to the English page, says so, and is no page of its own (nor in the French search).
        let outils = try project.read("output/fr/tools/index.html")
        #expect(outils.contains("Marteau"))
        #expect(outils.contains("<li lang=\"en\"><a href=\"../../tools/saw/\" hreflang=\"en\">"))
        #expect(outils.contains("<b>Saw</b><small>Cuts.</small><span class=\"language-mark\">English</span>"))
        #expect(project.exists("output/fr/tools/photo.svg"))
        let frenchSearch = try project.files(under: "output/fr/_stacks/search").map { try project.read($0) }.joined()
        #expect(frenchSearch.contains("Marteau") && !frenchSearch.contains("Saw"))
    }

    /// `languages.fallbacks: false`: a language's lists have its own pages only.
    @Test func fallbackRowsCanBeTurnedOff() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "languages: { codes: [en, fr], suffixes: true, fallbacks: false }\n",
            "content/tools/_index.md": "---\ntitle: Tools\n---\n",
            "content/tools/hammer.md": "---\ntitle: Hammer\n---\nHits.\n",
            "content/tools/hammer.fr.md": "---\ntitle: Marteau\n---\nFrappe.\n",
            "content/tools/saw.md": "---\ntitle: Saw\n---\nCuts.\n",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let outils = try project.read("output/fr/tools/index.html")
        #expect(outils.contains("Marteau") && !outils.contains(">Saw<") && !outils.contains("language-mark"))
    }

    /// A language's tag pages are its own: their breadcrumbs start at its home.
    @Test func aLanguagesTagPagesLeadBackToItsHome() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "languages: { codes: [en, de], suffixes: true }\n",
            "content/a.md": "---\ntags: [x]\n---\n# A\n",
            "content/a.de.md": "---\ntags: [x]\n---\n# A\n",
        ])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let tag = try project.read("output/de/tags/x/index.html")
        #expect(tag.contains("<li><a href=\"../../\">") && tag.contains("<li><a href=\"../\">Schlagwörter</a></li>"))
    }

    @Test func aRootCategoryNamedLikeALanguagesFolderIsAnError() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "languages: [en, de]\n",
            "content/en/de/_index.md": "---\ntitle: Germany\n---\n",
            "content/en/de/berlin.md": "Berlin.\n",
            "content/de/berlin.md": "Berlin.\n",
            "content/notes.md": "Stray.\n",
        ])
        defer { project.remove() }
        let errors = await project.buildErrors()
        #expect(errors == [
            "content: warning: notes.md is in no language's folder (languages.folders); left out",
            "content/en/de/_index.md:1:1: error: 'de/' is the URL of this category and of the pages in de (languages); rename the folder or give it a 'slug'",
        ])
        #expect(!project.exists("output"))
    }

    @Test func theLanguagesSettingIsCheckedWhereItIsWritten() {
        let (config, problems) = ConfigParser.parse("""
            languages:
              codes: [en, pt-BR, zh_TW]
              folders: "{lang}"
              defaultAtRoot: false
            """)
        #expect(problems.isEmpty)
        #expect(config.languages == LanguageSettings(codes: ["en", "pt-BR", "zh_TW"], layout: .folders(pattern: "{lang}", defaultFolder: nil),
                                                     defaultAtRoot: false))
        #expect(config.languages?.outputFolder(of: 0) == "en" && config.languages?.outputFolder(of: 2) == "zh-tw")
        for (text, message) in [
            ("languages: [en, EN]", "stacks.yml:1:17: error: the language 'EN' is listed twice"),
            ("languages: [en, 'de/x']", "stacks.yml:1:17: error: 'de/x' is not a language code (BCP 47: en, pt-BR, zh_TW)"),
            ("languages: { codes: [en, de], folders: pages }", "stacks.yml:1:12: error: 'languages.folders' names a folder of the content with '{lang}' for the code, such as 'pages.{lang}' or '{lang}'"),
            ("languages: { codes: [en, de], folders: '{lang}', suffixes: true }", "stacks.yml:1:12: error: 'languages' takes either 'folders' (a folder per language) or 'suffixes' (tar.fr.md), not both"),
            ("languages: { folders: '{lang}' }", "stacks.yml:1:12: error: 'languages' needs 'codes', the languages' codes with the default first"),
        ] {
            #expect(ConfigParser.parse(text).1.map(\.description) == [message], "\(text)")
        }
    }

    /// `stacks serve` shows what `stacks build` writes, in every language.
    @Test func thePreviewAndTheBuildAgree() async throws {
        let project = try Self.tldr()
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let (input, _) = ProjectReader.read(project.options)
        var site = IncrementalPipeline.Site()
        let prepared = try await site.prepare(input).get()
        #expect(prepared.count == 4)
        for (language, path) in [(1, "de/common/tar/index.html"), (2, "ar/common/tar/index.html"), (0, "common/git/index.html")] {
            guard case .page(let index)? = prepared[language].manifest[path] else {
                Issue.record("\(path) is not a page of language \(language)")
                continue
            }
            var stamps = TemplateStamps()
            let html = String(decoding: prepared[language].renderer.renderPage(index, stamps: &stamps), as: UTF8.self)
            #expect(html == (try project.read("output/" + path)), "\(path)")
        }
        // A second build with nothing changed writes nothing; an edit writes its page again.
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.reuse == .unchanged)
        try project.write("content/pages.de/common/ls.md", "# ls\n\n> Dateien zeigen.\n")
        let edited = try await SiteBuilder.build(project.options)
        // (A term shard of a word no longer written may go.)
        guard case .updated(let written, _) = edited.reuse else { Issue.record("\(edited.reuse)"); return }
        #expect(written > 0 && written < 12)
        #expect(try project.read("output/de/common/ls/index.html").contains("Dateien zeigen."))
    }
}
