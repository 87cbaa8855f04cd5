import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `stacks build` and `stacks check`: read, run the pipeline, write (or not).
public enum SiteBuilder {
    public struct Summary: Sendable, CustomStringConvertible {
        public var pages: Int
        public var files: Int
        public var bytes: Int
        public var milliseconds: Int
        public var output: String?
        public var warnings: [Diagnostic]

        public var description: String {
            let place = output.map { " into \($0)/" } ?? ""
            let verb = output == nil ? "Checked" : "Built"
            return "\(verb) \(pages) pages and \(files) files\(place) in \(milliseconds) ms"
        }
    }

    /// Builds the site; throws `Diagnostics` (every problem) when anything is wrong,
    /// leaving the previous output untouched.
    public static func build(_ options: BuildOptions, write: Bool = true) async throws(Diagnostics) -> Summary {
        let start = ContinuousClock.now
        let (input, outputURL) = ProjectReader.read(options)
        let config = input.config
        let prepared = try await Pipeline.prepare(taking: consume input)
        let renderer = prepared.renderer
        guard write else {
            _ = await Parallel.map(0..<renderer.pageCount, state: { TemplateStamps() }) { stamps, index in
                renderer.renderPage(index, stamps: &stamps).count
            }
            return Summary(pages: renderer.pageCount, files: renderer.site.catalog.assets.count, bytes: 0,
                           milliseconds: elapsed(since: start), output: nil, warnings: prepared.warnings)
        }
        let writer = OutputWriter(
            output: outputURL,
            protected: [options.url(config.paths.content), options.url(config.paths.templates)],
            display: config.paths.output)
        let contentRoot = options.url(config.paths.content)
        do {
            let (files, bytes) = try await writer.replace { staging, previous in
                try await SiteWriter(root: staging, previous: previous).write(prepared, contentRoot: contentRoot)
            }
            return Summary(pages: renderer.pageCount, files: files, bytes: bytes, milliseconds: elapsed(since: start),
                           output: config.paths.output, warnings: prepared.warnings)
        } catch let error as Diagnostics {
            throw error
        } catch {
            throw Diagnostics([.error(config.paths.output, "cannot write the site: \(error.localizedDescription)")])
        }
    }

    static func elapsed(since start: ContinuousClock.Instant) -> Int {
        let duration = ContinuousClock.now - start
        return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// Writes a prepared site into a folder: pages rendered and written in parallel, as they are
/// produced, so the whole site is never held in memory.
///
/// A file whose bytes are the same as in the previous build's output is hard-linked from it
/// instead of written: a rebuild then makes new inodes only for what changed (and frees only
/// those when the old output goes), and unchanged files keep their modification time, so a
/// publishing tool that compares times uploads only what changed.
public struct SiteWriter: Sendable {
    public var root: URL
    /// The output folder this build replaces, if any.
    public var previous: String?

    public init(root: URL, previous: String? = nil) {
        self.root = root
        self.previous = previous
    }

    /// Returns the number of non-page files and the total bytes written.
    public func write(_ prepared: Pipeline.Prepared, contentRoot: URL) async throws -> (files: Int, bytes: Int) {
        let renderer = prepared.renderer
        let root = self.root.path
        // The pages, then the further pages of large categories' lists, each written as soon
        // as it is rendered.
        let listPages = renderer.listPages
        let pageCount = renderer.pageCount
        let pageBytes = try await Parallel.mapThrowing(0..<(pageCount + listPages.count), state: { TemplateStamps() }) {
            stamps, index in
            let bytes: [UInt8]
            let path: String
            if index < pageCount {
                bytes = renderer.renderPage(index, stamps: &stamps)
                path = renderer.outputPath(of: index)
            } else {
                let list = listPages[index - pageCount]
                bytes = renderer.renderPage(list.category, listPage: list.number, stamps: &stamps)
                path = renderer.outputPath(ofListPage: list.number, category: list.category)
            }
            try Self.write(bytes, toPath: root + "/" + path, newFolder: true, previous: previous.map { $0 + "/" + path })
            return bytes.count
        }
        var total = pageBytes.reduce(0, +)
        var files = listPages.count
        for file in renderer.renderExtras(theme: prepared.theme, listPages: false) {
            try Self.write(file.bytes, toPath: root + "/" + file.path, previous: previous.map { $0 + "/" + file.path })
            total += file.bytes.count
            files += 1
        }
        let manager = FileManager.default
        for asset in renderer.site.catalog.assets {
            let destination = self.root.appendingPathComponent(asset.output, isDirectory: false)
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            let source = contentRoot.appendingPathComponent(asset.file)
            if let previous, PreviousOutput.link(previous + "/" + asset.output, to: destination.path, ifSameAs: source.path) {
                files += 1
                continue
            }
            try manager.copyItem(at: source, to: destination)
            files += 1
        }
        return (files, total)
    }

    /// Plain POSIX writes: Foundation's `Data.write` syncs each file to disk, which a site of
    /// thousands of pages in a folder that is swapped in at the end does not need. A path, not a
    /// URL: `URL.appendingPathComponent` asks the file system whether each name is a folder.
    ///
    /// `newFolder`: the file is the first in its folder (a page's `index.html`), so the folder
    /// is made before the first attempt to open, not after it fails.
    static func write(_ bytes: [UInt8], toPath path: String, newFolder: Bool = false, previous: String? = nil) throws {
        if newFolder, let slash = path.lastIndex(of: "/") { _ = mkdir(String(path[..<slash]), 0o777) }
        if let previous, PreviousOutput.link(previous, to: path, ifItHolds: bytes) { return }
        var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor < 0, errno == ENOENT {
            // Mostly the parent is missing and its parent is there: one mkdir. Pages are
            // written on several threads, so another may have just made it.
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            if mkdir(folder, 0o777) != 0, errno != EEXIST {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw WriteError(path: path, code: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            guard result > 0 else { throw WriteError(path: path, code: errno) }
            written += result
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }
}
