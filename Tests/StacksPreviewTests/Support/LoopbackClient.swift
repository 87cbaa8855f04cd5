import Foundation
import Synchronization

/// A deliberately plain HTTP/1.1 client over a real loopback socket: requests go out byte
/// for byte as written (no normalising of `..` or percent-encoding, as URLSession would),
/// which is what the traversal tests need.
///
/// The blocking socket calls run on a thread of their own, so that a test waiting for an
/// answer never holds one of the threads the server in the same process runs on.
struct HTTPReply: Sendable {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var contentType: String? { headers["content-type"] }
}

enum LoopbackClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func get(_ port: UInt16, _ target: String) async throws -> HTTPReply {
        try await request(port, "GET \(target) HTTP/1.1")
    }

    /// Sends `requestLine` with a Host header and `Connection: close`, and reads the answer.
    static func request(_ port: UInt16, _ requestLine: String, host: String? = nil, headers: [String] = []) async throws -> HTTPReply {
        let head = ([requestLine, "Host: \(host ?? "127.0.0.1:\(port)")", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = try await onThread { () throws(Failure) -> [UInt8] in
            let socket = try connect(port)
            defer { close(socket) }
            try send(socket, Array(head.utf8))
            return try readToEnd(socket)
        }
        return try parse(bytes, isHead: requestLine.hasPrefix("HEAD "))
    }

    static func parse(_ bytes: [UInt8], isHead: Bool) throws -> HTTPReply {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min(bytes.count, $0 + 4)]) == separator })
        else { throw Failure(description: "no header end in \(String(decoding: bytes, as: UTF8.self))") }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPReply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }

    // MARK: Sockets

    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws(Failure) -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do throws(Failure) {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    static func connect(_ port: UInt16) throws(Failure) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        return socket
    }

    static func send(_ socket: Int32, _ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += count
        }
    }

    static func readToEnd(_ socket: Int32) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return result }
            guard count > 0 else { throw Failure(description: "recv: errno \(errno) after \(result.count) bytes") }
            result += buffer[..<count]
        }
    }
}

extension LoopbackClient {
    /// Opens the live-reload WebSocket as a browser would, with `origin` if given, and returns
    /// the status line and headers of the answer (the socket is closed afterwards).
    static func webSocketHandshake(_ port: UInt16, origin: String?, target: String = "/_stacks/live") async throws -> String {
        try await onThread { () throws(Failure) -> String in
            let socket = try connect(port)
            defer { close(socket) }
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            if let origin { request += "Origin: \(origin)\r\n" }
            try send(socket, Array((request + "\r\n").utf8))
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                guard recv(socket, &byte, 1, 0) == 1 else { throw Failure(description: "no answer to the handshake") }
                head.append(byte)
            }
            return String(decoding: head, as: UTF8.self)
        }
    }
}

/// A WebSocket client for the live-reload socket: the server's text messages, as they come.
final class LiveReloadClient: Sendable {
    private let log = MessageLog()
    private let socket: ReaderSocket

    /// The socket, closed only by the thread that reads it, when the connection has ended: a
    /// number closed while that thread still reads would go to the next socket the process
    /// opens, and the thread would read another test's connection.
    final class ReaderSocket: Sendable {
        let number: Int32
        private let isOpen = Mutex<Bool>(true)

        init(_ number: Int32) { self.number = number }

        /// Ends the connection: the reading thread sees its end, and closes the socket.
        func shutdown() {
            isOpen.withLock { if $0 { _ = Glibc.shutdown(number, Int32(SHUT_RDWR)) } }
        }

        func close() {
            isOpen.withLock {
                if $0 { _ = Glibc.close(number) }
                $0 = false
            }
        }
    }

    actor MessageLog {
        private var messages: [String] = []
        private var cursor = 0

        func append(_ message: String) { messages.append(message) }

        /// The first message after those already taken that contains `fragment`.
        func take(containing fragment: String) -> String? {
            guard let index = messages[cursor...].firstIndex(where: { $0.contains(fragment) }) else { return nil }
            cursor = index + 1
            return messages[index]
        }
    }

    init(port: UInt16) async throws {
        let socket = try await LoopbackClient.onThread { () throws(LoopbackClient.Failure) -> Int32 in
            let socket = try LoopbackClient.connect(port)
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            let request = "GET /_stacks/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
            try LoopbackClient.send(socket, Array(request.utf8))
            // The handshake answer, up to its blank line.
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                guard recv(socket, &byte, 1, 0) == 1 else { throw LoopbackClient.Failure(description: "no handshake") }
                head.append(byte)
            }
            guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
                throw LoopbackClient.Failure(description: "handshake: \(String(decoding: head, as: UTF8.self))")
            }
            return socket
        }
        let reader = ReaderSocket(socket)
        self.socket = reader
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let log = self.log
        Task(executorPreference: TestThreads.shared) {
            for await message in stream { await log.append(message) }
        }
        Thread.detachNewThread {
            defer {
                continuation.finish()
                reader.close()
            }
            func read(_ count: Int) -> [UInt8]? {
                var bytes = [UInt8](repeating: 0, count: count)
                var got = 0
                while got < count {
                    let n = bytes[got...].withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                    guard n > 0 else { return nil }
                    got += n
                }
                return bytes
            }
            while let header = read(2) {
                var length = Int(header[1] & 0x7F)
                if length == 126 {
                    guard let extended = read(2) else { return }
                    length = Int(extended[0]) << 8 | Int(extended[1])
                } else if length == 127 {
                    guard let extended = read(8) else { return }
                    length = extended.reduce(0) { $0 << 8 | Int($1) }
                }
                guard let payload = read(length) else { return }
                let opcode = header[0] & 0x0F
                if opcode == 0x8 { return }
                if opcode == 0x1 { continuation.yield(String(decoding: payload, as: UTF8.self)) }
            }
        }
    }

    /// The next message whose text contains `fragment`, or `nil` when none comes in `timeout`
    /// (looked for once more when it has passed: a sleep can end late on a loaded machine).
    func next(containing fragment: String, timeout: Duration = .seconds(60)) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let message = await log.take(containing: fragment) { return message }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    func close() {
        socket.shutdown()
    }

    deinit {
        socket.shutdown()
    }
}
