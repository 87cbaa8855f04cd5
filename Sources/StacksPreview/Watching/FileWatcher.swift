import Foundation
import StacksCore
#if canImport(Glibc)
import Glibc
#endif

/// Watches a project's folders and reports bursts of changes.
///
/// On Linux it uses inotify, one watch per folder, added as folders appear; elsewhere, or
/// when inotify is unavailable, it compares the folders' listings several times a second.
/// Editors save in several steps (a temporary file, a rename, a deletion), so events are
/// gathered until the folders have been quiet for `quiet`, and reported together; a file
/// written but not yet closed (truncated by `open`, say, its new text still to come) holds
/// the report back until it is closed, for at most `FileWatcher.longestWait`.
///
/// The folders are watched from the moment the watcher is made: a change made while the site
/// is read for the first build is reported afterwards, not lost. The watching runs on a
/// thread of its own, which owns all its state; it stops when `stop()` is called or the
/// stream is no longer consumed.
public struct FileWatcher: Sendable {
    public let changes: AsyncStream<FileChanges>
    /// Whether the watcher fell back to polling.
    public let isPolling: Bool
    private let stopSignal: StopSignal

    public static let defaultQuiet: Duration = .milliseconds(8)
    /// How often the polling watcher lists the folders; half of it, on average, is added to
    /// the time a change takes to show.
    public static let defaultPollInterval: Duration = .milliseconds(100)
    /// How long a file left open for writing can hold a burst back.
    static let longestWait: Duration = .milliseconds(150)

    public init(_ folders: WatchedFolders, quiet: Duration = Self.defaultQuiet,
                pollInterval: Duration = Self.defaultPollInterval) {
        let (stream, continuation) = AsyncStream.makeStream(of: FileChanges.self, bufferingPolicy: .unbounded)
        let signal = StopSignal()
        changes = stream
        stopSignal = signal
        continuation.onTermination = { _ in signal.fire() }
        #if canImport(Glibc)
        if let watcher = InotifyWatcher(folders: folders, quiet: quiet, signal: signal, continuation: continuation) {
            isPolling = false
            Thread.detachNewThread { watcher.run() }
            return
        }
        #endif
        isPolling = true
        let poller = PollingWatcher(folders: folders, interval: pollInterval, quiet: quiet, signal: signal,
                                    continuation: continuation)
        let first = poller.snapshot()
        Thread.detachNewThread { poller.run(from: first) }
    }

    public func stop() {
        stopSignal.fire()
    }
}

/// A pipe whose read end becomes readable when the watcher is to stop: a thread blocked in
/// `poll` wakes at once.
final class StopSignal: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    var hasFired: Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// Milliseconds until `deadline`, for `poll`; at least 0.
func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let left = deadline - .now
    guard left > .zero else { return 0 }
    return Int32(min(Int64(Int32.max), left.wholeMilliseconds + 1))
}

#if canImport(Glibc)
/// The inotify loop. Every watch descriptor maps to the folders it watches, relative to their root.
struct InotifyWatcher: Sendable {
    enum Root: Sendable { case content, templates, project }

    let folders: WatchedFolders
    let quiet: Duration
    let signal: StopSignal
    let continuation: AsyncStream<FileChanges>.Continuation
    let descriptor: Int32
    /// Made when the watcher is made; then the thread's own.
    let initialWatches: Watches

    static let folderMask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    init?(folders: WatchedFolders, quiet: Duration, signal: StopSignal, continuation: AsyncStream<FileChanges>.Continuation) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.folders = folders
        self.quiet = quiet
        self.signal = signal
        self.continuation = continuation
        self.descriptor = descriptor
        var watches = Watches(descriptor: descriptor)
        watches.addRoots(folders)
        initialWatches = watches
    }

    func run() {
        defer {
            close(descriptor)
            continuation.finish()
        }
        var watches = initialWatches
        var pending = FileChanges()
        var firstEvent: ContinuousClock.Instant?
        var lastEvent: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signal.readEnd, events: Int16(POLLIN), revents: 0)]
            var deadline = lastEvent.map { $0 + quiet }
            if let first = firstEvent, let quietEnd = deadline, !watches.beingWritten.isEmpty {
                deadline = max(quietEnd, first + FileWatcher.longestWait)
            }
            let timeout = deadline.map { milliseconds(until: $0) } ?? -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0, errno != EINTR { return }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents != 0 {
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    watches.handle(buffer[..<count], into: &pending)
                }
                if pending.everything { watches.addRoots(folders) }
                lastEvent = .now
                if firstEvent == nil { firstEvent = lastEvent }
            }
            guard let first = firstEvent, let last = lastEvent else { continue }
            let now = ContinuousClock.now
            if now >= last + quiet, watches.beingWritten.isEmpty || now >= first + FileWatcher.longestWait {
                if !pending.isEmpty { continuation.yield(pending) }
                pending = FileChanges()
                firstEvent = nil
                lastEvent = nil
                watches.beingWritten = []
            }
        }
    }

    /// A folder as the reader reaches it: its root, and its path relative to that root.
    struct Folder: Hashable, Sendable {
        var root: Root
        var path: String
    }

    struct Watches: Sendable {
        let descriptor: Int32
        /// The folders each watch stands for: one, or several when links inside the content
        /// folder lead to one folder by several paths (inotify gives one folder one watch).
        var folders: [Int32: [Folder]] = [:]
        var roots: WatchedFolders?
        /// The content folder with every link resolved: links may lead only below it.
        var contentReal: String?
        /// The folders reached through a link at their path: when the link goes, so do they.
        var links: Set<Folder> = []
        /// Files written (or created) and not closed since: their text may be incomplete.
        var beingWritten: Set<String> = []

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        mutating func addRoots(_ roots: WatchedFolders) {
            self.roots = roots
            contentReal = RealPath.of(roots.content.path)
            let project = inotify_add_watch(descriptor, roots.project.path, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM
                | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ONLYDIR))
            if project >= 0 { folders[project] = [Folder(root: .project, path: "")] }
            if let contentReal { addTree(contentReal, Folder(root: .content, path: ""), ancestors: []) }
            if let templatesReal = RealPath.of(roots.templates.path) {
                addTree(templatesReal, Folder(root: .templates, path: ""), ancestors: [])
            }
        }

        /// Watches a folder and every folder below it that the build reads. `path` has no
        /// links in it; `ancestors` are the folders (without links) the reader went through
        /// to reach it.
        mutating func addTree(_ path: String, _ folder: Folder, ancestors: Set<String>) {
            // Not following a link in the last step, in case the folder became one since it was looked at.
            let watch = inotify_add_watch(descriptor, path, InotifyWatcher.folderMask | UInt32(IN_DONT_FOLLOW))
            guard watch >= 0 else { return }
            if folders[watch]?.contains(folder) != true { folders[watch, default: []].append(folder) }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            let ancestors = ancestors.union([path])
            for name in names {
                addChild(name, in: path, of: folder, ancestors: ancestors)
            }
        }

        /// Watches `name` in the folder at `parent` (`folder`, reached through `ancestors`, which
        /// include `parent`) if it is a folder the build reads.
        mutating func addChild(_ name: String, in parent: String, of folder: Folder, ancestors: Set<String>) {
            let child = Folder(root: folder.root, path: folder.path.isEmpty ? name : folder.path + "/" + name)
            let relevant = folder.root == .content ? WatchedFolders.isRelevantContentPath(name)
                : WatchedFolders.isRelevantTemplatesPath(name)
            let linkRoot = folder.root == .content ? contentReal : nil
            guard relevant, let found = WatchedFolders.folderToRead(parent + "/" + name, followingLinksInside: linkRoot,
                                                                    ancestors: ancestors) else {
                return
            }
            if found.isLink { links.insert(child) }
            addTree(found.path, child, ancestors: ancestors)
        }

        /// The folders without links that the reader goes through to reach `folder`, itself included.
        func ancestors(of folder: Folder) -> Set<String>? {
            guard let roots else { return nil }
            let base = folder.root == .content ? roots.content.path : roots.templates.path
            var path = base
            guard let real = RealPath.of(path) else { return nil }
            var result: Set<String> = [real]
            for name in folder.path.split(separator: "/") {
                path += "/" + name
                guard let real = RealPath.of(path) else { return nil }
                result.insert(real)
            }
            return result
        }

        /// Stops watching `relative` and what is below it, unless the folders are also reached
        /// by another path.
        mutating func removeTree(root: Root, relative: String) {
            let isBelow = { (folder: Folder) in
                folder.root == root && (folder.path == relative || folder.path.hasPrefix(relative + "/"))
            }
            links = links.filter { !isBelow($0) }
            for (watch, list) in folders {
                let kept = list.filter { !isBelow($0) }
                guard kept.count != list.count else { continue }
                if kept.isEmpty {
                    inotify_rm_watch(descriptor, watch)
                    folders[watch] = nil
                } else {
                    folders[watch] = kept
                }
            }
        }

        mutating func handle(_ bytes: ArraySlice<UInt8>, into changes: inout FileChanges) {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= raw.count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + header)..<min(raw.count, offset + header + length)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += header + length
                    event(watch: watch, mask: mask, name: name, into: &changes)
                }
            }
        }

        mutating func event(watch: Int32, mask: UInt32, name: String, into changes: inout FileChanges) {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.everything = true
                return
            }
            guard let list = folders[watch] else { return }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[watch] = nil
                if list.contains(where: { $0.path.isEmpty && $0.root != .project }) { changes.everything = true }
                return
            }
            for folder in list {
                event(in: folder, mask: mask, name: name, into: &changes)
            }
        }

        mutating func event(in folder: Folder, mask: UInt32, name: String, into changes: inout FileChanges) {
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                if folder.path.isEmpty { changes.everything = true }
                return
            }
            let isFolder = mask & UInt32(IN_ISDIR) != 0
            let came = mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
            let went = mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
            let path = folder.path.isEmpty ? name : folder.path + "/" + name
            let relevant = switch folder.root {
            case .project: name == ProjectReader.configName
            case .content: WatchedFolders.isRelevantContentPath(path)
            case .templates: WatchedFolders.isRelevantTemplatesPath(path)
            }
            if !isFolder, relevant {
                let key = "\(folder.root)/" + path
                if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 {
                    beingWritten.remove(key)
                } else if mask & UInt32(IN_MODIFY | IN_CREATE) != 0 {
                    beingWritten.insert(key)
                }
            }
            switch folder.root {
            case .project:
                if name == ProjectReader.configName { changes.config = true }
                // A content or templates folder that appears or goes: read everything again.
                if isFolder, came || went { changes.everything = true }
                return
            case .content:
                guard relevant else { return }
                // A folder's own writes and attributes change nothing the reader sees.
                if isFolder, !(came || went) { return }
                changes.content.insert(path)
            case .templates:
                guard relevant else { return }
                if isFolder, !(came || went) { return }
                changes.templates = true
            }
            // A folder, or a link that may lead to one, that came, went or was replaced.
            guard came || went else { return }
            if isFolder || links.contains(Folder(root: folder.root, path: path)) {
                removeTree(root: folder.root, relative: path)
            }
            guard came else { return }
            var status = stat()
            let isLink = !isFolder && lstat(watchedPath(of: folder) + "/" + name, &status) == 0
                && status.st_mode & S_IFMT == S_IFLNK
            if isFolder || isLink, let ancestors = ancestors(of: folder), let parent = RealPath.of(watchedPath(of: folder)) {
                addChild(name, in: parent, of: folder, ancestors: ancestors)
            }
        }

        func watchedPath(of folder: Folder) -> String {
            guard let roots else { return "" }
            let base = folder.root == .content ? roots.content.path : roots.templates.path
            return folder.path.isEmpty ? base : base + "/" + folder.path
        }
    }
}
#endif
