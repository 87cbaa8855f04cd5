import FlyingFox
import Foundation

/// The WebSocket frames (RFC 6455, 5.2) of the live-reload socket: those a page sends, read
/// from bytes as they arrive, and those the server sends, as bytes.
///
/// FlyingFox's own frame coder is internal to it, and unbounded: a page sends only a close
/// frame or a pong, so a frame larger than `maxPayload` is a protocol error here.
struct WebSocketFrameReader {
    struct ProtocolError: Error, Equatable {
        var reason: String
    }

    var maxPayload = 64 * 1024
    private var buffer: [UInt8] = []

    /// The frames completed by `bytes`, in order.
    mutating func append(_ bytes: some Collection<UInt8>) throws(ProtocolError) -> [WSFrame] {
        buffer.append(contentsOf: bytes)
        var frames: [WSFrame] = []
        var offset = 0
        while let (frame, length) = try frame(at: offset) {
            frames.append(frame)
            offset += length
        }
        if offset > 0 { buffer.removeFirst(offset) }
        return frames
    }

    /// The frame that starts at `offset` and its length in bytes, or `nil` if it is not all there.
    private func frame(at offset: Int) throws(ProtocolError) -> (WSFrame, Int)? {
        guard buffer.count - offset >= 2 else { return nil }
        let first = buffer[offset]
        let second = buffer[offset + 1]
        guard second & 0x80 != 0 else { throw ProtocolError(reason: "a client's frame must be masked") }
        var position = offset + 2
        var length = Int(second & 0x7F)
        let extra = length == 126 ? 2 : length == 127 ? 8 : 0
        if extra > 0 {
            guard buffer.count - position >= extra else { return nil }
            var value: UInt64 = 0
            for byte in buffer[position..<position + extra] { value = value << 8 | UInt64(byte) }
            guard value <= UInt64(maxPayload) else { throw ProtocolError(reason: "frame over \(maxPayload) bytes") }
            length = Int(value)
            position += extra
        }
        guard length <= maxPayload else { throw ProtocolError(reason: "frame over \(maxPayload) bytes") }
        guard buffer.count - position >= 4 + length else { return nil }
        let mask = Array(buffer[position..<position + 4])
        position += 4
        var payload = Data(count: length)
        for index in 0..<length { payload[index] = buffer[position + index] ^ mask[index % 4] }
        let frame = WSFrame(fin: first & 0x80 != 0, rsv1: first & 0x40 != 0, rsv2: first & 0x20 != 0,
                            rsv3: first & 0x10 != 0, opcode: WSFrame.Opcode(first & 0x0F), mask: nil, payload: payload)
        return (frame, position + length - offset)
    }

    /// A server's frame: never masked.
    static func encode(_ frame: WSFrame) -> Data {
        var bytes: [UInt8] = [(frame.fin ? 0x80 : 0) | frame.opcode.rawValue & 0x0F]
        let count = frame.payload.count
        if count <= 125 {
            bytes.append(UInt8(count))
        } else if count <= Int(UInt16.max) {
            bytes += [126, UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        } else {
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8(UInt64(count) >> (UInt64($0) * 8) & 0xFF) }
        }
        var data = Data(bytes)
        data.append(frame.payload)
        return data
    }
}
