import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The reader holds at most `heldMarkdown` bytes of Markdown (`MarkdownAllowance`); past them
/// each file is known by its digest and read again as it is decoded. Builds and checks give the
/// same site and the same problems whatever the allowance, in a clean build, a build in place
/// and a catalog of several languages.
@Suite struct MarkdownAllowanceTests {
    /// The Markdown files as read with `heldMarkdown`: those held and those let go.
    static func read(_ folder: URL, heldMarkdown: Int?) -> (held: [SourceFile], letGo: [SourceFile]) {
        let (input, _) = ProjectReader.read(BuildOptions(projectDirectory: folder), heldMarkdown: heldMarkdown)
        let files = input.content.markdownFiles
        return (files.filter { $0.contents != nil }, files.filter(\.isUnread))
    }

    @Test func theReaderHoldsNoMoreThanItsAllowance() async throws {
        try await withTemporaryFolder { folder in
            try TestCatalog.standard.write(to: folder)
            let all = Self.read(folder, heldMarkdown: nil)
            let total = all.held.reduce(0) { $0 + $1.contents!.count }
            #expect(all.letGo.isEmpty && all.held.count == TestCatalog.standard.files.count)
            #expect(Self.read(folder, heldMarkdown: 0).held.isEmpty)
            for allowance in [0, 40, total / 2, total - 1, total] {
                let (held, letGo) = Self.read(folder, heldMarkdown: allowance)
                #expect(held.reduce(0) { $0 + $1.contents!.count } <= allowance, "allowance \(allowance)")
                #expect(held.count + letGo.count == all.held.count, "allowance \(allowance)")
                #expect(letGo.isEmpty == (allowance >= total), "allowance \(allowance)")
                // A file let go is known by the digest of the bytes it holds.
                for file in letGo {
                    let bytes = try Array(Data(contentsOf: folder.appendingPathComponent("content/" + file.relativePath)))
                    #expect(file.contentsDigest == Digest(of: bytes) && file.identity != nil, "\(file.relativePath)")
                }
            }
        }
    }

    /// The same output and summary (clean, then in place after edits), or the same problems.
    @Test(arguments: [0, 200])
    func buildsAreTheSameWhateverTheAllowance(allowance: Int) async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            try catalog.write(to: folder)
            var random = SeededRandom(seed: UInt64(allowance) + 7)
            for step in 0..<12 {
                let before = BuildCacheTests.tree(folder.appendingPathComponent("output"))
                var options = BuildOptions(projectDirectory: folder, clean: step == 0)
                options.heldMarkdown = allowance
                let built = await BuildCacheTests.build(options)
                await BuildCacheTests.expectSameAsClean(built, folder: folder, before: before, "allowance \(allowance), step \(step)")
                let old = catalog
                _ = catalog.randomEdit(using: &random)
                try BuildCacheTests.sync(catalog, from: old, into: folder)
            }
        }
    }

    /// `stacks check` reads again what the reader let go: the same problems, at the same lines.
    @Test func aCheckFindsTheSameProblems() async throws {
        try await withTemporaryFolder { folder in
            var catalog = TestCatalog.standard
            catalog.files["kitchen/knife.md"] = "---\ntitle: Knife\norder: many\n---\nSee the [ladle](ladle.md).\n"
            try catalog.write(to: folder)
            func problems(_ allowance: Int?) async -> [String] {
                var options = BuildOptions(projectDirectory: folder)
                options.heldMarkdown = allowance
                do {
                    _ = try await SiteBuilder.build(options, write: false)
                    return []
                } catch {
                    return error.sorted.map(\.description)
                }
            }
            let all = await problems(nil)
            #expect(all.contains("content/kitchen/knife.md:5:9: error: broken link 'ladle.md': there is no page or file content/kitchen/ladle.md"),
                    "\(all)")
            #expect(all.count == 2, "\(all)")
            #expect(await problems(0) == all)
            #expect(await problems(100) == all)
        }
    }

    @Test func aCatalogInSeveralLanguagesBuildsTheSame() async throws {
        try await withTemporaryFolder { folder in
            let files = [
                "stacks.yml": "languages: { codes: [en, fr], suffixes: true }\n",
                "content/_index.md": "---\ntitle: Home\n---\nWelcome.\n",
                "content/_index.fr.md": "---\ntitle: Accueil\n---\nBienvenue.\n",
                "content/tools/_index.md": "---\ntitle: Tools\n---\n",
                "content/tools/saw.md": "---\ntitle: Saw\ntags: [steel]\n---\nCuts. See the [hammer](hammer.md).\n",
                "content/tools/saw.fr.md": "---\ntitle: Scie\n---\nCoupe.\n",
                "content/tools/hammer.md": "# Hammer\n\nHits.\n",
            ]
            for (path, text) in files { try TestCatalog.write(Array(text.utf8), to: folder.appendingPathComponent(path)) }
            var letGo = BuildOptions(projectDirectory: folder, output: "let-go", clean: true)
            letGo.heldMarkdown = 0
            var held = BuildOptions(projectDirectory: folder, output: "held", clean: true)
            held.heldMarkdown = nil
            let a = try await SiteBuilder.build(letGo), b = try await SiteBuilder.build(held)
            #expect((a.pages, a.files, a.bytes) == (b.pages, b.files, b.bytes))
            let letGoTree = BuildCacheTests.tree(folder.appendingPathComponent("let-go"))
            #expect(letGoTree == BuildCacheTests.tree(folder.appendingPathComponent("held")))
            #expect(letGoTree.keys.contains("fr/tools/saw/index.html"), "\(letGoTree.keys.sorted())")
        }
    }
}
