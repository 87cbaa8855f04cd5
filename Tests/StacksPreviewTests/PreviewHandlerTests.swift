import StacksTestSupport
import Foundation
import StacksCore
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// The preview's answers, asked of its handler in process: what a browser gets, without a
    /// socket. `PreviewServerTests` keeps what needs the real server.
    @Suite struct PreviewHandlerTests {
        @Test func servesEveryKindOfFileWithItsContentTypeAndNoCaching() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data((TestCatalog.config + "baseURL: https://example.com/catalog/\n").utf8)
                    .write(to: folder.appendingPathComponent("stacks.yml"))
                try TestCatalog.write([0x77, 0x4F, 0x46, 0x32], to: folder.appendingPathComponent("content/tools/face.woff2"))
                let site = await TestHandler.make(folder)
                let expected: [(String, String)] = [
                    ("/", "text/html; charset=utf-8"), ("/tools/", "text/html; charset=utf-8"),
                    ("/tools/saw/blade/", "text/html; charset=utf-8"), ("/tools/page/2/", "text/html; charset=utf-8"),
                    ("/tools/saw/index.html", "text/html; charset=utf-8"),
                    ("/_stacks/stacks.css", "text/css; charset=utf-8"), ("/_stacks/stacks.js", "text/javascript; charset=utf-8"),
                    ("/_stacks/icons/sun.svg", "image/svg+xml"), ("/_stacks/favicon.svg", "image/svg+xml"),
                    ("/tools/saw/photo.png", "image/png"), ("/tools/manual.pdf", "application/pdf"),
                    ("/tools/face.woff2", "font/woff2"), ("/_stacks/catalog.json", "application/json"),
                    ("/_stacks/search-index.json", "application/json"), ("/sitemap.xml", "application/xml"),
                    ("/old/first/", "text/html; charset=utf-8"),
                ]
                for (path, type) in expected {
                    let reply = try await site.get(path)
                    #expect(reply.status == 200, "\(path)")
                    #expect(reply.contentType == type, "\(path)")
                    #expect(reply.headers["cache-control"] == "no-store", "\(path)")
                    #expect(reply.headers["x-content-type-options"] == "nosniff", "\(path)")
                    #expect(reply.headers["content-length"] == String(reply.body.count), "\(path)")
                    // The live-reload script goes into pages, and only into pages.
                    #expect(reply.text.contains("id=\"stacks-live\"") == type.hasPrefix("text/html"), "\(path)")
                }
            }
        }

        @Test func headAnswersAsGetWouldWithoutTheBody() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                for path in ["/tools/", "/_stacks/stacks.css", "/tools/saw/photo.png", "/missing/"] {
                    let get = try await site.get(path)
                    let head = try await site.request("HEAD \(path) HTTP/1.1")
                    #expect(head.status == get.status, "\(path)")
                    #expect(head.contentType == get.contentType, "\(path)")
                    #expect(head.headers["content-length"] == String(get.body.count), "\(path)")
                    #expect(head.body.isEmpty, "\(path)")
                }
                let post = try await site.request("POST /tools/ HTTP/1.1", headers: ["Content-Length: 0"])
                #expect(post.status == 405)
                #expect(post.headers["allow"] == "GET, HEAD")
            }
        }

        @Test func missingPagesGetThe404PageWithStatus404() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                for path in ["/nothing/", "/tools/nothing", "/tools/hammer/extra/", "/index.htm", "/.stacks-output", "/content/"] {
                    let reply = try await site.get(path)
                    #expect(reply.status == 404, "\(path)")
                    #expect(reply.contentType == "text/html; charset=utf-8", "\(path)")
                    #expect(reply.text.contains("Page not found"), "\(path)")
                    #expect(reply.text.contains("id=\"stacks-live\""), "\(path)")
                }
            }
        }

        @Test func aFolderIsAnsweredWithItsIndexAndNamedWithoutItsSlashRedirectsToIt() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                #expect(try await site.get("/tools/saw/").withoutLiveReload == (try await site.get("/tools/saw/index.html")).withoutLiveReload)
                let reply = try await site.get("/tools/saw")
                #expect(reply.status == 301)
                #expect(reply.headers["location"] == "/tools/saw/")
                let withQuery = try await site.get("/tools?view=all")
                #expect(withQuery.headers["location"] == "/tools/?view=all")
            }
        }

        @Test func onlyLoopbackHostNamesAreAnswered() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                for host in ["localhost", "localhost:\(site.port)", "127.0.0.1:\(site.port)", "[::1]:\(site.port)",
                             "preview.localhost"] {
                    let reply = try await site.request("GET /tools/ HTTP/1.1", host: host)
                    #expect(reply.status == 200, "\(host)")
                }
                for host in ["evil.example", "evil.example:\(site.port)", "127.0.0.1.evil.example", "192.168.1.2", ""] {
                    let reply = try await site.request("GET /tools/ HTTP/1.1", host: host)
                    #expect(reply.status == 403, "\(host)")
                    #expect(!reply.text.contains("Tools"), "\(host)")
                }
                // Asked to listen beyond loopback, it answers any name.
                let open = await TestHandler.make(folder, anyHost: true)
                #expect(try await open.request("GET /tools/ HTTP/1.1", host: "192.168.1.2:8000").status == 200)
            }
        }

        @Test func requestsFromAnotherOriginAreRefused() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                // A page elsewhere would get the build errors over the live-reload socket.
                for origin in ["https://evil.example", "http://evil.example:\(site.port)", "http://127.0.0.1.evil.example",
                               "null", "http://127.0.0.1:\(site.port &+ 1)", "https://127.0.0.1:\(site.port)",
                               "http://127.0.0.1", "http://127.0.0.1:\(site.port)/path", "not a url"] {
                    let answer = try await site.webSocketHandshake(origin: origin)
                    #expect(answer.hasPrefix("HTTP/1.1 403"), "\(origin): \(answer)")
                    let page = try await site.request("GET /tools/ HTTP/1.1", headers: ["Origin: \(origin)"])
                    #expect(page.status == 403, "\(origin)")
                    #expect(!page.text.contains("Tools"), "\(origin)")
                }
                // The preview's own pages, and tools that send no Origin.
                for origin in ["http://127.0.0.1:\(site.port)", "HTTP://127.0.0.1:\(site.port)", "http://localhost:\(site.port)",
                               "http://[::1]:\(site.port)", nil] {
                    let answer = try await site.webSocketHandshake(origin: origin)
                    #expect(answer.hasPrefix("HTTP/1.1 101"), "\(origin ?? "no origin"): \(answer)")
                }
                let fromLocalhost = try await site.request(
                    "GET /tools/ HTTP/1.1", host: "localhost:\(site.port)", headers: ["Origin: http://localhost:\(site.port)"])
                #expect(fromLocalhost.status == 200)
                let defaultPort = try await site.request("GET /tools/ HTTP/1.1", host: "localhost", headers: ["Origin: http://localhost:80"])
                #expect(defaultPort.status == 200)
            }
        }

        @Test func absoluteFormTargetsNamingThisServerAreAnswered() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data("TOP-SECRET-42".utf8).write(to: folder.appendingPathComponent("secret.txt"))
                let site = await TestHandler.make(folder)
                for authority in ["127.0.0.1:\(site.port)", "localhost:\(site.port)", "LOCALHOST:\(site.port)", "[::1]:\(site.port)"] {
                    let page = try await site.request("GET http://\(authority)/kitchen/spoon/ HTTP/1.1")
                    #expect(page.status == 200, "\(authority)")
                    #expect(page.text.contains("Spoon"), "\(authority)")
                    let head = try await site.request("HEAD http://\(authority)/tools/?x=1 HTTP/1.1")
                    #expect(head.status == 200, "\(authority)")
                }
                let home = try await site.request("GET http://127.0.0.1:\(site.port) HTTP/1.1")
                #expect(home.status == 200)
                #expect(home.text.contains("Test Catalog"))
                let redirect = try await site.request("GET http://127.0.0.1:\(site.port)/tools?view=all HTTP/1.1")
                #expect(redirect.status == 301)
                #expect(redirect.headers["location"] == "/tools/?view=all")
                // The target's authority counts, not the Host header (RFC 9112, 3.2.2).
                for target in ["http://evil.example/kitchen/spoon/", "http://evil.example:\(site.port)/kitchen/spoon/",
                               "http://user@127.0.0.1:\(site.port)/kitchen/spoon/", "http://127.0.0.1@evil.example/kitchen/spoon/"] {
                    let reply = try await site.request("GET \(target) HTTP/1.1")
                    #expect([400, 403].contains(reply.status), "\(target): \(reply.status)")
                    #expect(!reply.text.contains("Spoon"), "\(target)")
                }
                for target in ["http://127.0.0.1:\(site.port)/../secret.txt", "http://127.0.0.1:\(site.port)/%2e%2e/secret.txt",
                               "http://127.0.0.1:\(site.port)//secret.txt", "ftp://127.0.0.1:\(site.port)/kitchen/spoon/",
                               "http:/kitchen/spoon/"] {
                    let reply = try await site.request("GET \(target) HTTP/1.1")
                    #expect(reply.status == 400, "\(target): \(reply.status)")
                    #expect(!reply.text.contains("TOP-SECRET"), "\(target)")
                }
                // The live-reload socket too.
                let socket = try await site.webSocketHandshake(origin: "http://127.0.0.1:\(site.port)",
                                                               target: "http://127.0.0.1:\(site.port)/_stacks/live")
                #expect(socket.hasPrefix("HTTP/1.1 101"), "\(socket)")
            }
        }

        @Test func requestsThatTryToLeaveTheSiteAreRefusedWithoutRevealingFiles() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                try Data("TOP-SECRET-42".utf8).write(to: folder.appendingPathComponent("secret.txt"))
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/tools/leak.txt").path,
                                                           withDestinationPath: "../../secret.txt")
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("content/tools/leak-folder").path,
                                                           withDestinationPath: "../..")
                let site = await TestHandler.make(folder)
                for target in Self.traversals {
                    let reply = try await site.request("GET \(target) HTTP/1.1")
                    #expect([400, 404].contains(reply.status), "\(target): \(reply.status)")
                    #expect(!reply.text.contains("TOP-SECRET"), "\(target)")
                    #expect(!reply.text.contains("listWindow"), "\(target)")
                    #expect(!reply.text.contains("root:"), "\(target)")
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

        @Test(arguments: [false, true])
        func draftsAreServedOnlyWhenAskedFor(drafts: Bool) async throws {
            try await withTemporaryFolder { folder in
                var catalog = TestCatalog.standard
                catalog.files["kitchen/whisk.md"] = "---\ntitle: Whisk\ndraft: true\n---\nNot yet.\n"
                try catalog.write(to: folder)
                let site = await TestHandler.make(folder, drafts: drafts)
                let page = try await site.get("/kitchen/whisk/")
                #expect(page.status == (drafts ? 200 : 404))
                #expect(page.text.contains("Not yet.") == drafts)
                #expect(try await site.get("/kitchen/").text.contains("Whisk") == drafts)
                // Still so after a rebuild.
                try TestCatalog.write(Array("---\ntitle: Spoon\n---\nRebuilt.\n".utf8), to: folder.appendingPathComponent("content/kitchen/spoon.md"))
                _ = await site.site.update(FileChanges(content: ["kitchen/spoon.md"]))
                #expect(try await site.get("/kitchen/spoon/").text.contains("Rebuilt"))
                #expect(try await site.get("/kitchen/whisk/").status == (drafts ? 200 : 404))
            }
        }

        @Test func theServedSiteIsTheBuiltSite() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                try await PreviewServerTests.expectServedEqualsBuilt(site.get, folder: folder, context: "first build")
            }
        }

        @Test func beforeTheFirstBuildTheAnswerIsAnErrorPageThatReloads() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder, build: false)
                let reply = try await site.get("/tools/")
                #expect(reply.status == 500)
                #expect(reply.text.contains("The site has not built yet."))
                #expect(reply.text.contains("id=\"stacks-live\""))
            }
        }

        @Test func aFailedRebuildShowsItsErrorsEscapedOverTheLastGoodSite() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let site = await TestHandler.make(folder)
                let spoon = folder.appendingPathComponent("content/kitchen/spoon.md")
                try TestCatalog.write(Array("---\ntitle: Spoon\n---\nGood text.\n".utf8), to: spoon)
                _ = await site.site.update(FileChanges(content: ["kitchen/spoon.md"]))
                try TestCatalog.write(Array("---\ntitle: Spoon\naliases: [\"../../<script>alert(1)</script>\"]\n---\nBad text.\n".utf8),
                                      to: spoon)
                let report = await site.site.update(FileChanges(content: ["kitchen/spoon.md"]))
                #expect(report.failure != nil)
                let broken = try await site.get("/kitchen/spoon/")
                #expect(broken.status == 200)
                #expect(broken.text.contains("stacks-overlay\" role"))
                #expect(broken.text.contains("Good text"))
                #expect(!broken.text.contains("Bad text"))
                #expect(broken.text.contains("content/kitchen/spoon.md:"))
                #expect(broken.text.contains(": error: alias &#39;../../&lt;script&gt;alert(1)&lt;/script&gt;&#39;"))
                #expect(!broken.text.contains("<script>alert(1)"))
                #expect(try await site.get("/tools/").text.contains("stacks-overlay\" role"))
                // Files other than pages get no overlay.
                #expect(!(try await site.get("/_stacks/stacks.css")).text.contains("stacks-overlay"))

                try TestCatalog.write(Array("---\ntitle: Spoon\n---\nFixed text.\n".utf8), to: spoon)
                _ = await site.site.update(FileChanges(content: ["kitchen/spoon.md"]))
                let fixed = try await site.get("/kitchen/spoon/")
                #expect(fixed.text.contains("Fixed text"))
                #expect(!fixed.text.contains("stacks-overlay\" role"))
            }
        }
    }
}
