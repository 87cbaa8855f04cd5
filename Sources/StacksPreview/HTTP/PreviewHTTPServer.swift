import FlyingFox
import FlyingSocks
import Foundation
import Logging
import Synchronization

/// The preview's HTTP/1.1 server: FlyingSocks' sockets, a bounded request reader of our own,
/// and the preview's `HTTPHandler`.
///
/// FlyingFox's `HTTPServer` reads a request line and headers with no limit, in time that grows
/// faster than their length, and has no setting for either: four clients sending long request
/// lines kept the preview's threads busy, so that no page was answered and Ctrl-C was not
/// either. Here each head goes through `RequestHeadReader` (linear, refused past its limits
/// with 414 or 431 and the connection closed), must arrive within `RequestLimits.headTimeout`,
/// and is given to the handler as soon as it is complete: the handler's first step checks the
/// Host header, before anything is looked up. No request body is read: the preview answers
/// GET and HEAD, and a request that announces a body is answered and its connection closed.
final class PreviewHTTPServer: Sendable {
    private let listener: Socket
    private let pool: any AsyncSocketPool
    private let handler: any HTTPHandler
    private let limits: RequestLimits
    private let logger: Logger
    /// Connections being served (the stop waits a moment for them to close by themselves).
    private let openConnections = Atomic<Int>(0)

    /// Binds and listens at once, so that the port is known (and taken) when this returns.
    init(address: some SocketAddress, handler: some HTTPHandler, limits: RequestLimits = .standard, logger: Logger) throws {
        let socket = try Socket(domain: Int32(type(of: address).family))
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        listener = socket
        pool = HTTPServer.defaultPool()
        self.handler = handler
        self.limits = limits
        self.logger = logger
    }

    var listeningAddress: Socket.Address? { try? listener.sockname() }

    var connectionCount: Int { openConnections.load(ordering: .relaxed) }

    /// Accepts and serves connections until the task is cancelled, then closes the listening
    /// socket; every connection is a child task, so cancelling this ends them all.
    func run() async throws {
        defer { try? listener.close() }
        try await pool.prepare()
        let listening = try AsyncSocket(socket: listener, pool: pool)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [pool] in try await pool.run() }
            group.addTask { await self.accept(on: listening) }
            try await group.next()
            group.cancelAll()
        }
    }

    private func accept(on listening: AsyncSocket) async {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                do {
                    let socket = try await listening.accept()
                    openConnections.add(1, ordering: .relaxed)
                    group.addTask {
                        await self.serve(socket)
                        self.openConnections.subtract(1, ordering: .relaxed)
                    }
                } catch is CancellationError {
                    return
                } catch {
                    // Out of file descriptors, say: keep the connections served, try again shortly.
                    logger.debug("accept: \(error)")
                    try? await Task.sleep(for: .milliseconds(50))
                }
            }
        }
    }

    // MARK: A connection

    /// Serves one connection, watched by a deadline: a head (or the linger after a refusal)
    /// that does not arrive in time ends the connection.
    private func serve(_ socket: AsyncSocket) async {
        // FlyingFox-style responses go out in one write, but the live-reload frames are small
        // writes each: without this, each would wait for the acknowledgement of the one before.
        try? socket.socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
        let deadline = Deadline()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.converse(on: socket, deadline: deadline) }
            group.addTask { await deadline.watch(idle: self.limits.headTimeout) }
            await group.next()
            group.cancelAll()
        }
        try? socket.close()
    }

    private func converse(on socket: AsyncSocket, deadline: Deadline) async {
        var pending: [UInt8] = []
        while true {
            var reader = RequestHeadReader(limits: limits)
            deadline.set(ContinuousClock.now + limits.headTimeout)
            var outcome = reader.append(pending)
            while case .needMore = outcome {
                do {
                    outcome = reader.append(try await socket.read(atMost: 4096))
                } catch {
                    if reader.hasStarted && deadline.hasPassed {
                        // Best effort, without waiting: the client was too slow to deserve more.
                        _ = try? socket.socket.write(Self.refusal(HeadRefusal(status: 408, reason: "timeout")))
                    }
                    return
                }
            }
            deadline.set(nil)
            let head: RequestHead
            switch outcome {
            case .needMore:
                return
            case .refused(let refusal):
                logger.debug("refused a request: \(refusal.reason)")
                try? await socket.write(Self.refusal(refusal))
                await linger(on: socket, deadline: deadline)
                return
            case .head(let complete, let rest):
                head = complete
                pending = rest
            }
            let keepAlive = head.keepsAlive && !head.hasBody
            let response = await respond(to: Self.request(head))
            do {
                switch response.payload {
                case .webSocket(let frames):
                    try await socket.write(Self.encodeHead(response, keepAlive: true))
                    await WebSocketConnection(socket: socket, handler: frames).run(received: pending)
                    return
                case .httpBody:
                    var bytes = Self.encodeHead(response, keepAlive: keepAlive, version: head.version)
                    bytes.append(try await response.bodyData)
                    try await socket.write(bytes)
                }
            } catch {
                return
            }
            guard keepAlive else {
                if head.hasBody { await linger(on: socket, deadline: deadline) }
                return
            }
        }
    }

    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await handler.handleRequest(request)
        } catch {
            logger.error("cannot answer \(request.method.rawValue) \(request.target.rawValue): \(error)")
            return HTTPResponse(statusCode: .internalServerError)
        }
    }

    /// After a refusal, stops sending and reads (and drops) a little of what the client still
    /// sends, for a moment, before the socket is closed: closed with unread bytes, the socket
    /// would reset the connection, and the client could lose the answer before reading it.
    private func linger(on socket: AsyncSocket, deadline: Deadline) async {
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        deadline.set(ContinuousClock.now + .seconds(1))
        var dropped = 0
        while dropped < limits.headers, let bytes = try? await socket.read(atMost: 4096) {
            dropped += bytes.count
        }
    }

    // MARK: Conversions

    static func request(_ head: RequestHead) -> HTTPRequest {
        var headers = HTTPHeaders()
        for (name, value) in head.headers { headers.addValue(value, for: HTTPHeader(name)) }
        let parts = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let target = HTTPRequest.Target(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "")
        return HTTPRequest(method: HTTPMethod(head.method), version: HTTPVersion(head.version), target: target,
                           headers: headers, body: HTTPBodySequence())
    }

    /// The status line and headers of `response`, with its Content-Length when it has a body,
    /// and `Connection: close` when the connection ends after it.
    static func encodeHead(_ response: HTTPResponse, keepAlive: Bool, version: String = "HTTP/1.1") -> Data {
        var headers = response.headers
        if case .httpBody(let body) = response.payload, headers[.contentLength] == nil {
            headers[.contentLength] = String(body.count ?? 0)
        }
        if !keepAlive {
            headers[.connection] = "close"
        } else if version == "HTTP/1.0", headers[.connection] == nil {
            headers[.connection] = "keep-alive"
        }
        var text = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for (name, value) in headers { text += "\(name.rawValue): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// The answer to a refused head; the connection is closed after it.
    static func refusal(_ refusal: HeadRefusal) -> Data {
        let (phrase, body): (String, String) = switch refusal.status {
        case 408: ("Request Timeout", "The request took too long to arrive.\n")
        case 414: ("URI Too Long", "The request line is too long.\n")
        case 431: ("Request Header Fields Too Large", "The request's headers are too large.\n")
        default: ("Bad Request", "Bad request\n")
        }
        let text = "HTTP/1.1 \(refusal.status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n" + body
        return Data(text.utf8)
    }
}

/// When the connection's current wait must end: set while a head (or the linger after a
/// refusal) is awaited, cleared while a request is answered or a live-reload socket is open.
final class Deadline: Sendable {
    private let instant = Mutex<ContinuousClock.Instant?>(nil)

    func set(_ value: ContinuousClock.Instant?) {
        instant.withLock { $0 = value }
    }

    var hasPassed: Bool {
        instant.withLock { $0.map { $0 <= ContinuousClock.now } ?? false }
    }

    /// Returns when the deadline has passed (or when cancelled); looks again every `idle`
    /// while there is none.
    func watch(idle: Duration) async {
        while !Task.isCancelled {
            guard let until = instant.withLock({ $0 }) else {
                try? await Task.sleep(for: idle)
                continue
            }
            if until <= ContinuousClock.now { return }
            try? await Task.sleep(until: until, tolerance: .milliseconds(100))
        }
    }
}

/// A live-reload socket after its handshake: the page's frames, read through
/// `WebSocketFrameReader`, go to the response's `WSHandler` (`ReloadFrames`); its frames go to
/// the page.
struct WebSocketConnection {
    let socket: AsyncSocket
    let handler: any WSHandler

    func run(received: [UInt8]) async {
        let (client, input) = AsyncThrowingStream.makeStream(of: WSFrame.self)
        guard let frames = try? await handler.makeFrames(for: client) else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [socket] in
                var reader = WebSocketFrameReader()
                var bytes = received
                do {
                    while true {
                        for frame in try reader.append(bytes) { input.yield(frame) }
                        bytes = try await socket.read(atMost: 4096)
                    }
                } catch let error as WebSocketFrameReader.ProtocolError {
                    input.finish(throwing: error)
                } catch {
                    input.finish()
                }
            }
            for await frame in frames {
                do {
                    try await socket.write(WebSocketFrameReader.encode(frame))
                } catch {
                    break
                }
                if frame.opcode == .close { break }
            }
            group.cancelAll()
        }
    }
}
