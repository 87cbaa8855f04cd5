import Testing
@testable import StacksCore
import StacksTestSupport

/// A page's key (`PageKeys`) stands for its input: a build in place keeps a page whose key it
/// recorded without making its input. So two builds that give a page the same key must give it
/// the same input (else a stale page stays), and an edit must leave the keys of the pages it
/// does not reach as they were (else nothing is won).
@Suite struct PageKeysTests {
    /// Each page of the site that has a key, by output path: its key and its input's digest.
    static func keyed(_ site: [Pipeline.Prepared]) async -> [String: (key: Digest, input: Digest)] {
        var keyed: [String: (key: Digest, input: Digest)] = [:]
        for prepared in site {
            let renderer = prepared.renderer
            let keys = await renderer.pageKeys(theme: prepared.theme)
            var producers: [(String, SiteManifest.Producer)] = prepared.manifest.otherPages
            for index in 0..<renderer.pageCount where renderer.site.catalog[index].isWritten {
                producers.append((renderer.outputPath(of: index), .page(index)))
            }
            for (path, producer) in producers {
                guard let key = renderer.key(of: producer, keys: keys) else { continue }
                keyed[path] = (key, renderer.inputDigest(of: producer)!)
            }
            // The groups of files beside the pages that have a key: what they are is their files.
            for extra in prepared.manifest.extras {
                guard let key = renderer.key(of: extra, keys: keys) else { continue }
                let files = renderer.files(of: extra, theme: prepared.theme)
                var hasher = Digest.Hasher()
                for file in files {
                    hasher.add(file.path)
                    hasher.add(file.bytes)
                }
                keyed["extra " + renderer.paths(of: extra, theme: prepared.theme).joined(separator: " ")] = (key, hasher.finish())
            }
        }
        return keyed
    }

    static func prepare(_ catalog: TestCatalog, config: String = TestCatalog.config) async -> [Pipeline.Prepared]? {
        let (config, problems) = ConfigParser.parse(config)
        #expect(problems.isEmpty)
        return try? await Pipeline.prepareSite(Pipeline.Input(config: config, content: catalog.tree))
    }

    /// Edits `catalog` at random `steps` times (`TestCatalog.randomEdit`); after each, checks that
    /// every page and file whose key is the one it had has the input it had. Returns how many
    /// were compared, how many kept their keys, and how many inputs changed.
    static func compareAfterRandomEdits(_ catalog: TestCatalog, config: String = TestCatalog.config, seed: UInt64,
                                        steps: Int) async throws -> (compared: Int, kept: Int, changedInputs: Int) {
        var random = SplitMix(state: seed)
        var catalog = catalog
        var before = await keyed(try #require(await prepare(catalog, config: config)))
        var compared = 0, kept = 0, changedInputs = 0
        for step in 0..<steps {
            let edit = catalog.randomEdit(using: &random)
            // A build that fails has no pages: repaired, the next is compared with the last that did.
            guard let site = await prepare(catalog, config: config) else {
                catalog.repair()
                continue
            }
            let after = await keyed(site)
            for (path, new) in after {
                guard let old = before[path] else { continue }
                compared += 1
                if old.input != new.input { changedInputs += 1 }
                guard old.key == new.key else { continue }
                kept += 1
                #expect(old.input == new.input, "step \(step), \(edit): \(path) has the key it had, but not the input")
            }
            before = after
        }
        return (compared, kept, changedInputs)
    }

    /// Random edits of every kind an author makes: equal keys, equal inputs.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func equalKeysMeanEqualInputsAfterRandomEdits(seed: UInt64) async throws {
        let (compared, kept, changedInputs) = try await Self.compareAfterRandomEdits(TestCatalog.standard, seed: seed, steps: 50)
        // Enough pages compared, and keys neither all kept nor all changed.
        #expect(compared > 400)
        #expect(kept > compared / 4)
        #expect(changedInputs > 0 && kept < compared)
    }

    /// The same in a catalog of two languages, whose pages link to their translations.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func equalKeysMeanEqualInputsInACatalogOfTwoLanguages(seed: UInt64) async throws {
        let config = TestCatalog.config + "languages: { codes: [en, fr], suffixes: true }\n"
        var catalog = TestCatalog.standard
        catalog.files["tools/hammer.fr.md"] = "---\ntitle: Marteau\n---\nFrappe.\n"
        catalog.files["tools/_index.fr.md"] = "---\ntitle: Outils\n---\nLes outils.\n"
        catalog.files["kitchen/spoon.fr.md"] = "---\ntitle: Cuillère\n---\nPour la soupe.\n"
        #expect(await Self.keyed(try #require(await Self.prepare(catalog, config: config))).keys.contains("fr/tools/hammer/index.html"))
        let (compared, kept, _) = try await Self.compareAfterRandomEdits(catalog, config: config, seed: seed, steps: 40)
        #expect(compared > 300 && kept > compared / 4, "\(compared) compared, \(kept) kept")
    }

    /// A paragraph added to an item whose summary is written changes that page's key alone.
    @Test func aBodyEditReachesItsOwnPageOnly() async throws {
        var catalog = TestCatalog.standard
        let before = await Self.keyed(try #require(await Self.prepare(catalog)))
        catalog.files["tools/hammer.md"]! += "\nOne more paragraph.\n"
        let after = await Self.keyed(try #require(await Self.prepare(catalog)))
        #expect(before.count == after.count && before.count > 15)
        let changed = after.filter { before[$0.key]?.key != $0.value.key }.keys.sorted()
        #expect(changed == ["tools/hammer/index.html"])
        // The list indexes, the tags' and the tools' index, the catalog's description are kept.
        #expect(before.keys.contains { $0.hasPrefix("extra ") && $0.contains("tools/page/entries.json") })
        #expect(before.keys.contains { $0.hasPrefix("extra ") && $0.contains("catalog.json") })
        #expect(before["tools/hammer/index.html"]?.input != after["tools/hammer/index.html"]?.input)
    }

    /// A new title shows in its list, its neighbours' links and its sub-items' breadcrumbs: the
    /// pages of other categories keep their keys.
    @Test func aTitleEditReachesItsListsPages() async throws {
        var catalog = TestCatalog.standard
        let before = await Self.keyed(try #require(await Self.prepare(catalog)))
        catalog.files["kitchen/spoon.md"] = TestCatalog.setting("title", to: "Ladle", in: catalog.files["kitchen/spoon.md"]!)
        let after = await Self.keyed(try #require(await Self.prepare(catalog)))
        let changed = Set(after.filter { before[$0.key]?.key != $0.value.key }.keys)
        #expect(changed.contains("kitchen/spoon/index.html") && changed.contains("kitchen/fork/index.html"))
        // The pages; the files about the whole catalog (its description, the tools' index) show titles too.
        #expect(changed.allSatisfy { $0.hasPrefix("kitchen/") || $0.hasPrefix("extra ") }, "\(changed.sorted())")
        #expect(changed.contains { $0.hasPrefix("extra ") && $0.contains("catalog.json") })
    }

    /// A tag page shows its pages' rows as their parents' lists do: when a parent's list comes
    /// to be shown in parts, its rows get ids, and the tag page is made again, although the
    /// tagged page itself (and its index) did not change.
    @Test func aTagPageFollowsItsPagesParents() async throws {
        var catalog = TestCatalog.standard
        catalog.files["kitchen/spoon.md"] = TestCatalog.setting("tags", to: "[\"soup\"]", in: catalog.files["kitchen/spoon.md"]!)
        let before = await Self.keyed(try #require(await Self.prepare(catalog)))
        // Three pages moved into the kitchen, after the spoon: the catalog has as many pages as before.
        for (moved, name) in zip(["wrench", "rasp", "pliers"], ["zz-1", "zz-2", "zz-3"]) {
            catalog.files["tools/\(moved).md"] = nil
            catalog.files["kitchen/\(name).md"] = "---\ntitle: \(name)\n---\nLast.\n"
        }
        let after = await Self.keyed(try #require(await Self.prepare(catalog)))
        let tagPage = try #require(after["tags/soup/index.html"])
        #expect(before["tags/soup/index.html"]?.input != tagPage.input)
        #expect(before["tags/soup/index.html"]?.key != tagPage.key)
    }

    /// Every stored field of what a key digests is one it names (a new one would fail this), or
    /// one it leaves out on purpose: a page's Markdown, whose resolved body the key holds.
    @Test func keysNameEveryFieldTheyRead() {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(labels(Page(kind: .item, path: .root, source: nil, sourceDirectory: "", title: "", parent: nil).storedFields) == [
            "path", "url", "rare", "source", "frontMatter", "title", "summary", "headings", "children", "bodyLine", "picture",
            "parent", "kind",
        ])
        #expect(labels(Page.Fields.Rare.make(fallback: nil, sourceDirectory: "x", body: "")!) == ["fallback", "sourceDirectory", "body"])
        #expect(labels(StackPath.root) == ["destinations", "language"])
        #expect(labels(Translations.Language(tag: "", name: "", folder: "")) == ["tag", "name", "folder"])
        #expect(labels(SiteConfig()) == [
            "title", "baseURL", "language", "stringOverrides", "strings", "languages", "languageFolder", "languagePosition",
            "layout", "images", "markdown", "paths", "links", "portable", "includeDrafts", "projectName", "frontMatterMapping",
        ])
        #expect(labels(SiteConfig.Layout()) == [
            "columns", "style", "mediumBreakpoint", "wideBreakpoint", "listWindow", "sidebarWindow", "missingIcons", "thumbnails",
        ])
        #expect(labels(SiteConfig.Images()) == ["resize", "avif"])
        #expect(labels(SiteConfig.MarkdownOptions()) == ["unsafe", "smart", "gfm", "toc"])
        #expect(labels(SiteConfig.Paths()) == ["content", "templates", "output"])
        #expect(labels(SiteConfig.Links()) == ["broken"])
        #expect(labels(LanguageSettings(codes: ["en"], layout: .suffixes)) == ["codes", "layout", "defaultAtRoot", "fallbacks"])
        #expect(labels(Asset(source: "", output: "")) == ["source", "output", "file", "imageSize", "isPlainPicture"])
    }

    /// Each setting of the configuration changes the site's part of every key.
    @Test func everySettingIsInTheKeys() {
        func digest(_ config: SiteConfig) -> Digest {
            var hasher = Digest.Hasher()
            hasher.add(config)
            return hasher.finish()
        }
        var changes: [(inout SiteConfig) -> Void] = [
            { $0.title = "T" }, { $0.baseURL = "https://example.org/" }, { $0.language = "de" }, { $0.stringOverrides = ["home": "Start"] },
            { $0.languages = LanguageSettings(codes: ["en", "fr"], layout: .suffixes) }, { $0.languageFolder = "fr" },
            { $0.languagePosition = 1 }, { $0.layout.columns = .all }, { $0.layout.style = .balanced },
            { $0.layout.mediumBreakpoint = 700 }, { $0.layout.wideBreakpoint = 1300 }, { $0.layout.listWindow = 9 },
            { $0.layout.sidebarWindow = 9 }, { $0.layout.missingIcons = .none }, { $0.layout.thumbnails = .none },
            { $0.images.resize = false }, { $0.images.avif = true }, { $0.markdown.unsafe = true }, { $0.markdown.smart = false }, { $0.markdown.gfm = false },
            { $0.markdown.toc = 0 }, { $0.paths.content = "c" }, { $0.paths.templates = "t" }, { $0.paths.output = "o" },
            { $0.links.broken = .warning }, { $0.portable = true }, { $0.includeDrafts = true }, { $0.projectName = "P" },
            { $0.frontMatterMapping = ["title": "name"] },
        ]
        changes.append { $0.languages = LanguageSettings(codes: ["en", "fr"], layout: .folders(pattern: "{lang}", defaultFolder: nil)) }
        var digests: Set<Digest> = [digest(SiteConfig())]
        for change in changes {
            var config = SiteConfig()
            change(&config)
            digests.insert(digest(config))
        }
        #expect(digests.count == changes.count + 1)
    }
}
