import Foundation
import Synchronization

/// `stacks build` and `stacks check`: read, run the pipeline, write (or not).
///
/// A build reads every source, then asks the cache beside the output (`BuildCache`) what the
/// last build of the same output wrote. Nothing read changed and the output is as that build
/// left it: nothing is done. Something changed: the pipeline runs, and the output is updated in
/// place, file by file, only where a file's bytes differ. No usable cache (none, damaged, another
/// binary's, another folder's, or `--clean`): a whole new output is written and swapped in.
/// All three leave the same files as a clean build (tests compare them after random edits).
public enum SiteBuilder {
    public struct Summary: Sendable, CustomStringConvertible {
        public var pages: Int
        public var files: Int
        public var bytes: Int
        public var milliseconds: Int
        public var output: String?
        public var warnings: [Diagnostic]
        /// What the build took from the last one.
        public var reuse: Reuse = .none
        /// Lines about the cache (why it was not used), said before the summary.
        public var notes: [String] = []
        /// Pictures the image library resized (`images.resize`); the others came from its cache.
        public var picturesResized = 0
        /// Runs of pages (a record file's) whose search postings came from the last build (`MemoFile`).
        public var searchRunsKept = 0
        /// Markdown files left unread by the reader (`KnownSources`) that the stages read after all.
        public var markdownReadLate = 0

        public enum Reuse: Sendable, Equatable {
            /// Every file written anew.
            case none
            /// Nothing read had changed: nothing written.
            case unchanged
            /// Written in place: only these files.
            case updated(written: Int, removed: Int)
        }

        public var description: String {
            let place = output.map { " into \($0)/" } ?? ""
            let verb = output == nil ? "Checked" : "Built"
            let line = "\(verb) \(pages) pages and \(files) files\(place) in \(milliseconds) ms"
            switch reuse {
            case .none: return line
            case .unchanged: return line + " (nothing changed)"
            case .updated(let written, let removed):
                return line + " (\(written) \(written == 1 ? "file" : "files") written, \(removed) removed)"
            }
        }
    }

    /// Builds the site; throws `Diagnostics` (every problem) when anything is wrong,
    /// leaving the previous output untouched.
    public static func build(_ options: BuildOptions, write: Bool = true) async throws(Diagnostics) -> Summary {
        let start = ContinuousClock.now
        let readStart = wallClock()
        PhaseTrace.mark("start")
        // The last build's cache, looked at before reading: the Markdown files it read whose
        // `stat` is the same are not read, so a build with nothing changed reads no page.
        var peeked: PeekedCache?
        let (input, outputURL) = ProjectReader.read(options, heldMarkdown: options.heldMarkdown) { output in
            guard write, !options.clean else { return nil }
            let path = RealPath.ofPossiblyMissing(output.path)
            peeked = peekCache(forOutput: output)
            let known = KnownSources.read(forOutput: path)
            PhaseTrace.mark("cache peeked")
            return known
        }
        let config = input.config
        PhaseTrace.mark("content read")
        let contentRoot = options.url(config.paths.content)
        guard write else {
            // The files the reader let go past `heldMarkdown`, read again as they are decoded.
            let reader = ContentReader(root: contentRoot, displayRoot: config.paths.content)
            var checked: Pipeline.Input? = consume input
            checked!.readSource = { reader.readLate($0) }
            let site = try await Pipeline.prepareSite(taking: checked.take()!)
            FreedMemory.release()
            for prepared in site {
                let renderer = prepared.renderer
                _ = await Parallel.map(0..<renderer.pageCount, state: { TemplateStamps() }) { stamps, index in
                    renderer.site.catalog[index].isWritten ? renderer.renderPage(index, stamps: &stamps).count : 0
                }
            }
            return Summary(pages: site.reduce(0) { $0 + $1.renderer.writtenPageCount },
                           files: site.reduce(0) { $0 + $1.renderer.site.catalog.assets.count }, bytes: 0,
                           milliseconds: elapsed(since: start), output: nil, warnings: site.flatMap(\.warnings))
        }
        let assets = SourceFingerprint.assetIdentities(of: input.content, contentRoot: contentRoot.path)
        let sources = SourceFingerprint.digest(of: input, assets: assets)
        PhaseTrace.mark("fingerprint")
        let writer = OutputWriter(
            output: outputURL,
            protected: [options.url(config.paths.content), options.url(config.paths.templates)],
            display: config.paths.output)
        var unread: Pipeline.Input? = consume input
        do {
            let summary = try await writer.withLock { path in
                var notes: [String] = []
                var cache = options.clean ? nil : usableCache(of: path, display: config.paths.output, notes: &notes, peeked: peeked)
                var notAsWritten: Set<String>?
                peeked = nil
                PhaseTrace.mark("cache taken")
                // What the output holds against what the last build wrote. A file found there
                // that no build would leave: the output is written anew.
                func take(_ survey: OutputSurvey) {
                    notAsWritten = survey.notAsWritten
                    if let first = survey.foreign.first {
                        let more = survey.foreign.count > 1 ? " (and \(survey.foreign.count - 1) more)" : ""
                        notes.append("\(config.paths.output)/\(first): note: not written by Stacks\(more); writing the output anew")
                        cache = nil
                    }
                }
                // With the sources as the last build read them, the survey alone tells whether
                // anything is to be done. Otherwise the stages run whatever it finds: it takes
                // the time they leave a core idle (`IdleWork`), and its word for the writing.
                var surveyAside: (start: OutputSurvey.Start, parts: IdleWork<OutputSurvey.Part>)?
                if let found = cache {
                    if found.sources == sources {
                        let survey = OutputSurvey(of: path, files: found.files)
                        PhaseTrace.mark("output surveyed")
                        take(survey)
                        if cache != nil, survey.changed == 0 {
                            return Summary(pages: found.pages, files: found.summaryFiles, bytes: found.bytes,
                                           milliseconds: elapsed(since: start), output: config.paths.output,
                                           warnings: found.warnings, reuse: .unchanged, notes: notes)
                        }
                    } else {
                        let start = OutputSurvey.Start(of: path, files: found.files)
                        surveyAside = (start, IdleWork(parts: start.folders.count, start.part))
                    }
                }
                // Something changed. The pages left unread stay so while the memos stand for them
                // (`UnreadSources`); the pipeline reads any other when it needs it.
                let reader = ContentReader(root: contentRoot, displayRoot: config.paths.content)
                let lateReads = LateReads()
                unread!.readSource = { path in
                    lateReads.count()
                    return reader.readLate(path)
                }
                // What the next build may leave unread: written aside now, not held through the
                // build, and put in place with the cache.
                let known = KnownSources.Pending(KnownSources.encoded(of: unread!.content, readStart: readStart), forOutput: path)
                let markdownFiles = unread!.content.markdownCount
                PhaseTrace.mark("known sources")
                // The pages' HTML waits for the render in a file beside the output, not in memory.
                unread!.spillFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                // Each file's decoding and each page's parse, kept for the next build; the last
                // build's taken unless `--clean`.
                let (lastDecodes, lastParses) = options.clean ? (nil, nil)
                    : (MemoFile.read(forOutput: path, kind: .documents), MemoFile.read(forOutput: path, kind: .markdown))
                // An entry for each Markdown file, at most.
                let decodeMemo = MemoFile.Writer(forOutput: path, kind: .documents, appendingTo: lastDecodes, expectedEntries: markdownFiles)
                let parseMemo = MemoFile.Writer(forOutput: path, kind: .markdown, appendingTo: lastParses, expectedEntries: markdownFiles)
                unread!.decodeMemo = Self.stageMemo(decodeMemo, earlier: lastDecodes)
                unread!.parseMemo = Self.stageMemo(parseMemo, earlier: lastParses)
                PhaseTrace.mark("memos opened")
                let site: SiteWriter.Written, pageCount: Int, warnings: [Diagnostic]
                var reuse = Summary.Reuse.none
                // The search's postings of each run of pages, for the next build.
                // (Read only for a build in place: a fresh output's runs are all made anew.)
                let lastSearch = cache == nil ? nil : MemoFile.read(forOutput: path, kind: .search)
                let searchMemo = MemoFile.Writer(forOutput: path, kind: .search, appendingTo: lastSearch)
                // The decodings and the parses are all made once the pipeline has run: their
                // memos' indexes are written then, on the other core, not held through the write.
                var stageMemosFinished: Task<Void, Never>?
                do {
                    // In a block of its own: the site's values go once it is written, before
                    // the cache is encoded (at 100,000 pages that was the build's peak).
                    let prepared = try await Pipeline.prepareSite(taking: unread.take()!)
                    PhaseTrace.mark("pipeline")
                    stageMemosFinished = Task.detached {
                        parseMemo?.finish()
                        decodeMemo?.finish()
                    }
                    if let surveyAside {
                        take(OutputSurvey(surveyAside.start, parts: surveyAside.parts.value()))
                        PhaseTrace.mark("output surveyed")
                    }
                    // The resolve stage's and the lists' temporaries are gone; the render does not need their room.
                    FreedMemory.release()
                    PhaseTrace.mark("memory released")
                    var written: SiteWriter.Written?
                    if let cache {
                        // Until the new cache is written there is none: a build killed meanwhile is
                        // followed by a clean one.
                        try BuildCache.remove(forOutput: path)
                        do {
                            var inPlace = SiteWriter(root: URL(fileURLWithPath: path), placement: .inPlace(cache))
                            inPlace.imageCacheFolder = ImageCache.folder(forOutput: path)
                            inPlace.contentDisplay = config.paths.content
                            inPlace.searchMemo = lastSearch
                            inPlace.notAsWritten = notAsWritten
                            inPlace.searchMemoWriter = searchMemo
                            let updated = try await inPlace.write(prepared, contentRoot: contentRoot)
                            PhaseTrace.mark("written in place")
                            written = updated
                            reuse = .updated(written: updated.replaced, removed: updated.removed)
                        } catch let failure as WriteFailure {
                            // A file where a folder now goes, say: the whole site then, the usual way.
                            let problem = failure.diagnostic(output: config.paths.output, content: config.paths.content)
                            notes.append("\(problem.path): note: could not update the output in place (\(problem.message)); writing it anew")
                        }
                    }
                    if let written {
                        site = written
                    } else {
                        site = try await writer.replace(path) { staging, previous in
                            var fresh = SiteWriter(root: staging, previous: previous)
                            fresh.imageCacheFolder = ImageCache.folder(forOutput: path)
                            fresh.contentDisplay = config.paths.content
                            fresh.searchMemoWriter = searchMemo
                            fresh.recordLog = RecordLog(folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                            return try await fresh.write(prepared, contentRoot: contentRoot)
                        }
                    }
                    pageCount = prepared.reduce(0) { $0 + $1.renderer.writtenPageCount }
                    warnings = prepared.flatMap(\.warnings) + site.warnings
                    // On the other core, while the memos and the cache are written: freeing
                    // every page's values was a twentieth of a one-edit build, on one core.
                    // Not waited for: a process that exits first has no need of it. One that
                    // ends with the build does not free them at all, unless it holds much: the
                    // memos and the cache are then written in the room they leave (a
                    // 100,000-item build peaked 18 MB higher keeping them).
                    var leaving = Optional(consume prepared)
                    if options.processEndsAfter {
                        leaving = LeftUntilExit.keep(leaving!, resident: FreedMemory.residentBytes())
                    }
                    if let leaving {
                        Task.detached {
                            withExtendedLifetime(leaving) {}
                            FreedMemory.release()
                        }
                    }
                }
                // The search memo's index on another core while the cache is made and written
                // (the others' since the pipeline ran): each is a file of its own, checked
                // whole when read, so neither waits for the other.
                let memosFinished = Task.detached {
                    searchMemo?.finish()
                    await stageMemosFinished?.value
                }
                // The site is written: the pictures made for it are kept for the next build.
                site.keepPictures(root: path, in: ImageCache.folder(forOutput: path))
                known.keep()
                if let folder = folderIdentity(path) {
                    let next = BuildCache(binary: BinaryIdentity.current, sources: sources, output: folder,
                                          pages: pageCount, summaryFiles: site.files, bytes: site.bytes,
                                          warnings: warnings, files: site.records)
                    // The site is written; without a cache the next build is a clean one.
                    try? next.write(forOutput: path, log: site.log)
                    PhaseTrace.mark("cache written")
                }
                await memosFinished.value
                PhaseTrace.mark("memos finished")
                var summary = Summary(pages: pageCount, files: site.files, bytes: site.bytes,
                                      milliseconds: elapsed(since: start), output: config.paths.output,
                                      warnings: warnings, reuse: reuse, notes: notes)
                summary.picturesResized = site.picturesMade
                summary.searchRunsKept = site.searchRunsKept
                summary.markdownReadLate = lateReads.total
                // The cache's, the output's and the memos' records: a process that ends now
                // need not free them one by one (5-7 ms on one core at 10,000 pages).
                if options.processEndsAfter {
                    _ = LeftUntilExit.keep((cache, site, lastSearch, lastDecodes, lastParses, searchMemo, parseMemo, decodeMemo),
                                           resident: FreedMemory.residentBytes())
                }
                PhaseTrace.mark("summary")
                return summary
            }
            PhaseTrace.mark("lock released")
            return summary
        } catch let error as Diagnostics {
            throw error
        } catch let failure as WriteFailure {
            throw Diagnostics([failure.diagnostic(output: config.paths.output, content: config.paths.content)])
        } catch {
            // `localizedDescription` of a Swift error on Linux says only "could not be completed".
            throw Diagnostics([.error(config.paths.output, "cannot write the site: \(error)")])
        }
    }

    /// How many files the stages read late, from any thread.
    final class LateReads: Sendable {
        private let counted = Atomic<Int>(0)
        func count() { counted.add(1, ordering: .relaxed) }
        var total: Int { counted.load(ordering: .relaxed) }
    }

    /// A stage's memo: `earlier`'s entries, and this build's kept in `writer`.
    private static func stageMemo(_ writer: MemoFile.Writer?, earlier: MemoFile?) -> StageMemo? {
        guard let writer else { return nil }
        var located: (@Sendable (Digest) -> (bytes: [UInt8], at: HeldBytes)?)?
        if let earlier { located = { earlier.located($0) } }
        return StageMemo(entry: { earlier?.entry($0) }, keep: { writer.add($0, $1) }, keepFound: { writer.addFound($0, $1) },
                         has: { earlier?.contains($0) ?? false }, located: located)
    }

    /// The cache read before the lock was taken, and its file's identity then.
    struct PeekedCache {
        var cache: BuildCache
        var file: FileIdentity
    }

    /// The cache of the output `url` names, read before reading the content (without the lock:
    /// only its `KnownSources` are used, which hold whatever build wrote them).
    static func peekCache(forOutput url: URL) -> PeekedCache? {
        let path = RealPath.ofPossiblyMissing(url.path)
        guard let file = FileIdentity.of(BuildCache.path(forOutput: path)),
              case .success(let cache)? = BuildCache.read(forOutput: path, binary: BinaryIdentity.current) else { return nil }
        return PeekedCache(cache: cache, file: file)
    }

    /// The cache of the output at `path`, when this binary wrote it for this very folder;
    /// otherwise `nil`, with a line saying why when there was one. `peeked`: the cache as read
    /// before the lock, taken when its file is the same one still.
    static func usableCache(of path: String, display: String, notes: inout [String], peeked: PeekedCache? = nil) -> BuildCache? {
        let rejection: BuildCache.Rejection
        let found: Result<BuildCache, BuildCache.Rejection>?
        if let peeked, FileIdentity.of(BuildCache.path(forOutput: path)) == peeked.file {
            found = .success(peeked.cache)
        } else {
            found = BuildCache.read(forOutput: path, binary: BinaryIdentity.current)
        }
        switch found {
        case nil:
            return nil
        case .success(let cache):
            if let folder = folderIdentity(path), folder == cache.output { return cache }
            rejection = .otherOutput
        case .failure(let reason):
            rejection = reason
        }
        let name = String(BuildCache.path(forOutput: path).split(separator: "/").last!)
        notes.append("\(name): note: not using the build cache: \(rejection.reason); writing the output anew")
        return nil
    }

    /// The output folder as the cache names it: which folder, not what is in it.
    static func folderIdentity(_ path: String) -> FileIdentity? {
        FileIdentity.of(path).map { FileIdentity(device: $0.device, inode: $0.inode, size: 0, modified: 0, changed: 0) }
    }

    /// Now, in nanoseconds since 1970, as `KnownSources.readStart` counts and file times do.
    static func wallClock() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func elapsed(since start: ContinuousClock.Instant) -> Int {
        Int((ContinuousClock.now - start).wholeMilliseconds)
    }
}
