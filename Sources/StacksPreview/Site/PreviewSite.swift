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
    private var pipeline = IncrementalPipeline()
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
    /// The theme's published files and the 404 page, which depend on templates and configuration only.
    private var themeFiles: [String: [UInt8]]?
    /// The search index, catalog description, sitemap and alias redirects.
    private var catalogFiles: [String: [UInt8]]?
    private var extrasTask: (generation: Int, task: Task<[SiteRenderer.OutputFile], Never>)?

    struct Current: Sendable {
        var prepared: Pipeline.Prepared
        var routes: SiteRoutes
        var contentRoot: URL
        /// What every tag page shares, made when one is first asked for.
        var tagParts: SiteRenderer.TagPageParts?
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
        var source = self.source ?? ProjectSource(options)
        let (reading, changedFiles) = source.apply(changes)
        self.source = source
        return await rebuild(source, reading: reading, changedFiles: changedFiles, start: start)
    }

    private func rebuild(_ source: ProjectSource, reading: ProjectSource.Reading, changedFiles: [String],
                         start: ContinuousClock.Instant) async -> Report {
        let input = source.input
        // The pipeline is handed over, not copied, so that it updates what it remembers in place.
        let pipeline = self.pipeline
        self.pipeline = IncrementalPipeline()
        let (result, next) = await pipeline.prepare(input)
        self.pipeline = next
        let prepared: Pipeline.Prepared
        switch result {
        case .failure(let problems):
            failure = problems
            return Report(reading: reading, duration: .now - start,
                          pageCount: current?.prepared.renderer.pageCount ?? 0, warnings: [], failure: problems,
                          recovered: false, reload: nil)
        case .success(let value):
            prepared = value
        }
        let recovered = failure != nil
        failure = nil
        let contentRoot = source.options.url(input.config.paths.content)
        let routes = current.map { SiteRoutes(prepared.renderer, reusing: $0.routes, of: $0.prepared.renderer) }
            ?? SiteRoutes(prepared.renderer)
        var reload = Reload.all
        if let previous = current {
            let themeChanged = previous.prepared.theme != prepared.theme || previous.prepared.renderer.config != prepared.renderer.config
            if themeChanged { themeFiles = nil }
            // A new stylesheet or script changes no page's bytes, but every open page shows it.
            if changedFiles.isEmpty, !recovered, !themeChanged { reload = openPagesChanged(in: prepared.renderer, routes: routes) }
        }
        // The search, the catalog's description and the tag pages come from every page.
        catalogFiles = nil
        extrasTask = nil
        if reload == .all { served = [:] }
        let replaced = current
        current = Current(prepared: prepared, routes: routes, contentRoot: contentRoot, tagParts: nil)
        generation += 1
        // Freeing the last site's ten thousand pages takes milliseconds: not while a browser waits.
        Task.detached(executorPreference: executor, priority: .background) { withExtendedLifetime(replaced) {} }
        return Report(reading: reading, duration: .now - start, pageCount: prepared.renderer.pageCount,
                      warnings: prepared.warnings, failure: nil, recovered: recovered, reload: reload)
    }

    /// The open pages (those served) that the new site shows otherwise: a page whose digest
    /// changed, a page that is gone, and every other HTML file served.
    private func openPagesChanged(in renderer: SiteRenderer, routes: SiteRoutes) -> Reload {
        guard served.count <= Self.servedLimit else { return .all }
        var paths: [String] = []
        var tagParts: SiteRenderer.TagPageParts?
        for (path, digest) in served {
            let now: Digest?
            switch routes[path] {
            case .page(let index): now = renderer.inputDigest(of: index)
            case .listPage(let category, let number): now = renderer.inputDigest(of: category, listPage: number)
            case .tagPage(let page):
                tagParts = tagParts ?? renderer.tagPageParts()
                now = renderer.inputDigest(ofTagPage: page, parts: tagParts!)
            case .asset: continue
            case nil: now = nil
            }
            if now == nil || now != digest { paths.append(SiteRoutes.urlPath(ofOutput: path)) }
        }
        return .paths(paths.sorted())
    }

    // MARK: Requests

    /// What a request for a path of the site gets.
    enum Lookup: Sendable {
        case bytes([UInt8], contentType: String)
        /// A page not rendered yet: render it, then `keep` it.
        /// `tagParts`: for a tag page, what all of them share.
        case render(SiteRenderer, SiteRoutes.Route, path: String, input: Digest, tagParts: SiteRenderer.TagPageParts?)
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
        return .notFound(await extraFile("404.html"))
    }

    private func find(_ path: String, in current: Current) async -> Lookup? {
        switch current.routes[path] {
        case .page(let index):
            return page(current.prepared.renderer, .page(index), path: path, input: current.prepared.renderer.inputDigest(of: index))
        case .listPage(let category, let number):
            return page(current.prepared.renderer, .listPage(category: category, number: number), path: path,
                        input: current.prepared.renderer.inputDigest(of: category, listPage: number))
        case .tagPage(let tagPage):
            let parts = current.tagParts ?? current.prepared.renderer.tagPageParts()
            self.current?.tagParts = parts
            return page(current.prepared.renderer, .tagPage(tagPage), path: path,
                        input: current.prepared.renderer.inputDigest(ofTagPage: tagPage, parts: parts), tagParts: parts)
        case .asset(let source):
            return assetFile(source, contentRoot: current.contentRoot).map { .file($0, contentType: ContentType.of(path)) }
        case nil:
            guard let bytes = await extraFile(path) else { return nil }
            if ContentType.of(path) == ContentType.html { served[path] = .some(nil) }
            return .bytes(bytes, contentType: ContentType.of(path))
        }
    }

    /// A page as made from `input`: from memory when it was rendered from the same.
    private func page(_ renderer: SiteRenderer, _ route: SiteRoutes.Route, path: String, input: Digest,
                      tagParts: SiteRenderer.TagPageParts? = nil) -> Lookup {
        served[path] = input
        if let kept = rendered[path], kept.input == input { return .bytes(kept.bytes, contentType: ContentType.html) }
        return .render(renderer, route, path: path, input: input, tagParts: tagParts)
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

    /// A file beside the pages, rendering them all when needed.
    private func extraFile(_ path: String) async -> [UInt8]? {
        if let bytes = themeFiles?[path] { return bytes }
        if let files = catalogFiles, themeFiles != nil { return files[path] }
        guard let current else { return nil }
        let task: Task<[SiteRenderer.OutputFile], Never>
        if let running = extrasTask, running.generation == generation {
            task = running.task
        } else {
            let prepared = current.prepared
            task = Task.detached(executorPreference: executor) { prepared.renderer.renderExtras(theme: prepared.theme, pages: false) }
            extrasTask = (generation, task)
        }
        let requested = generation
        let files = await task.value
        if requested == generation, self.current != nil {
            let themePaths = Set(current.prepared.theme.assetPaths.map(Theme.publishedPath(of:)) + ["404.html", ".nojekyll"])
            var theme: [String: [UInt8]] = [:]
            var catalog: [String: [UInt8]] = [:]
            for file in files where self.current!.routes[file.path] == nil {
                if themePaths.contains(file.path) { theme[file.path] = file.bytes } else { catalog[file.path] = file.bytes }
            }
            if themeFiles == nil { themeFiles = theme }
            catalogFiles = catalog
            extrasTask = nil
        }
        return files.first { $0.path == path && current.routes[$0.path] == nil }?.bytes
    }
}
