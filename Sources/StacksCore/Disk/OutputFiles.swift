#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file at a time into the folder a `SiteWriter` fills, as its placement says, with the
/// record the next build's cache keeps of it.
///
/// In place, a file is left alone only when both its new digest and its identity on disk are
/// the cache's: a file edited, replaced or removed in the output since is written again. The
/// folders a file is written into are checked to be folders, not links a person or a program
/// put there, so that writing in place never leaves the output either.
struct OutputFiles: Sendable {
    let root: String
    let placement: SiteWriter.Placement
    /// In place, the recorded files this build's survey found not as written (`OutputSurvey`):
    /// any other recorded file is taken as written without looking at it again. `nil`: each
    /// is looked at.
    var notAsWritten: Set<String>? = nil

    struct Placed: Sendable {
        var path: String
        var record: BuildCache.Record
        var size: Int
        var replaced: Bool
    }

    /// `input`: what a page is made from, recorded for `kept(_:input:)` next time. A page is
    /// a function of its input, so the input's digest stands for its bytes, which are not
    /// hashed (a tenth of a clean build's time on a processor without SHA instructions); a
    /// page rendered again in place is compared with the file it would replace instead.
    func put(_ bytes: [UInt8], at place: OutputPath, newFolder: Bool = false, input: Digest? = nil) throws(WriteFailure) -> Placed {
        let path = place.description
        switch placement {
        case .fresh(let previous):
            let written = try SiteWriter.write(bytes, to: place, in: root, newFolder: newFolder, previous: previous)
            return Placed(path: path, record: try record(input ?? Digest(of: bytes), of: place, input: input, written: written),
                          size: bytes.count, replaced: true)
        case .inPlace:
            // Compared with the file as recorded, byte for byte: a file without an input (the
            // search's terms, 11 MB at 10,000 pages) is not digested to be found the same. The
            // same bytes as the file recorded: its recorded digest stands.
            if var kept = recorded(place), Self.holds(place.inside(root), bytes, size: kept.file.size) {
                if let input { kept.content = input }
                kept.input = input
                return Placed(path: path, record: kept, size: bytes.count, replaced: false)
            }
            let digest = input ?? Digest(of: bytes)
            try checkFolders(of: place)
            // Renamed into place, the file keeps what is recorded of it (only its change time moves).
            let written = try SiteWriter.write(bytes, to: place, in: root, temporary: true)
            try renameIntoPlace(place)
            return Placed(path: path, record: try record(digest, of: place, input: input, written: written), size: bytes.count, replaced: true)
        }
    }

    /// A large file made a part at a time (`SiteRenderer.writeLargeFile`), each part written as
    /// it comes: recorded by its `input`, which stands for its bytes. In place it is written
    /// anew beside the old one and renamed over it, not compared with it first: whole, the
    /// file was the largest thing a build held at its end.
    func put(inParts produce: (_ part: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) -> Void,
             at place: OutputPath, input: Digest) throws(WriteFailure) -> Placed {
        let inPlace: Bool
        switch placement {
        case .fresh: inPlace = false
        case .inPlace:
            try checkFolders(of: place)
            inPlace = true
        }
        let written = try SiteWriter.write(inParts: produce, to: place, in: root, temporary: inPlace)
        if inPlace { try renameIntoPlace(place) }
        return Placed(path: place.description, record: try record(input, of: place, input: input, written: written.identity),
                      size: written.size, replaced: true)
    }

    /// The page at `place` as the last build left it, when it was made from the same `input`
    /// and is still as written: it need not be rendered.
    func kept(_ place: OutputPath, input: Digest) -> Placed? {
        kept(place.description, input: input)
    }

    /// `kept(_:input:)` by the path as the cache records it: a file kept is not written, so its
    /// name, checked when it was, need not be checked again (`OutputPath`).
    func kept(_ path: String, input: Digest) -> Placed? {
        guard let old = recorded(path), old.input == input else { return nil }
        return Placed(path: path, record: old, size: Int(old.file.size), replaced: false)
    }

    /// The cache's record of the file at `place`, when writing in place and the file is still
    /// as that record says.
    private func recorded(_ place: OutputPath) -> BuildCache.Record? {
        recorded(place.description)
    }

    private func recorded(_ path: String) -> BuildCache.Record? {
        guard case .inPlace(let cache) = placement, let old = cache.files[path] else { return nil }
        if let notAsWritten { return notAsWritten.contains(path) ? nil : old }
        return Self.identity(root + "/" + path) == old.file ? old : nil
    }

    /// A co-located file, recorded by its source's identity rather than its bytes.
    func copy(_ source: String, shownAs display: String, to place: OutputPath) throws(WriteFailure) -> Placed {
        let path = place.description
        guard let sourceIdentity = FileIdentity.ofSource(source) else {
            throw WriteFailure(.content(display), code: errno)
        }
        let digest = BuildCache.assetDigest(source: sourceIdentity, path: path)
        let size = Int(sourceIdentity.size)
        switch placement {
        case .fresh(let previous):
            SiteWriter.makeFolders(of: place, in: root)
            if let previous, PreviousOutput.link(place.inside(previous), to: place.inside(root), ifSameAs: source) {
                return Placed(path: path, record: try record(digest, of: place), size: size, replaced: true)
            }
            try SiteWriter.copy(source, shownAs: display, to: place, in: root)
        case .inPlace:
            if let old = recorded(place), old.content == digest {
                return Placed(path: path, record: old, size: size, replaced: false)
            }
            try checkFolders(of: place)
            try SiteWriter.copy(source, shownAs: display, to: place, in: root, temporary: true)
            try renameIntoPlace(place)
        }
        return Placed(path: path, record: try record(digest, of: place), size: size, replaced: true)
    }

    /// Removes files the site no longer has, and the folders they leave empty; returns how many.
    func remove(_ paths: [String]) throws(WriteFailure) -> Int {
        var removed = 0
        for path in paths.sorted() {
            guard let place = OutputPath(path) else { continue }
            guard unlink(place.inside(root)) == 0 || errno == ENOENT else { throw WriteFailure(.output(path), code: errno) }
            removed += 1
            var segments = place.segments.dropLast()
            // A folder still holding something stays: `rmdir` refuses it.
            while !segments.isEmpty, rmdir(OutputPath(segments: Array(segments))!.inside(root)) == 0 {
                segments = segments.dropLast()
            }
        }
        return removed
    }

    /// Whether the file at `path` (recorded as `size` bytes long) holds exactly `bytes`.
    private static func holds(_ path: String, _ bytes: [UInt8], size: Int64) -> Bool {
        guard size == Int64(bytes.count), case .success(let old) = RegularFile.read(atPath: path), old.count == bytes.count else { return false }
        // `memcmp`, not the arrays' `==`, which went byte by byte: the search's 11 MB of terms
        // compared after every edit, on one core, took 25 million instructions.
        guard !bytes.isEmpty else { return true }
        return old.withUnsafeBytes { earlier in
            bytes.withUnsafeBytes { memcmp(earlier.baseAddress!, $0.baseAddress!, $0.count) == 0 }
        }
    }

    /// How a written file is recorded (`FileIdentity.asWritten`).
    static func identity(_ path: String) -> FileIdentity? {
        FileIdentity.of(path)?.asWritten
    }

    /// `written`: the file's identity as its writer read it; looked up by its path otherwise.
    private func record(_ digest: Digest, of place: OutputPath, input: Digest? = nil,
                        written: FileIdentity? = nil) throws(WriteFailure) -> BuildCache.Record {
        guard let identity = written ?? Self.identity(place.inside(root)) else { throw WriteFailure(.output(place.description), code: errno) }
        return BuildCache.Record(content: digest, file: identity, input: input)
    }

    private func renameIntoPlace(_ place: OutputPath) throws(WriteFailure) {
        let temporary = SiteWriter.temporaryPath(of: place, in: root)
        guard rename(temporary, place.inside(root)) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteFailure(.output(place.description), code: code)
        }
    }

    /// Each folder above `place`, from the output down, must be a folder itself (`lstat`), and is
    /// made when missing: never through a link, which could lead out of the output.
    private func checkFolders(of place: OutputPath) throws(WriteFailure) {
        var path = root
        for segment in place.segments.dropLast() {
            path += "/" + segment
            var info = stat()
            if lstat(path, &info) != 0, errno == ENOENT, mkdir(path, 0o777) == 0 || errno == EEXIST { continue }
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw WriteFailure(.output(place.description), reason: "\(path) is not a folder")
            }
        }
    }
}
