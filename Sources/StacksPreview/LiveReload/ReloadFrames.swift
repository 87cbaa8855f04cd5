import FlyingFox
import Foundation

/// One page's live-reload socket, as WebSocket frames: the hub's messages go to the page as
/// text frames; what the page sends is read only to answer a ping, to echo its close, and to
/// notice that it left.
///
/// FlyingFox's `MessageFrameWSHandler` does this in a `Task {}` of its own, which runs on
/// Swift's shared pool whatever the server was given; this one runs where the server's
/// connections run (`PreviewOptions.executor`).
struct ReloadFrames: WSHandler {
    let hub: ReloadHub
    /// Where the socket's task runs: the shared pool when `nil`.
    var executor: (any TaskExecutor)?

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (messages, inbox) = AsyncStream.makeStream(of: WSMessage.self)
        let id = await hub.connect(inbox)
        let (frames, outbox) = AsyncStream.makeStream(of: WSFrame.self)
        let hub = self.hub
        let task = Task(executorPreference: executor) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await Self.answer(client, outbox) }
                group.addTask {
                    for await message in messages {
                        outbox.yield(Self.frame(message))
                        if case .close = message { return }
                    }
                }
                await group.next()
                group.cancelAll()
            }
            outbox.finish()
            await hub.disconnect(id)
        }
        outbox.onTermination = { _ in task.cancel() }
        return frames
    }

    /// Reads the page's frames until it closes or leaves: a ping is answered, a close echoed,
    /// a malformed frame answered with a close for a protocol error.
    static func answer(_ client: AsyncThrowingStream<WSFrame, any Error>, _ outbox: AsyncStream<WSFrame>.Continuation) async {
        do {
            for try await frame in client {
                switch frame.opcode {
                case .ping, .pong, .close:
                    // RFC 6455 §5.5: a control frame is whole, and carries at most 125 bytes.
                    guard frame.fin, frame.payload.count <= 125 else {
                        outbox.yield(.close(message: "Protocol Error"))
                        return
                    }
                    if frame.opcode == .ping {
                        outbox.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                    } else if frame.opcode == .close {
                        outbox.yield(WSFrame(fin: true, opcode: .close, mask: nil, payload: frame.payload))
                        return
                    }
                case .text, .binary, .continuation:
                    continue
                default:
                    outbox.yield(.close(message: "Protocol Error"))
                    return
                }
            }
        } catch is CancellationError {
        } catch {
            outbox.yield(.close(message: "Protocol Error"))
        }
    }

    static func frame(_ message: WSMessage) -> WSFrame {
        switch message {
        case .text(let text): WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8))
        case .data(let data): WSFrame(fin: true, opcode: .binary, mask: nil, payload: data)
        case .close(let code): .close(code: code)
        }
    }
}
