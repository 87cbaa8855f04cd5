import Testing
@testable import StacksPreview

extension PreviewTests {
    @Suite struct RequestTargetTests {
        @Test(arguments: [
            ("/", [String](), true),
            ("/weather/", ["weather"], true),
            ("/weather", ["weather"], false),
            ("/weather/rain/index.html", ["weather", "rain", "index.html"], false),
            ("/caf%C3%A9/", ["café"], true),
            ("/a%20b/", ["a b"], true),
            ("/_stacks/stacks.css", ["_stacks", "stacks.css"], false),
        ])
        func pathsInTheSiteAreDecoded(raw: String, segments: [String], directory: Bool) {
            #expect(RequestTarget.parse(raw) == .site(segments: segments, directory: directory))
        }

        @Test(arguments: [
            "/..", "/../etc/passwd", "/weather/../../stacks.yml", "/./weather/", "/weather/./rain/",
            "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/stacks.yml", "/.%2e/stacks.yml", "/%2e/",
            "/..%2f..%2fetc%2fpasswd", "/weather%2F..%2F..%2Fstacks.yml", "/..%5c..%5cstacks.yml", "/a\\b",
            "//etc/passwd", "/weather//rain/", "etc/passwd", "http://127.0.0.1/etc/passwd", "*",
            "/%00", "/a%0a", "/%zz", "/%c3", "/%e9",
        ])
        func pathsThatCouldEscapeTheSiteAreRefused(raw: String) {
            guard case .refused = RequestTarget.parse(raw) else {
                Issue.record("\(raw) was not refused: \(RequestTarget.parse(raw))")
                return
            }
        }

        @Test(arguments: [
            ("http://127.0.0.1:8000/weather/", "127.0.0.1:8000", "/weather/"),
            ("HTTP://localhost:8000", "localhost:8000", "/"),
            ("http://[::1]:8000/a%20b", "[::1]:8000", "/a%20b"),
            ("http://127.0.0.1/../stacks.yml", "127.0.0.1", "/../stacks.yml"),
        ])
        func absoluteFormTargetsGiveTheirAuthorityAndPath(raw: String, authority: String, path: String) throws {
            let form = try #require(try RequestTarget.absoluteForm(raw)?.get())
            #expect(form.authority == authority)
            #expect(form.path == path)
        }

        @Test(arguments: ["https://127.0.0.1:8000/", "ftp://127.0.0.1/", "http:/weather/", "http:weather", "http:///weather/",
                          "http://user@127.0.0.1/", "http://127.0.0.1@evil.example/"])
        func absoluteFormTargetsThisServerCannotBeNamedByAreRefused(raw: String) {
            guard case .failure = RequestTarget.absoluteForm(raw) else {
                Issue.record("\(raw): \(String(describing: RequestTarget.absoluteForm(raw)))")
                return
            }
        }

        @Test(arguments: ["/weather/", "*", "/a:b", "weather"])
        func otherTargetsAreNotInAbsoluteForm(raw: String) {
            #expect(RequestTarget.absoluteForm(raw) == nil)
        }

        @Test(arguments: [
            (nil, "127.0.0.1:8000", true),
            ("http://127.0.0.1:8000", "127.0.0.1:8000", true),
            ("http://localhost:8000", "127.0.0.1:8000", true),
            ("http://[::1]:8000", "localhost:8000", true),
            ("http://localhost", "localhost:80", true),
            ("http://192.168.1.2:8000", "192.168.1.2:8000", true),
            ("http://127.0.0.1:8001", "127.0.0.1:8000", false),
            ("https://127.0.0.1:8000", "127.0.0.1:8000", false),
            ("http://evil.example:8000", "127.0.0.1:8000", false),
            ("http://192.168.1.3:8000", "192.168.1.2:8000", false),
            ("null", "127.0.0.1:8000", false),
            ("http://127.0.0.1:8000/", "127.0.0.1:8000", false),
            ("http://127.0.0.1:+8000", "127.0.0.1:8000", false),
            ("http://127.0.0.1:8000", nil, false),
        ] as [(String?, String?, Bool)])
        func onlyTheServersOwnOriginIsAnswered(origin: String?, authority: String?, answered: Bool) {
            #expect(PreviewHandler.isOwnOrigin(origin, authority: authority) == answered)
        }

        @Test func theLiveReloadSocketHasItsOwnPath() {
            #expect(RequestTarget.parse("/_stacks/live") == .liveReload)
        }

        @Test(arguments: [
            ("index.html", "text/html; charset=utf-8"), ("_stacks/stacks.css", "text/css; charset=utf-8"),
            ("_stacks/stacks.js", "text/javascript; charset=utf-8"), ("assets/icons/sun.svg", "image/svg+xml"),
            ("a/photo.PNG", "image/png"), ("a/b.jpeg", "image/jpeg"), ("a/b.webp", "image/webp"), ("a/b.avif", "image/avif"),
            ("a/b.gif", "image/gif"), ("favicon.ico", "image/vnd.microsoft.icon"), ("f.woff2", "font/woff2"),
            ("f.woff", "font/woff"), ("f.ttf", "font/ttf"), ("f.otf", "font/otf"), ("catalog.json", "application/json"),
            ("sitemap.xml", "application/xml"), ("doc.pdf", "application/pdf"), ("clip.mp4", "video/mp4"),
            ("notes.txt", "text/plain; charset=utf-8"), ("data.bin", "application/octet-stream"), ("README", "application/octet-stream"),
            ("a.b/README", "application/octet-stream"),
        ])
        func contentTypesFollowTheExtension(path: String, type: String) {
            #expect(ContentType.of(path) == type)
        }
    }
}
