import Testing
@testable import StacksCore

/// A build assembles the catalog in one pass (`CatalogLoader.assemble(_:documents:)`); the preview
/// assembles it over its last one, folder by folder (`assemble(_:documents:memo:)`). From no
/// memo, both must give the same catalog: the same pages at the same indices, the same
/// problems in the same order, the same files.
@Suite struct AssemblyRoutesTests {
    /// Clashes at the root and inside categories, a draft category, a slug that is no name, a
    /// slug taken from a sibling, an empty item, front matter that does not parse, nested
    /// categories, co-located files, and items at the root beside the categories.
    static let files: [(String, String)] = [
        ("_index.md", "---\ntitle: Home\n---\n"),
        ("loose.md", "A root item."),
        ("Alpha/_index.md", "---\ntitle: Alpha\n---\n"),
        ("Alpha/one.md", "# One"),
        ("Alpha/One.md", "# One again"),
        ("Alpha/Inner/two.md", "# Two"),
        ("Alpha/Inner/three.md", "---\ntags: [x]\n---\nThree"),
        ("Alpha/pic.png", "not really a picture"),
        ("alpha/x.md", "# Its slug is Alpha's"),
        ("Beta/_index.md", "---\ndraft: true\n---\n"),
        ("Beta/b.md", "b"),
        ("Gamma/_index.md", "---\nslug: 'bad slug!'\n---\n"),
        ("Gamma/g.md", "g"),
        ("Delta/_index.md", "---\nslug: alpha\n---\n"),
        ("Delta/d.md", ""),
        ("Epsilon/e.md", "---\ntitle: [unclosed\n---\nE"),
        ("Epsilon/f.md", "# F"),
        ("Zeta/Eta/Theta/deep.md", "# Deep"),
        ("Zeta/z.md", "[up](../loose.md)"),
    ]

    @Test func theBuildsAssemblyGivesWhatThePreviewsGives() async {
        let tree = SourceDirectory(files: Self.files)
        let loader = CatalogLoader(includeDrafts: false)
        let documents = await loader.decode(tree.markdownFiles)
        // The build's assembly takes the documents, each as its page is made.
        var taken = documents
        let build = loader.assemble(tree, documents: &taken)
        #expect(taken.isEmpty)
        var memo = LoadMemo()
        let preview = loader.assemble(tree, documents: documents, memo: &memo)

        // Not a trivial catalog: categories at the root, problems of several kinds.
        // (The root item, Alpha, Epsilon and Zeta: the other folders are left out.)
        #expect(preview.catalog.pages[Catalog.rootIndex].children.count == 4)
        #expect(preview.diagnostics.count >= 5)
        #expect(!preview.catalog.leftOut.isEmpty)
        #expect(!preview.catalog.assets.isEmpty)

        #expect(Array(build.catalog.pages) == Array(preview.catalog.pages))
        // (The build keeps no places; its collisions, among the diagnostics, are found from its pages.)
        #expect(build.places.isEmpty && preview.places.count == preview.catalog.pages.count)
        #expect(build.diagnostics.map(\.description) == preview.diagnostics.map(\.description))
        #expect(build.catalog.assets == preview.catalog.assets)
        #expect(build.catalog.leftOut == preview.catalog.leftOut)
    }

    /// With a bundle among the root's folders (its slug claimed with its item), and drafts.
    @Test func withABundleAtTheRootAndDraftsTheSame() async {
        let tree = SourceDirectory(files: Self.files + [("Kappa/index.md", "# Kappa"), ("Kappa/k.md", "# K")])
        let loader = CatalogLoader(includeDrafts: true)
        let documents = await loader.decode(tree.markdownFiles)
        // The build's assembly takes the documents, each as its page is made.
        var taken = documents
        let build = loader.assemble(tree, documents: &taken)
        #expect(taken.isEmpty)
        var memo = LoadMemo()
        let preview = loader.assemble(tree, documents: documents, memo: &memo)
        #expect(Array(build.catalog.pages) == Array(preview.catalog.pages))
        #expect(build.diagnostics.map(\.description) == preview.diagnostics.map(\.description))
    }
}
