import Foundation
import StacksCore
import Testing
@testable import StacksPreview
import StacksTestSupport

extension PreviewTests {
    /// After any file operation, the content tree the preview holds is the tree a full read
    /// gives; plain edits are read file by file, the rest by reading the folder again.
    @Suite struct SourceReadingTests {
        @Test(arguments: [11, 12, 13] as [UInt64])
        func patchedTreeEqualsAFullReadAfterRandomFileOperations(seed: UInt64) async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let content = folder.appendingPathComponent("content")
                var source = ProjectSource(BuildOptions(projectDirectory: folder))
                var random = SplitMix(state: seed)
                var patched = 0
                for step in 0..<60 {
                    let (description, paths) = try Self.randomOperation(in: content, step: step, using: &random)
                    let (reading, _) = source.apply(FileChanges(content: paths))
                    if case .files = reading { patched += 1 }
                    let fresh = ContentReader(root: content, displayRoot: "content").read().0
                    #expect(source.content == fresh, "seed \(seed), step \(step): \(description) (\(reading))")
                }
                #expect(patched > 20)
            }
        }

        @Test func editingAFileReadsOnlyThatFile() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                var source = ProjectSource(BuildOptions(projectDirectory: folder))
                try Data("# Changed\n".utf8).write(to: folder.appendingPathComponent("content/kitchen/fork.md"))
                let (reading, changedFiles) = source.apply(FileChanges(content: ["kitchen/fork.md"]))
                #expect(reading == .files(1))
                #expect(changedFiles.isEmpty)
                #expect(source.content.markdownFiles.first { $0.relativePath == "kitchen/fork.md" }?.contents == Array("# Changed\n".utf8))
            }
        }

        /// The size pages give an image comes from the file: rewritten with another size, the
        /// patched tree has the new one, as a full read would.
        @Test func rewritingAnImageReadsItsNewSize() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let gif = { (width: UInt8, height: UInt8) in Data(Array("GIF89a".utf8) + [width, 0, height, 0, 0, 0, 0, 0x3B]) }
                try gif(4, 3).write(to: folder.appendingPathComponent("content/kitchen/pan.gif"))
                var source = ProjectSource(BuildOptions(projectDirectory: folder))
                try gif(40, 30).write(to: folder.appendingPathComponent("content/kitchen/pan.gif"))
                let (reading, changedFiles) = source.apply(FileChanges(content: ["kitchen/pan.gif"]))
                #expect(reading == .files(1))
                #expect(changedFiles == ["kitchen/pan.gif"])
                let kitchen = source.content.directories.first { $0.name == "kitchen" }
                #expect(kitchen?.file(named: "pan.gif")?.imageSize == ImageSize(width: 40, height: 30))
                #expect(source.content == ContentReader(root: folder.appendingPathComponent("content"), displayRoot: "content").read().0)
            }
        }

        @Test func editorSwapFilesAndSkippedNamesAreIgnored() {
            #expect(!WatchedFolders.isRelevantContentPath("kitchen/.fork.md.swp"))
            #expect(!WatchedFolders.isRelevantContentPath("_drafts/idea.md"))
            #expect(WatchedFolders.isRelevantContentPath("kitchen/_index.md"))
            #expect(WatchedFolders.isRelevantContentPath("kitchen/fork.md"))
        }

        /// Writes, creates, removes or renames something under `content`; returns what it did and
        /// the paths a watcher would report.
        static func randomOperation(in content: URL, step: Int, using random: inout SplitMix) throws -> (String, Set<String>) {
            let manager = FileManager.default
            let all = (manager.enumerator(atPath: content.path)?.allObjects as? [String] ?? []).sorted()
            let files = all.filter { !$0.hasPrefix(".") && $0.hasSuffix(".md") }
            let folders = all.filter { path in
                var isFolder: ObjCBool = false
                return manager.fileExists(atPath: content.appendingPathComponent(path).path, isDirectory: &isFolder) && isFolder.boolValue
            }
            let file = files.randomElement(using: &random) ?? "new.md"
            let folder = folders.randomElement(using: &random) ?? ""
            func url(_ path: String) -> URL { content.appendingPathComponent(path) }
            func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                try Data("---\ntitle: Step \(step)\n---\nText \(step).\n".utf8).write(to: url(file))
                return ("wrote \(file)", [file])
            case 2:
                let name = join(folder, "added-\(step).md")
                try Data("Added at step \(step).\n".utf8).write(to: url(name))
                return ("added \(name)", [name])
            case 3:
                guard files.count > 5 else { return ("nothing", []) }
                try manager.removeItem(at: url(file))
                return ("removed \(file)", [file])
            case 4:
                let renamed = join((file as NSString).deletingLastPathComponent, "renamed-\(step).md")
                try manager.moveItem(at: url(file), to: url(renamed))
                return ("renamed \(file)", [file, renamed])
            case 5:
                let name = join(folder, "image-\(step).png")
                try Data([1, 2, 3]).write(to: url(name))
                return ("added \(name)", [name])
            case 6:
                let name = join(folder, "new-folder-\(step)")
                try manager.createDirectory(at: url(name), withIntermediateDirectories: true)
                try Data("In a new folder.\n".utf8).write(to: url(name + "/item.md"))
                return ("created \(name)", [name, name + "/item.md"])
            case 7:
                // An editor's save: a swap file, a backup, the new text, the backup removed.
                try Data("swap".utf8).write(to: url(join(folder, ".swap-\(step).swp")))
                try manager.moveItem(at: url(file), to: url(file + "~"))
                try Data("Saved by an editor at step \(step).\n".utf8).write(to: url(file))
                try manager.removeItem(at: url(file + "~"))
                try manager.removeItem(at: url(join(folder, ".swap-\(step).swp")))
                return ("editor save of \(file)", [join(folder, ".swap-\(step).swp"), file + "~", file])
            default:
                guard let removable = folders.filter({ $0.contains("new-folder") }).randomElement(using: &random) else {
                    return ("nothing", [])
                }
                let inside = all.filter { $0.hasPrefix(removable + "/") }
                try manager.removeItem(at: url(removable))
                return ("removed folder \(removable)", Set(inside + [removable]))
            }
        }
    }
}
