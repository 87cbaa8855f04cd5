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
    /// How long a file left open for writing can hold a burst back.
    static let longestWait: Duration = .milliseconds(150)

    public init(_ folders: WatchedFolders, quiet: Duration = Self.defaultQuiet, pollInterval: Duration = .milliseconds(250)) {
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
        let poller = PollingWatcher(folders: folders, interval: pollInterval, signal: signal, continuation: continuation)
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
    let (seconds, attoseconds) = left.components
    return Int32(min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
}

#if canImport(Glibc)
/// The inotify loop. Every watch descriptor maps to the folder it watches, relative to its root.
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

    struct Watches: Sendable {
        let descriptor: Int32
        var folders: [Int32: (root: Root, path: String)] = [:]
        var roots: WatchedFolders?
        /// Files written (or created) and not closed since: their text may be incomplete.
        var beingWritten: Set<String> = []

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        mutating func addRoots(_ roots: WatchedFolders) {
            self.roots = roots
            let project = inotify_add_watch(descriptor, roots.project.path, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM
                | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ONLYDIR))
            if project >= 0 { folders[project] = (.project, "") }
            addTree(roots.content.path, root: .content, relative: "")
            addTree(roots.templates.path, root: .templates, relative: "")
        }

        /// Watches a folder and every folder below it that can matter.
        mutating func addTree(_ path: String, root: Root, relative: String) {
            let watch = inotify_add_watch(descriptor, path, InotifyWatcher.folderMask)
            guard watch >= 0 else { return }
            folders[watch] = (root, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                let relevant = root == .content ? WatchedFolders.isRelevantContentPath(name)
                    : WatchedFolders.isRelevantTemplatesPath(name)
                var isDirectory: ObjCBool = false
                if relevant, FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory),
                   isDirectory.boolValue {
                    addTree(path + "/" + name, root: root, relative: child)
                }
            }
        }

        mutating func removeTree(root: Root, relative: String) {
            for (watch, folder) in folders where folder.root == root
                && (folder.path == relative || folder.path.hasPrefix(relative + "/")) {
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
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
            guard let folder = folders[watch] else { return }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[watch] = nil
                if folder.path.isEmpty, folder.root != .project { changes.everything = true }
                return
            }
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
            case .content:
                guard WatchedFolders.isRelevantContentPath(path) else { return }
                if isFolder {
                    // A folder's own writes and attributes change nothing the reader sees.
                    guard came || went else { return }
                    if went { removeTree(root: .content, relative: path) }
                }
                changes.content.insert(path)
                if isFolder, came { addTree(watchedPath(of: folder) + "/" + name, root: .content, relative: path) }
            case .templates:
                guard WatchedFolders.isRelevantTemplatesPath(path) else { return }
                if isFolder, went { removeTree(root: .templates, relative: path) }
                if isFolder, !(came || went) { return }
                changes.templates = true
                if isFolder, came { addTree(watchedPath(of: folder) + "/" + name, root: .templates, relative: path) }
            }
        }

        func watchedPath(of folder: (root: Root, path: String)) -> String {
            guard let roots else { return "" }
            let base = folder.root == .content ? roots.content.path : roots.templates.path
            return folder.path.isEmpty ? base : base + "/" + folder.path
        }
    }
}
#endif
