import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The search's postings kept between builds (`MemoFile`): an entry is read back as written,
/// or not at all; a build after an edit takes every run the edit did not touch from it, and
/// still equals a clean build.
@Suite struct MemoFileTests {
    static func postings(_ pages: [(Int, String)]) -> SearchPostings {
        var postings = SearchPostings()
        for (page, words) in pages { postings.add(page: page, fields: Dictionary(uniqueKeysWithValues: words.split(separator: " ").map { (String($0), SearchIndex.Field.body) })) }
        return postings
    }

    /// A build's parts (one per chunk of consecutive pages) joined are the set the same pages
    /// make in one (the same list for every term, of one part alone or of every part), with the
    /// terms in the order the parts give them, as appending their bytes one after another does.
    @Test func partsJoinedAreThePagesPostingsMadeInOne() {
        let pages: [(Int, String)] = [(1, "brass lantern"), (2, "lantern wick"), (3, "anvil"), (9, "wick 真鍮 brass"),
                                      (10, "c++ lantern"), (11, "tongs"), (12, "brass tongs wick"), (20, "lantern")]
        let whole = Self.postings(pages)
        var parts = [Self.postings(Array(pages[0..<3])), Self.postings(Array(pages[3..<7])), SearchPostings(),
                     Self.postings(Array(pages[7...]))]
        // The other way to join them, which a build takes for runs kept in the memo: their bytes.
        var viaBytes = SearchPostings()
        for part in parts {
            let appended = viaBytes.append(encoded: part.encoded())
            #expect(appended)
        }
        let joined = SearchPostings.joined(&parts)
        #expect(joined.byTerm == whole.byTerm)
        #expect(joined.encoded() == viaBytes.encoded())
        #expect(joined.byTerm["anvil"] == [UInt32(3) << SearchRank.bits | SearchRank(.body).value])
        #expect(parts.count == 4 && parts.allSatisfy { $0.byTerm.isEmpty }, "each part is let go once joined")
    }

    @Test func encodedPostingsAppendAsThePostingsThemselves() {
        let early = Self.postings([(1, "brass lantern"), (2, "lantern wick")])
        let later = Self.postings([(17, "wick 真鍮 brass"), (18, "c++ lantern")])
        var viaBytes = early
        var parts = [early, later]
        let direct = SearchPostings.joined(&parts)
        let appended = viaBytes.append(encoded: later.encoded())
        #expect(appended)
        #expect(viaBytes.byTerm == direct.byTerm)
        #expect(direct.byTerm["lantern"] == [1, 2, 18].map { UInt32($0) << SearchRank.bits | SearchRank(.body).value })
        // Bytes that are not a whole set append nothing.
        let bytes = later.encoded()
        for cut in [1, 5, bytes.count / 2, bytes.count - 1] {
            var damaged = early
            let appendedCut = damaged.append(encoded: Array(bytes.prefix(cut)))
            #expect(!appendedCut)
            #expect(damaged.byTerm == early.byTerm)
        }
        var extra = early
        let appendedExtra = extra.append(encoded: bytes + [0])
        #expect(!appendedExtra)
        #expect(extra.byTerm == early.byTerm)
    }

    /// A run's postings taken from the set they were added to are the postings of a set of
    /// that run alone, whatever came before it (pages, runs appended from bytes).
    @Test func aRunsPostingsAreThoseOfTheRunAlone() {
        var shared = Self.postings([(1, "brass lantern"), (2, "lantern wick")])
        _ = shared.append(encoded: Self.postings([(5, "oil wick")]).encoded())
        let run: [(Int, String)] = [(17, "wick brass 真鍮"), (18, "c++ lantern wick"), (19, "brand new words")]
        shared.startRun()
        for (page, words) in run {
            shared.add(page: page, fields: Dictionary(uniqueKeysWithValues: words.split(separator: " ").map { (String($0), SearchIndex.Field.body) }))
        }
        var fromRun = SearchPostings(), alone = SearchPostings()
        _ = fromRun.append(encoded: shared.encodedRun())
        _ = alone.append(encoded: Self.postings(run).encoded())
        #expect(fromRun.byTerm == alone.byTerm && fromRun.byTerm.count == 8)
        // The next run starts empty.
        shared.startRun()
        var empty = SearchPostings()
        _ = empty.append(encoded: shared.encodedRun())
        #expect(empty.byTerm.isEmpty)
    }

    @Test func aMemoIsReadBackAsWrittenAndDamageHidesAnEntry() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("output").path
            let keys = (0..<40).map { Digest(of: Array("run \($0)".utf8)) }
            let writer = try #require(MemoFile.Writer(forOutput: output, kind: .search, binary: "one"))
            // From several threads at once, as a build's workers add them.
            DispatchQueue.concurrentPerform(iterations: keys.count) { number in
                writer.add(keys[number], Array(repeating: UInt8(number), count: number * 3))
            }
            // Until it is finished there is no memo.
            #expect(MemoFile.read(forOutput: output, kind: .search, binary: "one") == nil)
            writer.finish()
            // A writer finished (the decodings' and the parses', before the site is written)
            // takes nothing more, and finishing it again changes nothing.
            writer.add(Digest(of: [9]), [9, 9, 9])
            writer.finish()
            let memo = try #require(MemoFile.read(forOutput: output, kind: .search, binary: "one"))
            #expect(memo.count == keys.count)
            #expect(memo.entry(Digest(of: [9])) == nil)
            for (number, key) in keys.enumerated() { #expect(memo.entry(key) == Array(repeating: UInt8(number), count: number * 3)) }
            #expect(memo.entry(Digest(of: [1, 2, 3])) == nil)
            // Another binary's memo is not read, nor one of the other kind under its name.
            #expect(MemoFile.read(forOutput: output, kind: .search, binary: "two") == nil)
            try FileManager.default.copyItem(atPath: MemoFile.path(forOutput: output, kind: .search), toPath: MemoFile.path(forOutput: output, kind: .markdown))
            #expect(MemoFile.read(forOutput: output, kind: .markdown, binary: "one") == nil)
            try FileManager.default.removeItem(atPath: MemoFile.path(forOutput: output, kind: .markdown))

            let path = MemoFile.path(forOutput: output, kind: .search)
            let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            // A byte flipped in an entry: that entry is gone, the others are there.
            var flipped = whole
            let header = MemoFile.magic.count + 8 + 8 + 6 + 8 + 3
            flipped[header + 39 * 3 / 2] ^= 0x01  // inside the entries (entry 0 is empty)
            try Data(flipped).write(to: URL(fileURLWithPath: path))
            let damaged = try #require(MemoFile.read(forOutput: output, kind: .search, binary: "one"))
            let missing = keys.filter { damaged.entry($0) == nil }
            #expect(missing.count == 1)
            // Cut short, or its index damaged: no memo at all.
            for broken in [Array(whole.dropLast(1)), Array(whole.prefix(whole.count / 2)), Array(whole.dropLast(30)) + whole.suffix(30).map { $0 ^ 0x80 }] {
                try Data(broken).write(to: URL(fileURLWithPath: path))
                #expect(MemoFile.read(forOutput: output, kind: .search, binary: "one") == nil)
            }
            // A writer never finished (a failed build) leaves the last memo and nothing of its own.
            try Data(whole).write(to: URL(fileURLWithPath: path))
            do {
                let abandoned = try #require(MemoFile.Writer(forOutput: output, kind: .search, binary: "one"))
                abandoned.add(keys[0], [9])
            }
            #expect(MemoFile.read(forOutput: output, kind: .search, binary: "one")?.count == keys.count)
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("stacks-search") }
            #expect(beside == [".output.stacks-search"])
        }
    }

    /// A writer appending to the last memo indexes again the entries found there and kept,
    /// writes only the others, and leaves the last memo whole when it is never finished; once
    /// entries no build uses would be most of the file, it writes the memo whole again.
    @Test func aMemoIsAppendedToAndWrittenWholeWhenMostlyUnused() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("output").path
            let path = MemoFile.path(forOutput: output, kind: .markdown)
            func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1 }
            let keys = (0..<50).map { Digest(of: Array("entry \($0)".utf8)) }
            func value(_ number: Int, _ round: Int = 0) -> [UInt8] { Array(repeating: UInt8(number), count: 100_000 + round) }
            let first = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one"))
            for (number, key) in keys.enumerated() { first.add(key, value(number)) }
            first.finish()
            let whole = size()

            // The same entries but one, and a new one: only those two are written.
            var last = try #require(MemoFile.read(forOutput: output, kind: .markdown, binary: "one"))
            let second = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one", appendingTo: last))
            for (number, key) in keys.enumerated() {
                if number == 7 { second.add(key, value(number, 1)) } else { second.addFound(key, try #require(last.entry(key))) }
            }
            let added = Digest(of: [1])
            second.add(added, value(99))
            second.finish()
            #expect(size() < whole + 2 * 100_100 + 2 * 51 * 32 + 200, "appended: \(size() - whole) bytes")
            last = try #require(MemoFile.read(forOutput: output, kind: .markdown, binary: "one"))
            #expect(last.count == 51)
            for (number, key) in keys.enumerated() { #expect(last.entry(key) == (number == 7 ? value(number, 1) : value(number))) }
            #expect(last.entry(added) == value(99))

            // Never finished (a failed build): the last memo as it was.
            let before = size()
            do {
                let abandoned = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one", appendingTo: last))
                abandoned.add(Digest(of: [2]), value(5, 3000))
            }
            #expect(size() == before)
            last = try #require(MemoFile.read(forOutput: output, kind: .markdown, binary: "one"))
            #expect(last.count == 51 && last.entry(keys[0]) == value(0))

            // Builds that keep one entry each: the file is written whole again once unused
            // entries are most of it.
            var (grew, shrank) = (0, 0)
            for round in 0..<40 {
                let before = size()
                let writer = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one", appendingTo: last))
                writer.add(keys[round % keys.count], value(round % keys.count, 2 + round))
                writer.finish()
                last = try #require(MemoFile.read(forOutput: output, kind: .markdown, binary: "one"))
                #expect(last.count == 1 && last.entry(keys[round % keys.count]) == value(round % keys.count, 2 + round))
                // (Told by the memo appended to: the first round still appends to a memo in use.)
                #expect(round == 0 || size() <= 3 * 100_200 + (1 << 20), "round \(round): \(size()) bytes")
                if size() > before { grew += 1 } else { shrank += 1 }
            }
            #expect(grew > 20 && shrank > 1, "appended \(grew) times, written whole \(shrank) times")
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("stacks-markdown") }
            #expect(beside == [".output.stacks-markdown"])
        }
    }

    /// A catalog of several runs of pages (`SearchIndex.recordsPerFile`), one page's body edited: every other run's
    /// postings come from the memo, and the output is a clean build's.
    @Test func aBuildAfterAnEditTakesTheUntouchedRunsFromTheMemo() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            // 160 pages: five runs of thirty-two.
            for number in 0..<140 {
                catalog.files["shelf/item-\(number).md"] = "---\ntitle: Item \(number)\n---\nA word \(number) and lantern number \(number * 7).\n"
            }
            try catalog.write(to: folder)
            let options = BuildOptions(projectDirectory: folder)
            let first = try await SiteBuilder.build(options)
            #expect(first.searchRunsKept == 0)
            // The record files of the catalog's pages: all but the tag pages' (`steel`), which is last.
            let recordFiles = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("output/_stacks/search/pages").path)
            let runs = recordFiles.count - 1
            #expect(runs == 5 && recordFiles.contains("\(SearchIndex.recordFiles(ofCatalogPages: 160)).js"))

            var old = catalog
            catalog.files["shelf/item-30.md"]! += "\nA new word: quincunx.\n"
            try BuildCacheTests.sync(catalog, from: old, into: folder)
            let before = BuildCacheTests.tree(folder.appendingPathComponent("output"))
            let edited = await BuildCacheTests.build(options)
            #expect((try? edited.get())?.searchRunsKept == runs - 1, "\((try? edited.get())?.searchRunsKept ?? -1) of \(runs)")
            await BuildCacheTests.expectSameAsClean(edited, folder: folder, before: before, "one body edited")
            let terms = folder.appendingPathComponent("output/_stacks/search/terms")
            let shards = try FileManager.default.contentsOfDirectory(atPath: terms.path)
                .map { try String(contentsOf: terms.appendingPathComponent($0), encoding: .utf8) }
            #expect(shards.contains { $0.contains("window.stacksSearch.terms(\"qu\",{") && $0.contains("\"quincunx\":") })

            // The memo replaced by one of another binary: every run is read again, the same output.
            let memoPath = MemoFile.path(forOutput: folder.appendingPathComponent("output").resolvingSymlinksInPath().path, kind: .search)
            let other = try #require(MemoFile.Writer(forOutput: folder.appendingPathComponent("output").resolvingSymlinksInPath().path, kind: .search, binary: "another"))
            other.finish()
            #expect(FileManager.default.fileExists(atPath: memoPath))
            old = catalog
            catalog.files["shelf/item-31.md"]! += "\nAnother word.\n"
            try BuildCacheTests.sync(catalog, from: old, into: folder)
            let again = await BuildCacheTests.build(options)
            #expect((try? again.get())?.searchRunsKept == 0)
            await BuildCacheTests.expectSameAsClean(again, folder: folder, before: BuildCacheTests.tree(folder.appendingPathComponent("output")), "another binary's memo")
        }
    }
}
