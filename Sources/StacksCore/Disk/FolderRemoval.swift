import Foundation

/// Deletes a folder tree with several threads at once.
///
/// Deleting is mostly waiting on the disk (on a file system mounted with `discard`, every freed
/// block is trimmed before `unlink` returns), so threads overlap the waits even on few cores.
/// Used for the output a build replaced, which the user would otherwise wait for.
enum FolderRemoval {
    /// Removes `path` and everything in it; problems are ignored, as with `try? removeItem`.
    static func remove(_ path: String, threads: Int = 8) {
        let manager = FileManager.default
        // Never delete through a link: a link is removed, what it points to is left alone.
        var top = stat()
        guard lstat(path, &top) == 0 else { return }
        guard top.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        // The work: every entry two levels down (the pages of each category), then the rest.
        var entries: [String] = []
        for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
            let child = path + "/" + name
            // `lstat`, not `fileExists`: a symbolic link to a folder is removed, never entered.
            var info = stat()
            if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                entries += ((try? manager.contentsOfDirectory(atPath: child)) ?? []).map { child + "/" + $0 }
            } else {
                entries.append(child)
            }
        }
        if entries.count > 1 {
            let queue = WorkQueue(entries)
            let done = DispatchSemaphore(value: 0)
            let workers = min(threads, entries.count)
            for _ in 0..<workers {
                Thread {
                    while let entry = queue.next() { try? FileManager.default.removeItem(atPath: entry) }
                    done.signal()
                }.start()
            }
            for _ in 0..<workers { done.wait() }
        }
        try? manager.removeItem(atPath: path)
    }

    /// Hands out the entries one at a time to whichever thread asks.
    private final class WorkQueue: @unchecked Sendable {
        private let entries: [String]
        private var position = 0
        private let lock = NSLock()

        init(_ entries: [String]) {
            self.entries = entries
        }

        func next() -> String? {
            lock.lock()
            defer { lock.unlock() }
            guard position < entries.count else { return nil }
            position += 1
            return entries[position - 1]
        }
    }
}
