import StacksTestSupport
import FlyingFox
import FlyingSocks
import Foundation
import Logging
import Synchronization
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// Clients that send too much, too slowly, or too often: the preview refuses them early and
    /// keeps answering everyone else.
    @Suite struct HostileClientTests {
        static func status(_ reply: [UInt8]) -> String {
            String(decoding: reply.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        }

        /// The line never ends: the server does not wait for its end to refuse it.
        @Test func aRequestLineOverTheLimitIsAnswered414AndClosedBeforeItEnds() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let line = Array(("GET /" + String(repeating: "a", count: 16 * 1024)).utf8)
                    let (reply, closed) = try await LoopbackClient.exchange(site.port, line)
                    #expect(Self.status(reply) == "HTTP/1.1 414 URI Too Long")
                    #expect(String(decoding: reply, as: UTF8.self).contains("Connection: close\r\n"))
                    #expect(closed)
                    // The server goes on serving.
                    #expect(try await site.get("/tools/").status == 200)
                }
            }
        }

        @Test func headersOverTheLimitAreAnswered431AndClosed() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let many = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-A: b\r\n", count: 200)
                    for head in [many, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "b", count: 70_000)] {
                        let (reply, closed) = try await LoopbackClient.exchange(site.port, Array(head.utf8))
                        #expect(Self.status(reply) == "HTTP/1.1 431 Request Header Fields Too Large")
                        #expect(closed)
                    }
                }
            }
        }

        /// A megabyte of header, sent in pieces: the answer comes, and the connection closes,
        /// while most of it is still to be sent.
        @Test func aMegabyteOfHeaderIsRefusedLongBeforeItIsAllSent() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let socket = try LoopbackClient.connect(site.port)
                    var patience = timeval(tv_sec: 5, tv_usec: 0)
                    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
                    let sent = Atomic<Int>(0)
                    let stopping = Atomic<Bool>(false)
                    let senderDone = DispatchSemaphore(value: 0)
                    Thread.detachNewThread {
                        defer { senderDone.signal() }
                        let piece = [UInt8](repeating: UInt8(ascii: "b"), count: 16 * 1024)
                        guard (try? LoopbackClient.send(socket, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ".utf8))) != nil
                        else { return }
                        while !stopping.load(ordering: .relaxed), sent.load(ordering: .relaxed) < 1_000_000,
                              (try? LoopbackClient.send(socket, piece)) != nil {
                            sent.add(piece.count, ordering: .relaxed)
                            Thread.sleep(forTimeInterval: 0.05)
                        }
                    }
                    // The sender ends before the socket is closed: the number of a closed socket
                    // goes to the next socket opened in the process, another test's connection.
                    defer {
                        stopping.store(true, ordering: .relaxed)
                        senderDone.wait()
                        close(socket)
                    }
                    let reply = try await LoopbackClient.onThread { () throws(LoopbackClient.Failure) -> [UInt8] in
                        var result: [UInt8] = []
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                            guard count > 0 else { return result }
                            result += buffer[..<count]
                        }
                    }
                    let sentWhenClosed = sent.load(ordering: .relaxed)
                    #expect(Self.status(reply) == "HTTP/1.1 431 Request Header Fields Too Large")
                    // The limit is 64 KiB; the rest is time for a loaded machine to answer.
                    #expect(sentWhenClosed < 900_000, "the client had sent \(sentWhenClosed) bytes when the server closed")
                }
            }
        }

        @Test func otherClientsAreServedWhileSeveralSendOversizedRequestLines() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let flood = Flood(port: site.port, connections: 6)
                    defer { flood.stop() }
                    try await Task.sleep(for: .milliseconds(300))
                    var slowest = Duration.zero
                    for number in 0..<40 {
                        let started = ContinuousClock.now
                        let reply = try await site.get(["/", "/tools/", "/kitchen/spoon/", "/_stacks/stacks.css"][number % 4])
                        slowest = max(slowest, ContinuousClock.now - started)
                        #expect(reply.status == 200)
                    }
                    // Before the request reader had limits, no page was answered at all; a loaded machine
                    // answers late.
                    #expect(slowest < .seconds(30), "the slowest answer took \(slowest)")
                    #expect(flood.attempts.load(ordering: .relaxed) > 6, "the flood did not get through")
                }
            }
        }

        /// A client that sends its head a byte now and then, or nothing at all, is cut off.
        @Test func aClientTooSlowToSendItsHeadIsCutOff() async throws {
            try await onTestThreads {
                var limits = RequestLimits.standard
                limits.headTimeout = .milliseconds(500)
                let handler = ClosureHTTPHandler { _ in HTTPResponse(statusCode: .ok) }
                let server = try PreviewHTTPServer(address: sockaddr_in.inet(ip4: "127.0.0.1", port: 0), handler: handler,
                                                   limits: limits, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
                let task = Task(executorPreference: TestThreads.shared) { try await server.run() }
                defer { task.cancel() }
                let port = try #require(PreviewServer.port(of: server.listeningAddress))
                let started = ContinuousClock.now
                // The client's patience is long (120 s) so that a server that never cuts off is
                // told from one slowed down by the rest of the suite running beside it (36 s seen).
                let (partial, closedPartial) = try await LoopbackClient.exchange(port, Array("GET / HTTP/1.1\r\nHost: local".utf8),
                                                                                 timeout: 120)
                #expect(Self.status(partial) == "HTTP/1.1 408 Request Timeout")
                #expect(closedPartial)
                let (nothing, closedIdle) = try await LoopbackClient.exchange(port, [], timeout: 120)
                #expect(nothing.isEmpty)
                #expect(closedIdle)
                // Cut off (after 500 ms each), not waited for until the client's own patience ends.
                #expect(ContinuousClock.now - started < .seconds(100))
                // A whole head in time is answered.
                let (answer, _) = try await LoopbackClient.exchange(port, Array("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
                #expect(Self.status(answer) == "HTTP/1.1 200 OK")
            }
        }

        /// Several requests in one write, as a client may pipeline them, are answered in order.
        @Test func pipelinedRequestsOnAKeptAliveConnectionAreAnsweredInOrder() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let heads = ["/tools/", "/missing/", "/_stacks/stacks.css"].map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }
                    let text = heads.joined() + "HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    let (reply, closed) = try await LoopbackClient.exchange(site.port, Array(text.utf8))
                    let statuses = String(decoding: reply, as: UTF8.self).components(separatedBy: "HTTP/1.1 ")
                        .dropFirst().map { $0.prefix(3) }
                    #expect(statuses == ["200", "404", "200", "200"])
                    #expect(closed)
                }
            }
        }

        /// The body is never read, so it cannot be taken for a next request: the answer (after the
        /// Host check, as for any request) closes the connection.
        @Test func aRequestWithABodyIsAnsweredAndItsConnectionClosed() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                try await TestServer.with(folder) { site in
                    let post = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nGET /"
                    let (reply, closed) = try await LoopbackClient.exchange(site.port, Array(post.utf8))
                    #expect(Self.status(reply) == "HTTP/1.1 405 Method Not Allowed")
                    #expect(String(decoding: reply, as: UTF8.self).contains("Connection: close\r\n"))
                    #expect(closed)
                    let foreign = "GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n"
                    let (refused, _) = try await LoopbackClient.exchange(site.port, Array(foreign.utf8), timeout: 5)
                    #expect(Self.status(refused) == "HTTP/1.1 403 Forbidden")
                }
            }
        }
    }
}
