import Foundation
import Testing
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

    /// The Markdown files `ProjectReader` reads when given the cache's known files, and those it leaves unread.
    static func reading(_ options: BuildOptions) -> (read: Int, unread: Int) {
        let (input, _) = ProjectReader.read(options) { SiteBuilder.peekCache(forOutput: $0)?.cache.known }
        let files = input.content.markdownFiles
        return (files.filter { $0.contents != nil }.count, files.filter(\.isUnread).count)
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

    /// A file left unread and read later, when something else changed, keeps the digest it was
    /// known by while it is still the file `stat` saw; one that is not is digested anew.
    @Test func aFileReadLaterKeepsItsDigestOnlyWhileItIsTheSameFile() async throws {
        try await withTemporaryFolder { folder in
            let bytes = Array("---\ntitle: A\n---\nBody.\n".utf8)
            try Data(bytes).write(to: folder.appendingPathComponent("a.md"))
            try Data(bytes).write(to: folder.appendingPathComponent("b.md"))
            let stand = Digest(of: [9])
            func unread(_ name: String, identity: FileIdentity?) -> SourceFile {
                var file = SourceFile(name: name, relativePath: name)
                file.contentsDigest = stand
                file.identity = identity
                return file
            }
            var seen = FileIdentity.of(folder.appendingPathComponent("b.md").path)!
            seen.modified += 1
            var tree = SourceDirectory(name: "", relativePath: "", files: [
                unread("a.md", identity: FileIdentity.of(folder.appendingPathComponent("a.md").path)),
                unread("b.md", identity: seen),
            ])
            #expect(ContentReader(root: folder, displayRoot: "content").readUnread(&tree).isEmpty)
            #expect(tree.files.allSatisfy { $0.contents == bytes })
            // The digest it was known by (here a stand-in, to tell it from a new one) stands.
            #expect(tree.files[0].contentsDigest == stand)
            #expect(tree.files[1].contentsDigest == Digest(of: bytes))
        }
    }
}
