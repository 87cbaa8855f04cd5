/// What the last build of an output wrote, kept beside it (`.output.stacks-cache`), so that
/// the next build of the same sources writes nothing, and the next after an edit replaces only
/// the files whose bytes changed.
///
/// It is trusted only as a whole: written by this very binary, for this very output folder,
/// and intact (its own checksum). Anything else makes a clean build, never a guess. Each file
/// is recorded with its digest and with the identity its file had once written (inode, size,
/// times), so a file changed or replaced in the output since is written again.
public struct BuildCache: Sendable, Equatable {
    /// Which Stacks wrote it (`BinaryIdentity`): another binary may render the same sources
    /// differently.
    public var binary: String
    /// Everything the build read (`SourceFingerprint`).
    public var sources: Digest
    /// The output folder it describes: one swapped in or replaced since is another folder.
    public var output: FileIdentity
    /// The summary and the warnings of the build that wrote it, said again when nothing changed.
    public var pages: Int
    public var summaryFiles: Int
    public var bytes: Int
    public var warnings: [Diagnostic]
    /// By path inside the output.
    public var files: PathTable<Record>

    public struct Record: Sendable, Equatable {
        /// The digest of the file's bytes; for a co-located file copied as it is, of its source's
        /// identity (photos are not read to be hashed).
        public var content: Digest
        public var file: FileIdentity
        /// For a page, the digest of what it is made from (`PageInput`): the same next time,
        /// and the page is not even rendered.
        public var input: Digest?

        public init(content: Digest, file: FileIdentity, input: Digest? = nil) {
            self.content = content
            self.file = file
            self.input = input
        }
    }

    public init(binary: String, sources: Digest, output: FileIdentity, pages: Int, summaryFiles: Int, bytes: Int,
                warnings: [Diagnostic], files: PathTable<Record>) {
        self.binary = binary
        self.sources = sources
        self.output = output
        self.pages = pages
        self.summaryFiles = summaryFiles
        self.bytes = bytes
        self.warnings = warnings
        self.files = files
    }

    /// The identity a co-located file's record holds as its digest: the source's, since a copy
    /// of the same source is the same bytes.
    static func assetDigest(source: FileIdentity, path: String) -> Digest {
        var hasher = Digest.Hasher()
        hasher.add("asset")
        hasher.add(path)
        source.add(to: &hasher)
        return hasher.finish()
    }
}

/// A file as `stat` sees it: where it is, how long, and when it or its inode last changed.
/// The change time cannot be set back by `touch`, so an edit always shows.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    func add(to hasher: inout Digest.Hasher) {
        for number in [Int(bitPattern: UInt(device)), Int(bitPattern: UInt(inode)), Int(size), Int(modified), Int(changed)] {
            hasher.add(number)
        }
    }
}
