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
    /// The output folder this build replaces, if any.
    public var previous: String?

    public init(root: URL, previous: String? = nil) {
        self.root = root
        self.previous = previous
    }

    /// Returns the number of non-page files and the total bytes written; throws `WriteFailure`.
    public func write(_ prepared: Pipeline.Prepared, contentRoot: URL) async throws -> (files: Int, bytes: Int) {
        let renderer = prepared.renderer
        let root = self.root.path
        let previous = self.previous
        // The pages, then the further pages of large categories' lists, then the tag pages,
        // each written as soon as it is rendered.
        let listPages = renderer.listPages
        let pageCount = renderer.pageCount
        let tagPages = renderer.tagPages
        let tagParts = tagPages.isEmpty ? nil : renderer.tagPageParts()
        // Each run of pages collects the search postings of its own: no page's text is read twice.
        let pageBytes: [Int]
        var postings: [SearchPostings]
        (pageBytes, postings) = try await Parallel.mapThrowing(
            0..<(pageCount + listPages.count + tagPages.count),
            state: { (stamps: TemplateStamps(), postings: SearchPostings()) }, keep: { $0.postings }
        ) { state, index in
            let bytes: [UInt8]
            let path: String
            if index < pageCount {
                bytes = renderer.renderPage(index, stamps: &state.stamps)
                path = renderer.outputPath(of: index)
            } else if index >= pageCount + listPages.count, let tagParts {
                let page = tagPages[index - pageCount - listPages.count]
                bytes = renderer.renderTagPage(page, parts: tagParts, stamps: &state.stamps)
                path = renderer.outputPath(ofTagPage: page)
            } else {
                let list = listPages[index - pageCount]
                bytes = renderer.renderPage(list.category, listPage: list.number, stamps: &state.stamps)
                path = renderer.outputPath(ofListPage: list.number, category: list.category)
            }
            try Self.write(bytes, to: Self.place(path), in: root, newFolder: true, previous: previous)
            // The page's search record, with it: the records are never all held at once.
            guard index < pageCount, let record = renderer.searchEntry(of: index, into: &state.postings) else { return bytes.count }
            try Self.write(record.bytes, to: Self.place(record.path), in: root, newFolder: true, previous: previous)
            return bytes.count + record.bytes.count
        }
        var search = SearchPostings()
        for number in postings.indices {
            search.append(postings[number])
            // Let go of the part at once: its storage is then the joined set's alone, which
            // grows in place instead of being copied.
            postings[number] = SearchPostings()
        }
        var total = pageBytes.reduce(0, +)
        var files = listPages.count + tagPages.count + max(0, pageCount - 1)
        let extras = renderer.extraParts(theme: prepared.theme, listPages: false, postings: consume search)
        let written = try await Parallel.mapThrowing(extras.indices, state: {}, keep: { _ in }) { _, number in
            let made = extras[number]()
            for file in made { try Self.write(file.bytes, to: Self.place(file.path), in: root, previous: previous) }
            return (files: made.count, bytes: made.reduce(0) { $0 + $1.bytes.count })
        }.results
        files += written.reduce(0) { $0 + $1.files }
        total += written.reduce(0) { $0 + $1.bytes }
        for asset in renderer.site.catalog.assets {
            let place = try Self.place(asset.output)
            // The file to read: a co-located link's target inside the content folder.
            let source = contentRoot.path + "/" + asset.file
            Self.makeFolders(of: place, in: root)
            if let previous, PreviousOutput.link(place.inside(previous), to: place.inside(root), ifSameAs: source) {
                files += 1
                continue
            }
            try Self.copy(source, shownAs: asset.source, to: place, in: root)
            files += 1
        }
        return (files, total)
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
    /// is made before the first attempt to open, not after it fails.
    static func write(_ bytes: [UInt8], to place: OutputPath, in root: String, newFolder: Bool = false,
                      previous: String? = nil) throws(WriteFailure) {
        let path = place.inside(root)
        // Made in full, also when a folder above is not there yet (pages are written in
        // parallel, in no order): otherwise the link to the previous output would fail.
        if newFolder { makeFolders(of: place, in: root) }
        if let previous, PreviousOutput.link(place.inside(previous), to: path, ifItHolds: bytes) { return }
        let descriptor = try create(place, in: root)
        defer { close(descriptor) }
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

    /// A new file at `place`, its folders made as needed.
    private static func create(_ place: OutputPath, in root: String) throws(WriteFailure) -> Int32 {
        let path = place.inside(root)
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
    static func copy(_ source: String, shownAs display: String, to place: OutputPath, in root: String) throws(WriteFailure) {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw WriteFailure(.content(display), code: errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw WriteFailure(.content(display), code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WriteFailure(.content(display), reason: "it is not a regular file") }
        let output = try create(place, in: root)
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
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
