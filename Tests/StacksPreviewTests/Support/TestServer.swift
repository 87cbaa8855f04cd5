import StacksTestSupport
import Foundation
import Logging
import StacksCore
import Synchronization
@testable import StacksPreview

/// A preview server on a free loopback port, serving a project in a temporary folder.
struct TestServer {
    let server: PreviewServer
    let port: UInt16
    let folder: URL
    let log: CapturedLog

    var content: URL { folder.appendingPathComponent("content") }

    static func start(_ folder: URL, host: String = "127.0.0.1", port: UInt16 = 0, explicit: Bool = true,
                      drafts: Bool = false) async throws -> TestServer {
        let log = CapturedLog()
        let logger = Logger(label: "test") { _ in CapturedLogHandler(log: log) }
        let options = PreviewOptions(build: BuildOptions(projectDirectory: folder, drafts: drafts), host: host, port: port,
                                     portIsExplicit: explicit, executor: TestThreads.shared)
        let server = PreviewServer(options: options, logger: logger)
        let url = try await server.start()
        return TestServer(server: server, port: UInt16(url.port ?? 0), folder: folder, log: log)
    }

    /// Runs `body` with a server for `folder`, and stops the server afterwards; on the tests'
    /// own threads, as the server.
    static func with<T>(_ folder: URL, host: String = "127.0.0.1", drafts: Bool = false,
                        _ body: (TestServer) async throws -> T) async throws -> T {
        try await onTestThreads {
            let site = try await start(folder, host: host, drafts: drafts)
            do {
                let result = try await body(site)
                await site.server.stop()
                return result
            } catch {
                await site.server.stop()
                throw error
            }
        }
    }

    func get(_ target: String) async throws -> HTTPReply {
        try await LoopbackClient.get(port, target)
    }

    /// Writes a content file, as an editor would.
    func write(_ path: String, _ text: String) throws {
        try TestCatalog.write(Array(text.utf8), to: content.appendingPathComponent(path))
    }

    /// Polls `target` until `condition` holds for its answer (the watcher and the rebuild
    /// take a few milliseconds); fails after a minute.
    func waitFor(_ target: String, _ condition: (HTTPReply) -> Bool) async throws -> HTTPReply {
        let deadline = ContinuousClock.now + .seconds(60)
        var reply = try await get(target)
        while !condition(reply) {
            guard ContinuousClock.now < deadline else { throw LoopbackClient.Failure(description: "timed out waiting on \(target)") }
            try await Task.sleep(for: .milliseconds(20))
            reply = try await get(target)
        }
        return reply
    }

    /// Waits until the server has said something containing `text`; fails after a minute.
    /// For a change no page shows, whose rebuild only the log tells of.
    func waitForLog(containing text: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !log.all.contains(where: { $0.contains(text) }) {
            guard ContinuousClock.now < deadline else { throw LoopbackClient.Failure(description: "timed out waiting for '\(text)' in the log") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until no rebuild has happened for a while: the edits so far are all built.
    func settle() async throws {
        var count = await server.rebuilds
        while true {
            try await Task.sleep(for: .milliseconds(250))
            let now = await server.rebuilds
            if now == count { return }
            count = now
        }
    }
}

/// What the server said to the terminal.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

struct CapturedLogHandler: LogHandler {
    let log: CapturedLog
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.append("\(event.level): \(event.message)")
    }
}

extension HTTPReply {
    /// The page as `stacks build` wrote it: without what the preview adds.
    var withoutLiveReload: [UInt8] {
        let text = self.text
        guard let start = text.range(of: "<div id=\"stacks-overlay\"") ?? text.range(of: "<script id=\"stacks-live\""),
              let end = text.range(of: "</script>\n", range: start.lowerBound..<text.endIndex) else { return body }
        return Array((text[..<start.lowerBound] + text[end.upperBound...]).utf8)
    }
}
