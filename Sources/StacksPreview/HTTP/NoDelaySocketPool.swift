import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool, with Nagle's algorithm turned off on every socket it waits on:
/// first the listening socket, whose connections inherit the option (on Linux), then each
/// connection itself.
///
/// FlyingFox writes a response's head and body in two writes. With Nagle's algorithm on,
/// the body waits until the client acknowledges the head, which a client delays by up to
/// 40 ms: every response on a kept-alive connection would take that long, and a reload
/// would wait for it.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
