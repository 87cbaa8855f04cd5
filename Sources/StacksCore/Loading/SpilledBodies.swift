/// The Markdown bodies of a build's documents, kept in a file from decoding until each is parsed
/// (`PageBodies`, spilled), by the path of the file they came from; the documents and pages
/// hold empty bodies meanwhile. At 100,000 items the bodies are 235 MB: held, they were the
/// largest part of the build's peak memory, at the moment the catalog is assembled.
struct SpilledBodies {
    private var collector: PageBodies.Collector?
    private var stored: PageBodies?
    /// Where each file's body is in the collector, by path relative to the content folder.
    private var positions: [String: Int] = [:]
    /// The files whose body is their bytes' end, by path: their digest, where the body starts,
    /// and whether it was left in them (`Document.unreadBodyStart`).
    private var tails: [String: (digest: Digest, start: Int, leftUnread: Bool)] = [:]

    /// Bodies kept in a file in `folder`; in memory, where no file can be made there.
    init(count: Int, folder: String) {
        collector = PageBodies.Collector(count: count, spillingIn: folder)
        positions.reserveCapacity(count)
        tails.reserveCapacity(count)
    }

    /// `decoded`, its body kept here and taken out of it. `file`: the file it was decoded from,
    /// whose digest then stands for a body that is its bytes' end (`tail(of:)`).
    /// A body left in its file (`Document.unreadBodyStart`) stays there: only its tail is kept.
    mutating func keep(_ decoded: Document.Decoded, path: String, file: SourceFile? = nil) -> Document.Decoded {
        guard case .parsed(var document, let problems) = decoded, collector != nil else { return decoded }
        if let start = document.unreadBodyStart, let digest = file?.contentsDigest {
            tails[path] = (digest, start, true)
            return decoded
        }
        // An empty body too: its parse is then kept under the key a build that leaves the file
        // unread asks for.
        if let file, let digest = file.bytesDigest, let bytes = file.contents,
           let start = Document.bodyStart(of: document.body, in: bytes) {
            tails[path] = (digest, start, false)
        }
        guard !document.body.isEmpty else { return decoded }
        positions[path] = positions.count
        collector!.append(document.body)
        document.body = ""
        return .parsed(document, problems)
    }

    /// The digest of the file at `path` and where its body starts in it, when the body is the
    /// file's end: what stands for the body in its parse's key (`ParseMemo.key`), without
    /// hashing the body a second time.
    func tail(of path: String?) -> (digest: Digest, start: Int)? {
        path.flatMap { tails[$0] }.map { ($0.digest, $0.start) }
    }

    /// Done keeping: bodies are only read from now on.
    mutating func finish() {
        stored = collector.take()?.finished()
    }

    /// Where the body of the file at `path` is in that file, when it was left there unread.
    func leftInFile(_ path: String?) -> (digest: Digest, start: Int)? {
        guard let path, let tail = tails[path], tail.leftUnread else { return nil }
        return (tail.digest, tail.start)
    }

    /// The body of the file at `path` kept here, if it is.
    func body(of path: String?) -> String? {
        guard let path, let position = positions[path], let stored else { return nil }
        return stored[position]
    }
}
