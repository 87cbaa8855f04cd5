import Foundation
import StacksCore

/// The watcher where inotify is not available: lists the folders every `interval` (less
/// often when a listing takes long) and reports what differs from the last listing. Once something differs, it lists them again
/// after `quiet`, until nothing more changes (or for at most `FileWatcher.longestWait`), and
/// reports it all at once: an editor's save in several steps is one rebuild.
///
/// It lists what a build reads, as the inotify watcher watches it: links are followed only
/// inside the content folder, and never round in a loop.
struct PollingWatcher: Sendable {
    let folders: WatchedFolders
    let interval: Duration
    let quiet: Duration
    let signal: StopSignal
    let continuation: AsyncStream<FileChanges>.Continuation

    init(folders: WatchedFolders, interval: Duration = FileWatcher.defaultPollInterval, quiet: Duration = FileWatcher.defaultQuiet,
         signal: StopSignal, continuation: AsyncStream<FileChanges>.Continuation) {
        self.folders = folders
        self.interval = interval
        self.quiet = quiet
        self.signal = signal
        self.continuation = continuation
    }

    struct Stamp: Equatable, Sendable {
        var modified: timespec?
        var size: Int?
        var isFolder: Bool

        static let folder = Stamp(modified: nil, size: nil, isFolder: true)

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.isFolder == b.isFolder && a.size == b.size
                && a.modified?.tv_sec == b.modified?.tv_sec && a.modified?.tv_nsec == b.modified?.tv_nsec
        }
    }

    func run(from first: [String: Stamp]) {
        defer { continuation.finish() }
        var last = first
        var pending = FileChanges()
        var firstSeen: ContinuousClock.Instant?
        var listing = Duration.zero
        while true {
            // A listing that takes long (a large catalog) is made less often: polling takes at
            // most a third of a core.
            let wait = pending.isEmpty ? max(interval, listing * 2) : quiet
            var descriptor = pollfd(fd: signal.readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, milliseconds(until: .now + wait))
            if descriptor.revents != 0 { return }
            let started = ContinuousClock.now
            let now = snapshot()
            listing = .now - started
            let changes = Self.changes(from: last, to: now)
            last = now
            if !changes.isEmpty {
                pending.formUnion(changes)
                if firstSeen == nil { firstSeen = .now }
            }
            guard let seen = firstSeen, changes.isEmpty || .now - seen >= FileWatcher.longestWait else { continue }
            continuation.yield(pending)
            pending = FileChanges()
            firstSeen = nil
        }
    }

    static func changes(from last: [String: Stamp], to now: [String: Stamp]) -> FileChanges {
        var changes = FileChanges()
        for key in Set(last.keys).union(now.keys) where last[key] != now[key] {
            if key == "config" {
                changes.config = true
            } else if key.hasPrefix("content/") {
                changes.content.insert(String(key.dropFirst("content/".count)))
            } else if key.hasPrefix("templates/") || key == "templates" {
                changes.templates = true
            } else if key == "content" {
                changes.everything = true
            }
        }
        return changes
    }

    /// Every relevant file and folder, keyed `content/PATH`, `templates/PATH`, `config`.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        stamps["config"] = stamp(folders.project.appendingPathComponent(ProjectReader.configName).path)
        let contentReal = RealPath.of(folders.content.path)
        for (prefix, root) in [("content", folders.content), ("templates", folders.templates)] {
            guard let real = RealPath.of(root.path), stamp(real)?.isFolder == true else { continue }
            stamps[prefix] = .folder
            list(real, relative: "", prefix: prefix, followingLinksInside: prefix == "content" ? contentReal : nil,
                 ancestors: [real], into: &stamps)
        }
        return stamps
    }

    private func list(_ path: String, relative: String, prefix: String, followingLinksInside linkRoot: String?,
                      ancestors: Set<String>, into stamps: inout [String: Stamp]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            let relevant = prefix == "content" ? WatchedFolders.isRelevantContentPath(name)
                : WatchedFolders.isRelevantTemplatesPath(name)
            guard relevant else { continue }
            if let folder = WatchedFolders.folderToRead(path + "/" + name, followingLinksInside: linkRoot, ancestors: ancestors) {
                stamps[prefix + "/" + child] = .folder
                list(folder.path, relative: child, prefix: prefix, followingLinksInside: linkRoot,
                     ancestors: ancestors.union([folder.path]), into: &stamps)
            } else if let stamp = stamp(path + "/" + name) {
                stamps[prefix + "/" + child] = stamp
            }
        }
    }

    /// `lstat`, without the dictionary `attributesOfItem` builds (and the owner and group
    /// names it looks up) for every file, several times a second.
    func stamp(_ path: String) -> Stamp? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFDIR { return .folder }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return Stamp(modified: modified, size: Int(status.st_size), isFolder: false)
    }
}
