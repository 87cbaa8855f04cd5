import Foundation
import StacksCore

/// What changed on disk in one burst of events, sorted by what `stacks serve` must read again.
public struct FileChanges: Sendable, Equatable {
    /// Paths relative to the content folder: files and folders that were written, created,
    /// removed or renamed.
    public var content: Set<String> = []
    /// Something in the templates folder changed.
    public var templates = false
    /// `stacks.yml` changed.
    public var config = false
    /// The watcher lost track (its queue overflowed, a watched folder was replaced): read
    /// everything again.
    public var everything = false

    public init(content: Set<String> = [], templates: Bool = false, config: Bool = false, everything: Bool = false) {
        self.content = content
        self.templates = templates
        self.config = config
        self.everything = everything
    }

    public var isEmpty: Bool { content.isEmpty && !templates && !config && !everything }

    mutating func formUnion(_ other: FileChanges) {
        content.formUnion(other.content)
        templates = templates || other.templates
        config = config || other.config
        everything = everything || other.everything
    }
}

/// The folders a project is read from, which the watcher watches.
public struct WatchedFolders: Sendable, Equatable {
    /// The folder `stacks.yml` is in; watched for that file alone.
    public var project: URL
    public var content: URL
    public var templates: URL

    public init(project: URL, content: URL, templates: URL) {
        self.project = project.standardizedFileURL
        self.content = content.standardizedFileURL
        self.templates = templates.standardizedFileURL
    }

    init(_ options: BuildOptions, config: SiteConfig) {
        self.init(project: options.projectDirectory, content: options.url(config.paths.content),
                  templates: options.url(config.paths.templates))
    }

    /// Whether a content path can matter: names starting with `.` or `_` (but `_index.md`)
    /// are skipped by the reader, and so are editors' swap files in them.
    static func isRelevantContentPath(_ path: String) -> Bool {
        !path.split(separator: "/").contains { ContentReader.isSkipped(String($0)) }
    }

    /// Hidden files of the templates folder are not part of the theme.
    static func isRelevantTemplatesPath(_ path: String) -> Bool {
        !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// The folder, without links, that a build reads at `path`, and whether a link led there;
    /// `nil` when it reads none there. Links are followed as `ContentReader` follows them: only
    /// when `linkRoot` (the content folder, without links) is given, only to a folder inside
    /// it, and never back into one of `ancestors`, the folders the reader went through to
    /// get here (a loop). The templates are read without following links to folders.
    static func folderToRead(_ path: String, followingLinksInside linkRoot: String?,
                             ancestors: Set<String>) -> (path: String, isLink: Bool)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return (path, false)
        case S_IFLNK:
            guard let linkRoot, let target = RealPath.of(path), target == linkRoot || target.hasPrefix(linkRoot + "/"),
                  !ancestors.contains(target), stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR
            else { return nil }
            return (target, true)
        default:
            return nil
        }
    }
}
