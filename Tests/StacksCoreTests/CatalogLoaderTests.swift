import Testing
@testable import StacksCore

@Suite struct CatalogLoaderTests {
    func load(_ files: [(String, String)], drafts: Bool = false) async -> (Catalog, [String]) {
        let (catalog, diagnostics) = await CatalogLoader(includeDrafts: drafts).load(SourceDirectory(files: files))
        return (catalog, diagnostics.map(\.description))
    }

    func urls(_ catalog: Catalog) -> [String] {
        catalog.pages.map(\.path.url).sorted()
    }

    @Test func foldersAreCategoriesFilesAreItemsFoldersWithIndexAreBundles() async {
        let (catalog, problems) = await load([
            ("_index.md", "---\ntitle: Home\n---\nWelcome"),
            ("weather/_index.md", "---\ntitle: Weather\n---\n"),
            ("weather/sun.md", "Sunny"),
            ("weather/rain/index.md", "Rain"),
            ("weather/rain/radar.png", ""),
            ("weather/rain/drizzle.md", "Light"),
            ("weather/rain/pictures/one.jpg", ""),
            ("traffic/ships/ferry.md", "Boat"),
        ])
        #expect(problems.isEmpty)
        #expect(urls(catalog) == ["", "traffic/", "traffic/ships/", "traffic/ships/ferry/", "weather/",
                                  "weather/rain/", "weather/rain/drizzle/", "weather/sun/"])
        let drizzle = catalog.pages.first { $0.path.url == "weather/rain/drizzle/" }
        #expect(drizzle?.path == StackPath([.category("weather"), .item("rain"), .item("drizzle")]))
        #expect(drizzle?.sourceDirectory == "weather/rain")
        #expect(catalog.assets == [Asset(source: "weather/rain/radar.png", output: "weather/rain/radar.png"),
                                   Asset(source: "weather/rain/pictures/one.jpg", output: "weather/rain/pictures/one.jpg")])
        #expect(catalog.root.frontMatter.title == "Home")
    }

    @Test func slugsAreURLSafeAndKeepNonASCIILetters() async {
        #expect(Slug.make("Ferry Boat") == "ferry-boat")
        #expect(Slug.make("Café Crème") == "café-crème")
        #expect(Slug.make("a  &  b") == "a-b")
        #expect(Slug.make("..") == "dot-dot")
        #expect(Slug.make("%") == "percent")
        #expect(Slug.readable("ferry-boat") == "Ferry boat")
    }

    @Test func slugFromFrontMatterWinsAndAssetsFollowTheBundleSlug() async {
        let (catalog, problems) = await load([
            ("Old Name/index.md", "---\nslug: new-name\n---\n"),
            ("Old Name/photo.png", ""),
        ])
        #expect(problems.isEmpty)
        #expect(urls(catalog) == ["", "new-name/"])
        #expect(catalog.assets == [Asset(source: "Old Name/photo.png", output: "new-name/photo.png")])
    }

    @Test func draftsAndHiddenNamesAreSkippedUnlessAskedFor() async {
        let files = [
            ("a/one.md", "One"),
            ("a/two.md", "---\ndraft: true\n---\nTwo"),
            ("b/_index.md", "---\ndraft: true\n---\n"),
            ("b/three.md", "Three"),
        ]
        #expect(urls(await load(files).0) == ["", "a/", "a/one/"])
        #expect(urls(await load(files, drafts: true).0) == ["", "a/", "a/one/", "a/two/", "b/", "b/three/"])
        #expect(ContentReader.isSkipped(".git") && ContentReader.isSkipped("_drafts") && !ContentReader.isSkipped("_index.md"))
    }

    @Test func duplicateSlugsNameBothFiles() async {
        let (_, problems) = await load([("w/Sun.md", "A"), ("w/sun/index.md", "B")])
        #expect(problems == ["content/w/sun/index.md:1:1: error: duplicate slug 'sun': content/w/Sun.md has the same URL"])
    }

    @Test func namesThatCollideCaseInsensitivelyAreAnError() async {
        let (_, problems) = await load([("w/Rain.md", "A"), ("w/rain.md", "B")])
        #expect(problems == ["content/w/rain.md:1:1: error: duplicate slug 'rain': content/w/Rain.md has the same URL"])
    }

    @Test func namesEqualButForTheirUnicodeFormAreOneSlugClaimedTwice() async {
        // `ü` composed and decomposed: different bytes on Linux, one name on macOS.
        let (catalog, problems) = await load([("w/\u{FC}ber.md", "A"), ("w/u\u{308}ber.md", "B")])
        #expect(problems == ["content/w/u\u{308}ber.md:1:1: error: duplicate slug '\u{FC}ber': content/w/\u{FC}ber.md has the same URL"])
        #expect(urls(catalog) == ["", "w/", "w/%C3%BCber/"])
    }

    @Test func aSlugFromFrontMatterIsReportedAtItsLine() async {
        let (_, problems) = await load([("w/a.md", "A"), ("w/z.md", "---\ntitle: Z\nslug: a\n---\nZ")])
        #expect(problems == ["content/w/z.md:3:1: error: duplicate slug 'a': content/w/a.md has the same URL"])
    }

    /// Hugo's documentation writes `slug: hugo_convert_toJSON`: a written slug may use what a URL
    /// carries unescaped, lower-cased as Hugo does; two that meet are still an error naming both.
    @Test func aWrittenSlugMayUseWhatURLsCarryLowerCased() async {
        let (catalog, problems) = await load([
            ("f/convert.md", "---\nslug: hugo_convert_toJSON\n---\n"), ("f/version.md", "---\nslug: v1.2~rc\n---\n"),
            ("f/pizza.md", "---\nslug: 🍕\n---\n"),
        ])
        #expect(problems.isEmpty)
        #expect(urls(catalog) == ["", "f/", "f/%F0%9F%8D%95/", "f/hugo_convert_tojson/", "f/v1.2~rc/"])
        let (_, clash) = await load([("f/a.md", "---\nslug: Same\n---\n"), ("f/b.md", "---\nslug: same\n---\n")])
        #expect(clash == ["content/f/b.md:2:1: error: duplicate slug 'same': content/f/a.md has the same URL"])
    }

    @Test(arguments: ["..", ".hidden", "_stacks", "a/b", "a b", "a?b", "a%2fb", ""])
    func aWrittenSlugThatIsNoNameIsAnError(slug: String) async {
        let (_, problems) = await load([("f/x.md", "---\nslug: '\(slug)'\n---\n")])
        #expect(problems.count == 1 && problems[0].hasPrefix("content/f/x.md:2:1: error: 'slug: \(slug)' is not URL-safe"), "\(problems)")
    }

    @Test(arguments: [("..md", "dot/"), ("%.md", "percent/"), ("  .md", "space-space/")])
    func namesOfSignsOnlyAreSpelledOut(name: String, url: String) async {
        let (catalog, problems) = await load([(name, "Text")])
        #expect(problems.isEmpty)
        #expect(urls(catalog) == ["", url])
    }

    @Test func aNameWithSpacesGetsADashedSlug() async {
        let (catalog, problems) = await load([("my weather/big storm.md", "Text")])
        #expect(problems.isEmpty)
        #expect(urls(catalog) == ["", "my-weather/", "my-weather/big-storm/"])
    }

    @Test func emptyItemIsAnErrorEmptyIndexIsNot() async {
        let (_, problems) = await load([("w/_index.md", ""), ("w/empty.md", "  \n")])
        #expect(problems == ["content/w/empty.md:1:1: error: file is empty; an item needs at least a title or some text"])
    }

    @Test func invalidUTF8IsReportedWhereItStarts() async {
        var tree = SourceDirectory(name: "", relativePath: "")
        tree.files = [SourceFile(name: "bad.md", relativePath: "bad.md", contents: Array("line one\nok \u{e9}".utf8) + [0xFF, 0x41])]
        let (_, diagnostics) = await CatalogLoader().load(tree)
        #expect(diagnostics.map(\.description) == ["content/bad.md:2:6: error: file is not valid UTF-8 text"])
    }
}
