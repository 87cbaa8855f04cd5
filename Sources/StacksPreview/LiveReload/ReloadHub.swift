import FlyingFox
import Foundation
import StacksCore

/// The open pages' live-reload sockets, and what the server tells them.
///
/// Messages are small JSON objects:
/// - `{"type":"hello","server":ID,"generation":N,"errors":[…]|null}` on connecting;
/// - `{"type":"reload","generation":N,"all":true}` or `{…,"paths":["/weather/rain/",…]}`
///   after a rebuild: a page reloads when its path is listed;
/// - `{"type":"errors","messages":[…]}` when a rebuild fails, `{"type":"ok"}` when fixed.
actor ReloadHub {
    /// Changes with every server start: a page from another run reloads when it reconnects.
    nonisolated let serverID = UUID().uuidString
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    private var generation = 0
    private var errors: [String]?

    var clientCount: Int { clients.count }

    func connect(_ continuation: AsyncStream<WSMessage>.Continuation) -> UUID {
        let id = UUID()
        clients[id] = continuation
        continuation.yield(.text(Self.json([
            "type": "hello", "server": serverID, "generation": generation, "errors": errors.map { $0 as Any } ?? NSNull(),
        ])))
        return id
    }

    func disconnect(_ id: UUID) {
        clients[id]?.finish()
        clients[id] = nil
    }

    func built(generation: Int, reload: PreviewSite.Reload?) {
        self.generation = generation
        if errors != nil {
            errors = nil
            broadcast(["type": "ok"])
        }
        switch reload {
        case .all: broadcast(["type": "reload", "generation": generation, "all": true])
        case .paths(let paths) where !paths.isEmpty:
            broadcast(["type": "reload", "generation": generation, "all": false, "paths": paths])
        default: break
        }
    }

    func failed(_ problems: Diagnostics) {
        errors = problems.sorted.map(\.description)
        broadcast(["type": "errors", "messages": errors ?? []])
    }

    /// Closes every socket, so that the server can stop.
    func closeAll() {
        for client in clients.values {
            client.yield(.close(.goingAway))
            client.finish()
        }
        clients = [:]
    }

    private func broadcast(_ message: [String: Any]) {
        let text = Self.json(message)
        for client in clients.values { client.yield(.text(text)) }
    }

    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
