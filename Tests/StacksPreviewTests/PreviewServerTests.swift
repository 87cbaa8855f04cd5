import Foundation
import Logging
import StacksCore
import Testing
@testable import StacksPreview
import StacksTestSupport

extension PreviewTests {
    /// The preview over a real loopback socket: the server's start and stop, its ports, its
    /// watching and rebuilding, live reload, and many clients at once.
    @Suite struct PreviewServerTests {
        @Test func listeningBeyondLoopbackIsServedWithAWarning() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder, host: "0.0.0.0") { site in
                    let page = try await site.get("/tools/")
                    #expect(page.status == 200)
                    let warnings = site.log.all.filter { $0.hasPrefix("warning: ") }
                    #expect(warnings.count == 1, "\(site.log.all)")
                    #expect(warnings.first?.contains("Serving on 0.0.0.0, which other devices on your network can reach") == true)
                    #expect(warnings.first?.contains("--host 127.0.0.1") == true)
                }
                try await TestServer.with(folder, host: "127.0.0.1") { site in
                    #expect(!site.log.all.contains { $0.hasPrefix("warning: ") }, "\(site.log.all)")
                }
            }
        }

        @Test(arguments: [21, 22] as [UInt64])
        func afterRandomEditsOnDiskTheServedSiteIsStillTheBuiltSite(seed: UInt64) async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                var catalog = TestCatalog.standard
                try catalog.write(to: folder)
                try await TestServer.with(folder) { site in
                    var random = SplitMix(state: seed)
                    // Every page rendered once, so that what a rebuild forgets is checked too.
                    try await Self.expectServedEqualsBuilt(site.get, folder: folder, context: "first build")
                    var edits: [String] = []
                    for round in 0..<3 {
                        for _ in 0..<6 {
                            let before = catalog.files
                            edits.append(catalog.randomEdit(using: &random))
                            try Self.apply(from: before, to: catalog.files, in: site.content)
                            try await Task.sleep(for: .milliseconds(Int.random(in: 0..<40, using: &random)))
                        }
                        catalog.repair()
                        try Self.apply(from: catalog.files, to: catalog.files, in: site.content, force: true)
                        try await site.settle()
                        try await Self.expectServedEqualsBuilt(site.get, folder: folder, context: "seed \(seed), round \(round): \(edits)",
                                                              patience: .seconds(60))
                    }
                }
            }
        }

        @Test func aPageChangesAfterItsFileIsEditedAndOpenPagesAreToldToReload() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)
                    let before = try await site.get("/kitchen/spoon/")
                    #expect(!before.text.contains("Freshly edited"))
                    // Open pages are the ones reloaded: these are open too.
                    _ = try await site.get("/kitchen/fork/")
                    _ = try await site.get("/tools/hammer/")

                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\nsummary: For soup\n---\nFreshly edited text.\n")
                    let after = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Freshly edited") }
                    #expect(after.status == 200)
                    let reload = await socket.next(containing: "\"reload\"")
                    #expect(reload?.contains("\"/kitchen/spoon/\"") == true, "\(reload ?? "no message")")
                    #expect(reload?.contains("\"/kitchen/fork/\"") == false, "a body edit reloads only its page: \(reload ?? "")")

                    // A title shows in its category's list: every page showing that list reloads.
                    try site.write("kitchen/spoon.md", "---\ntitle: Ladle\nsummary: For soup\n---\nFreshly edited text.\n")
                    _ = try await site.waitFor("/kitchen/fork/") { $0.text.contains("Ladle") }
                    let listReload = await socket.next(containing: "\"reload\"")
                    #expect(listReload?.contains("\"/kitchen/fork/\"") == true, "\(listReload ?? "no message")")
                    #expect(listReload?.contains("\"/tools/hammer/\"") == false, "\(listReload ?? "")")
                    #expect(site.log.all.contains { $0.contains("kitchen/spoon.md") && $0.contains("rebuilt in") })
                }
            }
        }

        @Test func editingAnItemsTagsUpdatesAndReloadsTheTagPages() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)
                    #expect(try await site.get("/tags/steel/").text.contains("Hammer"))
                    #expect(try await site.get("/tags/wood/").status == 404)

                    try site.write("tools/hammer.md", "---\ntitle: Hammer\nsummary: A hammer\norder: 2\ntags: [\"wood\"]\n---\nThe hammer is useful.\n")
                    let wood = try await site.waitFor("/tags/wood/") { $0.status == 200 && $0.text.contains("Hammer") }
                    #expect(!wood.text.contains("Chisel"))
                    #expect(!(try await site.get("/tags/steel/").text.contains("Hammer")))
                    #expect(try await site.get("/tools/hammer/").text.contains("rel=\"tag\" href=\"../../tags/wood/\""))
                    let reload = await socket.next(containing: "\"reload\"")
                    #expect(reload?.contains("\"/tags/steel/\"") == true, "\(reload ?? "no message")")
                    #expect(reload?.contains("\"/tags/wood/\"") == true, "\(reload ?? "no message")")
                }
            }
        }

        /// A tag page is a page like the others: an open one reloads when what it shows changed,
        /// and only then.
        @Test func anOpenTagPageReloadsOnlyWhenItChanged() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)
                    #expect(try await site.get("/tags/steel/").text.contains("Hammer"))
                    _ = try await site.get("/kitchen/spoon/")

                    // The spoon has no tag: the steel page shows nothing of it.
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\nsummary: For soup\n---\nA new body.\n")
                    let body = await socket.next(containing: "\"reload\"")
                    #expect(body?.contains("\"/kitchen/spoon/\"") == true, "\(body ?? "no message")")
                    #expect(body?.contains("/tags/") == false, "\(body ?? "")")

                    // The hammer's summary shows in the steel list.
                    try site.write("tools/hammer.md", "---\ntitle: Hammer\nsummary: Drives nails\norder: 2\ntags: [\"steel\"]\n---\nThe hammer is useful.\n")
                    let summary = await socket.next(containing: "\"reload\"")
                    #expect(summary?.contains("\"/tags/steel/\"") == true, "\(summary ?? "no message")")
                    #expect(try await site.get("/tags/steel/").text.contains("Drives nails"))
                }
            }
        }

        @Test func aFileIsNotReadWhileItIsStillBeingWritten() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    // Truncated now, written 60 ms later: longer than the quiet time, shorter than
                    // the longest a file left open holds a burst back. A loaded machine can
                    // stretch the 60 ms past that: such a try shows nothing, and is made again.
                    let url = site.content.appendingPathComponent("kitchen/spoon.md")
                    var shown = false
                    for attempt in 0..<5 where !shown {
                        let text = "---\ntitle: Spoon\n---\nWritten slowly, \(attempt).\n"
                        let logged = site.log.all.count
                        let open: Duration = try await withCheckedThrowingContinuation { continuation in
                            Thread.detachNewThread {
                                do {
                                    let handle = try FileHandle(forWritingTo: url)
                                    try handle.truncate(atOffset: 0)
                                    let start = ContinuousClock.now
                                    Thread.sleep(forTimeInterval: 0.06)
                                    try handle.write(contentsOf: Data(text.utf8))
                                    try handle.close()
                                    continuation.resume(returning: ContinuousClock.now - start)
                                } catch {
                                    continuation.resume(throwing: error)
                                }
                            }
                        }
                        _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Written slowly, \(attempt).") }
                        guard open < FileWatcher.longestWait else { continue }
                        shown = true
                        #expect(!site.log.all[logged...].contains { $0.contains("file is empty") }, "\(site.log.all)")
                    }
                    #expect(shown, "the file was open longer than \(FileWatcher.longestWait) in every try")
                }
            }
        }

        @Test func addingRemovingAndRenamingFilesShowUp() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    try site.write("kitchen/knife.md", "---\ntitle: Knife\n---\nSharp.\n")
                    _ = try await site.waitFor("/kitchen/knife/") { $0.status == 200 }
                    _ = try await site.waitFor("/kitchen/") { $0.text.contains("Knife") }
                    try FileManager.default.moveItem(at: site.content.appendingPathComponent("kitchen/knife.md"),
                                                      to: site.content.appendingPathComponent("kitchen/cleaver.md"))
                    _ = try await site.waitFor("/kitchen/cleaver/") { $0.status == 200 }
                    _ = try await site.waitFor("/kitchen/knife/") { $0.status == 404 }
                    try FileManager.default.removeItem(at: site.content.appendingPathComponent("kitchen/cleaver.md"))
                    _ = try await site.waitFor("/kitchen/cleaver/") { $0.status == 404 }
                    // A new category, folder and all.
                    try site.write("garden/rake.md", "---\ntitle: Rake\n---\nLeaves.\n")
                    _ = try await site.waitFor("/garden/rake/") { $0.status == 200 }
                    _ = try await site.waitFor("/tools/") { $0.text.contains("Garden") }
                }
            }
        }

        @Test func aFailedRebuildShowsItsErrorsEscapedInAnOverlayUntilFixed() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)

                    let good = "---\ntitle: Spoon\n---\nGood text.\n"
                    try site.write("kitchen/spoon.md", good)
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Good text") }
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\naliases: [\"../../<script>alert(1)</script>\"]\n---\nBad text.\n")
                    let broken = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("stacks-overlay\" role") }
                    // The last good build is still served, with the errors over it, escaped.
                    #expect(broken.status == 200)
                    #expect(broken.text.contains("Good text"))
                    #expect(!broken.text.contains("Bad text"))
                    #expect(broken.text.contains("content/kitchen/spoon.md:"))
                    #expect(broken.text.contains(": error: alias &#39;../../&lt;script&gt;alert(1)&lt;/script&gt;&#39;"))
                    #expect(!broken.text.contains("<script>alert(1)"))
                    #expect(try await site.get("/tools/").text.contains("stacks-overlay\" role"))
                    let errors = await socket.next(containing: "\"errors\"")
                    #expect(errors?.contains("error: alias '../../<script>alert(1)</script>'") == true, "\(errors ?? "no message")")
                    #expect(site.log.all.contains { $0.hasPrefix("error: content/kitchen/spoon.md:") && $0.contains(": error: alias") })

                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\n---\nFixed text.\n")
                    let fixed = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Fixed text") }
                    #expect(!fixed.text.contains("stacks-overlay\" role"))
                    #expect(await socket.next(containing: "\"ok\"") != nil)
                    #expect(await socket.next(containing: "\"reload\"") != nil)
                }
            }
        }

        @Test func aTemplateChangeRebuildsEveryPage() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let entry = Theme.builtIn.text("list-entry.mustache") ?? ""
                    try TestCatalog.write(Array(entry.replacingOccurrences(of: "<li", with: "<li data-test=\"changed\"").utf8),
                                          to: folder.appendingPathComponent("templates/list-entry.mustache"))
                    _ = try await site.waitFor("/kitchen/fork/") { $0.text.contains("data-test=\"changed\"") }
                    try Data((TestCatalog.config + "title: Renamed Catalog\n").utf8).write(to: folder.appendingPathComponent("stacks.yml"))
                    _ = try await site.waitFor("/tools/hammer/") { $0.text.contains("Renamed Catalog") }
                }
            }
        }

        @Test func whenTheConfigurationNamesAnotherContentFolderThatOneIsServedAndWatched() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try FileManager.default.copyItem(at: folder.appendingPathComponent("content"),
                                                 to: folder.appendingPathComponent("other"))
                try TestCatalog.write(Array("---\ntitle: Spoon\n---\nFrom the other folder.\n".utf8),
                                      to: folder.appendingPathComponent("other/kitchen/spoon.md"))
                try await TestServer.with(folder) { site in
                    try Data((TestCatalog.config + "paths:\n  content: other\n").utf8)
                        .write(to: folder.appendingPathComponent("stacks.yml"))
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("From the other folder") }
                    try TestCatalog.write(Array("---\ntitle: Spoon\n---\nEdited in the other folder.\n".utf8),
                                          to: folder.appendingPathComponent("other/kitchen/spoon.md"))
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Edited in the other folder") }
                }
            }
        }

        @Test func manyConcurrentConnectionsAreAllServed() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let paths = ["/", "/tools/", "/kitchen/spoon/", "/_stacks/stacks.css", "/tools/saw/photo.png", "/missing/"]
                    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                        for number in 0..<200 {
                            group.addTask { try await site.get(paths[number % paths.count]).status }
                        }
                        return try await group.reduce(into: [Int]()) { $0.append($1) }
                    }
                    #expect(statuses.count == 200)
                    #expect(statuses.filter { $0 == 200 }.count == (0..<200).filter { paths[$0 % paths.count] != "/missing/" }.count)
                    #expect(statuses.allSatisfy { $0 == 200 || $0 == 404 })
                }
            }
        }

        @Test func aPortInUseIsAnErrorNamingItWhenChosenAndSkippedOtherwise() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                let first = try await TestServer.start(folder)
                defer { Task { await first.server.stop() } }
                await #expect(throws: PreviewError.self) {
                    _ = try await TestServer.start(folder, port: first.port, explicit: true)
                }
                do {
                    _ = try await TestServer.start(folder, port: first.port, explicit: true)
                } catch let error as PreviewError {
                    #expect(error.description.contains("port \(first.port) is already in use"))
                    #expect(error.description.contains("--port"))
                }
                let second = try await TestServer.start(folder, port: first.port, explicit: false)
                #expect(second.port != first.port)
                #expect(second.log.all.contains { $0.contains("Port \(first.port) is in use; using port \(second.port) instead") })
                await second.server.stop()
            }
        }

        @Test func stoppingClosesConnectionsAndFreesThePort() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                let site = try await TestServer.start(folder)
                let socket = try await LiveReloadClient(port: site.port)
                #expect(await socket.next(containing: "\"hello\"") != nil)
                await site.server.stop()
                await #expect(throws: (any Error).self) { _ = try await site.get("/") }
                let again = try await TestServer.start(folder, port: site.port, explicit: true)
                #expect(again.port == site.port)
                await again.server.stop()
            }
        }

        @Test func aCancelledStartNeitherServesNorWatches() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                let probe = try await TestServer.start(folder)
                let port = probe.port
                await probe.server.stop()
                let server = PreviewServer(options: PreviewOptions(build: BuildOptions(projectDirectory: folder), port: port,
                                                                   portIsExplicit: true),
                                           logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
                let start = Task { try await server.start() }
                start.cancel()
                await #expect(throws: PreviewError(description: "stopped before serving")) { try await start.value }
                await #expect(throws: (any Error).self) { _ = try await LoopbackClient.get(port, "/") }
            }
        }

        @Test(arguments: [("127.0.0.1", true), ("localhost", true), ("::1", true), ("127.0.0.2", true),
                          ("0.0.0.0", false), ("192.168.1.20", false), ("::", false)])
        func onlyLoopbackAddressesCountAsPrivate(host: String, isLoopback: Bool) throws {
            #expect(try PreviewServer.address(host: host).1 == isLoopback)
        }

        @Test func hostNamesOtherThanLocalhostAreRefused() {
            #expect(throws: PreviewError.self) { try PreviewServer.address(host: "example.com") }
        }

        // MARK: Helpers

        /// Every file `stacks build` writes for the project is served, byte for byte, but for the
        /// live-reload script in pages; and the built pages have no such script. With `patience`,
        /// a rebuild still under way (its events late on a loaded machine) is waited for.
        static func expectServedEqualsBuilt(_ get: (String) async throws -> HTTPReply, folder: URL, context: String,
                                            patience: Duration = .zero) async throws {
            let output = folder.appendingPathComponent("built-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            _ = try await SiteBuilder.build(BuildOptions(projectDirectory: folder, output: output.path))
            let files = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? [])
                .filter { !$0.hasPrefix(".") }
            var built: [(path: String, bytes: [UInt8])] = []
            for path in files.sorted() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &isFolder),
                      !isFolder.boolValue else { continue }
                built.append((path, [UInt8](try Data(contentsOf: output.appendingPathComponent(path)))))
            }
            #expect(built.count > 30, "\(context)")
            let deadline = ContinuousClock.now + patience
            while true {
                var differences: [String] = []
                for (path, bytes) in built {
                    let target = "/" + path.split(separator: "/").map {
                        $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
                    }.joined(separator: "/")
                    let reply = try await get(target)
                    if reply.status != 200 {
                        differences.append("\(path): status \(reply.status)")
                    } else if path.hasSuffix(".html") {
                        #expect(!String(decoding: bytes, as: UTF8.self).contains("stacks-live"), "\(context): \(path)")
                        if reply.withoutLiveReload != bytes { differences.append("\(path) differs from the build") }
                    } else if reply.body != bytes {
                        differences.append("\(path) differs from the build")
                    }
                }
                if differences.isEmpty { return }
                guard ContinuousClock.now < deadline else {
                    Issue.record("\(context): \(differences.joined(separator: "; "))")
                    return
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        /// Makes the content folder hold `files` (Markdown only), touching only what differs.
        static func apply(from before: [String: String], to after: [String: String], in content: URL, force: Bool = false) throws {
            for (path, _) in before where after[path] == nil {
                try? FileManager.default.removeItem(at: content.appendingPathComponent(path))
            }
            for (path, text) in after where force || before[path] != text {
                let url = content.appendingPathComponent(path)
                if force, let existing = try? Data(contentsOf: url), existing == Data(text.utf8) { continue }
                try TestCatalog.write(Array(text.utf8), to: url)
            }
        }
    }
}
