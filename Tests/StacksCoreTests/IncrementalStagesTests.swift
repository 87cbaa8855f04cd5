import Testing
@testable import StacksCore
import StacksTestSupport

/// `stacks serve` runs every stage on every edit, each taking from the last run what has the
/// same inputs: an edit of one file decodes that file, loads its folder, parses its page and
/// resolves its links; whatever the edit, the site is the one `build` makes.
@Suite struct IncrementalStagesTests {
    let files = [
        ("_index.md", "---\ntitle: Home\n---\nWelcome.\n"),
        ("food/_index.md", "---\ntitle: Food\n---\nSee [soup](soup.md).\n"),
        ("food/bread.md", "---\ntitle: Bread\n---\nKnead it, then [soup](soup.md#soup).\n"),
        ("food/soup.md", "---\ntitle: Soup\n---\n# Soup\n\nSimmer it.\n"),
        ("food/tea.md", "---\ntitle: Tea\n---\nSteep it.\n"),
        ("tools/_index.md", "---\ntitle: Tools\n---\n"),
        ("tools/knife.md", "---\ntitle: Knife\naliases: [/blade/]\n---\nSharp; cuts [bread](../food/bread.md).\n"),
        ("tools/pot/pot.md", "---\ntitle: Pot\n---\nHolds [soup](../../food/soup.md).\n"),
        ("tools/pot/lid.md", "---\ntitle: Lid\n---\nCovers it.\n"),
    ]

    /// Runs serve's pipeline on `files`, then on `files` edited by `edit`; checks that the second
    /// run gives every page, and the same problems, as a full build does; returns its work.
    func serve(editing edit: (inout [(String, String)]) -> Void) async throws -> IncrementalPipeline.Work {
        var pipeline = IncrementalPipeline()
        var result: Result<Pipeline.Prepared, Diagnostics>
        result = await pipeline.prepare(Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: files)))
        _ = try result.get()
        var edited = files
        edit(&edited)
        let input = Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: edited))
        result = await pipeline.prepare(input)
        let built: Result<Pipeline.Prepared, Diagnostics>
        do throws(Diagnostics) { built = .success(try await Pipeline.prepare(input)) } catch { built = .failure(error) }
        Self.expectSameSite(result, built, "")
        return pipeline.lastRun
    }

    /// The preview's outcome is the build's: the same pages, problems and files, or the same
    /// failure. `step` says which edit, in each message.
    static func expectSameSite(_ served: Result<Pipeline.Prepared, Diagnostics>, _ built: Result<Pipeline.Prepared, Diagnostics>,
                               _ step: String) {
        let at = step.isEmpty ? "" : step + ": "
        switch (served, built) {
        case (.success(let served), .success(let built)):
            #expect(served.renderer.pageCount == built.renderer.pageCount, "\(step)")
            for page in 0..<min(served.renderer.pageCount, built.renderer.pageCount) {
                let same = served.renderer.renderPage(page) == built.renderer.renderPage(page)
                #expect(same, "\(at)\(built.renderer.outputPath(of: page))")
            }
            #expect(served.warnings == built.warnings, "\(step)")
            expectSameFiles(served, built, step)
        case (.failure(let served), .failure(let built)):
            #expect(served.all == built.all, "\(step)")
        default:
            Issue.record("\(at)serve and build disagree on whether the edit builds")
        }
    }

    /// The same files, made by the same producers, the pictures' plans and the tag and list
    /// pages the same: a manifest the preview kept or patched is the one a build makes.
    static func expectSameFiles(_ served: Pipeline.Prepared, _ built: Pipeline.Prepared, _ step: String) {
        let paths = served.manifest.paths(served.renderer).sorted()
        #expect(paths == built.manifest.paths(built.renderer).sorted(), "\(step)")
        for path in paths {
            let producer = served.manifest[path]
            #expect(producer == built.manifest[path], "\(step): \(path)")
            switch producer {
            case .tagPage?, .listPage?:
                #expect(served.renderer.render(producer!) == built.renderer.render(producer!), "\(step): \(path)")
            case .image(let asset)?:
                #expect(served.manifest.plan(ofImage: asset) == built.manifest.plan(ofImage: asset), "\(step): \(path)")
            default:
                break
            }
        }
    }

    func rewriting(_ path: String, as text: String) -> (inout [(String, String)]) -> Void {
        { files in files[files.firstIndex { $0.0 == path }!].1 = text }
    }

    @Test func aBodyEditDecodesItsFileLoadsItsFolderAndParsesItsPage() async throws {
        let work = try await serve(editing: rewriting("food/tea.md", as: "---\ntitle: Tea\n---\nSteep it long.\n"))
        // Loaded: the home page and the two categories (the root's contents), and food's three items.
        #expect(work == IncrementalPipeline.Work(decoded: 1, loaded: 6, parsed: 1, resolved: 0))
    }

    @Test func anEditInsideABundleLoadsItsCategory() async throws {
        let work = try await serve(editing: rewriting("tools/pot/lid.md", as: "---\ntitle: Lid\n---\nCovers [the pot](pot.md).\n"))
        #expect(work == IncrementalPipeline.Work(decoded: 1, loaded: 6, parsed: 1, resolved: 1))
    }

    @Test func titlesOrderAndAliasesUpdateInPlace() async throws {
        // The same body: nothing to parse again.
        let retitled = try await serve(editing: rewriting("food/tea.md", as: "---\ntitle: Apple tea\n---\nSteep it.\n"))
        #expect(retitled.decoded == 1 && retitled.parsed == 0)
        let reordered = try await serve(editing: rewriting("food/tea.md", as: "---\ntitle: Tea\norder: 1\n---\nSteep it.\n"))
        #expect(reordered.decoded == 1 && reordered.parsed == 0)
        let realiased = try await serve(editing: rewriting("tools/knife.md",
                                                           as: "---\ntitle: Knife\naliases: [/food/]\n---\nSharp.\n"))
        #expect(realiased.parsed == 1)
    }

    @Test func headingsLinksAndIntrosAreCheckedAgain() async throws {
        // The anchor bread links to is gone: bread's warning comes back.
        let work = try await serve(editing: rewriting("food/soup.md", as: "---\ntitle: Soup\n---\n# Broth\n\nSimmer it.\n"))
        #expect(work.parsed == 1)
        _ = try await serve(editing: rewriting("food/_index.md", as: "---\ntitle: Foods\n---\nSee [bread](bread.md).\n"))
        _ = try await serve(editing: rewriting("_index.md", as: "---\ntitle: Kitchen\n---\nWelcome in.\n"))
    }

    @Test func editsThatMovePagesGiveTheBuildsSite() async throws {
        _ = try await serve(editing: rewriting("food/bread.md", as: "---\ntitle: Bread\nslug: loaf\n---\nKnead it.\n"))
        _ = try await serve(editing: rewriting("food/bread.md", as: "---\ntitle: Bread\ndraft: true\n---\nKnead it.\n"))
        _ = try await serve(editing: { $0.append(("food/apple.md", "---\ntitle: Apple\n---\nCrisp.\n")) })
        _ = try await serve(editing: { $0.removeAll { $0.0 == "food/tea.md" } })
        _ = try await serve(editing: { $0.append(("drinks/water.md", "Cool [tea](../food/tea.md).\n")) })
        _ = try await serve(editing: { $0.removeAll { $0.0.hasPrefix("tools/") } })
        _ = try await serve(editing: { $0.append(("tools/pot/index.md", "---\ntitle: Big pot\n---\n")) })
        _ = try await serve(editing: rewriting("tools/knife.md", as: ""))
    }
}

/// Random edit series over a catalog with nested categories, bundles with sub-items and
/// co-located files, where each tree is the last one with the edit applied in place (as
/// `stacks serve` patches what it read): after every edit, serve's pipeline gives what a
/// build of the same tree gives.
@Suite struct IncrementalStagesRandomTests {
    static let folders = ["", "garden", "garden/trees", "garden/trees/old", "kitchen", "kitchen/pots", "kitchen/pots/big"]

    static var start: SourceDirectory {
        var tree = SourceDirectory(name: "", relativePath: "")
        let files = [
            ("_index.md", "---\ntitle: Home\n---\nWelcome; see [the oak](garden/trees/oak.md).\n"),
            ("garden/_index.md", "---\ntitle: Garden\n---\nGreen.\n"),
            ("garden/rose.md", "---\ntitle: Rose\ntags: [red]\n---\n# Rose\n\nRed; [trees](trees/).\n"),
            ("garden/trees/_index.md", "---\ntitle: Trees\n---\n"),
            ("garden/trees/oak.md", "---\ntitle: Oak\n---\n## Bark\n\nOld [rose](../rose.md#rose).\n"),
            ("garden/trees/old/yew.md", "Yew, old.\n"),
            ("kitchen/pots/pan/index.md", "---\ntitle: Pan\n---\nSee ![it](pan.png) and the [lid](lid.md).\n"),
            ("kitchen/pots/pan/lid.md", "---\ntitle: Lid\n---\nCovers [the pan](index.md).\n"),
            ("kitchen/pots/big/stockpot.md", "---\ntitle: Stockpot\naliases: [/soup-pot/]\n---\nBig.\n"),
            ("kitchen/spoon.md", "---\ntitle: Spoon\norder: 2\n---\nStirs.\n"),
            ("kitchen/fork.md", "---\ntitle: Fork\norder: 1\n---\nPokes [the spoon](spoon.md).\n"),
        ]
        for (path, text) in files { write(path, text, in: &tree) }
        write("kitchen/pots/pan/pan.png", nil, in: &tree)
        return tree
    }

    /// Sets the file at `path` (`nil` text: a co-located file), making its folders; in place.
    static func write(_ path: String, _ text: String?, in tree: inout SourceDirectory) {
        var parts = path.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        at(parts[...], in: &tree, prefix: "") { folder in
            let file = SourceFile(name: name, relativePath: path, contents: text.map { Array($0.utf8) },
                                  imageSize: text == nil ? ImageSize(width: 4, height: 3) : nil)
            if let index = folder.files.firstIndex(where: { $0.name == name }) {
                folder.files[index] = file
            } else {
                folder.files.append(file)
                folder.files.sort { $0.name < $1.name }
            }
        }
    }

    static func remove(_ path: String, in tree: inout SourceDirectory) {
        var parts = path.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        at(parts[...], in: &tree, prefix: "") { folder in
            folder.files.removeAll { $0.name == name }
            folder.directories.removeAll { $0.name == name }
        }
    }

    static func at(_ parts: ArraySlice<String>, in folder: inout SourceDirectory, prefix: String,
                   _ body: (inout SourceDirectory) -> Void) {
        guard let first = parts.first else { return body(&folder) }
        let path = prefix.isEmpty ? first : prefix + "/" + first
        if !folder.directories.contains(where: { $0.name == first }) {
            folder.directories.append(SourceDirectory(name: first, relativePath: path))
            folder.directories.sort { $0.name < $1.name }
        }
        let index = folder.directories.firstIndex { $0.name == first }!
        at(parts.dropFirst(), in: &folder.directories[index], prefix: path, body)
    }

    static func markdownPaths(_ tree: SourceDirectory) -> [String] {
        tree.markdownFiles.map(\.relativePath)
    }

    static func edit(_ tree: inout SourceDirectory, using random: inout SplitMix) -> String {
        let paths = markdownPaths(tree)
        let path = paths.randomElement(using: &random) ?? "_index.md"
        let text = tree.markdownFiles.first { $0.relativePath == path }.flatMap { $0.contents.map { String(decoding: $0, as: UTF8.self) } } ?? ""
        let number = Int.random(in: 0..<6, using: &random)
        switch Int.random(in: 0..<15, using: &random) {
        case 0:
            write(path, text + "\nMore \(number).\n", in: &tree)
            return "body of \(path)"
        case 1:
            write(path, "---\ntitle: Title \(number)\norder: \(number)\n---\n" + text, in: &tree)
            return "title and order of \(path)"
        case 2:
            write(path, text + "\n## Part \(number)\n", in: &tree)
            return "heading in \(path)"
        case 3:
            let folder = folders.randomElement(using: &random)!
            let added = (folder.isEmpty ? "" : folder + "/") + "new-\(number).md"
            write(added, "New \(number), see [oak](/garden/trees/oak.md#bark).\n", in: &tree)
            return "added \(added)"
        case 4:
            guard paths.count > 4 else { return "nothing" }
            remove(path, in: &tree)
            return "removed \(path)"
        case 5:
            write(path, "---\nslug: slug-\(number)\n---\n" + text, in: &tree)
            return "slug of \(path)"
        case 6:
            write(path, "---\ndraft: true\n---\n" + text, in: &tree)
            return "draft \(path)"
        case 7:
            let folder = folders.randomElement(using: &random)!
            guard !folder.isEmpty else { return "nothing" }
            remove(folder, in: &tree)
            return "removed folder \(folder)"
        case 8:
            let folder = folders.randomElement(using: &random)!
            write((folder.isEmpty ? "" : folder + "/") + "_index.md", "---\ntitle: Intro \(number)\n---\nAbout.\n", in: &tree)
            return "intro of \(folder)"
        case 9:
            write("garden/trees/old/index.md", "---\ntitle: Old trees \(number)\n---\n", in: &tree)
            return "made old trees a bundle"
        case 10:
            write(path, text + "\n[lost](missing-\(number).md)\n", in: &tree)
            return "broken link in \(path)"
        case 11:
            write(path, "---\ntags: [tag \(number), shared]\n---\n" + text, in: &tree)
            return "tags of \(path)"
        case 12:
            write(path, "---\ntitle: Retitled \(number)\ntags: [shared]\n---\n" + text, in: &tree)
            return "title and tag of \(path)"
        case 13:
            write(path, "---\naliases: [/old-\(number)/]\nicon: \"🍐\"\n---\n" + text, in: &tree)
            return "alias and icon of \(path)"
        default:
            write(path, "---\ntitle: [unclosed\n---\n", in: &tree)
            return "broke \(path)"
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func serveGivesTheBuildsSiteAfterEveryEdit(seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        var tree = Self.start
        var pipeline = IncrementalPipeline()
        for step in 0..<50 {
            let edit = step == 0 ? "the first build" : Self.edit(&tree, using: &random)
            let input = Pipeline.Input(config: SiteConfig(), content: tree)
            let served = await pipeline.prepare(input)
            let built: Result<Pipeline.Prepared, Diagnostics>
            do throws(Diagnostics) { built = .success(try await Pipeline.prepare(input)) } catch { built = .failure(error) }
            IncrementalStagesTests.expectSameSite(served, built, "step \(step): \(edit)")
        }
    }
}
