import FlyingFox
import Foundation
import Logging
import StacksCore
@testable import StacksPreview

/// The preview's request handler over a site built in memory, with no socket: a request is
/// written as the bytes a client sends, read by the server's own head reader, answered by the
/// handler, and turned back into the bytes the server would send (the body after the head).
struct TestHandler {
    let site: PreviewSite
    let handler: PreviewHandler
    let log: CapturedLog
    /// The port the requests are addressed to (the Host header): no server listens on it.
    let port: UInt16 = 8000

    /// Builds the project in `folder` as serve's first build does, unless `build` is false.
    static func make(_ folder: URL, drafts: Bool = false, anyHost: Bool = false, build: Bool = true) async -> TestHandler {
        let log = CapturedLog()
        let site = PreviewSite(options: BuildOptions(projectDirectory: folder, drafts: drafts))
        if build { _ = await site.build() }
        let handler = PreviewHandler(site: site, hub: ReloadHub(), logger: Logger(label: "test") { _ in CapturedLogHandler(log: log) },
                                     anyHost: anyHost)
        return TestHandler(site: site, handler: handler, log: log)
    }

    func get(_ target: String) async throws -> HTTPReply {
        try await request("GET \(target) HTTP/1.1")
    }

    /// `requestLine` with a Host header (`127.0.0.1:8000` unless given) and `headers`, as
    /// `LoopbackClient.request` sends it.
    func request(_ requestLine: String, host: String? = nil, headers: [String] = []) async throws -> HTTPReply {
        let head = ([requestLine, "Host: \(host ?? "127.0.0.1:\(port)")", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        return try LoopbackClient.parse(try await exchange(head), isHead: requestLine.hasPrefix("HEAD "))
    }

    /// The status line and headers of the answer to a live-reload handshake, as
    /// `LoopbackClient.webSocketHandshake` returns them.
    func webSocketHandshake(origin: String?, target: String = "/_stacks/live") async throws -> String {
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        return String(decoding: try await exchange(request + "\r\n"), as: UTF8.self)
    }

    /// What the server would send for the request `head`.
    func exchange(_ head: String) async throws -> [UInt8] {
        var reader = RequestHeadReader(limits: .standard)
        guard case .head(let parsed, _) = reader.append(Array(head.utf8)) else {
            throw LoopbackClient.Failure(description: "not a whole request head: \(head)")
        }
        let response = try await handler.handleRequest(PreviewHTTPServer.request(parsed))
        var bytes = [UInt8](PreviewHTTPServer.encodeHead(response, keepAlive: false, version: parsed.version))
        if case .httpBody = response.payload { bytes += try await response.bodyData }
        return bytes
    }
}
