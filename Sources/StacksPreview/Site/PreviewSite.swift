import Foundation
import StacksCore

/// The site `stacks serve` shows: the last good build, in memory, brought up to date as
/// files change.
///
/// A rebuild runs the same stages as `stacks build` (through `IncrementalPipeline`); pages are
/// rendered when first asked for, and kept with the digest of what they were made from
/// (`PageInput`): a page asked for again is served from memory while that digest is the same,
/// and after a rebuild the open pages whose digest changed are reloaded. Nothing decides by
/// rule what an edit may have changed. A failed rebuild keeps the last good site and records
/// the problems for the overlay. Nothing is ever written to disk.
actor PreviewSite {
    private let options: BuildOptions
    /// Where the tasks it starts of its own run (the shared pool when `nil`), as the server's.
    private let executor: (any TaskExecutor)?
    /// Read by the first build.
    private var source: ProjectSource?
    private var pipeline = IncrementalPipeline.Site()
    private var current: Current?
    /// The problems of the last build, when it failed.
    private(set) var failure: Diagnostics?
    /// Counts successful builds; the live-reload script compares it with its page's.
    private(set) var generation = 0
    /// Rendered pages, list pages and tag pages, by output path, with the digest of what each
    /// was made from, up to `renderedBudget` bytes: a page renders in a millisecond, so a crawl of a
    /// large site need not be kept whole.
    private var rendered: [String: (input: Digest, bytes: [UInt8])] = [:]
    /// The pages sent to browsers, by output path, with the digest each was sent with: after a
    /// rebuild, those whose digest changed are reloaded. The other HTML files (the 404 page,
    /// alias redirects, a "not found" answer) have no digest and are reloaded after every rebuild.
    private var served: [String: Digest?] = [:]
    /// Past this many pages served, a rebuild reloads every open page rather than compute the
    /// digest of each (a crawl of the site, say).
    static let servedLimit = 500
    private var renderedBytes = 0
    static let renderedBudget = 64 * 1024 * 1024
    /// The files beside the pages, by group (`SiteManifest.Extra`), each made when one of its
    /// files is first asked for, for the current generation. The theme's files and the 404
    /// page depend on templates and configuration only, and stay until they change.
    private var extraFiles: [ExtraGroup: Task<[String: [UInt8]], Never>] = [:]

    /// A group of extra files of one language of the site.
    struct ExtraGroup: Hashable {
        var language: Int
        var extra: SiteManifest.Extra
    }
    private static let keptExtras: Set<SiteManifest.Extra> = [.theme, .notFound, .noJekyll, .interfaceStrings]

    struct Current: Sendable {
        /// Each language of the site (one for most): `Pipeline.prepareSite`.
        var site: [Pipeline.Prepared]
        var contentRoot: URL
        /// Where the pictures' sizes are kept: the build's cache, beside the output folder.
        var imageCache: String? = nil
        /// What every tag page of a language shares, made when one is first asked for.
        var tagParts: [Int: SiteRenderer.TagPageParts] = [:]

        /// The language whose manifest lists `path`, with its producer.
        func producer(of path: String) -> (language: Int, producer: SiteManifest.Producer)? {
            for (language, prepared) in site.enumerated() {
                if let producer = prepared.manifest[path] { return (language, producer) }
            }
            return nil
        }
    }

    /// What a rebuild did, for the terminal and the browsers.
    struct Report: Sendable {
        var reading: ProjectSource.Reading
        var duration: Duration
        var pageCount: Int
        var warnings: [Diagnostic]
        var failure: Diagnostics?
        /// A failure was fixed by this build.
        var recovered: Bool
        var reload: Reload?
    }

    enum Reload: Sendable, Equatable {
        case all
        /// URL paths, decoded: `/weather/rain/`.
        case paths([String])
    }

    init(options: BuildOptions, executor: (any TaskExecutor)? = nil) {
        self.options = options
        self.executor = executor
    }

    /// The folders the project is read from; before the first build, as the configuration
    /// names them, so that they can be watched before they are read.
    var folders: WatchedFolders {
        source?.folders ?? WatchedFolders(options, config: ProjectReader.readConfig(options).0)
    }

    /// The first build.
    func build() async -> Report {
        let start = ContinuousClock.now
        let source = ProjectSource(options)
        self.source = source
        return await rebuild(source, reading: .everything, changedFiles: [], start: start)
    }

    /// Reads what `changes` touched and rebuilds.
    func update(_ changes: FileChanges) async -> Report {
        let start = ContinuousClock.now
        PhaseTrace.mark("changes seen")
        var source = self.source ?? ProjectSource(options)
        let (reading, changedFiles) = source.apply(changes)
        self.source = source
        PhaseTrace.mark("changes read")
        return await rebuild(source, reading: reading, changedFiles: changedFiles, start: start)
    }

    private func rebuild(_ source: ProjectSource, reading: ProjectSource.Reading, changedFiles: [String],
                         start: ContinuousClock.Instant) async -> Report {
        let input = source.input
        // Taken out while it runs, so that it updates what it remembers in place, not a copy.
        var pipeline = IncrementalPipeline.Site()
        swap(&pipeline, &self.pipeline)
        let result = await pipeline.prepare(input)
        swap(&pipeline, &self.pipeline)
        let site: [Pipeline.Prepared]
        switch result {
        case .failure(let problems):
            failure = problems
            return Report(reading: reading, duration: .now - start,
                          pageCount: current.map(Self.pageCount) ?? 0, warnings: [], failure: problems,
                          recovered: false, reload: nil)
        case .success(let value):
            site = value
        }
        let recovered = failure != nil
        failure = nil
        let contentRoot = source.options.url(input.config.paths.content)
        var reload = Reload.all
        var themeChanged = true
        if let previous = current {
            themeChanged = previous.site.count != site.count || previous.site[0].theme != site[0].theme
                || zip(previous.site, site).contains { $0.renderer.config != $1.renderer.config }
            // A new stylesheet or script changes no page's bytes, but every open page shows it.
            if changedFiles.isEmpty, !recovered, !themeChanged { reload = openPagesChanged(in: site) }
        }
        // The search, the catalog's description and the list indexes come from every page.
        extraFiles = themeChanged ? [:] : extraFiles.filter { Self.keptExtras.contains($0.key.extra) }
        if reload == .all { served = [:] }
        let replaced = current
        current = Current(site: site, contentRoot: contentRoot,
                          imageCache: ImageCache.folder(forOutput: source.options.url(input.config.paths.output).standardizedFileURL.path))
        generation += 1
        PhaseTrace.mark("site replaced")
        // Freeing the last site's ten thousand pages takes milliseconds: not while a browser waits.
        Task.detached(executorPreference: executor, priority: .background) { withExtendedLifetime(replaced) {} }
        return Report(reading: reading, duration: .now - start, pageCount: Self.pageCount(current!),
                      warnings: site.flatMap(\.warnings), failure: nil, recovered: recovered, reload: reload)
    }

    private static func pageCount(_ current: Current) -> Int {
        current.site.reduce(0) { $0 + $1.renderer.writtenPageCount }
    }

    /// The open pages (those served) that the new site shows otherwise: a page whose digest
    /// changed, a page that is gone, and every other HTML file served.
    private func openPagesChanged(in site: [Pipeline.Prepared]) -> Reload {
        guard served.count <= Self.servedLimit else { return .all }
        let lookup = Current(site: site, contentRoot: URL(fileURLWithPath: "/"))
        var paths: [String] = []
        var tagParts: [Int: SiteRenderer.TagPageParts] = [:]
        for (path, digest) in served {
            let found = lookup.producer(of: path)
            if let found, case .tagPage = found.producer, tagParts[found.language] == nil {
                tagParts[found.language] = site[found.language].renderer.tagPageParts()
            }
            let now = found.flatMap { site[$0.language].renderer.inputDigest(of: $0.producer, tagParts: tagParts[$0.language]) }
            if now == nil || now != digest { paths.append(Self.urlPath(ofOutput: path)) }
        }
        return .paths(paths.sorted())
    }

    /// The path a browser shows for an output path: `weather/rain/index.html` → `/weather/rain/`.
    static func urlPath(ofOutput path: String) -> String {
        "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    }

    // MARK: Requests

    /// What a request for a path of the site gets.
    enum Lookup: Sendable {
        case bytes([UInt8], contentType: String)
        /// A page not rendered yet: render it, then `keep` it.
        /// `tagParts`: for a tag page, what all of them share.
        case render(SiteRenderer, SiteManifest.Producer, path: String, input: Digest, tagParts: SiteRenderer.TagPageParts?)
        case file(URL, contentType: String)
        /// A folder asked for without its slash.
        case redirect
        case notFound([UInt8]?)
        /// No build has succeeded yet.
        case noSite
    }

    struct Answer: Sendable {
        var lookup: Lookup
        var failure: Diagnostics?
        var generation: Int
    }

    func answer(segments: [String], directory: Bool) async -> Answer {
        Answer(lookup: await lookup(segments: segments, directory: directory), failure: failure, generation: generation)
    }

    private func lookup(segments: [String], directory: Bool) async -> Lookup {
        guard let current else { return .noSite }
        let joined = segments.joined(separator: "/")
        let path = directory ? (joined.isEmpty ? "index.html" : joined + "/index.html") : joined
        if let found = await find(path, in: current) { return found }
        if !directory, !joined.isEmpty, await find(joined + "/index.html", in: current) != nil { return .redirect }
        // A browser showing "not found" is told to reload when a rebuild may have made the page.
        if directory { served[path] = .some(nil) }
        return .notFound(await notFoundPage())
    }

    private func find(_ path: String, in current: Current) async -> Lookup? {
        guard let (language, producer) = current.producer(of: path) else { return nil }
        let renderer = current.site[language].renderer
        switch producer {
        case .page, .listPage:
            return page(renderer, producer, path: path, input: renderer.inputDigest(of: producer)!)
        case .tagPage:
            let parts = current.tagParts[language] ?? renderer.tagPageParts()
            self.current?.tagParts[language] = parts
            return page(renderer, producer, path: path, input: renderer.inputDigest(of: producer, tagParts: parts)!, tagParts: parts)
        case .searchRecords(let file):
            return renderer.searchRecords(file: file).map { .bytes($0.bytes, contentType: ContentType.of(path)) }
        case .searchTexts(let file):
            return renderer.searchTexts(file: file).map { .bytes($0.bytes, contentType: ContentType.of(path)) }
        case .asset(let index):
            let source = renderer.site.catalog.assets[index].source
            return assetFile(source, contentRoot: current.contentRoot).map { .file($0, contentType: ContentType.of(path)) }
        case .image(let index):
            // The picture's sizes, made as the build makes them (and kept in its cache).
            let asset = renderer.site.catalog.assets[index]
            guard let plan = current.site[language].manifest.plan(ofImage: index),
                  let position = plan.paths.firstIndex(of: path),
                  let file = assetFile(asset.file, contentRoot: current.contentRoot),
                  case .success(let original) = RegularFile.read(atPath: file.path) else { return nil }
            let cache = current.imageCache.map(ImageCache.init(folder:))
            let made = PublishedImages.files(of: plan, original: original, display: asset.source, cache: cache)
            return .bytes(made.files[position], contentType: ContentType.of(path))
        case .extra(let extra):
            guard let bytes = await files(of: ExtraGroup(language: language, extra: extra), in: current)[path] else { return nil }
            if ContentType.of(path) == ContentType.html { served[path] = .some(nil) }
            return .bytes(bytes, contentType: ContentType.of(path))
        }
    }

    /// A page as made from `input`: from memory when it was rendered from the same.
    private func page(_ renderer: SiteRenderer, _ producer: SiteManifest.Producer, path: String, input: Digest,
                      tagParts: SiteRenderer.TagPageParts? = nil) -> Lookup {
        served[path] = input
        if let kept = rendered[path], kept.input == input { return .bytes(kept.bytes, contentType: ContentType.html) }
        return .render(renderer, producer, path: path, input: input, tagParts: tagParts)
    }

    /// A co-located file, as long as it is still a file inside the content folder.
    private nonisolated func assetFile(_ source: String, contentRoot: URL) -> URL? {
        let url = contentRoot.appendingPathComponent(source)
        guard let root = RealPath.of(contentRoot.path), let file = RealPath.of(url.path), file.hasPrefix(root + "/") else { return nil }
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return URL(fileURLWithPath: file)
    }

    /// Keeps a page rendered from `input` (from any generation: the digest says what it is).
    func keep(_ bytes: [UInt8], path: String, input: Digest) {
        if let old = rendered.removeValue(forKey: path) { renderedBytes -= old.bytes.count }
        while renderedBytes + bytes.count > Self.renderedBudget, let (evicted, old) = rendered.first {
            rendered[evicted] = nil
            renderedBytes -= old.bytes.count
        }
        rendered[path] = (input, bytes)
        renderedBytes += bytes.count
    }

    /// The files of one group beside the pages, made once a generation (off the actor: the
    /// search's takes every page's text).
    private func files(of group: ExtraGroup, in current: Current) async -> [String: [UInt8]] {
        if let task = extraFiles[group] { return await task.value }
        let prepared = current.site[group.language]
        let task = Task.detached(executorPreference: executor) {
            Dictionary(prepared.renderer.files(of: group.extra, theme: prepared.theme).map { ($0.path, $0.bytes) }) { $1 }
        }
        extraFiles[group] = task
        return await task.value
    }

    /// The 404 page.
    private func notFoundPage() async -> [UInt8]? {
        guard let current else { return nil }
        return await files(of: ExtraGroup(language: 0, extra: .notFound), in: current)["404.html"]
    }
}
