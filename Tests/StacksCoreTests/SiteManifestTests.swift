import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The manifest is the one list of the site's files: a build writes what it lists and nothing
/// else, and every file it writes is found in it with the producer that made it.
@Suite struct SiteManifestTests {
    /// The files (not folders) under `folder`, relative to it.
    static func files(under folder: URL) -> Set<String> {
        var files: Set<String> = []
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let path as String in enumerator {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            if !isFolder.boolValue { files.insert(path) }
        }
        return files
    }

    @Test(arguments: [(31, false, false), (32, true, false), (33, false, true), (34, true, true)] as [(UInt64, Bool, Bool)])
    func aBuildWritesExactlyTheFilesTheManifestLists(seed: UInt64, portable: Bool, sitemap: Bool) async throws {
        try await withTemporaryFolder { folder in
            var random = SplitMix(state: seed)
            var catalog = TestCatalog.standard
            for _ in 0..<12 { _ = catalog.randomEdit(using: &random) }
            catalog.repair()
            try catalog.write(to: folder)
            var config = TestCatalog.config
            if portable { config += "portable: true\n" }
            if sitemap { config += "baseURL: https://example.org/\n" }
            try TestCatalog.write(Array(config.utf8), to: folder.appendingPathComponent("stacks.yml"))
            let options = BuildOptions(projectDirectory: folder, clean: true)
            _ = try await SiteBuilder.build(options)
            // The writer's mark that the folder is Stacks' own is not a file of the site.
            let written = Self.files(under: folder.appendingPathComponent("output")).subtracting([OutputWriter.markerName])

            let prepared = try await Pipeline.prepare(ProjectReader.read(options).0)
            let manifest = prepared.manifest
            #expect(Set(manifest.paths(prepared.renderer)).isSubset(of: written), "listed, not written: \(Set(manifest.paths(prepared.renderer)).subtracting(written).sorted().prefix(5))")
            let unlisted = written.filter { manifest[$0] == nil }
            #expect(unlisted.isEmpty, "written, not listed: \(unlisted.sorted().prefix(5))")
            // Only the search's term shards are found by their folder.
            let byFolder = written.filter { !manifest.names($0) }
            #expect(byFolder.allSatisfy { $0.hasPrefix(SearchIndex.termsFolder + "/") && manifest[$0] == .extra(.search) })
            #expect(!byFolder.isEmpty)

            // Every kind of producer is there, each path where the renderer puts it.
            let renderer = prepared.renderer
            for index in renderer.site.catalog.pages.indices {
                #expect(manifest[renderer.outputPath(of: index)] == .page(index))
            }
            #expect(!renderer.listPages.isEmpty && !renderer.tagPages.isEmpty && !renderer.site.catalog.assets.isEmpty)
            for list in renderer.listPages {
                #expect(manifest[renderer.outputPath(ofListPage: list.number, category: list.category)]
                        == .listPage(category: list.category, number: list.number))
            }
            for page in renderer.tagPages { #expect(manifest[renderer.outputPath(ofTagPage: page)] == .tagPage(page)) }
            #expect(manifest["sitemap.xml"] == (sitemap ? .extra(.sitemap) : nil))
            #expect(manifest[".nojekyll"] == .extra(.noJekyll))
            #expect(manifest["_stacks/stacks.css"] == .extra(.theme))
            #expect(manifest["old/first/index.html"] == .extra(.redirects) || !catalog.files.values.contains { $0.contains("old/first") })
            #expect(manifest[SearchIndex.recordFilePath(0)] == .searchRecords(file: 0))
            #expect(manifest.recordFiles == (renderer.site.catalog.pages.count + SearchIndex.recordsPerFile - 1) / SearchIndex.recordsPerFile)
            #expect(manifest[SearchIndex.recordFilePath(manifest.recordFiles)] == (renderer.tagPages.isEmpty ? nil : .extra(.search)),
                    "the tag pages' records start a file of their own")
            #expect(manifest["no/such/page/index.html"] == nil)
        }
    }

    /// Each group's files, as the renderer makes them, are the paths the manifest gives it.
    @Test func eachExtraGroupMakesThePathsTheManifestGivesIt() async throws {
        var config = SiteConfig()
        config.portable = true
        config.layout.listWindow = 2
        let prepared = try await resolveInline([
            ("a/one.md", "---\ntags: [x]\naliases: [old-one]\n---\nOne.\n"), ("a/two.md", "---\ntags: [x]\n---\nTwo.\n"),
            ("a/three.md", "---\ntags: [x, y]\n---\nThree.\n"), ("b/four.md", "---\ntags: [z]\n---\nFour.\n"),
        ], config: config)
        let renderer = prepared.renderer
        for extra in prepared.manifest.extras {
            let made = renderer.files(of: extra, theme: prepared.theme).map(\.path)
            let listed = renderer.paths(of: extra, theme: prepared.theme)
            if extra == .search {
                #expect(Set(listed).isSubset(of: made))
                #expect(made.allSatisfy { listed.contains($0) || $0.hasPrefix(SearchIndex.termsFolder + "/") })
            } else {
                #expect(made.sorted() == listed.sorted(), "\(extra)")
            }
            #expect(!made.isEmpty, "\(extra)")
        }
        #expect(prepared.manifest.extras.contains(.tagListIndexes(part: 0)) && prepared.manifest.extras.contains(.listIndex(category: 1)))
    }
}
