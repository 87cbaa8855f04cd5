import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Every name a file system allows publishes, at a readable URL of its own among its siblings.
@Suite struct SlugTests {
    @Test(arguments: [
        ("Ferry Boat", "ferry-boat"), ("Café Crème", "café-crème"), ("a  &  b", "a-b"), ("v1.2_beta", "v1.2_beta"),
        ("c++", "c-plus-plus"), ("clang++", "clang-plus-plus"), ("g++", "g-plus-plus"), ("C#", "c-sharp"),
        ("a+b", "a-plus-b"), ("!", "bang"), ("$", "dollar"), ("%", "percent"), ("[", "open-bracket"),
        ("[[", "open-bracket-open-bracket"), ("{", "open-brace"), ("~", "tilde"), (",", "comma"), ("^", "caret"),
        ("((", "open-paren-open-paren"), ("..", "dot-dot"), ("  ", "space-space"), ("-", "dash"),
        ("🍕", "🍕"), ("\u{1}", "u0001"), ("\u{202E}", "u202e"), ("¿?", "¿-question"),
    ])
    func aNameGetsAReadableSlug(name: String, slug: String) {
        #expect(Slug.make(name) == slug)
    }

    /// A slug is one folder of the output: never `.`, `..`, empty, with a separator or a
    /// control character, or longer than a file name may be — whatever the name.
    @Test func everyNameGivesASlugThatIsOneSafeFileName() {
        let alphabet: [String] = ["!", "+", "#", ".", "..", "/", "\\", " ", "\u{1}", "\u{7F}", "a", "Z", "é",
                                     "e\u{301}", "数", "🍕", "\u{202E}", "\u{200B}", "\u{A0}", "_", "-", "%", "[", "\r\n"]
        var random = SplitMix(state: 11)
        var names = [String(repeating: "!", count: 255), String(repeating: "a+", count: 127), String(repeating: "é", count: 127)]
        for _ in 0..<2000 {
            names.append((0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined())
        }
        for name in names {
            let slug = Slug.make(name)
            #expect(slug.flatMap(OutputPath.problem(inName:)) == nil && slug != nil, "\(name.debugDescription) → \(String(describing: slug))")
            #expect((slug?.utf8.count ?? 0) <= 255)
        }
        #expect(Slug.make(String(repeating: "!", count: 255)) == String(repeating: "bang-", count: 49) + "236aa166")
    }

    /// The quick way for ASCII names gives what the general way gives, for every ASCII byte.
    @Test func anASCIINameIsSpelledAsTheGeneralWaySpellsIt() {
        var random = SplitMix(state: 23)
        var names = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["a.", "._a_.", "a+", "+a", "#", "a##b", "A-Z_0.9", "\r\na"]
        for _ in 0..<5000 {
            names.append(String(decoding: (0..<Int.random(in: 1...10, using: &random)).map { _ in
                // Letters and digits often, so that most names have a word.
                Bool.random(using: &random) ? UInt8.random(in: 0x61...0x7A, using: &random) : UInt8.random(in: 0...0x7F, using: &random)
            }, as: UTF8.self))
        }
        // Names that are slugs already, or nearly: dashes doubled, first or last, long ones.
        let slugBytes = Array("abcxyz0189-".utf8)
        for _ in 0..<3000 {
            names.append(String(decoding: (0..<Int.random(in: 1...12, using: &random)).map { _ in slugBytes.randomElement(using: &random)! },
                                as: UTF8.self))
        }
        names += ["a", "a-b", "-a", "a-", "a--b", "-", "--", "0", String(repeating: "ab-", count: 100) + "c"]
        var quick = 0
        for name in names {
            if let slug = Slug.asciiWords(name) {
                quick += 1
                #expect(Slug.fitted(slug, name: name) == Slug.spelled(name), "\(name.debugDescription)")
            }
            #expect(Slug.make(name) == Slug.spelled(name), "\(name.debugDescription)")
        }
        #expect(quick > 4000, "most of these names take the quick way")
    }

    func load(_ files: [(String, String)]) async -> (urls: [String], titles: [String: String], problems: [String]) {
        let (catalog, diagnostics) = await CatalogLoader().load(SourceDirectory(files: files))
        let titles = Dictionary(catalog.pages.map { ($0.path.url, $0.title) }, uniquingKeysWith: { first, _ in first })
        return (catalog.pages.map(\.path.url).sorted(), titles, diagnostics.map(\.description))
    }

    /// `a-b` keeps its name as its URL whichever sibling is read first; `a b` is told apart by
    /// a suffix from its own name, so it does not move when other files come and go.
    @Test func differentNamesWithOneSlugAreToldApartBySuffix() async {
        let (urls, titles, problems) = await load([("w/a b.md", "A"), ("w/a-b.md", "B"), ("w/x  y.md", "C"), ("w/x y.md", "D"),
                                                   ("w/c.md", "E"), ("w/c++/index.md", "F")])
        #expect(problems.isEmpty)
        #expect(urls == ["", "w/", "w/a-b-10a3f9f2/", "w/a-b/", "w/c-plus-plus/", "w/c/", "w/x-y-caca3794/", "w/x-y/"])
        #expect(titles == ["": "", "w/": "W", "w/a-b/": "A b", "w/a-b-10a3f9f2/": "A b", "w/x-y/": "X y", "w/x-y-caca3794/": "X y",
                           "w/c/": "C", "w/c-plus-plus/": "C++"])
    }

    @Test func anExplicitSlugThatIsTakenIsStillAnError() async {
        let (_, _, problems) = await load([("w/a b.md", "A"), ("w/z.md", "---\nslug: a-b\n---\nZ")])
        #expect(problems == ["content/w/z.md:2:1: error: duplicate slug 'a-b': content/w/a b.md has the same URL"])
    }

    /// The names the issue brought, in one folder: each a page at its own URL, all listed.
    @Test func punctuationNamesBuildEachAtItsOwnURLAndAreListed() async throws {
        let names = ["!", "$", "%", "[", "[[", "{", "~", ",", "^", "((", "c", "c++", "clang", "clang++", "g++", "a b", "a-b"]
        var files = ["content/cmd/_index.md": "---\ntitle: Commands\n---\n"]
        for name in names { files["content/cmd/\(name).md"] = "Page \(name)\n" }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let slugs = ["bang", "dollar", "percent", "open-bracket", "open-bracket-open-bracket", "open-brace", "tilde", "comma",
                     "caret", "open-paren-open-paren", "c", "c-plus-plus", "clang", "clang-plus-plus", "g-plus-plus",
                     "a-b-10a3f9f2", "a-b"]
        #expect(Set(slugs).count == names.count)
        let list = try project.read("output/cmd/index.html")
        for (name, slug) in zip(names, slugs) {
            let page = try project.read("output/cmd/\(slug)/index.html")
            #expect(page.contains("Page \(name.replacingOccurrences(of: "&", with: "&amp;"))"), "\(slug)")
            #expect(list.contains("href=\"\(slug)/\""), "\(slug) is not listed")
        }
    }

    /// What makes `build` fail is found by `check` too, each at its file, line and column.
    @Test func checkFindsWhatBuildWould() throws {
        let project = try TemporaryProject([
            "content/x.md": "---\ntitle: X\naliases: aoc, adventofcode, advent\n---\nText\n",
            "content/y.md": "---\naliases: [\(String(repeating: "a", count: 256))]\n---\nText\n",
            "content/z.md": "---\nslug: \(String(repeating: "z", count: 256))\n---\nText\n",
            "content/w.md": "W", "content/w": "a file where the page's folder is",
        ])
        defer { project.remove() }
        let expected = """
            content/w:1:1: error: would be published as 'w', where the page of content/w.md has its folder
            content/y.md:2:1: error: alias '\(String(repeating: "a", count: 256))' is not a path inside the site: '\(String(repeating: "a", count: 256))' is longer than 255 bytes, the most a file name can have
            content/z.md:2:1: error: 'slug' is 256 bytes long; a slug may be at most 255 bytes
            3 errors; nothing was written

            """
        for command in ["check", "build"] {
            let outcome = StacksCommand.finish(try StacksCommand.start([command], in: project.root))
            #expect(outcome.status == 1)
            #expect(outcome.standardError == expected, "\(command)")
        }
        #expect(!project.exists("output"))
    }
}
