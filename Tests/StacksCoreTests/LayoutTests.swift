import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// The folder layouts people already have: bundles by `index.md`, by a page named like its
/// folder, by a lone `README.md`; `README.md` as a category's introduction; items in the
/// content folder itself, listed by the home.
@Suite struct LayoutTests {
    func load(_ files: [(String, String)]) async -> (Catalog, [String]) {
        let (catalog, diagnostics) = await CatalogLoader().load(SourceDirectory(files: files))
        return (catalog, diagnostics.map(\.description))
    }

    func urls(_ catalog: Catalog) -> [String] {
        catalog.pages.map(\.path.url).sorted()
    }

    func page(_ catalog: Catalog, _ url: String) -> Page? {
        catalog.pages.first { $0.path.url == url }
    }

    @Test func aFolderWithAPageNamedLikeItIsABundle() async throws {
        let (catalog, problems) = await load([
            ("soup/tomato-soup/tomato-soup.md", "# Tomato soup"),
            ("soup/tomato-soup/photo.jpg", ""),
            ("soup/tomato-soup/variant.md", "Spicy"),
            ("soup/Leek/leek.md", "Leek"),
        ])
        #expect(problems == [])
        #expect(urls(catalog) == ["", "soup/", "soup/leek/", "soup/tomato-soup/", "soup/tomato-soup/variant/"])
        let soup = try #require(page(catalog, "soup/tomato-soup/"))
        #expect(soup.kind == .item)
        #expect(soup.path == StackPath([.category("soup"), .item("tomato-soup")]))
        #expect(soup.source == "soup/tomato-soup/tomato-soup.md")
        #expect(catalog.assets == [Asset(source: "soup/tomato-soup/photo.jpg", output: "soup/tomato-soup/photo.jpg")])
    }

    @Test func aLoneReadmeMakesABundleAndItsPlainFoldersAreItsFiles() async throws {
        let (catalog, problems) = await load([
            ("projects/alpha/README.md", "# Alpha"),
            ("projects/alpha/docs/diagram.png", ""),
        ])
        #expect(problems == [])
        #expect(urls(catalog) == ["", "projects/", "projects/alpha/"])
        #expect(page(catalog, "projects/alpha/")?.kind == .item)
        #expect(page(catalog, "projects/alpha/")?.source == "projects/alpha/README.md")
        #expect(catalog.assets == [Asset(source: "projects/alpha/docs/diagram.png", output: "projects/alpha/docs/diagram.png")])
    }

    @Test func aReadmeBesideOtherPagesIntroducesItsCategory() async throws {
        let (catalog, problems) = await load([
            ("recipes/README.md", "---\nsummary: All of them\n---\nHow to cook."),
            ("recipes/bread.md", "Bread"),
            ("guides/readme.md", "Guides"),
            ("guides/setup/index.md", "Setup"),
            ("notes/_index.md", "---\ntitle: Notes\n---\n"),
            ("notes/README.md", "Read me"),
        ])
        #expect(problems == [])
        #expect(urls(catalog) == ["", "guides/", "guides/setup/", "notes/", "notes/readme/", "recipes/", "recipes/bread/"])
        let recipes = try #require(page(catalog, "recipes/"))
        #expect(recipes.kind == .category)
        #expect(recipes.source == "recipes/README.md")
        #expect(recipes.frontMatter.summary == "All of them")
        #expect(recipes.body == "How to cook.")
        #expect(page(catalog, "guides/")?.kind == .category)
        #expect(page(catalog, "guides/")?.source == "guides/readme.md")
        // `_index.md` is the introduction; the README beside it is an item like any other.
        #expect(page(catalog, "notes/")?.source == "notes/_index.md")
    }

    @Test func aReadmeInTheContentFolderIntroducesTheHome() async {
        let (catalog, problems) = await load([("README.md", "# My notes\nHello"), ("a.md", "A")])
        #expect(problems == [])
        #expect(urls(catalog) == ["", "a/"])
        #expect(catalog.root.source == "README.md")
    }

    @Test func indexWinsOverReadmeWhichIsPublishedAsASubItem() async throws {
        let (catalog, problems) = await load([("a/index.md", "A"), ("a/README.md", "Notes")])
        #expect(problems == ["content/a/README.md:1:1: warning: 'index.md' is this folder's page, so 'README.md' is published as a sub-item"])
        #expect(urls(catalog) == ["", "a/", "a/readme/"])
        #expect(page(catalog, "a/")?.source == "a/index.md")
    }

    @Test func indexWinsOverAPageNamedLikeTheFolder() async throws {
        let (catalog, problems) = await load([("x/index.md", "X"), ("x/x.md", "Also x")])
        #expect(problems == ["content/x/x.md:1:1: warning: 'index.md' is this folder's page, so 'x.md' is published as a sub-item"])
        #expect(urls(catalog) == ["", "x/", "x/x/"])
        #expect(page(catalog, "x/")?.source == "x/index.md")
    }

    @Test func aPageNamedLikeTheFolderWinsOverReadme() async throws {
        let (catalog, problems) = await load([("x/x.md", "X"), ("x/README.md", "Notes")])
        #expect(problems == ["content/x/README.md:1:1: warning: 'x.md' is this folder's page, so 'README.md' is published as a sub-item"])
        #expect(urls(catalog) == ["", "x/", "x/readme/"])
        #expect(page(catalog, "x/")?.source == "x/x.md")
    }

    /// A Hugo section: `_index.md` makes the folder a category whatever else it holds, so a page
    /// named like the folder (`page/Page.md`) and `index.md` are no longer its page; its pages
    /// are items of the category, each its own entry.
    @Test func underscoreIndexMakesASectionWhateverElseTheFolderHolds() async throws {
        var files = [
            ("methods/page/_index.md", "---\ntitle: Page methods\n---\nMethods of a page."),
            ("methods/page/Page.md", "---\ntitle: Page\n---\nThe page object."),
            ("methods/page/index.md", "Stray"),
            ("methods/page/README.md", "Read me"),
            ("guides/setup/_index.md", "Setup"),
            ("guides/setup/setup.md", "Steps"),
        ]
        files += (1...88).map { ("methods/page/method-\($0).md", "Method \($0)") }
        let (catalog, problems) = await load(files)
        #expect(problems == ["content/methods/page/index.md:1:1: warning: 'index.md' makes a folder an item, but '_index.md' beside it makes this folder a category (a section, as in Hugo); skipped"])
        let section = try #require(page(catalog, "methods/page/"))
        #expect(section.kind == .category)
        #expect(section.source == "methods/page/_index.md")
        #expect(section.children.count == 90, "88 methods, Page.md and README.md")
        #expect(page(catalog, "methods/page/page/")?.path == StackPath([.category("methods"), .category("page"), .item("page")]))
        #expect(page(catalog, "methods/page/method-88/")?.kind == .item)
        #expect(page(catalog, "guides/setup/")?.kind == .category)
        #expect(page(catalog, "guides/setup/setup/")?.source == "guides/setup/setup.md")
    }

    @Test func insideABundleAFolderWithItsOwnPageIsASubItem() async throws {
        let (catalog, problems) = await load([
            ("team/index.md", "Team"),
            ("team/ada/ada.md", "Ada"),
            ("team/ada/portrait.png", ""),
            ("team/bob/README.md", "Bob"),
            ("team/files/notes.md", "Notes"),
        ])
        #expect(problems == ["content/team/files/notes.md:1:1: warning: skipped: Markdown in a plain folder of an item bundle is not a page; give the folder an index.md (or a page named like the folder) to make it one"])
        #expect(urls(catalog) == ["", "team/", "team/ada/", "team/bob/"])
        #expect(page(catalog, "team/ada/")?.path == StackPath([.item("team"), .item("ada")]))
        #expect(catalog.assets == [Asset(source: "team/ada/portrait.png", output: "team/ada/portrait.png")])
    }

    // MARK: The home is the root of the stack

    @Test func itemsInTheContentFolderAreListedByTheHomeAndGoBackToIt() async throws {
        let project = try TemporaryProject([
            "stacks.yml": "title: Notes\nbaseURL: https://example.org/\n",
            "content/zebra.md": "---\nsummary: Striped\n---\nZebra",
            "content/apple.md": "Apple",
            "content/fruit/pear.md": "Pear",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let home = try project.read("output/index.html")
        let content = try #require(column("content", of: home))
        // Sub-categories first, then items, as on any category page.
        let links = hrefs(in: content)
        #expect(links == ["fruit/", "apple/", "zebra/"])
        let apple = try project.read("output/apple/index.html")
        #expect(apple.contains("<a class=\"back-link\" rel=\"up\" href=\"../\">"))
        let appleContent = try #require(column("content", of: apple))
        #expect(appleContent.contains("href=\"./\" aria-current=\"page\""))
        #expect(try project.read("output/_stacks/search-index.json").contains("\"url\":\"zebra/\""))
        #expect(try project.read("output/_stacks/catalog.json").contains("\"url\":\"apple/\""))
        #expect(try project.read("output/sitemap.xml").contains("<loc>https://example.org/zebra/</loc>"))
    }

    @Test func withoutItemsInTheContentFolderTheHomeKeepsItsPlaceholder() async throws {
        let project = try TemporaryProject(["content/fruit/pear.md": "Pear"])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let content = try #require(column("content", of: try project.read("output/index.html")))
        #expect(content.contains("Pick a category"))
        #expect(hrefs(in: content) == ["fruit/"])
    }

    @Test func aLongListOfItemsInTheContentFolderIsPaginatedLikeACategory() async throws {
        var files = ["stacks.yml": "layout:\n  listWindow: 2\n"]
        for name in ["a", "b", "c", "d", "e"] { files["content/\(name).md"] = name }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let second = try project.read("output/page/2/index.html")
        #expect(hrefs(in: try #require(column("content", of: second))).contains("../../c/"))
        #expect(second.contains("(page 2) – ") && !second.contains("<title> (page 2)"))
        #expect(project.exists("output/page/3/index.html"))
    }

    // MARK: No page that no list reaches

    /// Generated trees of every layout: items in the content folder, nested categories with
    /// and without introductions, bundles by `index.md`, by a page named like the folder and by
    /// a lone `README.md`, sub-items, long lists. Every page must be linked from a list of
    /// another page: the sidebar, the content column, or an item's sub-items.
    @Test(arguments: 0..<12) func everyPageIsLinkedFromSomeList(seed: UInt64) async throws {
        var random = SplitMix(state: seed &* 7919 &+ 17)
        var files: [String: String] = [:]
        if seed % 3 == 0 { files["stacks.yml"] = "layout:\n  listWindow: 3\n" }
        var counter = 0
        // Names as real collections have them: signs, symbols, spaces, accents.
        let signs = ["n", "!", "c++", "c", "a b", "a-b", "[[", "ça", "$", "g++", "x.y", "🍕"]
        func name() -> String {
            counter += 1
            return signs[Int.random(in: 0..<signs.count, using: &random)] + "\(counter)"
        }
        // Items written as other generators write them: TOML with Hugo's keys, links from the
        // server's root and Zola's `@/` links to pages made before.
        var sources: [String] = []
        func item(_ path: String) -> String {
            defer { sources.append(path) }
            let link = sources.isEmpty ? "" : {
                let target = sources[Int.random(in: 0..<sources.count, using: &random)]
                return Bool.random(using: &random) ? " [see](<@/\(target)>)" : ""
            }()
            if Bool.random(using: &random) {
                return "+++\ntitle = \"Item \(counter)\"\nlinkTitle = \"I\(counter)\"\nweight = \(counter % 5)\n+++\nItem\(link)\n"
            }
            return "Item\(link)\n"
        }
        func bundle(_ folder: String, depth: Int) {
            let page: String
            switch Int.random(in: 0..<3, using: &random) {
            case 0: page = "index.md"
            case 1: page = (folder.split(separator: "/").last.map(String.init) ?? "") + ".md"
            default: page = "README.md"
            }
            files["\(folder)/\(page)"] = "Bundle \(folder)"
            files["\(folder)/photo.png"] = "png"
            if page == "README.md" { return }  // A lone README: other pages would make it a category.
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                if depth < 4, Bool.random(using: &random) {
                    bundle("\(folder)/\(name())", depth: depth + 1)
                } else {
                    let path = "\(folder)/\(name()).md"
                    files[path] = item(path)
                }
            }
        }
        func category(_ folder: String, depth: Int) {
            let prefix = folder.isEmpty ? "" : folder + "/"
            switch Int.random(in: 0..<3, using: &random) {
            case 0: files["\(prefix)_index.md"] = "---\nsummary: A category\n---\nIntro"
            case 1 where !folder.isEmpty: files["\(prefix)README.md"] = "Intro"
            default: break
            }
            var children = 0
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where depth < 3:
                    category(prefix + name(), depth: depth + 1)
                case 1:
                    bundle(prefix + name(), depth: depth + 1)
                default:
                    let path = "\(prefix)\(name()).md"
                    files[path] = item(path)
                }
                children += 1
            }
            // A README beside nothing else would make the folder a bundle; keep it a category.
            if children == 0 {
                files["\(prefix)\(name()).md"] = "Item"
            }
        }
        category("", depth: 0)
        let project = try TemporaryProject()
        defer { project.remove() }
        for (path, text) in files {
            try project.write(path == "stacks.yml" ? path : "content/" + path, text)
        }
        _ = try await SiteBuilder.build(project.options)
        let pages = project.snapshot().keys.filter { $0.hasSuffix("index.html") && !$0.hasPrefix("_stacks/") }
        var linked: Set<String> = []
        for file in pages {
            let url = String(file.dropLast("index.html".count))
            let html = try project.read("output/" + file)
            var lists = [column("sidebar", of: html), column("content", of: html)].compactMap { $0 }
            if let start = html.range(of: "<section class=\"subitems\""),
               let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) {
                lists.append(String(html[start.lowerBound..<end.upperBound]))
            }
            let base = try #require(URL(string: "https://site.test/" + url))
            for href in lists.flatMap(hrefs) {
                guard let target = URL(string: href, relativeTo: base)?.absoluteURL.path else { continue }
                let trimmed = target.split(separator: "/").joined(separator: "/")
                let path = trimmed.isEmpty ? "" : trimmed + "/"
                if path != url { linked.insert(path) }
            }
        }
        let unreached = pages.map { String($0.dropLast("index.html".count)) }.filter { !linked.contains($0) && !$0.isEmpty }
        #expect(unreached.sorted() == [], "seed \(seed): \(files.keys.sorted())")
    }

    /// The HTML of one column of a page (`sidebar`, `content`).
    func column(_ name: String, of html: String) -> String? {
        guard let start = html.range(of: "data-column=\"\(name)\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.range(of: name == "sidebar" ? "</nav>\n" : "</section>\n<section class=\"column detail\"") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    func hrefs(in html: String) -> [String] {
        html.matches(of: /href="([^"]*)"/).map { String($0.1) }
    }
}
