import Testing
@testable import StacksCore

@Suite struct URLEncodingTests {
    /// `encodePath` is each non-empty segment encoded, joined by one slash, on paths with
    /// doubled, leading and trailing slashes, reserved characters and other scripts.
    @Test func aPathIsItsSegmentsEncoded() {
        let pieces = ["/", "//", "a", "Zz-._~", " ", "%", "?", "#", "é", "日本", "😀", "\u{301}", "index.html", "+&="]
        var generator = SeededRandom(seed: 7)
        for length in 0..<500 {
            var path = ""
            for _ in 0..<(length % 12) { path += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let segments = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
            #expect(URLEncoding.encodePath(path) == segments.map(URLEncoding.encodePathSegment).joined(separator: "/"),
                    "\(path.debugDescription)")
        }
        #expect(URLEncoding.encodePath("/weather/sun rise/é//index.html/") == "weather/sun%20rise/%C3%A9/index.html")
        // A combining mark after a slash is a character of its own kind but still a new segment.
        #expect(URLEncoding.encodePath("a/\u{301}b") == "a/%CC%81b")
        #expect(RootMarker.file("a b/c.json") == "\u{1}a%20b/c.json")
    }
}
