import Testing
@testable import StacksCore

/// `stacks serve` patches the last site when an edit keeps every page in its place, and runs
/// the stages over the whole catalog otherwise; either way the site is the one `build` makes.
@Suite struct PagePatchTests {
    let files = [
        ("_index.md", "---\ntitle: Home\n---\nWelcome.\n"),
        ("food/_index.md", "---\ntitle: Food\n---\nSee [soup](soup.md).\n"),
        ("food/bread.md", "---\ntitle: Bread\n---\nKnead it.\n"),
        ("food/soup.md", "---\ntitle: Soup\n---\n# Soup\n\nSimmer it.\n"),
    ]

    /// Runs serve's pipeline on `files`, then on `files` with one rewritten; returns whether the
    /// second run was a patch, after checking that it gives every page as a full build does.
    func servePatches(rewriting index: Int, as text: String) async throws -> Bool {
        var pipeline = IncrementalPipeline()
        var result: Result<Pipeline.Prepared, Diagnostics>
        (result, pipeline) = await pipeline.prepare(Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: files)))
        _ = try result.get()
        var edited = files
        edited[index].1 = text
        let input = Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: edited))
        let patchesBefore = pipeline.patchedRuns
        (result, pipeline) = await pipeline.prepare(input)
        let served = try result.get().renderer
        let built = try await Pipeline.prepare(input).renderer
        #expect(served.pageCount == built.pageCount)
        for page in 0..<min(served.pageCount, built.pageCount) {
            #expect(served.renderPage(page) == built.renderPage(page), "\(built.outputPath(of: page))")
        }
        return pipeline.patchedRuns > patchesBefore
    }

    @Test func anEditOfTextTitleOrOrderIsPatched() async throws {
        #expect(try await servePatches(rewriting: 2, as: "---\ntitle: Apple bread\n---\nKnead it well.\n"))
        #expect(try await servePatches(rewriting: 3, as: "---\ntitle: Soup\norder: 1\n---\n# Soup\n\nSimmer it long.\n"))
        #expect(try await servePatches(rewriting: 1, as: "---\ntitle: Foods\n---\nSee [bread](bread.md).\n"))
    }

    @Test func anEditThatMovesAPageOrItsHeadingsIsNot() async throws {
        #expect(try await !servePatches(rewriting: 2, as: "---\ntitle: Bread\nslug: loaf\n---\nKnead it.\n"))
        #expect(try await !servePatches(rewriting: 2, as: "---\ntitle: Bread\ndraft: true\n---\nKnead it.\n"))
        #expect(try await !servePatches(rewriting: 3, as: "---\ntitle: Soup\n---\n# Broth\n\nSimmer it.\n"))
    }
}
