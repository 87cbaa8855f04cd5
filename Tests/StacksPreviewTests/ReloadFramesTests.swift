import StacksTestSupport
import FlyingFox
import Foundation
import Synchronization
import Testing
@testable import StacksPreview

extension PreviewTests {
    /// The live-reload socket's frames, without a socket, and where its work runs.
    @Suite struct ReloadFramesTests {
        /// A page's socket: the frames the page sends in, those the server sends out.
        struct Socket {
            let hub: ReloadHub
            let executor: CountingExecutor
            let input: AsyncThrowingStream<WSFrame, any Error>.Continuation
            var output: AsyncStream<WSFrame>.Iterator

            static func open() async throws -> Socket {
                let hub = ReloadHub()
                let executor = CountingExecutor()
                let (client, input) = AsyncThrowingStream.makeStream(of: WSFrame.self)
                let frames = try await ReloadFrames(hub: hub, executor: executor).makeFrames(for: client)
                return Socket(hub: hub, executor: executor, input: input, output: frames.makeAsyncIterator())
            }

            mutating func next() async -> WSFrame? { await output.next() }

            /// Waits (a minute at most) until the hub has `count` pages.
            func expectClients(_ count: Int) async throws {
                let deadline = ContinuousClock.now + .seconds(60)
                while await hub.clientCount != count, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(await hub.clientCount == count)
            }
        }

        @Test func thePageIsGreetedAndToldOfRebuildsOnTheServersExecutor() async throws {
            var socket = try await Socket.open()
            let hello = try #require(await socket.next())
            #expect(hello.opcode == .text && hello.fin)
            #expect(String(decoding: hello.payload, as: UTF8.self).contains("\"type\":\"hello\""))
            await socket.hub.built(generation: 2, reload: .paths(["/tools/"]))
            let reload = try #require(await socket.next())
            #expect(String(decoding: reload.payload, as: UTF8.self).contains("\"paths\":[\"/tools/\"]"))
            // Its task runs where it was told to (FlyingFox's own handler runs on the shared pool).
            #expect(socket.executor.jobs.load(ordering: .relaxed) > 0)
        }

        @Test func aPingIsAnsweredAndACloseEchoedAndTheHubForgetsThePage() async throws {
            var socket = try await Socket.open()
            _ = await socket.next()
            try await socket.expectClients(1)
            socket.input.yield(WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data("hi".utf8)))
            let pong = try #require(await socket.next())
            #expect(pong.opcode == .pong && pong.payload == Data("hi".utf8))
            // What a page sends otherwise is not answered.
            socket.input.yield(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data("x".utf8)))
            let close = WSFrame.close(code: .normalClosure)
            socket.input.yield(close)
            #expect(await socket.next() == close)
            #expect(await socket.next() == nil)
            try await socket.expectClients(0)
        }

        @Test func aPageThatLeavesIsForgotten() async throws {
            var socket = try await Socket.open()
            _ = await socket.next()
            socket.input.finish()
            #expect(await socket.next() == nil)
            try await socket.expectClients(0)
        }

        @Test(arguments: [
            WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data(count: 126)),
            WSFrame(fin: false, opcode: .close, mask: nil, payload: Data()),
            WSFrame(fin: true, opcode: WSFrame.Opcode(0x3), mask: nil, payload: Data()),
        ])
        func aMalformedFrameIsAnsweredWithAProtocolErrorClose(frame: WSFrame) async throws {
            var socket = try await Socket.open()
            _ = await socket.next()
            socket.input.yield(frame)
            let close = try #require(await socket.next())
            #expect(close.opcode == .close)
            #expect(close.payload.prefix(2) == Data([0x03, 0xEA]), "1002, protocol error")
            #expect(await socket.next() == nil)
            try await socket.expectClients(0)
        }

        @Test func stoppingTheServerClosesThePage() async throws {
            var socket = try await Socket.open()
            _ = await socket.next()
            await socket.hub.closeAll()
            #expect(await socket.next() == .close(code: .goingAway))
            #expect(await socket.next() == nil)
        }

        /// The extra files (search index, catalog, sitemap, …) render in a task of their own, on the
        /// server's executor too.
        @Test func theExtraFilesRenderOnTheServersExecutor() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let executor = CountingExecutor()
                let site = PreviewSite(options: .init(projectDirectory: folder), executor: executor)
                _ = await site.build()
                let before = executor.jobs.load(ordering: .relaxed)
                let answer = await site.answer(segments: ["_stacks", "search-index.json"], directory: false)
                guard case .bytes = answer.lookup else {
                    Issue.record("no search index: \(answer.lookup)")
                    return
                }
                #expect(executor.jobs.load(ordering: .relaxed) > before)
            }
        }
    }
}

/// Runs every job it is given on a new thread, and counts them.
final class CountingExecutor: TaskExecutor {
    let jobs = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        Thread.detachNewThread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
