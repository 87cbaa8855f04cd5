import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// The site search's sharded index: every word of a page found, in the shard the script
/// looks in, with the field it stands in; files that are safe scripts and stay small.
@Suite struct SearchIndexTests {
    static func index(_ files: [(String, String)], portable: Bool = false, language: String = "en",
                      shardLimit: Int = SearchIndex.defaultShardLimit) async throws -> (SearchIndex, Catalog, [String: [UInt8]]) {
        var config = SiteConfig()
        config.portable = portable
        let renderer = try await resolveInline(files, config: config).renderer
        let index = SearchIndex(catalog: renderer.site.catalog, bodies: renderer.site.bodies, language: language,
                                shardLimit: shardLimit)
        // The catalog's pages' records are files of their own, beside the index's.
        let records = (0..<SearchIndex.recordFiles(ofCatalogPages: renderer.site.catalog.pages.count)).flatMap {
            [renderer.searchRecords(file: $0), renderer.searchTexts(file: $0)].compactMap { $0 }
        }
        return (index, renderer.site.catalog, Dictionary(uniqueKeysWithValues: (index.files() + records).map { ($0.path, $0.bytes) }))
    }

    static func pageNumber(_ catalog: Catalog, _ title: String) -> Int {
        catalog.pages.firstIndex { $0.title == title }!
    }

    /// The script's way to the shard of a term: the longest key the term starts with.
    static func shardKey(of term: String, keys: [String]) -> String? {
        keys.filter { term.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// The script's way to the file of shard `key` (`termsFileOf`): `index.js` lists the keys,
    /// and how many of them each file holds, in order, a file named by its first.
    static func termsFile(ofKey key: String, in files: [String: [UInt8]]) throws -> [UInt8] {
        let listing = String(decoding: try #require(files[SearchIndex.indexPath]), as: UTF8.self)
        let json = listing.dropFirst("window.stacksSearch.index(".count).dropLast(");\n".count)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let keys = try #require(object["keys"] as? [String]), counts = try #require(object["files"] as? [Int])
        #expect(counts.reduce(0, +) == keys.count && counts.allSatisfy { $0 > 0 })
        var first = 0
        for count in counts {
            if keys[first..<first + count].contains(key) {
                return try #require(files["\(SearchIndex.termsFolder)/\(SearchIndex.fileName(ofKey: keys[first])).js"])
            }
            first += count
        }
        Issue.record("no file holds \(key)")
        return []
    }

    /// Shard `key`'s call in its file: `window.stacksSearch.terms("key",…);`, one line.
    static func shardCall(ofKey key: String, in files: [String: [UInt8]]) throws -> String {
        let file = String(decoding: try termsFile(ofKey: key, in: files), as: UTF8.self)
        let start = "window.stacksSearch.terms(\"\(key)\","
        return String(try #require(file.split(separator: "\n").first { $0.hasPrefix(start) })) + "\n"
    }

    @Test func wordsAreFoldedLikeTheScriptFoldsThem() {
        #expect(SearchTerms.terms(in: "Café ÉTÉ, naïve—Straße x2 東京です e\u{301}t\u{E9}")
                == ["cafe", "ete", "naive", "straße", "x2", "東", "京", "て", "す", "ete"])
        #expect(SearchTerms.terms(in: String(repeating: "a", count: 41) + " ok") == ["ok"])
    }

    /// The words of text not in ASCII, remembered by their bytes, are the words read afresh.
    @Test func rememberedTermsAreTheTermsReadAfresh() {
        let texts = ["Archiv packen und entpacken: Größe ändern", "أرشفة الملفات وضغطها", "列出目录内容 tar 归档", "Ёжик в тумане, ёжик",
                     "café CAFÉ Café", "한국어 텍스트", "ｶﾀｶﾅ が ぱ", "x\u{301}y e\u{0301}"]
        var cache: SearchTerms.Cache? = SearchTerms.Cache()
        for _ in 0..<2 {
            for text in texts {
                var remembered: [String] = []
                SearchTerms.forEachTerm(in: text, cache: &cache) { remembered.append(String(decoding: $0, as: UTF8.self)) }
                #expect(remembered == SearchTerms.terms(in: text), "\(text)")
                #expect(!remembered.isEmpty)
            }
        }
    }

    @Test func aWordsFormsAreGroupedByTheirStemInTheSitesLanguage() async throws {
        let files = [
            ("tools/tar.md", "# tar\n\n> Archiving utility.\n"),
            ("tools/zip.md", "# zip\n\n> Archive files, archived in 2024 and the 2020s.\n"),
            ("tools/kanji.md", "# 東京\n\n東京の駅.\n"),
        ]
        let (index, _, shards) = try await Self.index(files)
        #expect(index.forms(of: "archive") == ["archived", "archiving"])
        #expect(index.forms(of: "archiving") == ["archive", "archived"])
        #expect(index.forms(of: "file") == [] && index.forms(of: "files") == [], "no other form on the site")
        #expect(index.forms(of: "2024") == [] && index.forms(of: "東") == [], "numbers and ideographs have no forms")
        // The group is in the shard the script loads for each of its words, once.
        let keys = index.shards.map(\.key)
        for word in ["archive", "archived", "archiving"] {
            let key = try #require(Self.shardKey(of: word, keys: keys))
            let shard = try Self.shardCall(ofKey: key, in: shards)
            #expect(shard.hasSuffix(#"},["archiv|e,ed,ing"]);"# + "\n"), "\(shard)")
        }
        // A language Snowball has no stemmer for: no forms, and shards as before.
        let (chinese, _, _) = try await Self.index(files, language: "zh-Hans")
        #expect(chinese.forms(of: "archive") == [])
    }

    @Test func theStemmerIsTheLanguagesBySubtag() {
        #expect(SearchStemmer(language: "en")?.stem("archiving") == "archiv")
        #expect(SearchStemmer(language: "de-CH")?.stem("häuser") == "haus")
        #expect(SearchStemmer(language: "pt_BR") != nil && SearchStemmer(language: "nb") != nil)
        #expect(SearchStemmer(language: "zh-Hans") == nil && SearchStemmer(language: "ja") == nil)
        #expect(SearchStemmer(language: "porter") == nil && SearchStemmer(language: "") == nil, "a name is not a language tag")
        #expect(SearchIndex.encoded(group: ["archive", "archived", "archiving"]) == "archiv|e,ed,ing")
        #expect(SearchIndex.encoded(group: ["act", "acts"]) == "act|,s")
        #expect(SearchIndex.encoded(group: ["über", "überall"]) == "über|,all")
    }

    /// `wholeTerm` tells most ASCII titles from their bytes; it must agree with its definition
    /// (folded, trimmed, one token with a symbol) on every kind of ASCII title.
    @Test func aWholeTermToldFromBytesIsTheDefinitionsTerm() {
        func definition(_ text: String) -> String? {
            let folded = SearchTerms.fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
            let scalars = folded.unicodeScalars
            guard !scalars.isEmpty, scalars.count <= SearchTerms.maximumLength,
                  !scalars.contains(where: \.properties.isWhitespace),
                  scalars.contains(where: { !SearchTerms.isWordScalar($0) }) else { return nil }
            return folded
        }
        let pieces = ["", " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "a", "Z", "7", "+", ".", "-", "_", "/", "!", "\u{01}", "\u{7F}", "é"]
        var generator = SplitMix(state: 31)
        var titles = ["Brass lantern", "c++", " C++ ", "tar.gz", "git commit", "", "   ", "\tx\t", "a b", "x_y", "A1", String(repeating: "+", count: 41)]
        for _ in 0..<4000 {
            titles.append((0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for title in titles {
            #expect(SearchTerms.wholeTerm(title) == definition(title), "\(title.debugDescription)")
        }
    }

    @Test func aTitleOfOneTokenWithASymbolIsATermAsAWhole() async throws {
        #expect(SearchTerms.titleTerms(in: "!") == ["!"])
        #expect(SearchTerms.titleTerms(in: " C++ ") == ["c", "c++"])
        #expect(SearchTerms.titleTerms(in: "tar.gz") == ["tar", "gz", "tar.gz"])
        #expect(SearchTerms.titleTerms(in: "Ça-va") == ["ca", "va", "ca-va"])
        #expect(SearchTerms.titleTerms(in: "git commit") == ["git", "commit"], "a title of two words is its words")
        #expect(SearchTerms.titleTerms(in: "c") == ["c"])
        #expect(SearchTerms.titleTerms(in: String(repeating: "+", count: 41)) == [])
        let (index, catalog, files) = try await Self.index([
            ("commands/!.md", "# !\n\n> Bash history expansion.\n"),
            ("commands/c.md", "# c\n\n> A compiler. Not c++.\n"),
            ("commands/c++.md", "# c++\n\n> The C++ compiler.\n"),
            ("commands/[[.md", "# [[\n\n> A test.\n"),
        ])
        let bang = Self.pageNumber(catalog, "!"), plusplus = Self.pageNumber(catalog, "c++")
        #expect(index.postings(of: "!") == [Self.posting(bang, .wholeTitle)])
        #expect(index.postings(of: "c++") == [Self.posting(plusplus, .wholeTitle)], "in a title only; a body's c++ is the word c")
        #expect(index.postings(of: "[[") == [Self.posting(Self.pageNumber(catalog, "[["), .wholeTitle)])
        #expect(index.postings(of: "c") == [Self.posting(Self.pageNumber(catalog, "c"), .titleWord(first: true, of: 1)),
                                            Self.posting(plusplus, .titleWord(first: true, of: 1))].sorted())
        // Each is in the shard the script loads for it, under a file name of ASCII.
        let keys = index.shards.map(\.key)
        for term in ["!", "c++", "[["] {
            let key = try #require(Self.shardKey(of: term, keys: keys))
            let name = SearchIndex.fileName(ofKey: key)
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            let shard = try Self.shardCall(ofKey: key, in: files)
            #expect(shard.contains("\"\(term)\":"), "\(term) in \(name).js")
        }
    }

    /// A posting as the index holds it.
    static func posting(_ page: Int, _ rank: SearchRank) -> Int {
        page << SearchRank.bits | Int(rank.value)
    }

    /// The script ranks a page whose title is the query first without its record: a title's
    /// words say which is first and how many there are.
    @Test func aTitlesWordsSayWhichIsFirstAndHowManyThereAre() async throws {
        let (index, catalog, _) = try await Self.index([
            ("commands/docker.md", "# docker\n\n> Manage containers.\n"),
            ("commands/docker-build.md", "# docker build\n\n> Build an image with docker.\n"),
            ("commands/podman.md", "# podman\n\n> Like docker, without a daemon: see the docker build page.\n"),
        ])
        let docker = Self.pageNumber(catalog, "docker"), build = Self.pageNumber(catalog, "docker build")
        let podman = Self.pageNumber(catalog, "podman")
        #expect(index.postings(of: "docker") == [Self.posting(docker, .titleWord(first: true, of: 1)),
                                                 Self.posting(build, .titleWord(first: true, of: 2)),
                                                 Self.posting(podman, SearchRank(.summary))].sorted())
        #expect(index.postings(of: "build") == [Self.posting(build, .titleWord(first: false, of: 2)),
                                                Self.posting(podman, SearchRank(.summary))].sorted())
        // The best place wins: a title's word over the same word in the text.
        #expect(SearchRank.titleWord(first: false, of: 7) > SearchRank(.summary))
        #expect(SearchRank.wholeTitle > SearchRank(.summary))
    }

    @Test func bodyTextIsTheTextOfTheHTML() {
        #expect(HTMLText.plain("<p>One &amp; <em>two</em></p><script>bad()</script>\n<p>three&#x21; &lt;b&gt;</p><STYLE>p{}</style>x")
                == "One & two three! <b> x")
    }

    @Test func everyWordIsFoundWithTheFieldItStandsIn() async throws {
        let (index, catalog, _) = try await Self.index([
            ("tools/hammer.md", "---\ntitle: Claw Hammer\nsummary: Archiving nails\ntags: [forge]\n---\nA **zeppelin** of Ärchive notes.\n"),
            ("tools/saw.md", "---\ntitle: Saw\nsummary: Cuts\n---\nCuts hammer handles.\n"),
        ])
        let hammer = Self.pageNumber(catalog, "Claw Hammer"), saw = Self.pageNumber(catalog, "Saw")
        #expect(index.postings(of: "zeppelin") == [Self.posting(hammer, SearchRank(.body))])
        #expect(index.postings(of: "archive") == [Self.posting(hammer, SearchRank(.body))])
        #expect(index.postings(of: "archiving") == [Self.posting(hammer, SearchRank(.summary))])
        #expect(index.postings(of: "forge") == [Self.posting(hammer, SearchRank(.summary))])
        #expect(index.postings(of: "hammer") == [Self.posting(hammer, .titleWord(first: false, of: 2)),
                                                 Self.posting(saw, SearchRank(.body))].sorted())
        #expect(index.postings(of: "claw") == [Self.posting(hammer, .titleWord(first: true, of: 2))])
        #expect(index.postings(of: "tools") != nil, "the category's title")
    }

    @Test func filesAreShardsThePageRecordsAndTheirList() async throws {
        let (index, catalog, files) = try await Self.index([
            ("tools/hammer.md", "---\ntitle: Claw Hammer\nsummary: Strikes\n---\nA zeppelin.\n"),
        ], portable: true)
        let listing = String(decoding: files["_stacks/search/index.js"]!, as: UTF8.self)
        #expect(listing.hasPrefix("window.stacksSearch.index({\"catalogPages\":\(catalog.pages.count),\"keys\":[") && listing.hasSuffix("});\n"))
        let keys = index.shards.map(\.key)
        #expect(listing.contains("\"pages\":2"))
        for key in keys { #expect(try !Self.termsFile(ofKey: key, in: files).isEmpty) }
        let shard = try Self.shardCall(ofKey: "ze", in: files)
        #expect(shard == "window.stacksSearch.terms(\"ze\",{\"zeppelin\":[\(Self.pageNumber(catalog, "Claw Hammer") << 2 | 1)]});\n")
        #expect(listing.contains("\"recordsPerFile\":\(SearchIndex.recordsPerFile)"))
        let hammer = Self.pageNumber(catalog, "Claw Hammer")
        let record = String(decoding: files["_stacks/search/pages/\(hammer / SearchIndex.recordsPerFile).js"]!, as: UTF8.self)
        #expect(record.contains("window.stacksSearch.page(\"\(hammer)\",{"))
        #expect(record.contains("\"path\":[\"Tools\",\"Claw Hammer\"]"))
        #expect(!record.contains("zeppelin"), "the text is in a file of its own")
        let texts = String(decoding: files["_stacks/search/texts/\(hammer / SearchIndex.recordsPerFile).js"]!, as: UTF8.self)
        #expect(texts.contains("window.stacksSearch.text(\"\(hammer)\",\"A zeppelin.\");\n"))
        #expect(record.contains("\"url\":\"tools/claw-hammer/index.html\"") || record.contains("\"url\":\"tools/hammer/index.html\""))
        #expect(!record.contains("window.stacksSearch.page(\"0\","), "the home page is not a result")
        #expect(SearchIndex.fileName(ofKey: "東京") == "_6771__4eac_")
        #expect(SearchIndex.fileName(ofKey: "é1") == "_e9_1")
    }

    /// A build writes each record with its page rather than holding them all; the files are
    /// the ones the whole index gives (and `stacks serve` serves). It also collects the postings
    /// as it writes, a set per run of pages: joined in another order, the pages of "wood" would
    /// be out of order.
    @Test func aBuildWritesTheRecordsTheIndexGives() async throws {
        let project = try TemporaryProject([
            "content/tools/_index.md": "---\ntitle: Tools\n---\nAll the tools for wood.\n",
            "content/tools/hammer.md": "---\ntitle: Hammer\nsummary: Strikes\n---\nA zeppelin of wood.\n",
            "content/tools/saw.md": "---\ntitle: Saw\n---\nCuts \"wood\".\n",
            "content/tools/awl.md": "---\ntitle: Awl\n---\nPierces wood and leather.\n",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let (input, _) = ProjectReader.read(project.options)
        let renderer = try await Pipeline.prepare(input).renderer
        let search = renderer.renderExtras(theme: .builtIn).filter { $0.path.hasPrefix("_stacks/search/") }
        let records = search.filter { $0.path.hasPrefix("_stacks/search/pages/") }
        #expect(records.map(\.path) == ["_stacks/search/pages/0.js"], "four records share one file")
        #expect(search.filter { $0.path.hasPrefix("_stacks/search/texts/") }.map(\.path) == ["_stacks/search/texts/0.js"])
        // Each page but the home has its record, once.
        let calls = records.flatMap { String(decoding: $0.bytes, as: UTF8.self).split(separator: "\n") }
        #expect(calls.count == renderer.pageCount - 1)
        for index in 1..<renderer.pageCount {
            #expect(calls.filter { $0.hasPrefix("window.stacksSearch.page(\"\(index)\",{") }.count == 1)
        }
        for file in search {
            #expect(Array(try project.read("output/" + file.path).utf8) == file.bytes, "\(file.path)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("output/_stacks/search/pages").path)
        #expect(written == ["0.js"])
    }

    @Test func largeShardsAreSplitAndEveryTermIsInTheShardTheScriptLoads() async throws {
        // 400 pages, each with its own words and words all share: "common", "co…".
        var pages: [(String, String)] = []
        for number in 0..<400 {
            pages.append(("c/p\(number).md", "---\ntitle: P\(number)\n---\ncommon cobalt co\(number)x word\(number) \(String(repeating: "z", count: number % 30 + 2))\n"))
        }
        let (index, _, files) = try await Self.index(pages, shardLimit: 2_000)
        let shards = index.shards
        let keys = shards.map(\.key)
        #expect(keys.contains { $0.count > 2 }, "the 'co' shard is split")
        var seen = Set<String>()
        for shard in shards {
            for term in shard.terms {
                #expect(Self.shardKey(of: term, keys: keys) == shard.key, "\(term) in \(shard.key)")
                #expect(seen.insert(term).inserted)
            }
            let size = try Self.shardCall(ofKey: shard.key, in: files).utf8.count
            #expect(size <= 4_000 || shard.terms.count == 1, "\(shard.key): \(size) bytes")
        }
        #expect(seen == Set(index.terms))
        // Small shards share files up to one and a half limits (3,000 bytes here); a file's
        // shards are the keys the listing gives it, in order.
        let termFiles = files.filter { $0.key.hasPrefix(SearchIndex.termsFolder + "/") }
        #expect(termFiles.count < keys.count, "\(termFiles.count) files for \(keys.count) shards")
        var calls = 0
        for (path, bytes) in termFiles {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            #expect(bytes.count <= 3_000 || lines.count == 1, "\(path): \(bytes.count) bytes")
            for line in lines {
                let key = String(line.dropFirst("window.stacksSearch.terms(\"".count).prefix { $0 != "\"" })
                #expect(try Self.termsFile(ofKey: key, in: files) == bytes, "\(key) in \(path)")
                calls += 1
            }
        }
        #expect(calls == keys.count)
        // Deltas decode to the pages.
        let text = try Self.shardCall(ofKey: Self.shardKey(of: "common", keys: keys)!, in: files)
        let list = text.split(separator: "\"common\":[")[1].split(separator: "]")[0].split(separator: ",").map { Int($0)! }
        var page = 0
        // As the script reads them: a title's place is followed by the rest of its rank.
        var decoded: [Int] = []
        var at = 0
        while at < list.count {
            page += list[at] >> 2
            var rank = list[at] & 3
            if rank == SearchIndex.Field.title.rawValue { at += 1; rank |= list[at] << 2 }
            decoded.append(page << SearchRank.bits | rank)
            at += 1
        }
        #expect(decoded == index.postings(of: "common"))
        #expect(SearchIndex.shardValues(of: PackedPostings([UInt32(Self.posting(3, .titleWord(first: true, of: 2))), UInt32(Self.posting(5, SearchRank(.body)))]))
                == [3 << 2 | 3, 1 | 2 << 1, 2 << 2 | 1])
    }

    @Test func hostileContentCannotEndTheScripts() async throws {
        let hostile = EscapingTests.hostile + "\u{2028}\u{2029}\"\u{301}"
        let (index, _, files) = try await Self.index([
            ("c/x.md", "---\ntitle: \"t \\\"\(EscapingTests.mark) </script>\"\ntags: [\"</script><!--\"]\n---\n\(hostile)\n\n<b>&lt;/script&gt;\u{2028}</b>\n"),
            // A title of one token with symbols is a term of its own, a key in a shard.
            ("c/y.md", "---\ntitle: \"\\\"]});alert(1);//</script>\\\\\"\n---\nBody.\n"),
        ])
        for (path, bytes) in files {
            EscapingTests.expectJSONStringsClosed(bytes, in: path)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(path)")
            #expect(text.hasPrefix("window.stacksSearch.") && text.hasSuffix(");\n"), "\(path)")
        }
        #expect(index.terms.contains("\"]});alert(1);//</script>\\"))
    }

    @Test func aHugePageKeepsTheFilesSmall() async throws {
        var body = ""
        for number in 0..<60_000 { body += "w\(number * 7919 % 1_000_003) " }
        let (index, catalog, files) = try await Self.index([("c/huge.md", "---\ntitle: Huge\n---\n\(body)\n")])
        let record = files["_stacks/search/texts/\(Self.pageNumber(catalog, "Huge") / SearchIndex.recordsPerFile).js"]!
        #expect(record.count < SearchIndex.snippetSourceLimit + 1_000)
        #expect(index.terms.count > 50_000, "every word is indexed")
        for (path, bytes) in files where path.hasPrefix("_stacks/search/terms/") {
            #expect(bytes.count <= SearchIndex.defaultShardLimit * 2, "\(path): \(bytes.count) bytes")
        }
    }
}
