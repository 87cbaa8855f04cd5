import Foundation
import Logging
import StacksCore
import Testing
@testable import StacksPreview
import StacksTestSupport

extension PreviewTests {
    /// The preview over a real loopback socket: what a browser gets.
    @Suite struct PreviewServerTests {
        @Test func servesEveryKindOfFileWithItsContentTypeAndNoCaching() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data((TestCatalog.config + "baseURL: https://example.com/catalog/\n").utf8)
                    .write(to: folder.appendingPathComponent("stacks.yml"))
                try TestCatalog.write([0x77, 0x4F, 0x46, 0x32], to: folder.appendingPathComponent("content/tools/face.woff2"))
                try await TestServer.with(folder) { site in
                    let expected: [(String, String)] = [
                        ("/", "text/html; charset=utf-8"), ("/tools/", "text/html; charset=utf-8"),
                        ("/tools/saw/blade/", "text/html; charset=utf-8"), ("/tools/page/2/", "text/html; charset=utf-8"),
                        ("/tools/saw/index.html", "text/html; charset=utf-8"),
                        ("/assets/stacks.css", "text/css; charset=utf-8"), ("/assets/stacks.js", "text/javascript; charset=utf-8"),
                        ("/assets/icons/sun.svg", "image/svg+xml"), ("/assets/favicon.svg", "image/svg+xml"),
                        ("/tools/saw/photo.png", "image/png"), ("/tools/manual.pdf", "application/pdf"),
                        ("/tools/face.woff2", "font/woff2"), ("/catalog.json", "application/json"),
                        ("/search-index.json", "application/json"), ("/sitemap.xml", "application/xml"),
                        ("/old/first/", "text/html; charset=utf-8"),
                    ]
                    for (path, type) in expected {
                        let reply = try await site.get(path)
                        #expect(reply.status == 200, "\(path)")
                        #expect(reply.contentType == type, "\(path)")
                        #expect(reply.headers["cache-control"] == "no-store", "\(path)")
                        #expect(reply.headers["content-length"] == String(reply.body.count), "\(path)")
                        // The live-reload script goes into pages, and only into pages.
                        #expect(reply.text.contains("id=\"stacks-live\"") == type.hasPrefix("text/html"), "\(path)")
                    }
                }
            }
        }

        @Test func headAnswersAsGetWouldWithoutTheBody() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    for path in ["/tools/", "/assets/stacks.css", "/tools/saw/photo.png", "/missing/"] {
                        let get = try await site.get(path)
                        let head = try await LoopbackClient.request(site.port, "HEAD \(path) HTTP/1.1")
                        #expect(head.status == get.status, "\(path)")
                        #expect(head.contentType == get.contentType, "\(path)")
                        #expect(head.headers["content-length"] == String(get.body.count), "\(path)")
                        #expect(head.body.isEmpty, "\(path)")
                    }
                    let post = try await LoopbackClient.request(site.port, "POST /tools/ HTTP/1.1", headers: ["Content-Length: 0"])
                    #expect(post.status == 405)
                }
            }
        }

        @Test func missingPagesGetThe404PageWithStatus404() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    for path in ["/nothing/", "/tools/nothing", "/tools/hammer/extra/", "/index.htm", "/.stacks-output", "/content/"] {
                        let reply = try await site.get(path)
                        #expect(reply.status == 404, "\(path)")
                        #expect(reply.contentType == "text/html; charset=utf-8", "\(path)")
                        #expect(reply.text.contains("Page not found"), "\(path)")
                    }
                }
            }
        }

        @Test func onlyLoopbackHostNamesAreAnswered() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    for host in ["localhost", "localhost:\(site.port)", "127.0.0.1:\(site.port)", "[::1]:\(site.port)",
                                 "preview.localhost"] {
                        let reply = try await LoopbackClient.request(site.port, "GET /tools/ HTTP/1.1", host: host)
                        #expect(reply.status == 200, "\(host)")
                    }
                    for host in ["evil.example", "evil.example:\(site.port)", "127.0.0.1.evil.example", "192.168.1.2", ""] {
                        let reply = try await LoopbackClient.request(site.port, "GET /tools/ HTTP/1.1", host: host)
                        #expect(reply.status == 403, "\(host)")
                        #expect(!reply.text.contains("Tools"), "\(host)")
                    }
                }
            }
        }

        @Test func requestsFromAnotherOriginAreRefused() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    // A page elsewhere would get the build errors over the live-reload socket.
                    for origin in ["https://evil.example", "http://evil.example:\(site.port)", "http://127.0.0.1.evil.example",
                                   "null", "http://127.0.0.1:\(site.port &+ 1)", "https://127.0.0.1:\(site.port)",
                                   "http://127.0.0.1", "http://127.0.0.1:\(site.port)/path", "not a url"] {
                        let answer = try await LoopbackClient.webSocketHandshake(site.port, origin: origin)
                        #expect(answer.hasPrefix("HTTP/1.1 403"), "\(origin): \(answer)")
                        let page = try await LoopbackClient.request(site.port, "GET /tools/ HTTP/1.1", headers: ["Origin: \(origin)"])
                        #expect(page.status == 403, "\(origin)")
                        #expect(!page.text.contains("Tools"), "\(origin)")
                    }
                    // The preview's own pages, and tools that send no Origin.
                    for origin in ["http://127.0.0.1:\(site.port)", "HTTP://127.0.0.1:\(site.port)", "http://localhost:\(site.port)",
                                   "http://[::1]:\(site.port)", nil] {
                        let answer = try await LoopbackClient.webSocketHandshake(site.port, origin: origin)
                        #expect(answer.hasPrefix("HTTP/1.1 101"), "\(origin ?? "no origin"): \(answer)")
                    }
                    let fromLocalhost = try await LoopbackClient.request(
                        site.port, "GET /tools/ HTTP/1.1", host: "localhost:\(site.port)", headers: ["Origin: http://localhost:\(site.port)"])
                    #expect(fromLocalhost.status == 200)
                    let defaultPort = try await LoopbackClient.request(
                        site.port, "GET /tools/ HTTP/1.1", host: "localhost", headers: ["Origin: http://localhost:80"])
                    #expect(defaultPort.status == 200)
                }
            }
        }

        @Test func absoluteFormTargetsNamingThisServerAreAnswered() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data("TOP-SECRET-42".utf8).write(to: folder.appendingPathComponent("secret.txt"))
                try await TestServer.with(folder) { site in
                    for authority in ["127.0.0.1:\(site.port)", "localhost:\(site.port)", "LOCALHOST:\(site.port)", "[::1]:\(site.port)"] {
                        let page = try await LoopbackClient.request(site.port, "GET http://\(authority)/kitchen/spoon/ HTTP/1.1")
                        #expect(page.status == 200, "\(authority)")
                        #expect(page.text.contains("Spoon"), "\(authority)")
                        let head = try await LoopbackClient.request(site.port, "HEAD http://\(authority)/tools/?x=1 HTTP/1.1")
                        #expect(head.status == 200, "\(authority)")
                    }
                    let home = try await LoopbackClient.request(site.port, "GET http://127.0.0.1:\(site.port) HTTP/1.1")
                    #expect(home.status == 200)
                    #expect(home.text.contains("Test Catalog"))
                    let redirect = try await LoopbackClient.request(site.port, "GET http://127.0.0.1:\(site.port)/tools?view=all HTTP/1.1")
                    #expect(redirect.status == 301)
                    #expect(redirect.headers["location"] == "/tools/?view=all")
                    // The target's authority counts, not the Host header (RFC 9112, 3.2.2).
                    for target in ["http://evil.example/kitchen/spoon/", "http://evil.example:\(site.port)/kitchen/spoon/",
                                   "http://user@127.0.0.1:\(site.port)/kitchen/spoon/", "http://127.0.0.1@evil.example/kitchen/spoon/"] {
                        let reply = try await LoopbackClient.request(site.port, "GET \(target) HTTP/1.1")
                        #expect([400, 403].contains(reply.status), "\(target): \(reply.status)")
                        #expect(!reply.text.contains("Spoon"), "\(target)")
                    }
                    for target in ["http://127.0.0.1:\(site.port)/../secret.txt", "http://127.0.0.1:\(site.port)/%2e%2e/secret.txt",
                                   "http://127.0.0.1:\(site.port)//secret.txt", "ftp://127.0.0.1:\(site.port)/kitchen/spoon/",
                                   "http:/kitchen/spoon/"] {
                        let reply = try await LoopbackClient.request(site.port, "GET \(target) HTTP/1.1")
                        #expect(reply.status == 400, "\(target): \(reply.status)")
                        #expect(!reply.text.contains("TOP-SECRET"), "\(target)")
                    }
                    // The live-reload socket too.
                    let socket = try await LoopbackClient.webSocketHandshake(
                        site.port, origin: "http://127.0.0.1:\(site.port)", target: "http://127.0.0.1:\(site.port)/_stacks/live")
                    #expect(socket.hasPrefix("HTTP/1.1 101"), "\(socket)")
                }
            }
        }

        @Test func listeningBeyondLoopbackIsServedWithAWarning() async throws {
            try await withTemporaryFolder { folder in
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

        @Test(arguments: [false, true])
        func draftsAreServedOnlyWhenAskedFor(drafts: Bool) async throws {
            try await withTemporaryFolder { folder in
                var catalog = TestCatalog.standard
                catalog.files["kitchen/whisk.md"] = "---\ntitle: Whisk\ndraft: true\n---\nNot yet.\n"
                try catalog.write(to: folder)
                try await TestServer.with(folder, drafts: drafts) { site in
                    let page = try await site.get("/kitchen/whisk/")
                    #expect(page.status == (drafts ? 200 : 404))
                    #expect(page.text.contains("Not yet.") == drafts)
                    #expect(try await site.get("/kitchen/").text.contains("Whisk") == drafts)
                    // Still so after a rebuild.
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\n---\nRebuilt.\n")
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Rebuilt") }
                    #expect(try await site.get("/kitchen/whisk/").status == (drafts ? 200 : 404))
                }
            }
        }

        @Test func aFolderNamedWithoutItsSlashRedirectsToIt() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let reply = try await site.get("/tools/saw")
                    #expect(reply.status == 301)
                    #expect(reply.headers["location"] == "/tools/saw/")
                    let withQuery = try await site.get("/tools?view=all")
                    #expect(withQuery.headers["location"] == "/tools/?view=all")
                }
            }
        }

        static let traversals = [
            "/../secret.txt", "/../../secret.txt", "/tools/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/secret.txt",
            "/tools/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/tools%2f..%2f..%2fsecret.txt", "/..%5csecret.txt",
            "/..\\secret.txt", "//secret.txt", "/./secret.txt", "/stacks.yml", "/../stacks.yml", "/content/tools/hammer.md",
            "/tools/hammer.md", "/tools/leak.txt", "/tools/leak-folder/secret.txt", "/%00", "/secret.txt%00.html",
            "http://127.0.0.1/secret.txt", "/" + String(repeating: "../", count: 12) + "etc/passwd",
            "/" + String(repeating: "%2e%2e/", count: 12) + "etc/passwd",
        ]

        @Test(arguments: traversals)
        func requestsThatTryToLeaveTheSiteAreRefusedWithoutRevealingFiles(target: String) async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data("TOP-SECRET-42".utf8).write(to: folder.appendingPathComponent("secret.txt"))
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/tools/leak.txt").path,
                                                           withDestinationPath: "../../secret.txt")
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/tools/leak-folder").path,
                                                           withDestinationPath: "../..")
                try await TestServer.with(folder) { site in
                    let reply = try await LoopbackClient.request(site.port, "GET \(target) HTTP/1.1")
                    #expect([400, 404].contains(reply.status), "\(target): \(reply.status)")
                    #expect(!reply.text.contains("TOP-SECRET"), "\(target)")
                    #expect(!reply.text.contains("listWindow"), "\(target)")
                    #expect(!reply.text.contains("root:"), "\(target)")
                }
            }
        }

        @Test func theServedSiteIsTheBuiltSite() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    try await Self.expectServedEqualsBuilt(site, folder: folder, context: "first build")
                }
            }
        }

        @Test(arguments: [21, 22] as [UInt64])
        func afterRandomEditsOnDiskTheServedSiteIsStillTheBuiltSite(seed: UInt64) async throws {
            try await withTemporaryFolder { folder in
                var catalog = TestCatalog.standard
                try catalog.write(to: folder)
                try await TestServer.with(folder) { site in
                    var random = SplitMix(state: seed)
                    // Every page rendered once, so that what a rebuild forgets is checked too.
                    try await Self.expectServedEqualsBuilt(site, folder: folder, context: "first build")
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
                        try await Self.expectServedEqualsBuilt(site, folder: folder, context: "seed \(seed), round \(round): \(edits)")
                    }
                }
            }
        }

        @Test func aPageChangesAfterItsFileIsEditedAndOpenPagesAreToldToReload() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)
                    let before = try await site.get("/kitchen/spoon/")
                    #expect(!before.text.contains("Freshly edited"))

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

        @Test func aFileIsNotReadWhileItIsStillBeingWritten() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    // Truncated now, written 60 ms later: longer than the quiet time.
                    let handle = try FileHandle(forWritingTo: site.content.appendingPathComponent("kitchen/spoon.md"))
                    try handle.truncate(atOffset: 0)
                    try await Task.sleep(for: .milliseconds(60))
                    try handle.write(contentsOf: Data("---\ntitle: Spoon\n---\nWritten slowly.\n".utf8))
                    try handle.close()
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Written slowly") }
                    #expect(!site.log.all.contains { $0.contains("file is empty") }, "\(site.log.all)")
                }
            }
        }

        @Test func addingRemovingAndRenamingFilesShowUp() async throws {
            try await withTemporaryFolder { folder in
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
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try await LiveReloadClient(port: site.port)
                    defer { socket.close() }
                    #expect(await socket.next(containing: "\"hello\"") != nil)

                    let good = "---\ntitle: Spoon\n---\nGood text.\n"
                    try site.write("kitchen/spoon.md", good)
                    _ = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("Good text") }
                    try site.write("kitchen/spoon.md", "---\ntitle: Spoon\naliases: [\"../<script>alert(1)</script>\"]\n---\nBad text.\n")
                    let broken = try await site.waitFor("/kitchen/spoon/") { $0.text.contains("stacks-overlay\" role") }
                    // The last good build is still served, with the errors over it, escaped.
                    #expect(broken.status == 200)
                    #expect(broken.text.contains("Good text"))
                    #expect(!broken.text.contains("Bad text"))
                    #expect(broken.text.contains("content/kitchen/spoon.md:"))
                    #expect(broken.text.contains(": error: alias &#39;../&lt;script&gt;alert(1)&lt;/script&gt;&#39;"))
                    #expect(!broken.text.contains("<script>alert(1)"))
                    #expect(try await site.get("/tools/").text.contains("stacks-overlay\" role"))
                    let errors = await socket.next(containing: "\"errors\"")
                    #expect(errors?.contains("error: alias '../<script>alert(1)</script>'") == true, "\(errors ?? "no message")")
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
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let entry = Theme.builtIn.text("list-entry.mustache") ?? ""
                    try TestCatalog.write(Array(entry.replacingOccurrences(of: "<li ", with: "<li data-test=\"changed\" ").utf8),
                                          to: folder.appendingPathComponent("templates/list-entry.mustache"))
                    _ = try await site.waitFor("/kitchen/fork/") { $0.text.contains("data-test=\"changed\"") }
                    try Data((TestCatalog.config + "title: Renamed Catalog\n").utf8).write(to: folder.appendingPathComponent("stacks.yml"))
                    _ = try await site.waitFor("/tools/hammer/") { $0.text.contains("Renamed Catalog") }
                }
            }
        }

        @Test func whenTheConfigurationNamesAnotherContentFolderThatOneIsServedAndWatched() async throws {
            try await withTemporaryFolder { folder in
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
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let paths = ["/", "/tools/", "/kitchen/spoon/", "/assets/stacks.css", "/tools/saw/photo.png", "/missing/"]
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
            try await withTemporaryFolder { folder in
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
            try await withTemporaryFolder { folder in
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
            try await withTemporaryFolder { folder in
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
        /// live-reload script in pages; and the built pages have no such script.
        static func expectServedEqualsBuilt(_ site: TestServer, folder: URL, context: String) async throws {
            let output = folder.appendingPathComponent("built-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            _ = try await SiteBuilder.build(BuildOptions(projectDirectory: folder, output: output.path))
            let files = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? [])
                .filter { !$0.hasPrefix(".") }
            var compared = 0
            for path in files.sorted() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &isFolder),
                      !isFolder.boolValue else { continue }
                let built = [UInt8](try Data(contentsOf: output.appendingPathComponent(path)))
                let target = "/" + path.split(separator: "/").map {
                    $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
                }.joined(separator: "/")
                let reply = try await site.get(target)
                #expect(reply.status == 200, "\(context): \(path)")
                if path.hasSuffix(".html") {
                    #expect(!String(decoding: built, as: UTF8.self).contains("stacks-live"), "\(context): \(path)")
                    #expect(reply.withoutLiveReload == built, "\(context): \(path) differs from the build")
                } else {
                    #expect(reply.body == built, "\(context): \(path) differs from the build")
                }
                compared += 1
            }
            #expect(compared > 30, "\(context)")
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
