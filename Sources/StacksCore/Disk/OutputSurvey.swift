#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the output folder stands against what the cache says the last build left there.
///
/// One walk of the folder, each entry looked at once relative to its folder (`fstatat`), so
/// that a build with nothing changed costs a directory listing, not a build.
struct OutputSurvey: Sendable, Equatable {
    /// Recorded files that are missing or not as written (edited, replaced): writing in place
    /// mends them.
    var changed: Int
    /// Something no build of these sources would leave: a file not recorded, a link, a folder
    /// that holds nothing. Only a whole new output mends that.
    var foreign: [String]
    /// The recorded files found not as written, when every recorded file was found: every
    /// other one is as the last build left it, and writing in place need not look at it again.
    /// `nil` when some are missing.
    var notAsWritten: Set<String>?

    init(changed: Int, foreign: [String], notAsWritten: Set<String>? = nil) {
        self.changed = changed
        self.foreign = foreign
        self.notAsWritten = notAsWritten
    }

    /// Walks `root`, comparing each regular file with its record in `files`: the folders at its
    /// top on all cores (a large output's hundreds of thousands of files are one `fstatat` each).
    init(of root: String, files: PathTable<BuildCache.Record>) {
        let start = Start(of: root, files: files)
        self.init(start, parts: Parallel.mapBlocking(start.folders.indices, start.part))
    }

    /// The survey from its start and its parts, in the order `start.folders` names them.
    init(_ start: Start, parts: [Part]) {
        guard let top = start.top else {
            self.init(changed: start.files.count, foreign: ["", OutputWriter.markerName])
            return
        }
        var seen = top.seen, changed = top.changed, foreign = top.foreign, changedPaths = top.changedPaths
        for part in parts {
            seen += part.walk.seen
            changed += part.walk.changed
            foreign += part.walk.foreign
            changedPaths += part.walk.changedPaths
        }
        // Recorded files not found at all.
        let missing = start.files.count - seen
        changed += missing
        // Without its marker, the next build would refuse the folder: a new output has one.
        if !top.marked { foreign.append(OutputWriter.markerName) }
        self.init(changed: changed, foreign: foreign.sorted(), notAsWritten: missing == 0 ? Set(changedPaths) : nil)
    }

    /// A survey's first step: the output's own folder listed and its files checked. Each folder
    /// at its top is then a part of the survey (`part(_:)`), walked on its own (`IdleWork`).
    struct Start: Sendable {
        let root: String
        let files: PathTable<BuildCache.Record>
        /// `nil`: the output's folder could not be opened.
        fileprivate let top: Walk?
        /// The folders at the output's top, by path.
        let folders: [String]

        init(of root: String, files: PathTable<BuildCache.Record>) {
            self.root = root
            self.files = files
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                top = nil
                folders = []
                return
            }
            var top = Walk(files: files)
            _ = top.walk(descriptor, prefix: "", leavesFolders: true)
            self.top = top
            folders = top.folders
        }

        /// The walk of folder `number` of `folders`, opened again by its path below the root.
        func part(_ number: Int) -> Part {
            var walk = Walk(files: files)
            let path = root + "/" + folders[number]
            let child = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child < 0 || !walk.walk(child, prefix: folders[number] + "/") { walk.foreign.append(folders[number] + "/") }
            return Part(walk: walk)
        }
    }

    /// What the walk of one folder at the output's top found.
    struct Part: Sendable {
        fileprivate let walk: Walk
    }

    /// One walk's findings.
    fileprivate struct Walk: Sendable {
        let files: PathTable<BuildCache.Record>
        var seen = 0
        var changed = 0
        var changedPaths: [String] = []
        var marked = false
        var foreign: [String] = []
        var folders: [String] = []

        init(files: PathTable<BuildCache.Record>) {
            self.files = files
        }

        /// Whether the folder open at `descriptor` holds anything; its entries checked on the
        /// way. `leavesFolders`: the folders in it are not walked but listed in `folders`.
        mutating func walk(_ descriptor: Int32, prefix: String, leavesFolders: Bool = false) -> Bool {
            defer { close(descriptor) }
            var holdsAnything = false
            let listed = FolderEntries.forEach(in: descriptor) { name, kind in
                holdsAnything = true
                let path = prefix + name
                // A folder by its listing needs no `fstatat`: it is opened without following a
                // link, so one that became a link meanwhile is refused there.
                var info = stat()
                if kind == .folder {
                    info.st_mode = S_IFDIR
                } else if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                    foreign.append(path)
                    return
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if leavesFolders {
                        folders.append(path)
                        return
                    }
                    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if child < 0 || !walk(child, prefix: path + "/") { foreign.append(path + "/") }
                case S_IFREG:
                    if path == OutputWriter.markerName {
                        marked = true
                        return
                    }
                    guard let record = files[path] else {
                        foreign.append(path)
                        return
                    }
                    seen += 1
                    if FileIdentity(info).asWritten != record.file {
                        changed += 1
                        changedPaths.append(path)
                    }
                default:
                    foreign.append(path)
                }
            }
            if !listed { foreign.append(prefix) }
            return holdsAnything || !listed
        }
    }
}
