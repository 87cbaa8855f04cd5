#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's bytes: a header naming the format, the fields in a fixed order (integers little
/// endian, texts length-prefixed), and a checksum of all that before (`Checksum`), so that a truncated file,
/// a flipped byte or a file cut short by a kill is seen and ignored rather than believed.
/// Read at the start of every build, so it is a flat binary format, not JSON: 10,000 pages'
/// records decode in milliseconds.
extension BuildCache {
    static let magic = Array("stacks build cache\n".utf8)
    static let format: UInt32 = 5

    /// Why a cache was not used, in words for the one line a build prints about it.
    public enum Rejection: Error, Equatable, Sendable {
        case damaged(String)
        case otherFormat
        case otherBinary
        case otherOutput

        public var reason: String {
            switch self {
            case .damaged(let what): "it is damaged (\(what))"
            case .otherFormat: "it is in another format"
            case .otherBinary: "it was written by another Stacks binary"
            case .otherOutput: "the output folder was replaced since"
            }
        }
    }

    public func encoded() -> [UInt8] {
        // About what a record takes (a path, two digests, an identity): one allocation, not a
        // doubling every few thousand records.
        var writer = ByteWriter(capacity: 1_024 + (files.count + known.files.count) * 160)
        encode(into: &writer)
        return writer.finished()
    }

    /// Writes the cache's bytes to `descriptor` a megabyte at a time; the `errno` of a write that
    /// failed, else `nil`.
    func write(to descriptor: Int32) -> Int32? {
        var writer = ByteWriter(descriptor: descriptor)
        encode(into: &writer)
        return writer.finish()
    }

    private func encode(into writer: inout ByteWriter) {
        writer.raw(Self.magic)
        writer.word(UInt64(Self.format))
        writer.text(binary)
        writer.digest(sources)
        writer.identity(output)
        writer.word(UInt64(pages))
        writer.word(UInt64(summaryFiles))
        writer.word(UInt64(bytes))
        writer.word(UInt64(warnings.count))
        for warning in warnings {
            writer.text(warning.path)
            writer.word(UInt64(warning.line))
            writer.word(UInt64(warning.column))
            writer.text(warning.message)
        }
        writer.word(UInt64(files.count))
        // In the tables' order: sorting twenty thousand paths was half of what writing the cache cost.
        files.forEachEntry { path, record in
            writer.text(path)
            writer.digest(record.content)
            writer.identity(record.file)
            writer.word(record.input == nil ? 0 : 1)
            if let input = record.input { writer.digest(input) }
        }
        writer.word(UInt64(bitPattern: known.readStart))
        writer.word(UInt64(known.files.count))
        known.files.forEachEntry { path, record in
            writer.text(path)
            writer.identity(record.file)
            writer.digest(record.digest)
        }
    }

    /// The cache `bytes` hold, if whole and written by `binary`.
    public static func decode(_ bytes: [UInt8], binary expected: String) -> Result<BuildCache, Rejection> {
        guard bytes.count >= magic.count + 8 + 16, bytes.starts(with: magic) else { return .failure(.damaged("no header")) }
        var reader = ByteReader(bytes: bytes, position: magic.count)
        guard reader.word() == UInt64(format) else { return .failure(.otherFormat) }
        var tail = ByteReader(bytes: bytes, position: bytes.count - 16)
        let checksum = bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 16)])) }
        guard tail.checksum() == checksum else { return .failure(.damaged("checksum")) }
        do throws(ByteReader.End) {
            let binary = try reader.text()
            guard binary == expected else { return .failure(.otherBinary) }
            let sources = try reader.digest()
            let output = try reader.identity()
            let pages = Int(truncatingIfNeeded: try reader.number()), summaryFiles = Int(truncatingIfNeeded: try reader.number())
            let total = Int(truncatingIfNeeded: try reader.number())
            var warnings: [Diagnostic] = []
            for _ in 0..<(try reader.count()) {
                let path = try reader.text()
                let line = Int(truncatingIfNeeded: try reader.number()), column = Int(truncatingIfNeeded: try reader.number())
                warnings.append(.warning(path, line: line, column: column, try reader.text()))
            }
            let fileCount = try reader.count()
            var files = PathTable<Record>(minimumCapacity: fileCount)
            for _ in 0..<fileCount {
                let path = try reader.text()
                let content = try reader.digest(), file = try reader.identity()
                files.updateValue(Record(content: content, file: file, input: try reader.number() == 0 ? nil : try reader.digest()), forKey: path)
            }
            var known = KnownSources(readStart: Int64(bitPattern: try reader.number()))
            let knownCount = try reader.count()
            known.files.reserveCapacity(knownCount)
            for _ in 0..<knownCount {
                let path = try reader.text()
                known.files.updateValue(KnownSources.Record(file: try reader.identity(), digest: try reader.digest()), forKey: path)
            }
            guard reader.position == bytes.count - 16 else { return .failure(.damaged("trailing bytes")) }
            return .success(BuildCache(binary: binary, sources: sources, output: output, pages: pages,
                                       summaryFiles: summaryFiles, bytes: total, warnings: warnings, files: files,
                                       known: known))
        } catch {
            return .failure(.damaged("cut short"))
        }
    }
}

/// The cache's bytes, written into room of its own: a word is one store, where appending it
/// to an array (its uniqueness, its capacity, a copy) took a hundred instructions, a quarter
/// of a million times a build at 10,000 pages. Kept whole (`finished()`), or written to a file
/// a megabyte at a time (`init(descriptor:)`, `finish()`), the checksum made as they go.
private struct ByteWriter: ~Copyable {
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

private struct ByteReader {
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
