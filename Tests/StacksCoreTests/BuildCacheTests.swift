import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// A build that reuses the last one (nothing written when nothing changed, the output updated
/// in place after an edit) must leave exactly what a clean build leaves: the same files, the
/// same bytes, the same folders, the same warnings and errors.
@Suite struct BuildCacheTests {
    /// Every file (with its bytes) and every folder under `folder`.
    static func tree(_ folder: URL) -> [String: Data] {
        var entries: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return entries }
        for case let path as String in enumerator {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
            entries[isFolder.boolValue ? path + "/" : path] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: full)
        }
        return entries
    }

    /// A build's outcome: its summary or its problems.
    static func build(_ options: BuildOptions) async -> Result<SiteBuilder.Summary, Diagnostics> {
        do {
            return .success(try await SiteBuilder.build(options))
        } catch {
            return .failure(error)
        }
    }

    static func cleanOptions(_ folder: URL) -> BuildOptions {
        BuildOptions(projectDirectory: folder, output: "clean-output", clean: true)
    }

    /// Compares the incremental build's outcome with a clean build's of the same sources.
    static func expectSameAsClean(_ incremental: Result<SiteBuilder.Summary, Diagnostics>, folder: URL,
                                  before: [String: Data], _ context: String) async {
        let clean = await build(cleanOptions(folder))
        let output = tree(folder.appendingPathComponent("output"))
        switch (incremental, clean) {
        case (.success(let summary), .success(let cleanSummary)):
            let expected = tree(folder.appendingPathComponent("clean-output"))
            let missing = Set(expected.keys).subtracting(output.keys).sorted(), extra = Set(output.keys).subtracting(expected.keys).sorted()
            #expect(missing.isEmpty && extra.isEmpty, "\(context): missing \(missing.prefix(5)), extra \(extra.prefix(5))")
            let differing = expected.keys.filter { output[$0] != nil && output[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "\(context): bytes differ in \(differing.prefix(5))")
            #expect(summary.warnings.map(\.description).sorted() == cleanSummary.warnings.map(\.description).sorted(),
                    "\(context): the warnings differ")
            #expect((summary.pages, summary.files, summary.bytes) == (cleanSummary.pages, cleanSummary.files, cleanSummary.bytes),
                    "\(context): the summaries differ")
        case (.failure(let problems), .failure(let cleanProblems)):
            #expect(problems.sorted == cleanProblems.sorted, "\(context)")
            #expect(output == before, "\(context): a failed build changed the output")
        default:
            Issue.record("\(context): incremental \(incremental), clean \(clean)")
        }
    }

    /// Writes the catalog's Markdown as it is now, removing the files it no longer has.
    static func sync(_ catalog: TestCatalog, from old: TestCatalog, into folder: URL) throws {
        let content = folder.appendingPathComponent("content")
        for path in old.files.keys where catalog.files[path] == nil {
            try FileManager.default.removeItem(at: content.appendingPathComponent(path))
        }
        for (path, text) in catalog.files where old.files[path] != text {
            try TestCatalog.write(Array(text.utf8), to: content.appendingPathComponent(path))
        }
    }

    /// Long random series of edits — text, titles, order, icons, slugs, drafts, links, tags,
    /// aliases, pages added, removed and renamed, folders made, broken and fixed front matter,
    /// templates, `stacks.yml`, co-located files — and of accidents: the cache damaged, a build
    /// cut short half way through writing in place, files of the output edited or removed by
    /// hand. After each, the incremental build must equal a clean build.
    @Test(arguments: [21, 22, 23, 24, 25] as [UInt64])
    func incrementalBuildsEqualCleanBuildsAfterRandomEdits(seed: UInt64) async throws {
        try await withTemporaryFolder { folder in
            var random = SplitMix(state: seed)
            var catalog = TestCatalog.standard
            try catalog.write(to: folder)
            let options = BuildOptions(projectDirectory: folder)
            let output = folder.appendingPathComponent("output")
            let cachePath = BuildCache.path(forOutput: output.path)
            var updatedInPlace = 0, partlyWritten = 0
            for step in 0..<45 {
                var edit = "the first build"
                let old = catalog
                if step > 0 {
                    switch Int.random(in: 0..<26, using: &random) {
                    case 0:
                        let entry = Theme.builtIn.text("list-entry.mustache")!
                        try TestCatalog.write(Array(entry.replacingOccurrences(of: "class=\"", with: "class=\"x\(step) ").utf8),
                                              to: folder.appendingPathComponent("templates/list-entry.mustache"))
                        edit = "a template"
                    case 1:
                        if Bool.random(using: &random) {
                            try? FileManager.default.removeItem(at: folder.appendingPathComponent("templates"))
                            edit = "the templates removed"
                        } else {
                            // The stylesheet: published, named by every page, in none of them.
                            let css = Theme.builtIn.text("assets/stacks.css.mustache")!
                            try TestCatalog.write(Array((css + "\n/* \(step) */\n").utf8),
                                                  to: folder.appendingPathComponent("templates/assets/stacks.css.mustache"))
                            edit = "the stylesheet"
                        }
                    case 2:
                        let window = Int.random(in: 3...5, using: &random)
                        try TestCatalog.write(Array(TestCatalog.config.replacingOccurrences(of: "listWindow: 4", with: "listWindow: \(window)").utf8),
                                              to: folder.appendingPathComponent("stacks.yml"))
                        edit = "stacks.yml"
                    case 3:
                        let size = Int.random(in: 12...14, using: &random)
                        try TestCatalog.write(TestCatalog.binaries["tools/saw/photo.png"]!.prefix(8) + (0..<size - 8).map { _ in UInt8.random(in: 0...255, using: &random) },
                                              to: folder.appendingPathComponent("content/tools/saw/photo.png"))
                        edit = "a co-located file's bytes"
                    case 4:
                        let manual = folder.appendingPathComponent("content/tools/manual.pdf")
                        if FileManager.default.fileExists(atPath: manual.path) {
                            try FileManager.default.removeItem(at: manual)
                            edit = "a co-located file removed"
                        } else {
                            try TestCatalog.write(Array("%PDF-1.4 \(step)\n".utf8), to: manual)
                            edit = "a co-located file added"
                        }
                    case 5:
                        edit = "nothing"
                    case 6 where Bool.random(using: &random):
                        // A memo damaged: a byte flipped (one entry not taken), or cut short.
                        let memoPath = MemoFile.path(forOutput: output.resolvingSymlinksInPath().path,
                                                     kind: MemoFile.Kind.allCases.randomElement(using: &random)!)
                        guard var bytes = FileManager.default.contents(atPath: memoPath).map([UInt8].init), bytes.count > 100 else {
                            edit = "nothing"
                            break
                        }
                        if Bool.random(using: &random) {
                            bytes[Int.random(in: 60..<bytes.count, using: &random)] ^= 0x04
                            edit = "a byte of \(memoPath.split(separator: "/").last!) flipped"
                        } else {
                            bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
                            edit = "\(memoPath.split(separator: "/").last!) cut short"
                        }
                        try Data(bytes).write(to: URL(fileURLWithPath: memoPath))
                        // A page edited too, so that the build runs.
                        edit += "; " + catalog.randomEdit(using: &random)
                    case 6:
                        // None when the last build that wrote one was followed by an accident.
                        guard var bytes = FileManager.default.contents(atPath: cachePath).map([UInt8].init) else {
                            edit = "nothing"
                            break
                        }
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0:
                            bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
                            edit = "the cache cut short"
                        case 1:
                            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 0x10
                            edit = "a byte of the cache flipped"
                        default:
                            var cache = try BuildCache.decode(bytes, binary: BinaryIdentity.current).get()
                            cache.binary = "another version"
                            bytes = cache.encoded()
                            edit = "the cache of another binary"
                        }
                        try Data(bytes).write(to: URL(fileURLWithPath: cachePath))
                    case 7:
                        // What a build killed while writing in place leaves: no cache, some files
                        // new, some old, a file half written beside its place.
                        try? FileManager.default.removeItem(atPath: cachePath)
                        let pages = Self.tree(output).keys.filter { $0.hasSuffix(".html") }.sorted()
                        for page in pages.shuffled(using: &random).prefix(3) {
                            try Data("<p>half".utf8).write(to: output.appendingPathComponent(page))
                        }
                        try Data("partial".utf8).write(to: output.appendingPathComponent(".index.html.stacks-new"))
                        edit = "a build killed half way"
                    case 8:
                        let files = Self.tree(output).keys.filter { !$0.hasSuffix("/") && !$0.hasPrefix(".") }.sorted()
                        let victim = files.randomElement(using: &random)!
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0:
                            try FileManager.default.removeItem(at: output.appendingPathComponent(victim))
                            edit = "\(victim) removed from the output"
                        case 1:
                            try Data("mine".utf8).write(to: output.appendingPathComponent(victim + ".extra"))
                            edit = "a file added beside \(victim) in the output"
                        default:
                            try Data("edited by hand".utf8).write(to: output.appendingPathComponent(victim))
                            edit = "\(victim) edited in the output"
                        }
                    default:
                        edit = catalog.randomEdit(using: &random)
                    }
                    try Self.sync(catalog, from: old, into: folder)
                }
                let before = Self.tree(output)
                let result = await Self.build(options)
                let context = "seed \(seed), step \(step): \(edit)"
                if case .success(let summary) = result, case .updated(let written, _) = summary.reuse {
                    updatedInPlace += 1
                    if written < summary.pages { partlyWritten += 1 }
                }
                if case .success(let summary) = result, edit.hasPrefix("the cache ") || edit.contains("byte of the cache") {
                    #expect(summary.reuse == .none && summary.notes.count == 1, "\(context): \(summary.notes)")
                }
                await Self.expectSameAsClean(result, folder: folder, before: before, context)
            }
            #expect(updatedInPlace >= 10 && partlyWritten >= 5, "seed \(seed): \(updatedInPlace) in place, \(partlyWritten) in part")
        }
    }

    /// The survey names the recorded files not as written, so that writing in place looks at no
    /// other; with a recorded file missing it names none, and each is looked at.
    @Test func theSurveyNamesTheFilesNotAsWritten() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let output = RealPath.of(folder.appendingPathComponent("output").path)!
            let cache = try BuildCache.read(forOutput: output, binary: BinaryIdentity.current)!.get()
            #expect(OutputSurvey(of: output, files: cache.files).notAsWritten == [])
            try Data("edited by hand".utf8).write(to: URL(fileURLWithPath: output + "/kitchen/fork/index.html"))
            #expect(OutputSurvey(of: output, files: cache.files).notAsWritten == ["kitchen/fork/index.html"])
            try FileManager.default.removeItem(atPath: output + "/kitchen/spoon/index.html")
            let survey = OutputSurvey(of: output, files: cache.files)
            #expect(survey.notAsWritten == nil && survey.changed == 2)
            // Written in place, both are mended.
            let before = Self.tree(folder.appendingPathComponent("output"))
            await Self.expectSameAsClean(await Self.build(options), folder: folder, before: before, "an output file edited, one removed")
        }
    }

    /// Nothing changed: nothing is written, and the summary and warnings are the last build's.
    @Test func aSecondBuildOfTheSameSourcesWritesNothing() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            catalog.files["kitchen/spoon.md"]! += "\nSee [the missing part](fork.md#nowhere).\n"
            // No co-located file: one written just now counts as changed (`FileIdentity.ofSource`).
            catalog.files["tools/saw/index.md"] = "---\ntitle: Saw\n---\nSee the [blade](blade.md).\n"
            for (path, text) in catalog.files {
                try TestCatalog.write(Array(text.utf8), to: folder.appendingPathComponent("content/" + path))
            }
            let options = BuildOptions(projectDirectory: folder)
            let first = try await SiteBuilder.build(options)
            #expect(first.reuse == .none && first.notes.isEmpty)
            #expect(first.warnings.count == 1)
            let output = folder.appendingPathComponent("output")
            let identities = Self.identities(output)
            let second = try await SiteBuilder.build(options)
            #expect(second.reuse == .unchanged)
            #expect(second.description.hasSuffix(" (nothing changed)"))
            #expect(second.warnings == first.warnings)
            #expect((second.pages, second.files, second.bytes) == (first.pages, first.files, first.bytes))
            #expect(Self.identities(output) == identities, "a file was touched")

            // One body edited: that page, and what shows its words (the search), are written again.
            try TestCatalog.write(Array((catalog.files["kitchen/fork.md"]! + "\nMore about forks.\n").utf8),
                                  to: folder.appendingPathComponent("content/kitchen/fork.md"))
            let third = try await SiteBuilder.build(options)
            guard case .updated(let written, let removed) = third.reuse else {
                Issue.record("not updated in place: \(third.reuse)")
                return
            }
            let after = Self.identities(output)
            let changed = after.keys.filter { after[$0] != identities[$0] }.sorted()
            #expect(changed.contains("kitchen/fork/index.html"))
            #expect(written == changed.count && removed == 0, "\(changed)")
            #expect(written < 10, "\(changed)")
            #expect(third.description.contains(" (\(written) files written, 0 removed)"))

            // The stylesheet is named by every page and in none: it alone is written.
            let css = Theme.builtIn.text("assets/stacks.css.mustache")! + "\n/* darker */\n"
            try TestCatalog.write(Array(css.utf8), to: folder.appendingPathComponent("templates/assets/stacks.css.mustache"))
            let fourth = try await SiteBuilder.build(options)
            #expect(fourth.reuse == .updated(written: 1, removed: 0), "\(fourth.reuse)")
            #expect(try String(contentsOf: output.appendingPathComponent("_stacks/stacks.css"), encoding: .utf8).hasSuffix("/* darker */\n"))
        }
    }

    /// A page's body is known by a digest made from its parse and what its links resolved to,
    /// not from its bytes (`PageBodies.digest(_:)`): a page whose Markdown did not change, but
    /// whose link now leads to another URL, is written again, and one whose links lead where
    /// they did is left as it is.
    @Test func aPageWhoseLinkMovedIsWrittenAgain() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            // A page far from the fork (not its neighbour, not in its list) links to it.
            catalog.files["notes/first.md"]! += "\nSee [the fork](../kitchen/fork.md).\n"
            try catalog.write(to: folder)
            try await KnownSourcesTests.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let output = folder.appendingPathComponent("output")
            let identities = Self.identities(output)
            // The fork takes another slug: the note's Markdown is the same, its link's URL is not.
            let fork = catalog.files["kitchen/fork.md"]!
            let moved = fork.hasPrefix("---\n") ? "---\nslug: table-fork\n" + fork.dropFirst(4) : "---\nslug: table-fork\n---\n" + fork
            try TestCatalog.write(Array(moved.utf8), to: folder.appendingPathComponent("content/kitchen/fork.md"))
            let before = Self.tree(output)
            let result = await Self.build(options)
            guard case .success(let summary) = result, case .updated = summary.reuse else {
                Issue.record("not updated in place: \(result)")
                return
            }
            let note = try String(contentsOf: output.appendingPathComponent("notes/first/index.html"), encoding: .utf8)
            #expect(note.contains("table-fork/"))
            let after = Self.identities(output)
            #expect(after["notes/first/index.html"] != identities["notes/first/index.html"])
            #expect(after["tools/saw/blade/index.html"] == identities["tools/saw/blade/index.html"], "a page whose links did not move")
            await Self.expectSameAsClean(result, folder: folder, before: before, "a link's target moved")
        }
    }

    /// A co-located file rewritten with the same size at once after a build is still seen.
    @Test func aFileRewrittenRightAfterABuildIsCopiedAgain() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.write(Array("---\ntitle: Saw\n---\n![photo](photo.dat)\n".utf8),
                                  to: folder.appendingPathComponent("content/saw/index.md"))
            let asset = folder.appendingPathComponent("content/saw/photo.dat")
            let options = BuildOptions(projectDirectory: folder)
            for round in 0..<5 {
                try Data("photo \(round)".utf8).write(to: asset, options: [])
                _ = try await SiteBuilder.build(options)
                let published = try Data(contentsOf: folder.appendingPathComponent("output/saw/photo.dat"))
                #expect(published == Data("photo \(round)".utf8), "round \(round)")
            }
        }
    }

    /// `--clean` writes everything anew although nothing changed.
    @Test func cleanIgnoresTheCache() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            var options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            options.clean = true
            let summary = try await SiteBuilder.build(options)
            #expect(summary.reuse == .none && summary.notes.isEmpty)
        }
    }

    /// Each way a cache can be wrong is seen, and named in one line.
    @Test(arguments: ["cut short", "flipped", "other binary", "other format", "empty", "other output"])
    func aDamagedCacheIsIgnoredWithOneLine(damage: String) async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let output = folder.appendingPathComponent("output")
            let path = BuildCache.path(forOutput: output.path)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            var reason = "it is damaged"
            switch damage {
            case "cut short": bytes.removeLast(bytes.count / 2)
            case "flipped": bytes[bytes.count / 3] ^= 1
            case "empty": bytes = []
            case "other format":
                bytes[BuildCache.magic.count] = 99
                reason = "it is in another format"
            case "other binary":
                var cache = try BuildCache.decode(bytes, binary: BinaryIdentity.current).get()
                cache.binary = "stacks 0.1"
                bytes = cache.encoded()
                reason = "it was written by another Stacks binary"
            default:
                // The output folder replaced by another (a copy, say): its files are not the ones recorded.
                let copy = folder.appendingPathComponent("copy")
                try FileManager.default.copyItem(at: output, to: copy)
                try FileManager.default.removeItem(at: output)
                try FileManager.default.moveItem(at: copy, to: output)
                reason = "the output folder was replaced since"
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let summary = try await SiteBuilder.build(options)
            #expect(summary.reuse == .none)
            #expect(summary.notes.count == 1)
            #expect(summary.notes.first?.hasPrefix(".output.stacks-cache: note: not using the build cache: \(reason)") == true,
                    "\(summary.notes)")
            await Self.expectSameAsClean(.success(summary), folder: folder, before: [:], damage)
            // The cache written again is whole: the next build writes nothing.
            #expect(try await SiteBuilder.build(options).reuse == .unchanged)
        }
    }

    /// The cache's bytes decode to the cache encoded, and every cut of them is refused.
    @Test func everyTruncationOfACacheIsRefused() throws {
        let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 0)
        let cache = BuildCache(binary: "b", sources: Digest(of: [1, 2]), output: identity, pages: 2, summaryFiles: 3,
                               bytes: 1 << 40, warnings: [.warning("content/a.md", line: 3, column: 4, "odd")],
                               files: ["index.html": .init(content: Digest(of: [3]), file: identity),
                                       "a/index.html": .init(content: Digest(of: [4]), file: identity)])
        let bytes = cache.encoded()
        #expect(try BuildCache.decode(bytes, binary: "b").get() == cache)
        #expect(BuildCache.decode(bytes, binary: "c") == .failure(.otherBinary))
        for length in 0..<bytes.count {
            guard case .failure = BuildCache.decode(Array(bytes[..<length]), binary: "b") else {
                Issue.record("a cache cut to \(length) of \(bytes.count) bytes was taken")
                continue
            }
        }
    }

    /// A cache of many records, written to its file a megabyte at a time, is the bytes
    /// `encoded()` makes whole (its checksum made as they went), and reads back as the cache.
    @Test func aCacheWrittenInPartsIsTheCacheWhole() async throws {
        try await withTemporaryFolder { folder in
            let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
            var files = PathTable<BuildCache.Record>()
            // About 3.5 MB: several parts, the last one short.
            for number in 0..<30_000 {
                files.updateValue(.init(content: Digest(of: Array("\(number)".utf8)), file: identity,
                                        input: number % 3 == 0 ? nil : Digest(of: [UInt8(number & 255)])),
                                  forKey: "category-\(number % 97)/item-\(number)/index.html")
            }
            let cache = BuildCache(binary: BinaryIdentity.current, sources: Digest(of: [1]), output: identity, pages: 30_000, summaryFiles: 7,
                                   bytes: 1 << 33, warnings: [], files: files)
            let output = folder.appendingPathComponent("output").path
            try cache.write(forOutput: output)
            let written = try #require(FileManager.default.contents(atPath: BuildCache.path(forOutput: output)))
            let whole = cache.encoded()
            #expect(whole.count > 3 << 20)
            #expect(Array(written) == whole)
            #expect(try BuildCache.read(forOutput: output, binary: BinaryIdentity.current)?.get() == cache)
        }
    }

    /// A fresh write's pages leave their records in a `RecordLog` a batch at a time; the cache
    /// written from a table and a log reads back as the cache of all those records.
    @Test func aCacheWithRecordsInALogReadsBackWhole() async throws {
        try await withTemporaryFolder { folder in
            let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
            var all = PathTable<BuildCache.Record>(), held = PathTable<BuildCache.Record>()
            let log = try #require(RecordLog(folder: folder.path))
            var batch: [UInt8] = [], entries = 0
            // About 3.5 MB: several batches of the log, the last one short.
            for number in 0..<30_000 {
                let record = BuildCache.Record(content: Digest(of: Array("\(number)".utf8)), file: identity,
                                               input: number % 3 == 0 ? nil : Digest(of: [UInt8(number & 255)]))
                var path = number % 10 == 0 ? "extra-\(number).json" : "category-\(number % 97)/item-\(number)/index.html"
                all.updateValue(record, forKey: path)
                if number % 10 == 0 {
                    held.updateValue(record, forKey: path)
                    continue
                }
                path.withUTF8 { BuildCache.appendEntry(path: $0, record: record, to: &batch) }
                entries += 1
                if batch.count >= RecordLog.batchSize {
                    log.append(batch, entries: entries)
                    (batch, entries) = ([], 0)
                }
            }
            log.append(batch, entries: entries)
            #expect(log.entries == 27_000)
            // Nothing of the log's is in the folder: its file was unlinked when made.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            let output = folder.appendingPathComponent("output").path
            let cache = BuildCache(binary: BinaryIdentity.current, sources: Digest(of: [1]), output: identity, pages: 27_000, summaryFiles: 7,
                                   bytes: 1 << 33, warnings: [], files: held)
            try cache.write(forOutput: output, log: log)
            let found = try #require(BuildCache.read(forOutput: output, binary: BinaryIdentity.current))
            let read = try found.get()
            #expect(read.files.count == 30_000)
            var same = true
            all.forEachEntry { path, record in
                if read.files[String(decoding: path, as: UTF8.self)] != record { same = false }
            }
            #expect(same)
            #expect(read.pages == 27_000 && read.summaryFiles == 7 && read.bytes == 1 << 33)
        }
    }

    /// The checksum of bytes given in parts, cut anywhere, is the checksum of them whole; and
    /// it tells apart inputs that differ by a byte, by their length, or by zeros at the end.
    @Test func aChecksumGivenInPartsIsTheChecksumWhole() {
        var generator = SplitMix(state: 3)
        for _ in 0..<400 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let whole = bytes.withUnsafeBytes(Checksum.of)
            var parts = Checksum()
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 0...70, using: &generator))
                bytes[start..<end].withUnsafeBytes { parts.add($0) }
                start = end
            }
            #expect(parts.finished() == whole)
            #expect((bytes + [0]).withUnsafeBytes(Checksum.of) != whole)
            if !bytes.isEmpty {
                var flipped = bytes
                flipped[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                #expect(flipped.withUnsafeBytes(Checksum.of) != whole)
                #expect(bytes.dropLast().withUnsafeBytes(Checksum.of) != whole)
            }
        }
    }

    /// A folder of the output replaced by a link is not written through: the build sees it
    /// and writes the whole output anew, and nothing lands where the link leads. Writing in
    /// place refuses such a folder too (should one be planted while a build runs).
    @Test func aLinkPlantedInTheOutputIsNotFollowed() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let elsewhere = folder.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let kitchen = folder.appendingPathComponent("output/kitchen")
            try FileManager.default.removeItem(at: kitchen)
            try FileManager.default.createSymbolicLink(at: kitchen, withDestinationURL: elsewhere)
            let output = folder.appendingPathComponent("output").path
            let cache = try BuildCache.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: BuildCache.path(forOutput: output)))),
                                              binary: BinaryIdentity.current).get()
            let files = OutputFiles(root: output, placement: .inPlace(cache))
            #expect(throws: WriteFailure.self) { try files.put(Array("x".utf8), at: OutputPath("kitchen/fork/index.html")!) }
            #expect(throws: WriteFailure.self) { try files.put(Array("x".utf8), at: OutputPath("kitchen/new/index.html")!) }

            try TestCatalog.write(Array("# Fork\n\nChanged.\n".utf8), to: folder.appendingPathComponent("content/kitchen/fork.md"))
            let summary = try await SiteBuilder.build(options)
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
            #expect(summary.notes == ["output/kitchen: note: not written by Stacks; writing the output anew"])
            await Self.expectSameAsClean(.success(summary), folder: folder, before: [:], "a planted link")
        }
    }

    /// The `stacks` executable killed at random moments of a build that writes in place: the
    /// next build still gives exactly a clean build's output.
    @Test func aBuildKilledHalfWayIsFollowedByACorrectOne() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            for number in 0..<600 {
                catalog.files["bulk/item-\(number).md"] = "---\ntitle: Item \(number)\ntags: [t\(number % 7)]\n---\nText \(number).\n"
            }
            try catalog.write(to: folder)
            #expect(try StacksCommand.run(["build"], in: folder).status == 0)
            var random = SplitMix(state: 7)
            for round in 0..<6 {
                // Every page changes (the home's title is on all of them).
                let home = "---\ntitle: Catalog \(round)\n---\nWelcome.\n"
                try TestCatalog.write(Array(home.utf8), to: folder.appendingPathComponent("content/_index.md"))
                let started = try StacksCommand.start(["build"], in: folder)
                try await Task.sleep(for: .milliseconds(Int.random(in: 50...1500, using: &random)))
                kill(started.0.processIdentifier, SIGKILL)
                _ = StacksCommand.finish(started)
                let after = try StacksCommand.run(["build"], in: folder)
                #expect(after.status == 0, "round \(round): \(after.standardError)")
                let clean = try await SiteBuilder.build(Self.cleanOptions(folder))
                #expect(after.standardOutput.hasPrefix("Built \(clean.pages) pages and \(clean.files) files"))
                let output = Self.tree(folder.appendingPathComponent("output"))
                let expected = Self.tree(folder.appendingPathComponent("clean-output"))
                #expect(output.keys.sorted() == expected.keys.sorted(), "round \(round): the files differ")
                #expect(output == expected, "round \(round): the bytes differ")
                // And the build after it, from that one's cache, writes nothing.
                #expect(try StacksCommand.run(["build"], in: folder).standardOutput.contains("(nothing changed)"))
            }
        }
    }

    static func identities(_ folder: URL) -> [String: FileIdentity] {
        var identities: [String: FileIdentity] = [:]
        for path in tree(folder).keys where !path.hasSuffix("/") {
            identities[path] = FileIdentity.of(folder.appendingPathComponent(path).path)
        }
        return identities
    }
}
