import Foundation
import StacksCore

/// The watcher where inotify is not available: lists the folders every `interval` and
/// reports what differs from the last listing.
struct PollingWatcher: Sendable {
    let folders: WatchedFolders
    let interval: Duration
    let signal: StopSignal
    let continuation: AsyncStream<FileChanges>.Continuation

    struct Stamp: Equatable, Sendable {
        var modified: Date?
        var size: Int?
        var isFolder: Bool
    }

    func run(from first: [String: Stamp]) {
        defer { continuation.finish() }
        var last = first
        while !signal.hasFired {
            var descriptor = pollfd(fd: signal.readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, milliseconds(until: .now + interval))
            if descriptor.revents != 0 { return }
            let now = snapshot()
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
            if !changes.isEmpty { continuation.yield(changes) }
            last = now
        }
    }

    /// Every relevant file and folder, keyed `content/PATH`, `templates/PATH`, `config`.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        stamps["config"] = stamp(folders.project.appendingPathComponent(ProjectReader.configName).path)
        for (prefix, root) in [("content", folders.content), ("templates", folders.templates)] {
            guard let rootStamp = stamp(root.path) else { continue }
            stamps[prefix] = Stamp(modified: nil, size: nil, isFolder: rootStamp.isFolder)
            guard let enumerator = manager.enumerator(atPath: root.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                let relevant = prefix == "content" ? WatchedFolders.isRelevantContentPath(path)
                    : WatchedFolders.isRelevantTemplatesPath(path)
                guard relevant else {
                    enumerator.skipDescendants()
                    continue
                }
                stamps[prefix + "/" + path] = stamp(root.path + "/" + path)
            }
        }
        return stamps
    }

    func stamp(_ path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
        return Stamp(modified: isFolder ? nil : attributes[.modificationDate] as? Date,
                     size: isFolder ? nil : (attributes[.size] as? NSNumber)?.intValue, isFolder: isFolder)
    }
}
