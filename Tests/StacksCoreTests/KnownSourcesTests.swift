import Foundation
import Testing
import Synchronization
import StacksTestSupport
@testable import StacksCore
#if canImport(Glibc)
import Glibc
#endif

/// A build leaves unread the Markdown files whose `stat` is the one the last build recorded
/// (`KnownSources`): a build with nothing changed reads no page, and every build still equals
/// a clean one. A file is trusted only when its times are well before the recording build
/// began, so each test waits out that margin once, after writing its catalog.
@Suite struct KnownSourcesTests {
    static let identity = FileIdentity(device: 1, inode: 2, size: 30, modified: 1_000_000_000, changed: 1_000_000_000)

    @Test func aFileIsKnownByTheSameStatWellBeforeTheRecording() {
        let digest = Digest(of: [1, 2, 3])
        let known = KnownSources(files: ["a.md": .init(file: Self.identity, digest: digest)],
                                 readStart: Self.identity.changed + KnownSources.margin + 1)
        #expect(known.digest(of: "a.md", identity: Self.identity) == digest)
        #expect(known.digest(of: "b.md", identity: Self.identity) == nil, "another path")
        for changed in [\FileIdentity.inode, \.device] as [WritableKeyPath<FileIdentity, UInt64>] {
            var other = Self.identity
            other[keyPath: changed] += 1
            #expect(known.digest(of: "a.md", identity: other) == nil)
        }
        for changed in [\FileIdentity.size, \.modified, \.changed] as [WritableKeyPath<FileIdentity, Int64>] {
            var other = Self.identity
            other[keyPath: changed] += 1
            #expect(known.digest(of: "a.md", identity: other) == nil)
        }
        // Changed within the margin before the recording began: perhaps twice in one clock tick.
        let racy = KnownSources(files: known.files, readStart: Self.identity.changed + KnownSources.margin)
        #expect(racy.digest(of: "a.md", identity: Self.identity) == nil)
    }

    /// The Markdown files `ProjectReader` reads when given the known files beside the output, and those it leaves unread.
    static func reading(_ options: BuildOptions) -> (read: Int, unread: Int) {
        let (input, _) = ProjectReader.read(options) { KnownSources.read(forOutput: RealPath.ofPossiblyMissing($0.path)) }
        let files = input.content.markdownFiles
        return (files.filter { $0.contents != nil }.count, files.filter(\.isUnread).count)
    }

    /// The known sources' bytes, made straight from a tree, decode to its read and known
    /// Markdown files (no other file, none unread); any cut of them, any flipped byte, and
    /// another binary's are refused.
    @Test func knownSourcesReadBackAndAnyDamageIsRefused() throws {
        func markdown(_ path: String, contents: [UInt8]? = nil, digest: Digest? = nil, inode: UInt64) -> SourceFile {
            var file = SourceFile(name: String(path.split(separator: "/").last!), relativePath: path, contents: contents)
            file.contentsDigest = digest
            file.identity = FileIdentity(device: 1, inode: inode, size: 3, modified: 4, changed: 5)
            return file
        }
        var notRead = markdown("b/unread.md", inode: 4)
        notRead.identity = nil
        let tree = SourceDirectory(name: "", relativePath: "", files: [markdown("a.md", contents: [1, 2], inode: 2),
                                                                       SourceFile(name: "photo.jpg", relativePath: "photo.jpg")],
                                   directories: [SourceDirectory(name: "b", relativePath: "b",
                                                                 files: [markdown("b/c.md", digest: Digest(of: [6]), inode: 3), notRead])])
        let bytes = KnownSources.encoded(of: tree, readStart: 1 << 60, binary: "b")
        let known = try #require(KnownSources.decode(bytes, binary: "b"))
        #expect(known.readStart == 1 << 60)
        #expect(known.files.keys.sorted() == ["a.md", "b/c.md"])
        #expect(known.files["a.md"] == KnownSources.Record(file: tree.files[0].identity!, digest: Digest(of: [1, 2])))
        #expect(known.files["b/c.md"]?.digest == Digest(of: [6]))
        #expect(KnownSources.decode(known.encoded(binary: "b"), binary: "b") == known)
        #expect(KnownSources.decode(bytes, binary: "c") == nil)
        for length in 0..<bytes.count where KnownSources.decode(Array(bytes[..<length]), binary: "b") != nil {
            Issue.record("known sources cut to \(length) of \(bytes.count) bytes were taken")
        }
        for position in bytes.indices {
            var flipped = bytes
            flipped[position] ^= 0x10
            if KnownSources.decode(flipped, binary: "b") != nil { Issue.record("a flipped byte at \(position) was taken") }
        }
    }

    /// The known sources are put in place beside the output by a build that wrote its site,
    /// and by no other: a build that fails on its content leaves the last build's as they were
    /// (here none), and nothing of its own. A damaged file is no record at all.
    @Test func onlyABuildThatWroteItsSiteRecordsWhatItRead() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            let good = catalog.files["kitchen/fork.md"]!
            catalog.files["kitchen/fork.md"] = "---\ntitle: [unclosed\n---\n# Fork\n"
            try catalog.write(to: folder)
            try await Self.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            await #expect(throws: Diagnostics.self) { try await SiteBuilder.build(options) }
            let output = RealPath.ofPossiblyMissing(folder.appendingPathComponent("output").path)
            let beside = { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("stacks-known") } }
            #expect(try beside().isEmpty)
            let pages = catalog.files.keys.filter { $0.hasSuffix(".md") }.count
            #expect(Self.reading(options) == (pages, 0))
            let old = catalog
            catalog.files["kitchen/fork.md"] = good
            try BuildCacheTests.sync(catalog, from: old, into: folder)
            try await Self.waitOutTheMargin()
            _ = try await SiteBuilder.build(options)
            #expect(try beside() == [".output.stacks-known"])
            #expect(KnownSources.read(forOutput: output)?.files.count == pages)
            #expect(Self.reading(options) == (0, pages))
            let path = KnownSources.path(forOutput: output)
            var bytes = try #require(FileManager.default.contents(atPath: path))
            bytes[bytes.count / 2] ^= 1
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(Self.reading(options) == (pages, 0))
        }
    }

    /// Waits until what was just written is older than the margin of the next build's start.
    static func waitOutTheMargin() async throws {
        try await Task.sleep(for: .nanoseconds(KnownSources.margin + 100_000_000))
    }

    @Test func aBuildWithNothingChangedReadsNoPage() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            try await Self.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let pages = TestCatalog.standard.files.keys.filter { $0.hasSuffix(".md") }.count
            #expect(Self.reading(options) == (0, pages))
            #expect(try await SiteBuilder.build(options).reuse == .unchanged)
            // A clean build reads every page, whatever the cache says.
            let (input, _) = ProjectReader.read(BuildOptions(projectDirectory: folder, clean: true))
            #expect(input.content.markdownFiles.allSatisfy { $0.contents != nil && $0.contentsDigest == Digest(of: $0.contents!) })
        }
    }

    /// Random edits of every kind; before each build some files are known and left unread, and
    /// each build equals a clean one.
    @Test(arguments: [31, 32] as [UInt64])
    func buildsWithKnownFilesEqualCleanBuilds(seed: UInt64) async throws {
        try await withTemporaryFolder { folder in
            var random = SplitMix(state: seed)
            var catalog = TestCatalog.standard
            try catalog.write(to: folder)
            try await Self.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            var leftUnread = 0
            for step in 0..<25 {
                let old = catalog
                let edit = catalog.randomEdit(using: &random)
                try BuildCacheTests.sync(catalog, from: old, into: folder)
                leftUnread += Self.reading(options).unread
                let before = BuildCacheTests.tree(folder.appendingPathComponent("output"))
                let built = await BuildCacheTests.build(options)
                await BuildCacheTests.expectSameAsClean(built, folder: folder, before: before, "step \(step): \(edit)")
            }
            #expect(leftUnread > 25, "files were left unread before the builds: \(leftUnread)")
        }
    }

    /// An edit of the same size with the old modification time put back (`touch -d`) is still
    /// an edit: the change time moved, and no one can set it back.
    @Test func anEditWithItsModificationTimePutBackIsSeen() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            catalog.files["tools/hammer.md"] = "# Hammer\n\nA word: apple.\n"
            try catalog.write(to: folder)
            try await Self.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let file = folder.appendingPathComponent("content/tools/hammer.md").path
            var before = stat()
            #expect(stat(file, &before) == 0)
            try Data("# Hammer\n\nA word: lemon.\n".utf8).write(to: URL(fileURLWithPath: file))
            var times = [before.st_atim, before.st_mtim]
            #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
            var after = stat()
            #expect(stat(file, &after) == 0)
            #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec
                    && after.st_size == before.st_size)
            #expect(Self.reading(options).read == 1)
            _ = try await SiteBuilder.build(options)
            let page = try String(contentsOf: folder.appendingPathComponent("output/tools/hammer/index.html"), encoding: .utf8)
            #expect(page.contains("lemon") && !page.contains("apple"))
        }
    }

    /// After a body edit, the files left unread stay unread: the memos stand for their decoding
    /// and their parse (`UnreadSources`). Without the parse memo each is read when decoding
    /// needs it, once: the build after it reads none again (each parse read late was kept
    /// under the key of its file's end, which the decoding asks for). Every build equals a
    /// clean one.
    @Test func aBodyEditReadsNoOtherPage() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            try catalog.write(to: folder)
            try await Self.waitOutTheMargin()
            let options = BuildOptions(projectDirectory: folder)
            _ = try await SiteBuilder.build(options)
            let pages = catalog.files.keys.filter { $0.hasSuffix(".md") }.count
            for (step, memoKept) in [true, false, true].enumerated() {
                let old = catalog
                catalog.files["kitchen/fork.md"]! += "\nEdit \(step).\n"
                try BuildCacheTests.sync(catalog, from: old, into: folder)
                if !memoKept {
                    try FileManager.default.removeItem(atPath: MemoFile.path(forOutput: RealPath.of(folder.path)! + "/output", kind: .markdown))
                }
                #expect(Self.reading(options) == (1, pages - 1))
                let before = BuildCacheTests.tree(folder.appendingPathComponent("output"))
                let built = await BuildCacheTests.build(options)
                #expect((try? built.get().markdownReadLate) == (memoKept ? 0 : pages - 1), "parse memo kept: \(memoKept), read late: \((try? built.get().markdownReadLate) ?? -1)")
                await BuildCacheTests.expectSameAsClean(built, folder: folder, before: before, "parse memo kept: \(memoKept), read late: \((try? built.get().markdownReadLate) ?? -1)")
                let page = try String(contentsOf: folder.appendingPathComponent("output/kitchen/fork/index.html"), encoding: .utf8)
                #expect(page.contains("Edit \(step)."))
            }
        }
    }

    /// A file left unread is decoded from the memo without its bytes only when its body needs
    /// none either: written in the entry, or the file's end with its parse kept.
    @Test func aFileIsLeftUnreadOnlyWhenTheMemosStandForItsBody() throws {
        let bytes = Array("---\ntitle: A\n---\nBody.\n".utf8)
        var file = SourceFile(name: "a.md", relativePath: "a.md", contents: bytes)
        file.contentsDigest = Digest(of: bytes)
        let keysKey = Document.memoKeysKey(FrontMatterKeys())
        let entries = Mutex<[Digest: [UInt8]]>([:])
        let memo = StageMemo(entry: { key in entries.withLock { $0[key] } }, keep: { key, value in entries.withLock { $0[key] = value } })
        let read = Document.decode(file, displayRoot: "content", keys: FrontMatterKeys(), keysKey: keysKey, memo: memo)
        guard case .parsed(let document, _) = read else { Issue.record("not decoded: \(read)"); return }
        file.contents = nil
        for parseKept in [false, true] {
            let unread = UnreadSources(read: { _ in .success(bytes) }, parseKept: { frontMatter, digest, start in
                #expect(frontMatter.title == "A" && digest == Digest(of: bytes) && start == bytes.count - 6)
                return parseKept
            })
            let left = Document.decodeLeavingUnread(file, displayRoot: "content", keysKey: keysKey, memo: memo, unread: unread)
            guard parseKept else {
                #expect(left == nil, "without the parse kept, the file is read")
                continue
            }
            guard case .parsed(let unreadDocument, _)? = left else { Issue.record("not decoded unread"); return }
            #expect(unreadDocument.body.isEmpty && unreadDocument.unreadBodyStart == bytes.count - 6)
            #expect(unreadDocument.frontMatter == document.frontMatter && unreadDocument.bodyLine == document.bodyLine)
        }
    }
}
