import Foundation
import Synchronization

/// Clients that keep sending oversized request lines to a port, each on a thread of its own,
/// until stopped: connect, send up to `lineSize` bytes of request line (the server may close
/// before), read the answer until the server closes, again. Each client has one connection
/// open at a time: a flood of large requests, not of connections.
final class Flood: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = Atomic<Int>(0)
    /// Attempts, in all; each ended with the server closing, or the whole line sent.
    let attempts = Atomic<Int>(0)
    let connections: Int

    init(port: UInt16, connections: Int, lineSize: Int = 400_000) {
        self.connections = connections
        let line = Array(("GET /" + String(repeating: "a", count: lineSize)).utf8)
        for _ in 0..<connections {
            Thread.detachNewThread { [self] in
                defer { finished.add(1, ordering: .relaxed) }
                while running.load(ordering: .relaxed) {
                    guard let socket = try? LoopbackClient.connect(port) else {
                        Thread.sleep(forTimeInterval: 0.01)
                        continue
                    }
                    var timeout = timeval(tv_sec: 2, tv_usec: 0)
                    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    try? LoopbackClient.send(socket, line)
                    // The answer, until the server closes: one attempt at a time per client.
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while buffer.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) > 0 {}
                    close(socket)
                    attempts.add(1, ordering: .relaxed)
                }
            }
        }
    }

    /// Stops the clients and waits for their threads to end.
    func stop() {
        running.store(false, ordering: .relaxed)
        while finished.load(ordering: .relaxed) < connections { Thread.sleep(forTimeInterval: 0.01) }
    }
}

extension LoopbackClient {
    /// Sends `bytes` on a new connection without closing it, then reads until the server closes
    /// (or resets) the connection or `timeout` passes; what was read, and whether the server closed.
    static func exchange(_ port: UInt16, _ bytes: [UInt8], timeout: Int = 60) async throws -> (reply: [UInt8], closed: Bool) {
        try await onThread { () throws(Failure) -> ([UInt8], Bool) in
            let socket = try connect(port)
            defer { close(socket) }
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            try? send(socket, bytes)
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    result += buffer[..<count]
                    continue
                }
                let reset = count < 0 && (errno == ECONNRESET || errno == EPIPE)
                return (result, count == 0 || reset)
            }
        }
    }
}
