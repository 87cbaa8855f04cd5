import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deletes a folder tree with several threads at once.
///
/// Deleting is mostly waiting on the disk (on a file system mounted with `discard`, every freed
/// block is trimmed before `unlink` returns), so threads overlap the waits even on few cores.
/// Used for the output a build replaced, which the user would otherwise wait for.
///
/// Each folder is read once and its entries removed by name relative to it (`unlinkat`), the
/// kind of each taken from the folder's listing: Foundation's `removeItem` looked every file up
/// by its whole path and `lstat`ed it first, and removing a 10,000-page output that way was a
/// fifteenth of a clean build's CPU.
enum FolderRemoval {
    /// Removes `path` and everything in it; problems are ignored, as with `try? removeItem`.
    static func remove(_ path: String, threads: Int = 8) {
        // Never delete through a link: a link is removed, what it points to is left alone.
        var top = stat()
        guard lstat(path, &top) == 0 else { return }
        guard top.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        guard let root = Folder(opening: path, in: nil) else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        // The work: every entry two levels down (the pages of each category), then the rest.
        var work: [Entry] = []
        var folders: [Folder] = []
        for entry in root.entries() {
            if entry.isFolder, let folder = Folder(opening: entry.name, in: root) {
                folders.append(folder)
                work += folder.entries().map { Entry(folder: folder, name: $0.name, isFolder: $0.isFolder) }
            } else {
                work.append(Entry(folder: root, name: entry.name, isFolder: entry.isFolder))
            }
        }
        if work.count > 1 {
            let queue = WorkQueue(work)
            let done = DispatchSemaphore(value: 0)
            let workers = min(threads, work.count)
            for _ in 0..<workers {
                Thread {
                    while let entry = queue.next() { remove(entry) }
                    done.signal()
                }.start()
            }
            for _ in 0..<workers { done.wait() }
        } else {
            work.forEach(remove)
        }
        for folder in folders { unlinkat(root.descriptor, folder.name, AT_REMOVEDIR) }
        rmdir(path)
    }

    /// Removes one entry of `entry.folder`, and all in it when it is a folder.
    private static func remove(_ entry: Entry) {
        guard entry.isFolder else {
            unlinkat(entry.folder.descriptor, entry.name, 0)
            return
        }
        guard let folder = Folder(opening: entry.name, in: entry.folder) else {
            // Not a folder after all, or no descriptor left (a very deep tree): by its path.
            try? FileManager.default.removeItem(atPath: entry.folder.path + "/" + entry.name)
            return
        }
        for child in folder.entries() { remove(Entry(folder: folder, name: child.name, isFolder: child.isFolder)) }
        unlinkat(entry.folder.descriptor, entry.name, AT_REMOVEDIR)
    }

    private struct Entry: Sendable {
        var folder: Folder
        var name: String
        var isFolder: Bool
    }

    /// An open folder, never reached through a link; closed once no entry of it is left.
    private final class Folder: Sendable {
        let descriptor: Int32
        let name: String
        let path: String

        /// `name` in `parent`; with no parent, `name` is the folder's path.
        init?(opening name: String, in parent: Folder?) {
            descriptor = openat(parent?.descriptor ?? AT_FDCWD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            self.name = name
            path = parent.map { $0.path + "/" + name } ?? name
            guard descriptor >= 0 else { return nil }
        }

        deinit { close(descriptor) }

        /// Every entry but `.` and `..`, and whether it is a folder (not a link to one).
        func entries() -> [(name: String, isFolder: Bool)] {
            // A descriptor of its own for the listing, which `closedir` closes.
            let listing = dup(descriptor)
            guard listing >= 0, let stream = fdopendir(listing) else {
                if listing >= 0 { close(listing) }
                return []
            }
            defer { closedir(stream) }
            var entries: [(name: String, isFolder: Bool)] = []
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                    // Some file systems do not say: asked of the entry itself, not what it links to.
                    var info = stat()
                    isFolder = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
                }
                entries.append((name, isFolder))
            }
            return entries
        }
    }

    /// Hands out the entries one at a time to whichever thread asks.
    private final class WorkQueue: Sendable {
        private let entries: [Entry]
        private let position = Atomic(0)

        init(_ entries: [Entry]) {
            self.entries = entries
        }

        func next() -> Entry? {
            let taken = position.add(1, ordering: .relaxed).oldValue
            return taken < entries.count ? entries[taken] : nil
        }
    }
}
