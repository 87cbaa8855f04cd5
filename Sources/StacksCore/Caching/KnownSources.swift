/// The Markdown files the last build read, each with what `stat` said of it and the digest of
/// its bytes, kept in the build cache: a file whose `stat` is the same now has the same bytes,
/// so the reader leaves it unread (`SourceFile.contentsDigest`), and a build with nothing
/// changed reads no page at all. Kept in a file of their own beside the output
/// (`KnownSources+File`), written once the content is read.
///
/// `stat` stands for the bytes as it does for git's index and make: a write changes the
/// modification time, a replacement the inode, and `touch` cannot set the change time back.
/// What it cannot tell is a second write within the clock tick of the first, with the same
/// size; so, as git does with its "racily clean" entries, a file whose times are not well
/// before the recording build began reading (`margin`) is read again.
public struct KnownSources: Sendable, Equatable {
    public struct Record: Sendable, Equatable {
        public var file: FileIdentity
        public var digest: Digest

        public init(file: FileIdentity, digest: Digest) {
            self.file = file
            self.digest = digest
        }
    }

    /// By path relative to the content folder.
    public var files: PathTable<Record>
    /// When the recording build began reading (nanoseconds since 1970, the wall clock).
    public var readStart: Int64

    /// Two seconds: coarser than any clock tick of a file system's times (FAT's is two seconds,
    /// ext4's and tmpfs's a few milliseconds).
    static let margin: Int64 = 2_000_000_000

    public init(files: PathTable<Record> = [:], readStart: Int64 = 0) {
        self.files = files
        self.readStart = readStart
    }

    /// The digest of the bytes of the file at `relativePath` whose `stat` is `identity`, when
    /// the record says them: the same identity, and times before the recording began.
    func digest(of relativePath: String, identity: FileIdentity) -> Digest? {
        guard let record = files[relativePath], record.file == identity,
              identity.modified < readStart - Self.margin, identity.changed < readStart - Self.margin else { return nil }
        return record.digest
    }
}
