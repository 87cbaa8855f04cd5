import Foundation
@testable import StacksCore
import Testing
import StacksTestSupport

extension PreviewTests {
    /// An incremental rebuild must give exactly what a full build gives, and every page whose
    /// HTML differs must have another input digest (`PageInput`), so the preview renders it
    /// again and reloads it. Both are checked after every edit of a long random
    /// series (edits to text, titles, order, icons, slugs, drafts, links, tags, files added,
    /// removed and renamed, a root page named like the tag pages, broken and fixed front
    /// matter, template and configuration changes).
    @Suite struct IncrementalBuildTests {
        @Test(arguments: [1, 2, 3, 4] as [UInt64])
        func incrementalRebuildsEqualFullBuildsAfterRandomEdits(seed: UInt64) async throws {
            var random = SplitMix(state: seed)
            var catalog = TestCatalog.standard
            var config = ConfigParser.parse(TestCatalog.config).0
            var theme = Theme.builtIn
            var pipeline = IncrementalPipeline()
            var previous: Pipeline.Prepared?
            var stepsKeepingPages = 0
            for step in 0..<45 {
                var edit = "the first build"
                if step > 0 {
                    switch Int.random(in: 0..<20, using: &random) {
                    case 0:
                        let entry = theme.text("list-entry.mustache") ?? ""
                        theme = theme.overridden(by: ["list-entry.mustache": Array(entry.replacingOccurrences(of: "class=\"", with: "class=\"x \(step) ").utf8)])
                        edit = "a template"
                    case 1:
                        config.layout.listWindow = config.layout.listWindow == 4 ? 3 : 4
                        edit = "the configuration"
                    default:
                        edit = catalog.randomEdit(using: &random)
                    }
                }
                let input = Pipeline.Input(config: config, content: catalog.tree, theme: theme)
                let result = await pipeline.prepare(input)
                let full: Result<Pipeline.Prepared, Diagnostics>
                do {
                    full = .success(try await Pipeline.prepare(input))
                } catch {
                    full = .failure(error)
                }
                let context = "seed \(seed), step \(step): \(edit)"
                switch (result, full) {
                case (.success(let incremental), .success(let whole)):
                    try Self.expectSameSite(incremental, whole, context)
                    if let previous, Self.expectDigestsCoverDifferences(from: previous, to: incremental, context) > 0 {
                        stepsKeepingPages += 1
                    }
                    previous = incremental
                case (.failure(let incremental), .failure(let whole)):
                    #expect(incremental.sorted == whole.sorted, "\(context)")
                default:
                    Issue.record("\(context): incremental \(result), full \(full)")
                }
            }
            #expect(stepsKeepingPages > 10, "the series should include edits that leave pages as they were")
        }

        /// The resolver keeps a page's resolved links while none of the names its links looked
        /// up leads elsewhere (`LinkTargets.changedNames`): each edit here changes what one of
        /// the links names (by file, by folder, by URL, a draft, a heading, the slug of the
        /// page a URL names), and each rebuild must equal a full build.
        @Test func aLinkIsResolvedAgainWhenWhatItNamesComesGoesOrMoves() async throws {
            var config = ConfigParser.parse(TestCatalog.config).0
            config.links.broken = .warning
            let links = "See [a](missing.md), [b](../kitchen/later/), [c](/tools/mover/), [d](mover/index.html), [e](mover.md#part), [f](hidden.md).\n"
            var files: [String: String] = [
                "tools/_index.md": "---\ntitle: Tools\n---\nAll tools. \(links)",
                "tools/linker.md": "---\ntitle: Linker\n---\n\(links)",
                "tools/mover.md": "---\ntitle: Mover\n---\nMoves.\n",
                "tools/other.md": "---\ntitle: Other\n---\nNo links.\n",
                "kitchen/pot.md": "---\ntitle: Pot\n---\nSee [linker](../tools/linker.md).\n",
            ]
            let edits: [(String, (inout [String: String]) -> Void)] = [
                ("the missing page added", { $0["tools/missing.md"] = "---\ntitle: Missing\n---\nHere now.\n" }),
                ("a folder the link names by URL added", { $0["kitchen/later.md"] = "---\ntitle: Later\n---\nLater.\n" }),
                ("a heading the fragment names added", { $0["tools/mover.md"]! += "\n## Part\n" }),
                ("the page a URL names given another slug", { $0["tools/mover.md"] = "---\ntitle: Mover\nslug: moved\n---\nMoves.\n\n## Part\n" }),
                ("its slug back, the heading gone", { $0["tools/mover.md"] = "---\ntitle: Mover\n---\nMoves.\n" }),
                ("a draft the link names added", { $0["tools/hidden.md"] = "---\ntitle: Hidden\ndraft: true\n---\nNot yet.\n" }),
                ("the draft published", { $0["tools/hidden.md"] = "---\ntitle: Hidden\n---\nNow.\n" }),
                ("the missing page removed again", { $0["tools/missing.md"] = nil }),
                ("the linked page renamed", { $0["tools/linker-2.md"] = $0.removeValue(forKey: "tools/linker.md") }),
                ("an unrelated page added", { $0["kitchen/pan.md"] = "---\ntitle: Pan\n---\nPan.\n" }),
            ]
            var pipeline = IncrementalPipeline()
            for step in 0...edits.count {
                if step > 0 { edits[step - 1].1(&files) }
                let input = Pipeline.Input(config: config, content: SourceDirectory(files: files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
                let result = await pipeline.prepare(input)
                let context = step == 0 ? "the first build" : edits[step - 1].0
                let whole = try await Pipeline.prepare(input)
                try Self.expectSameSite(try result.get(), whole, context)
            }
        }

        /// An item added to the content folder gives the home a list, and its sidebar becomes a
        /// window like every other page's although no category changed; removed, the home's
        /// sidebar names every category again.
        @Test func anItemAtTheRootWindowsTheHomeSidebar() async throws {
            var catalog = TestCatalog.standard
            var config = ConfigParser.parse(TestCatalog.config).0
            config.layout.sidebarWindow = 2
            var pipeline = IncrementalPipeline()
            var previous: Pipeline.Prepared?
            for edit in ["the first build", "an item at the root", "the item removed"] {
                if edit == "an item at the root" { catalog.files["loose.md"] = "---\ntitle: Loose\n---\nText.\n" }
                if edit == "the item removed" { catalog.files["loose.md"] = nil }
                let input = Pipeline.Input(config: config, content: catalog.tree)
                let result = await pipeline.prepare(input)
                let incremental = try result.get()
                try Self.expectSameSite(incremental, try await Pipeline.prepare(input), edit)
                if let previous {
                    _ = Self.expectDigestsCoverDifferences(from: previous, to: incremental, edit)
                }
                previous = incremental
                let home = String(decoding: incremental.renderer.renderPage(0), as: UTF8.self)
                #expect(home.contains("All 3 categories") == (edit == "an item at the root"), "\(edit)")
            }
        }

        /// Every page, list page and extra file, byte for byte, and the same warnings.
        static func expectSameSite(_ incremental: Pipeline.Prepared, _ whole: Pipeline.Prepared, _ context: String) throws {
            let a = incremental.renderer
            let b = whole.renderer
            try #require(a.pageCount == b.pageCount, "\(context): page count")
            // The tag index the preview kept (its inputs unchanged) or made is the one made afresh.
            #expect(a.tagIndex == b.tagIndex, "\(context): tag index")
            for index in 0..<a.pageCount {
                #expect(a.outputPath(of: index) == b.outputPath(of: index), "\(context)")
                #expect(a.renderPage(index) == b.renderPage(index), "\(context): page \(a.outputPath(of: index))")
            }
            let extrasA = a.renderExtras(theme: incremental.theme)
            let extrasB = b.renderExtras(theme: whole.theme)
            #expect(extrasA.map(\.path) == extrasB.map(\.path), "\(context): extra files")
            for (x, y) in zip(extrasA, extrasB) where x.path == y.path {
                #expect(x.bytes == y.bytes, "\(context): \(x.path)")
            }
            #expect(Diagnostics(incremental.warnings).sorted == Diagnostics(whole.warnings).sorted, "\(context): warnings")
        }

        /// A page whose HTML differs between two builds must have another input digest; returns
        /// how many pages (and list pages) kept theirs.
        static func expectDigestsCoverDifferences(from old: Pipeline.Prepared, to new: Pipeline.Prepared,
                                                  _ context: String) -> Int {
            let before = old.renderer
            let after = new.renderer
            var kept = 0
            var oldIndex: [String: Int] = [:]
            for index in 0..<before.pageCount { oldIndex[before.outputPath(of: index)] = index }
            for index in 0..<after.pageCount {
                let path = after.outputPath(of: index)
                guard let counterpart = oldIndex[path], before.inputDigest(of: counterpart) == after.inputDigest(of: index) else { continue }
                kept += 1
                #expect(before.renderPage(counterpart) == after.renderPage(index), "\(context): \(path) changed, its digest did not")
            }
            let oldLists = Dictionary(before.listPages.map { (before.outputPath(ofListPage: $0.number, category: $0.category), $0) },
                                      uniquingKeysWith: { first, _ in first })
            for list in after.listPages {
                let path = after.outputPath(ofListPage: list.number, category: list.category)
                guard let earlier = oldLists[path],
                      before.inputDigest(of: earlier.category, listPage: earlier.number)
                        == after.inputDigest(of: list.category, listPage: list.number) else { continue }
                kept += 1
                #expect(before.renderPage(earlier.category, listPage: earlier.number)
                        == after.renderPage(list.category, listPage: list.number), "\(context): list page \(path) changed, its digest did not")
            }
            return kept
        }
    }
}
