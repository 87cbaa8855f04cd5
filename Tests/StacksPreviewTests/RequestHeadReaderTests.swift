import FlyingFox
import Foundation
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// The preview's request reader, as a function of the bytes a client sends.
    @Suite struct RequestHeadReaderTests {
        static func read(_ text: String, limits: RequestLimits = .standard, pieces: Int? = nil) -> RequestHeadReader.Outcome {
            read(Array(text.utf8), limits: limits, pieces: pieces)
        }

        /// Feeds `bytes` in pieces of `pieces` bytes (all at once if `nil`); the first outcome
        /// that is not `.needMore`.
        static func read(_ bytes: [UInt8], limits: RequestLimits = .standard, pieces: Int? = nil) -> RequestHeadReader.Outcome {
            var reader = RequestHeadReader(limits: limits)
            let size = pieces ?? max(1, bytes.count)
            var start = 0
            repeat {
                let outcome = reader.append(bytes[start..<min(bytes.count, start + size)])
                if outcome != .needMore { return outcome }
                start += size
            } while start < bytes.count
            return .needMore
        }

        @Test(arguments: [nil, 1, 3, 7] as [Int?])
        func aHeadIsReadWhateverThePiecesItComesIn(pieces: Int?) {
            let outcome = Self.read("GET /weather/?q=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept:  text/html \r\n\r\nGET /next",
                                    pieces: pieces)
            let head = RequestHead(method: "GET", target: "/weather/?q=1", version: "HTTP/1.1",
                                   headers: [("Host", "127.0.0.1:8000"), ("Accept", "text/html")])
            // Fed in pieces, the reader stops at the end of the head; what follows is what it had.
            guard case .head(let read, let rest) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(read == head)
            #expect("GET /next".utf8.starts(with: rest))
        }

        @Test func aRequestLineOverItsLimitIsRefusedWith414BeforeItEnds() {
            let line = "GET /" + String(repeating: "a", count: 8 * 1024)
            #expect(Self.read(line) == .refused(HeadRefusal(status: 414, reason: "request line over 8192 bytes")))
            #expect(Self.read(line + " HTTP/1.1\r\n\r\n") == .refused(HeadRefusal(status: 414, reason: "request line over 8192 bytes")))
            // At the limit it is read.
            let longest = "GET /" + String(repeating: "a", count: 8 * 1024 - 14) + " HTTP/1.1"
            #expect(longest.utf8.count == 8 * 1024)
            guard case .head = Self.read(longest + "\r\nHost: localhost\r\n\r\n") else {
                Issue.record("a request line of 8 KiB is refused")
                return
            }
        }

        @Test func headersOverTheirLimitAreRefusedWith431BeforeTheyEnd() {
            let big = "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + String(repeating: "b", count: 64 * 1024)
            let refusal = RequestHeadReader.Outcome.refused(HeadRefusal(status: 431, reason: "headers over 65536 bytes"))
            #expect(Self.read(big) == refusal)
            #expect(Self.read(big + "\r\n\r\n") == refusal)
            #expect(Self.read(big, pieces: 1000) == refusal)
            let many = "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"
            #expect(Self.read(many) == .refused(HeadRefusal(status: 431, reason: "more than 100 header lines")))
        }

        /// A megabyte of header, one byte at a time, is refused after 64 KiB, each byte looked at
        /// once: reading is linear in what arrives (it was quadratic, and unbounded, before).
        @Test func readingIsLinearAndStopsAtTheLimit() {
            var reader = RequestHeadReader()
            var outcome = reader.append(Array("GET / HTTP/1.1\r\nX-Big: ".utf8))
            var fed = 23
            let started = ContinuousClock.now
            while outcome == .needMore && fed < 1_000_000 {
                outcome = reader.append(CollectionOfOne(UInt8(ascii: "b")))
                fed += 1
            }
            let took = ContinuousClock.now - started
            #expect(outcome == .refused(HeadRefusal(status: 431, reason: "headers over 65536 bytes")))
            #expect(fed == 16 + 64 * 1024 + 1)
            #expect(reader.examined == fed)
            // Quadratic reading took minutes here; linear reading takes milliseconds, a loaded machine more.
            #expect(took < .seconds(10), "took \(took)")
        }

        @Test(arguments: [
            "GET /\r\n\r\n",  // no version
            "GET  / HTTP/1.1\r\n\r\n",  // two spaces
            "GET / HTTP/2.0\r\n\r\n",
            "G(T / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : localhost\r\n\r\n",  // space before the colon
            "GET / HTTP/1.1\r\nHost: localhost\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nNo colon\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n",
            "GET /a\u{1}b HTTP/1.1\r\n\r\n",
            "\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\n\r\n",
        ])
        func malformedHeadsAreRefusedWith400(text: String) {
            guard case .refused(let refusal) = Self.read(text) else {
                Issue.record("accepted: \(text.debugDescription)")
                return
            }
            #expect(refusal.status == 400)
        }

        @Test func aBodyOrConnectionCloseEndsTheConnectionAfterTheAnswer() throws {
            func head(_ version: String, _ headers: [(String, String)]) -> RequestHead {
                RequestHead(method: "GET", target: "/", version: version, headers: headers)
            }
            #expect(head("HTTP/1.1", []).keepsAlive)
            #expect(!head("HTTP/1.1", [("Connection", "Close")]).keepsAlive)
            #expect(!head("HTTP/1.0", []).keepsAlive)
            #expect(head("HTTP/1.0", [("Connection", "keep-alive")]).keepsAlive)
            #expect(!head("HTTP/1.1", [("Content-Length", "0")]).hasBody)
            #expect(head("HTTP/1.1", [("content-length", "5")]).hasBody)
            #expect(head("HTTP/1.1", [("Transfer-Encoding", "chunked")]).hasBody)
        }

        @Test func theLiveReloadSocketsFramesAreReadBounded() throws {
            var reader = WebSocketFrameReader()
            // A masked close frame with code 1001, in two pieces.
            let mask: [UInt8] = [1, 2, 3, 4]
            let payload: [UInt8] = [0x03, 0xE9]
            let frame = [0x88, 0x82] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
            #expect(try reader.append(frame.prefix(3)).isEmpty)
            let frames = try reader.append(frame.dropFirst(3))
            #expect(frames.map(\.opcode) == [.close])
            #expect(frames.first?.payload == Data(payload))
            // A client's frame must be masked, and small.
            var unmasked = WebSocketFrameReader()
            #expect(throws: WebSocketFrameReader.ProtocolError(reason: "a client's frame must be masked")) {
                try unmasked.append([0x81, 0x01, 0x41])
            }
            var huge = WebSocketFrameReader()
            #expect(throws: WebSocketFrameReader.ProtocolError(reason: "frame over 65536 bytes")) {
                try huge.append([0x82, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0])
            }
        }
    }
}
