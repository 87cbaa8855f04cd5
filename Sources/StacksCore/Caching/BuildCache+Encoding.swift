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
    static let format: UInt32 = 6

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
        var writer = ByteWriter(capacity: 1_024 + files.count * 160)
        encode(into: &writer)
        return writer.finished()
    }

    /// Writes the cache's bytes, its records those of `files` and then those of `log`, to
    /// `descriptor` a megabyte at a time; the `errno` of a write that failed, else `nil`.
    func write(to descriptor: Int32, log: RecordLog? = nil) -> Int32? {
        var writer = ByteWriter(descriptor: descriptor)
        encode(into: &writer, log: log)
        return writer.finish()
    }

    /// One file's record as the cache holds it, appended to `bytes`: its path, its digest, its
    /// identity, and its input's digest when it has one. `RecordLog` keeps records so.
    static func appendEntry(path: UnsafeBufferPointer<UInt8>, record: Record, to bytes: inout [UInt8]) {
        func word(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        word(UInt64(path.count))
        bytes.append(contentsOf: path)
        word(record.content.high)
        word(record.content.low)
        // Word by word, as `ByteWriter.identity` writes it: an array of the five was one more
        // allocation a file.
        word(record.file.device)
        word(record.file.inode)
        word(UInt64(bitPattern: record.file.size))
        word(UInt64(bitPattern: record.file.modified))
        word(UInt64(bitPattern: record.file.changed))
        word(record.input == nil ? 0 : 1)
        if let input = record.input {
            word(input.high)
            word(input.low)
        }
    }

    private func encode(into writer: inout ByteWriter, log: RecordLog? = nil) {
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
        writer.word(UInt64(files.count + (log?.entries ?? 0)))
        // In the tables' order: sorting twenty thousand paths was half of what writing the cache cost.
        var entry: [UInt8] = []
        files.forEachEntry { path, record in
            entry.removeAll(keepingCapacity: true)
            Self.appendEntry(path: path, record: record, to: &entry)
            writer.raw(entry)
        }
        log?.forEachBatch { writer.raw($0) }
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
            guard reader.position == bytes.count - 16 else { return .failure(.damaged("trailing bytes")) }
            return .success(BuildCache(binary: binary, sources: sources, output: output, pages: pages,
                                       summaryFiles: summaryFiles, bytes: total, warnings: warnings, files: files))
        } catch {
            return .failure(.damaged("cut short"))
        }
    }
}
