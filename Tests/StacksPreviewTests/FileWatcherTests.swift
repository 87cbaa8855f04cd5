import StacksTestSupport
import Foundation
import StacksCore
import Synchronization
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// What the watcher watches: exactly the folders a build reads, whatever links say.
    @Suite struct FileWatcherTests {
        @Test func aLinkOutOfTheContentFolderIsNeitherWatchedNorRebuiltFor() async throws {
            try await withTemporaryFolder { folder in
                let project = folder.appendingPathComponent("project")
                let outside = folder.appendingPathComponent("outside")
                try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
                try TestCatalog.write(Array("elsewhere\n".utf8), to: outside.appendingPathComponent("deeper/notes.txt"))
                try TestCatalog.standard.write(to: project)
                try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("content/kitchen/outdir").path,
                                                           withDestinationPath: outside.path)
                try await TestServer.with(project) { site in
                    let watched = Self.inotifyWatchedInodes()
                    #expect(try Self.inode(of: project.appendingPathComponent("content/kitchen")).map(watched.contains) == true)
                    #expect(try Self.inode(of: outside).map(watched.contains) == false, "the outside folder is watched")
                    #expect(try Self.inode(of: outside.appendingPathComponent("deeper")).map(watched.contains) == false)

                    // On a loaded machine an event of the catalog's own writing can come after the
                    // server started: counted from when it has settled.
                    try await site.settle()
                    let before = await site.server.rebuilds
                    try Data("---\ntitle: Unrelated\n---\n".utf8).write(to: outside.appendingPathComponent("unrelated.md"))
                    try Data("more\n".utf8).write(to: outside.appendingPathComponent("deeper/notes.txt"))
                    try await Task.sleep(for: .milliseconds(400))
                    #expect(await site.server.rebuilds == before, "\(site.log.all)")
                    // The content folder itself is still watched.
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\n---\nStill watched.\n")
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Still watched") }

                    // Nor is a link made while serving followed.
                    try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("content/tools/later").path,
                                                               withDestinationPath: outside.path)
                    // The link itself is a change of a watched folder: its rebuild must be over
                    // before counting, however late a loaded machine delivers the event.
                    try await site.waitForLog(containing: "tools/later")
                    try await site.settle()
                    let rebuilds = await site.server.rebuilds
                    #expect(try Self.inode(of: outside).map(Self.inotifyWatchedInodes().contains) == false)
                    try Data("again\n".utf8).write(to: outside.appendingPathComponent("deeper/notes.txt"))
                    try await Task.sleep(for: .milliseconds(400))
                    #expect(await site.server.rebuilds == rebuilds, "\(site.log.all)")
                }
            }
        }

        /// A folder linked to another folder of the content is published once, under its own
        /// name (`ContentReader`), whether the link was there before serving or made while
        /// serving; an edit made through the link's path still reaches the page.
        @Test func aLinkToAFolderOfTheContentIsPublishedOnceAndEditsThroughItAreSeen() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/cutlery").path,
                                                           withDestinationPath: "kitchen")
                try await TestServer.with(folder) { site in
                    #expect(try await site.get("/kitchen/spoon/").status == 200)
                    #expect(try await site.get("/cutlery/spoon/").status == 404)
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\n---\nEdited once.\n")
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Edited once") }
                    // A folder made through the link is the kitchen's.
                    try site.write("cutlery/drawer/knife.md", "---\ntitle: Knife\n---\nIn the drawer.\n")
                    _ = try await site.waitFor("/kitchen/drawer/knife/") { $0.status == 200 }
                    try site.write("cutlery/drawer/knife.md", "---\ntitle: Knife\n---\nSharpened.\n")
                    _ = try await site.waitFor("/kitchen/drawer/knife/") { $0.text.contains("Sharpened") }
                    #expect(try await site.get("/cutlery/drawer/knife/").status == 404)
                    // A link made while serving is skipped too.
                    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/forks").path,
                                                               withDestinationPath: "kitchen")
                    try await site.waitForLog(containing: "content/forks")
                    try site.write("kitchen/fork.md", "# Fork\n\nPolished.\n")
                    _ = try await site.waitFor("/kitchen/fork/") { $0.text.contains("Polished") }
                    #expect(try await site.get("/forks/fork/").status == 404)
                }
            }
        }

        @Test func loopsOfLinksAreNotFollowed() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                let kitchen = folder.appendingPathComponent("content/kitchen")
                // Two ways back up at each level: followed blindly, 2^40 paths before the kernel says ELOOP.
                for name in ["up", "again"] {
                    try FileManager.default.createSymbolicLink(atPath: kitchen.appendingPathComponent(name).path,
                                                               withDestinationPath: "..")
                }
                let folders = WatchedFolders(project: folder, content: folder.appendingPathComponent("content"),
                                             templates: folder.appendingPathComponent("templates"))
                let made = Mutex<FileWatcher?>(nil)
                Thread.detachNewThread {
                    let watcher = FileWatcher(folders)
                    made.withLock { $0 = watcher }
                }
                let deadline = ContinuousClock.now + .seconds(10)
                while made.withLock({ $0 == nil }), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let watcher = try #require(made.withLock { $0 }, "the watcher did not start within 10 seconds")
                defer { watcher.stop() }
                let watched = Self.inotifyWatchedInodes()
                #expect(try Self.inode(of: kitchen).map(watched.contains) == true)
                let reports = Reports(watcher.changes)
                try Data("# Spoon\n\nLooped.\n".utf8).write(to: kitchen.appendingPathComponent("spoon.md"))
                let changes = try await reports.next()
                #expect(changes.content == ["kitchen/spoon.md"])
            }
        }

        /// The polling watcher, used where inotify is not, on Linux too when made directly.
        @Test func thePollerReportsAnEditorsSaveOnceAndSoon() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                let content = folder.appendingPathComponent("content")
                let folders = WatchedFolders(project: folder, content: content, templates: folder.appendingPathComponent("templates"))
                let (stream, continuation) = AsyncStream.makeStream(of: FileChanges.self)
                let reports = Reports(stream)
                let signal = StopSignal()
                defer { signal.fire() }
                let poller = PollingWatcher(folders: folders, interval: FileWatcher.defaultPollInterval, signal: signal,
                                            continuation: continuation)
                #expect(FileWatcher.defaultPollInterval <= .milliseconds(100))
                let first = poller.snapshot()
                Thread.detachNewThread { poller.run(from: first) }

                // Saved as editors save: a hidden temporary file, written in steps, renamed over the file.
                let saving = content.appendingPathComponent("kitchen/.spoon.md.swp")
                let start = ContinuousClock.now
                try Data("---\ntitle: Spoon\n".utf8).write(to: saving)
                let handle = try FileHandle(forWritingTo: saving)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("---\nSaved.\n".utf8))
                try handle.close()
                #expect(rename(saving.path, content.appendingPathComponent("kitchen/spoon.md").path) == 0)
                try Data("# Fork\n".utf8).write(to: content.appendingPathComponent("kitchen/fork.md"))

                let changes = try await reports.next()
                #expect(changes.content == ["kitchen/spoon.md", "kitchen/fork.md"])
                #expect(ContinuousClock.now - start < .seconds(30))
                // Nothing more: the burst was one report.
                try await Task.sleep(for: .milliseconds(400))
                #expect(reports.all == [changes])
            }
        }

        // MARK: Helpers

        /// What a watcher reports, gathered as it comes until the watcher stops.
        final class Reports: Sendable {
            private let received = Mutex<[FileChanges]>([])

            init(_ stream: AsyncStream<FileChanges>) {
                Task(executorPreference: TestThreads.shared) { [self] in
                    for await changes in stream { received.withLock { $0.append(changes) } }
                }
            }

            var all: [FileChanges] { received.withLock { $0 } }

            /// The first report, waiting up to a minute for it (and looking once more after the
            /// minute: a sleep can end late on a loaded machine).
            func next() async throws -> FileChanges {
                let deadline = ContinuousClock.now + .seconds(60)
                while true {
                    if let first = all.first { return first }
                    guard ContinuousClock.now < deadline else { break }
                    try await Task.sleep(for: .milliseconds(10))
                }
                throw LoopbackClient.Failure(description: "no changes reported within a minute")
            }
        }

        /// The inode numbers of the folders watched by any inotify instance of this process.
        static func inotifyWatchedInodes() -> Set<UInt64> {
            var inodes: Set<UInt64> = []
            let fdinfo = "/proc/self/fdinfo"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: fdinfo)) ?? [] {
                guard let text = try? String(contentsOfFile: fdinfo + "/" + name, encoding: .utf8) else { continue }
                for line in text.split(separator: "\n") where line.hasPrefix("inotify ") {
                    for field in line.split(separator: " ") where field.hasPrefix("ino:") {
                        if let inode = UInt64(field.dropFirst(4), radix: 16) { inodes.insert(inode) }
                    }
                }
            }
            return inodes
        }

        static func inode(of url: URL) throws -> UInt64? {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return nil }
            return UInt64(status.st_ino)
        }
    }
}
