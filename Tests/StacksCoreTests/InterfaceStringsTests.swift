import Foundation
import Testing
@testable import StacksCore

/// The theme's words in the site's language: built-in tables, `strings:` in `stacks.yml`,
/// plural forms, numbers and dates, templates and the script.
@Suite struct InterfaceStringsTests {
    /// The placeholders a text holds: `{count}`, `{title}` …
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([A-Za-z]+)\}/).map { String($0.1) })
    }

    @Test func everyTableHasOnlyKnownKeysAndTheSamePlaceholdersAsEnglish() throws {
        let english = try #require(InterfaceStrings.tables["en"])
        for (language, table) in InterfaceStrings.tables {
            for (key, text) in table {
                #expect(InterfaceStrings.keys[key] != nil, "\(language) has '\(key)', which no one reads")
                let base = key.contains(".") ? String(key.prefix { $0 != "." }) + ".other" : key
                // A plural form may leave out the number ("عنصر واحد": one entry), never add one.
                let allowed = Self.placeholders(english[base] ?? "")
                #expect(Self.placeholders(text).isSubset(of: allowed), "\(language).\(key): \(text)")
                if !key.contains("."), !["months", "numberGroup", "numberGroupFrom"].contains(key) {
                    #expect(Self.placeholders(text) == allowed, "\(language).\(key) drops a placeholder: \(text)")
                }
            }
            for plural in InterfaceStrings.pluralKeys {
                #expect(table["\(plural).other"] != nil, "\(language) lacks \(plural).other")
            }
            #expect(table["months"]?.split(separator: "|").count == 12, "\(language)'s months")
        }
        for (key, use) in InterfaceStrings.keys where !key.contains(".") {
            if case .template = use { #expect(english[key] != nil, "English lacks \(key)") }
            if case .script = use { #expect(english[key] != nil, "English lacks \(key)") }
        }
        #expect(InterfaceStrings.needsReview == Set(InterfaceStrings.tables.keys).subtracting(["en"]))
    }

    @Test func aLanguageTakesItsClosestTable() {
        #expect(InterfaceStrings(language: "zh_TW").table == "zh-Hant")
        #expect(InterfaceStrings(language: "zh-HK").table == "zh-Hant")
        #expect(InterfaceStrings(language: "zh").table == "zh-Hans")
        #expect(InterfaceStrings(language: "zh-CN").table == "zh-Hans")
        #expect(InterfaceStrings(language: "de-AT").table == "de")
        #expect(InterfaceStrings(language: "pt-BR").table == "pt")
        #expect(InterfaceStrings(language: "sw").table == "en")
        #expect(InterfaceStrings(language: "sw")["onThisPage"] == "On this page")
    }

    @Test(arguments: [
        ("ru", [1: "1 запись", 2: "2 записи", 5: "5 записей", 11: "11 записей", 21: "21 запись", 22: "22 записи", 112: "112 записей"]),
        ("en", [0: "0 entries", 1: "1 entry", 2: "2 entries", 10_000: "10,000 entries"]),
        ("fr", [0: "0 entrée", 1: "1 entrée", 2: "2 entrées", 1_000_000: "1\u{202F}000\u{202F}000 d’entrées"]),
        ("ar", [1: "عنصر واحد", 2: "عنصران", 3: "3 عناصر", 11: "11 عنصرًا", 100: "100 عنصر"]),
        ("zh-Hans", [1: "1 个条目", 57: "57 个条目"]),
        ("de", [1: "1 Eintrag", 10_000: "10.000 Einträge"]),
        ("es", [1_000: "1000 entradas", 10_000: "10.000 entradas"]),
    ])
    func countsTakeTheLanguagesPluralFormAndDigitGrouping(_ language: String, _ expected: [Int: String]) {
        let strings = InterfaceStrings(language: language)
        for (count, text) in expected {
            #expect(strings.count("entries", count) == text, "\(language) \(count)")
        }
    }

    @Test func datesAreWrittenAsTheLanguageWritesThem() {
        #expect(DateText.readable("2024-03-05") == "5 March 2024")
        #expect(DateText.readable("2024-03-05", strings: InterfaceStrings(language: "de")) == "5. März 2024")
        #expect(DateText.readable("2024-03-05", strings: InterfaceStrings(language: "ja")) == "2024年3月5日")
        #expect(DateText.readable("2024-03-05", strings: InterfaceStrings(language: "ru")) == "5 марта 2024 г.")
        #expect(DateText.readable("2024-03-05", strings: InterfaceStrings(language: "es")) == "5 de marzo de 2024")
    }

    @Test func aTemplatesStringIsEscapedTextWithItsPlaceholdersAsTags() {
        var config = SiteConfig()
        config.stringOverrides = ["filterLabel": "<b>{title}</b> & {{{raw}}} {unknown}", "fullList": "All \"of\" it"]
        let text = config.strings.templateText("a {{strings.filterLabel}} b {{strings.fullList}} {{strings.nope}}") { offset, name in
            #expect(offset == 49 && name == "nope")
        }
        #expect(text == "a &lt;b&gt;{{title}}&lt;/b&gt; &amp; &#123;&#123;&#123;raw&#125;&#125;&#125; &#123;unknown&#125; b All &quot;of&quot; it {{strings.nope}}")
    }

    @Test func anUnknownStringInATemplateIsAnErrorWhereItIsWritten() {
        let theme = Theme.builtIn.overridden(by: ["detail.mustache": Array("<p>\n  {{strings.onThisPage}} {{strings.onThisPaeg}}</p>\n".utf8)])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            (error as? Diagnostics)?.all.map(\.description).contains(
                "templates/detail.mustache:2:26: error: 'strings.onThisPaeg' is not an interface string a template can show; see the README's list of strings") == true
        }
    }

    @Test func stringsAreReadFromStacksYml() {
        let (config, problems) = ConfigParser.parse("""
            language: fr
            strings:
              onThisPage: Sommaire
              entries: { one: "{count} recette", other: "{count} recettes", several: "{count}" }
              onThisPag: Typo
              tags: [a, b]
            """)
        #expect(problems.map(\.description) == [
            "stacks.yml:4:74: error: 'strings.entries.several' is not a plural form; one of: zero, one, two, few, many, other",
            "stacks.yml:5:14: warning: unknown interface string 'strings.onThisPag'; ignored (known: " + InterfaceStrings.keysForMessages + ")",
            "stacks.yml:6:9: error: 'strings.tags' must be text",
        ])
        #expect(config.strings["onThisPage"] == "Sommaire")
        #expect(config.strings.count("entries", 2) == "2 recettes")
        #expect(config.strings["previous"] == "Précédent")
    }

    /// A Chinese recipe site: the theme's words are Chinese in the pages, the 404 page and the
    /// script's strings file; no English word of the theme is left in a page.
    @Test func aChineseSiteSpeaksChinese() async throws {
        var files = ["stacks.yml": "title: 菜谱\nlanguage: zh-Hans\n",
                     "content/_index.md": "# 菜谱\n",
                     "content/荤菜/_index.md": "---\ntitle: 荤菜\n---\n"]
        for number in 1...30 {
            files["content/荤菜/菜\(number).md"] = "---\ntitle: 菜 \(number)\ndate: 2024-03-05\ntags: [辣]\n---\n## 原料\n\n盐。\n\n## 步骤\n\n炒。\n\n## 上菜\n\n吃。\n"
        }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let item = try project.read("output/荤菜/菜5/index.html")
        let list = try project.read("output/荤菜/index.html")
        #expect(item.contains("<html lang=\"zh-Hans\" dir=\"ltr\">"))
        #expect(item.contains("<h2>本页内容</h2>"))
        #expect(item.contains("<time datetime=\"2024-03-05\">2024年3月5日</time>"))
        #expect(item.contains(">跳到条目</a>") && item.contains("aria-label=\"分类\""))
        #expect(item.contains("上一篇") && item.contains("下一篇"))
        #expect(item.contains("第 1–25 项，共 30 项。") || item.contains("项，共 30 项。"))
        #expect(list.contains("placeholder=\"筛选 30 个条目\""))
        #expect(item.contains("_stacks/strings-zh-Hans.js"))
        // The list's index is in the category's folder, named as on disk.
        #expect(list.contains("data-index=\"page/entries.json\"") && item.contains("data-index=\"../page/entries.json\""))
        #expect(project.exists("output/荤菜/page/entries.json"))
        let script = try project.read("output/_stacks/strings-zh-Hans.js")
        #expect(script.hasPrefix("window.stacksStrings = {\"language\":\"zh-Hans\""))
        #expect(script.contains("\"noResults\":\"没有结果。\""))
        #expect(try project.read("output/_stacks/stacks.js").hasPrefix("window.stacksStrings ??= {\"language\":\"en\""))
        #expect(try project.read("output/404.html").contains("<h1>找不到页面</h1>"))
        let tags = try project.read("output/tags/index.html")
        #expect(tags.contains("<title>标签 – 菜谱</title>") && tags.contains("1 个标签"))
        for page in [item, list, tags] {
            let visible = page.replacing(/<script[^>]*>[^<]*<\/script>/, with: "")
            for english in ["Filter", "On this page", "Previous", "Next", "Showing", "Skip to", "Categories", "Tags", " entries", " entry"] {
                #expect(!visible.contains(english), "'\(english)' left in a Chinese page")
            }
        }
    }

    /// The strings are part of what a page is made from: a changed string changes the pages
    /// that show it, and a second build writes them again.
    @Test func aChangedStringIsABuildInputLikeAnyOther() async throws {
        let project = try TemporaryProject(["stacks.yml": "language: de\n", "content/a/b.md": "---\ntitle: B\n---\n## Eins\n\nText.\n\n## Zwei\n\nText.\n\n## Drei\n\nText.\n"])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        #expect(try project.read("output/a/b/index.html").contains("<h2>Auf dieser Seite</h2>"))
        try project.write("stacks.yml", "language: de\nstrings: { onThisPage: Inhalt }\n")
        #expect(await project.buildErrors() == nil)
        #expect(try project.read("output/a/b/index.html").contains("<h2>Inhalt</h2>"))
    }
}
