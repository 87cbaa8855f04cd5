import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a prepared site into a folder: pages rendered and written in parallel, as they are
/// produced, so the whole site is never held in memory.
///
/// Every file goes through `OutputPath`, which refuses any name that could leave the folder,
/// and is created anew (`O_EXCL`, `O_NOFOLLOW`): two things written to one place, or a link
/// planted where a file goes, is an error rather than a silent overwrite.
///
/// A file whose bytes are the same as in the previous build's output is hard-linked from it
/// instead of written: a rebuild then makes new inodes only for what changed (and frees only
/// those when the old output goes), and unchanged files keep their modification time, so a
/// publishing tool that compares times uploads only what changed.
public struct SiteWriter: Sendable {
    public var root: URL
    public var placement: Placement
    /// Where the pictures' sizes are kept between builds (`ImageCache`); `nil`: not kept.
    public var imageCacheFolder: String?
    /// How warnings name the content folder.
    public var contentDisplay = "content"
    /// The search's postings the last build kept (`MemoFile`), taken for each run of pages
    /// whose files are left in place; and where this build keeps its own.
    var searchMemo: MemoFile?
    var searchMemoWriter: MemoFile.Writer?
    /// In place: the recorded files the build's survey found not as written, when it found
    /// every one (`OutputSurvey.notAsWritten`).
    var notAsWritten: Set<String>?
    /// A fresh write's: where the records of the catalog's pages and search files wait for the
    /// cache (`Written.countLogged`); `nil`: with the others, in memory.
    var recordLog: RecordLog?

    /// How the files reach the folder.
    public enum Placement: Sendable {
        /// Into a new, empty folder, each file created; one whose bytes are the same as in the
        /// output this build replaces (`previous`) is hard-linked from it.
        case fresh(previous: String?)
        /// Into the output itself, which `cache` describes: a file whose digest and identity are
        /// the cache's is left as it is, any other is written beside and renamed over its place
        /// (so each file is whole at every moment), and the files the site no longer has are
        /// removed.
        case inPlace(BuildCache)
    }

    /// What a write did: the counts the summary gives, and each file's record for the next cache.
    public struct Written: Sendable {
        public var files: Int
        public var bytes: Int
        public var records: PathTable<BuildCache.Record>
        /// Files written or replaced (all of them into a fresh folder), and removed.
        public var replaced: Int
        public var removed: Int
        /// What writing found: pictures published as they are because they could not be resized.
        public var warnings: [Diagnostic] = []
        /// Pictures the image library resized in this build (the others came from its cache).
        public var picturesMade = 0
        /// Runs of pages whose search postings came from the last build's `MemoFile`.
        public var searchRunsKept = 0
        /// Those pictures' files, under the output root, by what the image cache keeps them
        /// under: kept there once the build has succeeded (`keepPictures(root:)`).
        package var picturesToKeep: [(key: String, paths: [String])] = []

        /// Where a fresh write's pages and search files leave their records (`countLogged(_:)`),
        /// a batch at a time; `nil`: in `records`, with the others'.
        var log: RecordLog?
        /// Records encoded for the log and not sent to it yet, and how many.
        private(set) var batch: [UInt8] = []
        private(set) var batchEntries = 0

        /// Counts a file placed, and keeps its record.
        mutating func count(_ file: OutputFiles.Placed) {
            records.updateValue(file.record, forKey: file.path)
            files += 1
            bytes += file.size
            if file.replaced { replaced += 1 }
        }

        /// Counts one of the catalog's pages or search files placed, its record in the log when
        /// there is one: the bulk of a site's files, which nothing looks up before the cache is
        /// written.
        mutating func countLogged(_ file: OutputFiles.Placed) {
            guard log != nil else { return count(file) }
            var path = file.path
            path.withUTF8 { BuildCache.appendEntry(path: $0, record: file.record, to: &batch) }
            batchEntries += 1
            files += 1
            bytes += file.size
            if file.replaced { replaced += 1 }
            if batch.count >= RecordLog.batchSize { sendBatch() }
        }

        /// The records encoded so far into the log.
        mutating func sendBatch() {
            guard let log, batchEntries > 0 else { return }
            log.append(batch, entries: batchEntries)
            batch.removeAll(keepingCapacity: batch.count < RecordLog.batchSize * 2)
            batchEntries = 0
        }

        /// Counts the files a part of the write placed (`count(_:)` on its own `Written`), taking
        /// its records (`PathTable.take`: joined, not copied) and sending its batch to the log.
        mutating func add(_ part: inout Written) {
            part.sendBatch()
            records.take(&part.records)
            files += part.files
            bytes += part.bytes
            replaced += part.replaced
        }

        /// Keeps the pictures made in the image cache at `folder`, from the output at `root`.
        package func keepPictures(root: String, in folder: String?) {
            guard let folder, !picturesToKeep.isEmpty else { return }
            let cache = ImageCache(folder: folder)
            for (key, paths) in picturesToKeep { cache.keep(publishedAt: paths.map { root + "/" + $0 }, key: key) }
        }
    }

    public init(root: URL, placement: Placement = .fresh(previous: nil)) {
        self.root = root
        self.placement = placement
    }

    public init(root: URL, previous: String?) {
        self.init(root: root, placement: .fresh(previous: previous))
    }

    /// Writes the files `prepared.manifest` lists, each made by its producer; a file made that
    /// the manifest does not list, or one listed and not made, is a `WriteFailure`.
    public func write(_ prepared: Pipeline.Prepared, contentRoot: URL) async throws -> Written {
        try await write([prepared], contentRoot: contentRoot)
    }

    /// Writes a site of several languages (`Pipeline.prepareSite`): each language's files,
    /// then, in place, removes the files none of them has.
    public func write(_ site: [Pipeline.Prepared], contentRoot: URL) async throws -> Written {
        let files = OutputFiles(root: root.path, placement: placement, notAsWritten: notAsWritten)
        // In place, the files not made again are found among the records: all kept in memory.
        var log: RecordLog?
        if case .fresh = placement { log = recordLog }
        var written = Written(files: 0, bytes: 0, records: [:], replaced: 0, removed: 0, log: log)
        for prepared in site {
            try await write(prepared, into: files, contentRoot: contentRoot, written: &written)
        }
        written.sendBatch()
        if case .inPlace(let cache) = placement {
            written.removed = try files.remove(cache.files.keys.filter { written.records[$0] == nil })
            PhaseTrace.mark("removed")
        }
        return written
    }

    private func write(_ prepared: Pipeline.Prepared, into files: OutputFiles, contentRoot: URL,
                       written: inout Written) async throws {
        let renderer = prepared.renderer
        let manifest = prepared.manifest
        // The catalog's pages a record file's run at a time with the file of their search records,
        // then the list pages and tag pages, each written as soon as it is rendered.
        let pageCount = manifest.pageCount, otherPages = manifest.otherPages
        let pageRuns = (pageCount + SearchIndex.recordsPerFile - 1) / SearchIndex.recordsPerFile
        let tagParts = renderer.tagPages.isEmpty ? nil : renderer.tagPageParts()
        // What each page reads, digested: a page whose key is the one recorded is kept as it is
        // without its input being made.
        let keys = await renderer.pageKeys(theme: prepared.theme)
        PhaseTrace.mark("page keys")
        // Each run of pages collects the search postings of its own: no page's text is read twice.
        // Each chunk counts its files into a `Written` of its own, their records packed as they
        // come (as `OutputFiles.Placed` values, a path string each, they were 0.25 KB a page).
        var chunks: [(postings: SearchPostings, runsKept: Int, placed: Written)]
        let log = written.log
        (_, chunks) = try await Parallel.mapThrowing(
            0..<(pageRuns + otherPages.count),
            // Chunks of about equal work: a run is its pages, a list or tag page one.
            weight: { $0 < pageRuns ? SearchIndex.pages(inRecordFile: $0, ofCatalogPages: pageCount).count : 1 },
            state: {
                (stamps: TemplateStamps(), postings: SearchPostings(), runsKept: 0,
                 placed: Written(files: 0, bytes: 0, records: [:], replaced: 0, removed: 0, log: log))
            },
            // Packed in room of its size: held until every chunk is done.
            keep: { state in
                state.postings.finish()
                return (state.postings, state.runsKept, state.placed)
            }
        ) { state, unit in
            // The bodies the run's pages read, for its search texts: each read once.
            var bodies: [Int: String] = [:]
            func put(_ path: String, _ producer: SiteManifest.Producer) throws -> OutputFiles.Placed {
                // Made only when what it reads is not what the page in place read.
                let key = renderer.key(of: producer, keys: keys)
                if let key, let kept = files.kept(path, input: key) { return kept }
                let place = try Self.place(path)
                guard let input = renderer.input(of: producer, tagParts: tagParts, stamps: &state.stamps) else { throw Self.unlisted(path) }
                if case .page(let index) = producer, let body = input.body { bodies[index] = body }
                // A page without a key (a tag page in a catalog of several languages) is kept by its input's digest.
                let digest = key ?? input.digest
                if key == nil, let kept = files.kept(place, input: digest) { return kept }
                return try files.put(renderer.render(input, stamps: &state.stamps), at: place, newFolder: true, input: digest)
            }
            guard unit < pageRuns else {
                let page = try put(otherPages[unit - pageRuns].path, otherPages[unit - pageRuns].producer)
                state.placed.count(page)
                return
            }
            for index in SearchIndex.pages(inRecordFile: unit, ofCatalogPages: pageCount) where renderer.site.catalog[index].isWritten {
                let page = try put(renderer.outputPath(of: index), .page(index))
                state.placed.countLogged(page)
            }
            // The run's search records and texts, with its pages: they are never all held at once.
            guard let run = renderer.searchRun(file: unit, keys: keys) else { return }
            let recordsPath = renderer.languagePrefix + SearchIndex.recordFilePath(unit)
            let textsPath = renderer.languagePrefix + SearchIndex.textFilePath(unit)
            guard manifest[recordsPath] == .searchRecords(file: unit) else { throw Self.unlisted(recordsPath) }
            guard manifest[textsPath] == .searchTexts(file: unit) else { throw Self.unlisted(textsPath) }
            // Made from what they were made from last time, and left as they were: the run's
            // postings are the ones the last build kept.
            if let records = files.kept(recordsPath, input: run.key), let texts = files.kept(textsPath, input: run.key),
               let kept = searchMemo?.entry(run.key), state.postings.append(encoded: kept) {
                searchMemoWriter?.addFound(run.key, kept)
                state.runsKept += 1
                state.placed.countLogged(records)
                state.placed.countLogged(texts)
                return
            }
            let recordsPlace = try Self.place(recordsPath), textsPlace = try Self.place(textsPath)
            state.postings.startRun()
            let texts = renderer.searchTexts(of: run, into: &state.postings, bodies: bodies)
            let records = try files.put(renderer.searchRecords(of: run), at: recordsPlace, newFolder: true, input: run.key)
            state.placed.countLogged(records)
            state.placed.countLogged(try files.put(texts, at: textsPlace, newFolder: true, input: run.key))
            searchMemoWriter?.add(run.key, state.postings.encodedRun())
        }
        // What the pages' render freed goes back before the extras, the largest files, are made;
        // the lists' rows with it (the extras draw few lists, if any).
        renderer.releaseLists()
        FreedMemory.release()
        var parts: [SearchPostings] = []
        for number in chunks.indices {
            written.searchRunsKept += chunks[number].runsKept
            // Moved, not copied: each part is then let go as soon as it is joined.
            parts.append(SearchPostings())
            swap(&parts[parts.count - 1], &chunks[number].postings)
        }
        let search = SearchPostings.joined(&parts)
        PhaseTrace.mark("pages and search runs")
        for number in chunks.indices { written.add(&chunks[number].placed) }
        func count(_ file: OutputFiles.Placed) { written.count(file) }
        let theme = prepared.theme
        @Sendable func make(_ extra: SiteManifest.Extra, postings: consuming SearchPostings?) throws -> [OutputFiles.Placed] {
            var placed: [OutputFiles.Placed] = []
            // A group made from what it reads now is left as it is, every file of it.
            let key = renderer.key(of: extra, keys: keys)
            if let key {
                let paths = renderer.paths(of: extra, theme: theme)
                for path in paths {
                    guard let kept = files.kept(try Self.place(path), input: key) else { break }
                    placed.append(kept)
                }
                if placed.count == paths.count { return placed }
                placed = []
            }
            // The tools' index and the catalog's description written as they are made.
            if let key, let path = renderer.largeFilePath(of: extra) {
                guard manifest[path] == .extra(extra) else { throw Self.unlisted(path) }
                let place = try Self.place(path)
                placed.append(try files.put(inParts: { (part: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) in
                    try renderer.writeLargeFile(extra, part)
                }, at: place, input: key))
                PhaseTrace.mark("extra made: \(extra)")
                return placed
            }
            try renderer.eachFile(of: extra, theme: theme, postings: consume postings) { file in
                guard manifest[file.path] == .extra(extra) else { throw Self.unlisted(file.path) }
                placed.append(try files.put(file.bytes, at: Self.place(file.path), input: key))
            }
            PhaseTrace.mark("extra made: \(extra)")
            return placed
        }
        // The search first, alone: the postings are let go before the other large files (the
        // tools' index, the catalog's description) are made.
        if manifest.extras.contains(.search) { try make(.search, postings: consume search).forEach(count) }
        PhaseTrace.mark("search index")
        // The other groups, made in parallel and written as each comes, so that the largest
        // (the lists' indexes, the catalog) are never all held at once.
        // In chunks of about equal rows: by count, the tag list indexes' eight parts fell in one
        // chunk, made one after another on one core (1 s of a 100,000-item build's 2.2 s here).
        let extras = manifest.extras.filter { $0 != .search }
        let tagListParts = extras.contains { if case .tagListIndexes = $0 { true } else { false } } ? renderer.tagListIndexParts() : []
        let weights = extras.map { Self.rows(of: $0, renderer: renderer, tagParts: tagListParts) }
        let made = try await Parallel.mapThrowing(extras.indices, weight: { weights[$0] }, state: {}, keep: { _ in }) { _, number in
            try make(extras[number], postings: nil)
        }.results
        for part in made { part.forEach(count) }
        PhaseTrace.mark("extras")
        for (path, index) in manifest.assets {
            let asset = renderer.site.catalog.assets[index]
            // The file to read: a co-located link's target inside the content folder.
            count(try files.copy(contentRoot.path + "/" + asset.file, shownAs: asset.source, to: Self.place(path)))
        }
        PhaseTrace.mark("files beside pages")
        // The pictures' sizes, on all cores: each read once, its files from the cache or made.
        let imageCache = imageCacheFolder.map(ImageCache.init(folder:))
        let displayRoot = contentDisplay
        let pictures = try await Parallel.mapThrowing(manifest.images.indices, state: {}, keep: { _ in }) { _, number in
            let (index, plan) = manifest.images[number]
            let asset = renderer.site.catalog.assets[index]
            guard case .success(let original) = RegularFile.read(atPath: contentRoot.path + "/" + asset.file) else {
                throw WriteFailure(.content(asset.source), reason: "could not be read")
            }
            let made = PublishedImages.files(of: plan, original: original, display: displayRoot + "/" + asset.source,
                                             cache: imageCache, keeps: false)
            var placed: [OutputFiles.Placed] = []
            var named = Set<String>()
            // (A WebP's re-encoding is its widest variant: one name, written once.)
            for (path, bytes) in zip(plan.paths, made.files) where named.insert(path).inserted {
                guard manifest[path] == .image(asset: index) else { throw Self.unlisted(path) }
                placed.append(try files.put(bytes, at: Self.place(path), newFolder: true))
            }
            return (placed, made.warning, made.decoded, made.key.map { ($0, plan.paths) })
        }.results
        for (placed, warning, decoded, keep) in pictures {
            placed.forEach(count)
            if let warning { written.warnings.append(warning) }
            if decoded { written.picturesMade += 1 }
            if let keep { written.picturesToKeep.append(keep) }
        }
        PhaseTrace.mark("pictures")
        // (The search records are made with their pages, each checked against the manifest.)
        if let missing = manifest.namedPaths.first(where: { written.records[$0] == nil }) {
            throw WriteFailure(.output(missing), reason: "the site lists it, but nothing made it")
        }
        // The summary counts the catalog's pages apart from the files beside them.
        written.files -= renderer.writtenPageCount
    }

    /// About how many rows an extra writes, its share of the extras' work: a list index its
    /// category's entries, a part of the tags' list indexes the entries of its lists, a file
    /// about the whole catalog its pages (the tools' index and the sitemap a quarter: a line
    /// each), the others one.
    private static func rows(of extra: SiteManifest.Extra, renderer: SiteRenderer, tagParts: [[Int?]]) -> Int {
        let catalog = renderer.site.catalog
        switch extra {
        case .listIndex(let category): return catalog[category].children.count
        case .tagListIndexes(let part):
            guard part < tagParts.count else { return 1 }
            return tagParts[part].reduce(0) { $0 + ($1.map { renderer.tagIndex.tags[$0].pages.count } ?? renderer.tagIndex.tags.count) }
        case .catalogDescription: return catalog.pages.count
        case .toolIndex, .sitemap: return catalog.pages.count / 4
        case .redirects, .theme, .notFound, .interfaceStrings, .noJekyll, .sitemapIndex, .search: return 1
        }
    }

    /// A file the renderer made that the site's manifest does not list: a fault of Stacks, not
    /// of the content, stopped before it reaches the output.
    private static func unlisted(_ path: String) -> WriteFailure {
        WriteFailure(.output(path), reason: "the site's manifest does not list it")
    }

    /// The one way from a path the renderer computed to a place in the output.
    static func place(_ relative: String) throws(WriteFailure) -> OutputPath {
        guard let place = OutputPath(relative) else {
            let problem = relative.split(separator: "/", omittingEmptySubsequences: false).lazy
                .compactMap { OutputPath.problem(inName: String($0)) }.first
            throw WriteFailure(.output(relative), reason: "a name in it \(problem?.predicate ?? "is not allowed"); it is not a path inside the output")
        }
        return place
    }

    /// Plain POSIX writes: Foundation's `Data.write` syncs each file to disk, which a site of
    /// thousands of pages in a folder that is swapped in at the end does not need.
    ///
    /// `newFolder`: the file is the first in its folder (a page's `index.html`), so the folder
    /// is made before the first attempt to open, not after it fails. `temporary`: the file is
    /// made under `temporaryPath(of:in:)`, to be renamed into place.
    /// Returns the written file's identity as the cache records it (`FileIdentity.asWritten`),
    /// read from the open file: looked up again by its path, every page's cost a walk of its
    /// folders. `nil` when it was linked from the previous output instead.
    @discardableResult
    static func write(_ bytes: [UInt8], to place: OutputPath, in root: String, newFolder: Bool = false,
                      previous: String? = nil, temporary: Bool = false) throws(WriteFailure) -> FileIdentity? {
        let path = place.inside(root)
        // Made in full, also when a folder above is not there yet (pages are written in
        // parallel, in no order): otherwise the link to the previous output would fail.
        if newFolder { makeFolders(of: place, in: root) }
        if let previous, PreviousOutput.link(place.inside(previous), to: path, ifItHolds: bytes) { return nil }
        let descriptor = try create(place, in: root, temporary: temporary)
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, place: place)
        return FileIdentity.of(descriptor: descriptor)?.asWritten
    }

    /// Every byte of `bytes` to `descriptor`, the file at `place`.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, place: OutputPath) throws(WriteFailure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                POSIX.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw WriteFailure(.output(place.description), code: result < 0 ? errno : ENOSPC) }
            written += result
        }
    }

    /// A file whose bytes `produce` hands over a part at a time, each written as it comes (a
    /// large file is never held whole); at `place` or its temporary path.
    static func write(inParts produce: (_ part: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) -> Void,
                      to place: OutputPath, in root: String, temporary: Bool = false) throws(WriteFailure) -> (identity: FileIdentity?, size: Int) {
        makeFolders(of: place, in: root)
        let descriptor = try create(place, in: root, temporary: temporary)
        defer { close(descriptor) }
        var size = 0
        try produce { (bytes: [UInt8]) throws(WriteFailure) in
            try writeAll(bytes, to: descriptor, place: place)
            size += bytes.count
        }
        return (FileIdentity.of(descriptor: descriptor)?.asWritten, size)
    }

    /// Where a file that replaces `place` is written first: beside it, under a name no page or
    /// file of the site can have (content names starting with `.` are skipped).
    static func temporaryPath(of place: OutputPath, in root: String) -> String {
        let folder = place.segments.dropLast().reduce(root) { $0 + "/" + $1 }
        return folder + "/." + place.segments.last! + ".stacks-new"
    }

    /// A new file at `place` (or at its temporary path), its folders made as needed.
    private static func create(_ place: OutputPath, in root: String, temporary: Bool = false) throws(WriteFailure) -> Int32 {
        let path = temporary ? temporaryPath(of: place, in: root) : place.inside(root)
        // One left by a write that failed half way.
        if temporary { unlink(path) }
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0, errno == ENOENT {
            // Mostly the parent is missing and its parent is there: one mkdir. Pages are
            // written on several threads, so another may have just made it.
            makeFolders(of: place, in: root)
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw WriteFailure(.output(place.description), code: errno) }
        return descriptor
    }

    /// Makes the folders `place` is in, inside `root`; a failure shows when the file is opened.
    static func makeFolders(of place: OutputPath, in root: String) {
        guard place.segments.count > 1 else { return }
        let folder = OutputPath(segments: Array(place.segments.dropLast()))!.inside(root)
        if mkdir(folder, 0o777) == 0 || errno == EEXIST { return }
        var path = root
        for segment in place.segments.dropLast() {
            path += "/" + segment
            if mkdir(path, 0o777) != 0, errno != EEXIST { return }
        }
    }

    /// Copies a co-located file. Opened without blocking and checked to be a regular file, so
    /// that a pipe or a device put in its place cannot stall the build.
    static func copy(_ source: String, shownAs display: String, to place: OutputPath, in root: String,
                     temporary: Bool = false) throws(WriteFailure) {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw WriteFailure(.content(display), code: errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw WriteFailure(.content(display), code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WriteFailure(.content(display), reason: "it is not a regular file") }
        let output = try create(place, in: root, temporary: temporary)
        defer { close(output) }
        // Room for the file, up to 256 KB, not zeroed first: zeroed at that size for every
        // file, the buffer cost a 10,000-item build with 500 icons 130 M instructions.
        let room = max(1, min(Int(info.st_size), 256 * 1024))
        var buffer = [UInt8](unsafeUninitializedCapacity: room) { _, initialized in initialized = room }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count >= 0 else { throw WriteFailure(.content(display), code: errno) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { POSIX.write(output, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw WriteFailure(.output(place.description), code: result < 0 ? errno : ENOSPC) }
                written += result
            }
        }
    }
}
