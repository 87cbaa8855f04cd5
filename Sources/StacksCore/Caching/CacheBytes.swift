#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The build cache's and the known sources' bytes, written into room of its own: a word is one store, where appending it
/// to an array (its uniqueness, its capacity, a copy) took a hundred instructions, a quarter
/// of a million times a build at 10,000 pages. Kept whole (`finished()`), or written to a file
/// a megabyte at a time (`init(descriptor:)`, `finish()`), the checksum made as they go.
struct ByteWriter: ~Copyable {
    private var start: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    /// Where the bytes go once there are `flushSize` of them; `nil`: kept until finished.
    private let descriptor: Int32?
    private var checksum = Checksum()
    /// The `errno` of the first write that failed; nothing is written after it.
    private var failure: Int32?

    private static let flushSize = 1 << 20

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(byteCount: self.capacity, alignment: 8)
        descriptor = nil
    }

    init(descriptor: Int32) {
        capacity = Self.flushSize
        start = .allocate(byteCount: capacity, alignment: 8)
        self.descriptor = descriptor
    }

    deinit { start.deallocate() }

    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        if descriptor != nil {
            flush()
            if more <= capacity { return }
        }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: max(capacity * 2, count + more), alignment: 8)
        grown.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = grown
        capacity = max(capacity * 2, count + more)
    }

    /// The bytes so far into the checksum and the file.
    private mutating func flush() {
        checksum.add(UnsafeRawBufferPointer(start: start, count: count))
        writeOut()
    }

    private mutating func writeOut() {
        defer { count = 0 }
        guard let descriptor, failure == nil else { return }
        var written = 0
        while written < count {
            let result = POSIX.write(descriptor, start + written, count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                failure = result < 0 ? errno : ENOSPC
                return
            }
            written += result
        }
    }

    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (start + count).copyMemory(from: base, byteCount: bytes.count) }
        count += bytes.count
    }

    mutating func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw($0) }
    }

    mutating func word(_ value: UInt64) {
        reserve(8)
        (start + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { text($0) }
    }

    /// A text given as its UTF-8 bytes.
    mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) {
        word(UInt64(utf8.count))
        raw(UnsafeRawBufferPointer(utf8))
    }

    mutating func digest(_ value: Digest) {
        word(value.high)
        word(value.low)
    }

    mutating func identity(_ value: FileIdentity) {
        word(value.device)
        word(value.inode)
        word(UInt64(bitPattern: value.size))
        word(UInt64(bitPattern: value.modified))
        word(UInt64(bitPattern: value.changed))
    }

    /// The bytes written, with their checksum after them.
    consuming func finished() -> [UInt8] {
        checksum.add(UnsafeRawBufferPointer(start: start, count: count))
        digest(checksum.finished())
        return [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The rest of the bytes and their checksum written to the file; the `errno` of a write
    /// that failed, else `nil`.
    consuming func finish() -> Int32? {
        flush()
        digest(checksum.finished())
        writeOut()
        return failure
    }
}

struct ByteReader {
    struct End: Error {}

    let bytes: [UInt8]
    var position: Int

    mutating func word() -> UInt64? {
        guard position + 8 <= bytes.count else { return nil }
        let value = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
        position += 8
        return value
    }

    mutating func number() throws(End) -> UInt64 {
        guard let value = word() else { throw End() }
        return value
    }

    /// A count or a size: never more than the bytes left could hold, so that a damaged length
    /// cannot make the reader reserve or loop for long.
    mutating func count() throws(End) -> Int {
        let value = try number()
        guard value <= UInt64(bytes.count) else { throw End() }
        return Int(value)
    }

    mutating func text() throws(End) -> String {
        let length = try count()
        guard position + length <= bytes.count else { throw End() }
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    mutating func digest() throws(End) -> Digest {
        Digest(high: try number(), low: try number())
    }

    mutating func checksum() -> Digest? {
        guard let high = word(), let low = word() else { return nil }
        return Digest(high: high, low: low)
    }

    mutating func identity() throws(End) -> FileIdentity {
        FileIdentity(device: try number(), inode: try number(), size: Int64(bitPattern: try number()),
                     modified: Int64(bitPattern: try number()), changed: Int64(bitPattern: try number()))
    }
}
