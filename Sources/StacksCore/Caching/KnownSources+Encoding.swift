/// The known sources' bytes, a file of their own beside the output (`KnownSources+File`): a
/// header naming the format and the binary, when the recording build began reading, each
/// Markdown file's path, `stat` and digest, and a checksum of all that (`Checksum`), so that a
/// damaged file is seen and ignored.
///
/// Not in the build cache: every record is true of the file it names whichever build wrote it,
/// and whether that build went on to write the site, so the record is written as soon as the
/// content is read, not held through the build (100 bytes a page at its peak) to be written
/// with the cache.
extension KnownSources {
    static let magic = Array("stacks known sources\n".utf8)
    static let format: UInt64 = 1

    /// The bytes of what the next build may take from `tree`: every Markdown file read or
    /// known, with its `stat` and digest, made from the tree itself. `readStart`: when this
    /// build began reading.
    static func encoded(of tree: SourceDirectory, readStart: Int64, binary: String = BinaryIdentity.current) -> [UInt8] {
        var count = 0
        forEachRecord(in: tree) { _, _ in count += 1 }
        return encoded(count: count, readStart: readStart, binary: binary) { write in forEachRecord(in: tree, write) }
    }

    /// The bytes of these records.
    func encoded(binary: String = BinaryIdentity.current) -> [UInt8] {
        Self.encoded(count: files.count, readStart: readStart, binary: binary) { write in
            files.forEachEntry { path, record in
                write(String(decoding: path, as: UTF8.self), record)
            }
        }
    }

    /// The records `bytes` hold, when whole and written by `binary`.
    static func decode(_ bytes: [UInt8], binary expected: String = BinaryIdentity.current) -> KnownSources? {
        guard bytes.count >= magic.count + 8 + 16, bytes.starts(with: magic) else { return nil }
        let checksum = bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 16)])) }
        var tail = ByteReader(bytes: bytes, position: bytes.count - 16)
        var reader = ByteReader(bytes: bytes, position: magic.count)
        guard reader.word() == format, tail.checksum() == checksum else { return nil }
        do throws(ByteReader.End) {
            guard try reader.text() == expected else { return nil }
            var known = KnownSources(readStart: Int64(bitPattern: try reader.number()))
            let count = try reader.count()
            known.files.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.text()
                known.files.updateValue(Record(file: try reader.identity(), digest: try reader.digest()), forKey: path)
            }
            guard reader.position == bytes.count - 16 else { return nil }
            return known
        } catch {
            return nil
        }
    }

    private static func encoded(count: Int, readStart: Int64, binary: String,
                                records: ((String, Record) -> Void) -> Void) -> [UInt8] {
        // A path of about 40 bytes, its length, an identity and a digest: one allocation.
        var writer = ByteWriter(capacity: 256 + count * 112)
        writer.raw(magic)
        writer.word(format)
        writer.text(binary)
        writer.word(UInt64(bitPattern: readStart))
        writer.word(UInt64(count))
        records { path, record in
            writer.text(path)
            writer.identity(record.file)
            writer.digest(record.digest)
        }
        return writer.finished()
    }

    /// Each Markdown file of `tree` that was read or is known, with what `stat` said of it and
    /// its bytes' digest.
    private static func forEachRecord(in tree: SourceDirectory, _ body: (String, Record) -> Void) {
        for file in tree.files where file.isMarkdown {
            if let identity = file.identity, let digest = file.bytesDigest {
                body(file.relativePath, Record(file: identity, digest: digest))
            }
        }
        for directory in tree.directories { forEachRecord(in: directory, body) }
    }
}
