import Foundation
import StacksCore

/// Brings a content tree read earlier up to date with the paths that changed since, reading
/// only those: the tree `ContentReader` would read now, without reading ten thousand files.
///
/// Only the plain cases are patched: a file written, created or removed in a folder the tree
/// already has, a folder removed. Each file is read by `ContentReader.file`, the full read's
/// own rule. A new folder, a symbolic link, a file that cannot be read or is too large, or a
/// path the last full read had a problem with is left to a full read (`nil`), which handles
/// and reports each of them.
enum SourceTreePatch {
    struct Outcome: Sendable {
        var tree: SourceDirectory
        /// Files that are not Markdown and were written: published as they are, so pages
        /// that show them reload.
        var changedFiles: [String]
    }

    static func apply(_ paths: Set<String>, to tree: SourceDirectory, root: URL, problems: [Diagnostic],
                      displayRoot: String) -> Outcome? {
        var tree = tree
        var changedFiles: [String] = []
        for path in paths.sorted() where WatchedFolders.isRelevantContentPath(path) {
            let display = displayRoot + "/" + path
            if problems.contains(where: { $0.path == display || $0.path.hasPrefix(display + "/")
                || display.hasPrefix($0.path + "/") }) {
                return nil
            }
            let parts = path.split(separator: "/").map(String.init)
            guard let name = parts.last else { return nil }
            var status = stat()
            if lstat(root.appendingPathComponent(path).path, &status) != 0 {
                guard errno == ENOENT || errno == ENOTDIR else { return nil }
                _ = tree.modify(parts.dropLast()) { directory in
                    directory.files.removeAll { $0.name == name }
                    directory.directories.removeAll { $0.name == name }
                }
                continue
            }
            guard status.st_mode & S_IFMT == S_IFREG,
                  case .success(let file) = ContentReader.file(name: name, relativePath: path, path: root.appendingPathComponent(path).path,
                                                               size: Int(status.st_size), target: nil, display: display,
                                                               identity: FileIdentity(status))
            else { return nil }
            if !file.isMarkdown { changedFiles.append(path) }
            let inserted = tree.modify(parts.dropLast()) { directory in
                guard !directory.directories.contains(where: { $0.name == name }) else { return false }
                if let index = directory.files.firstIndex(where: { $0.name == name }) {
                    directory.files[index] = file
                } else {
                    let index = directory.files.firstIndex { $0.name > name } ?? directory.files.endIndex
                    directory.files.insert(file, at: index)
                }
                return true
            }
            guard inserted == true else { return nil }
        }
        return Outcome(tree: tree, changedFiles: changedFiles)
    }
}

extension SourceDirectory {
    /// Runs `body` on the folder at `parts` below this one; `nil` when there is no such folder.
    @discardableResult
    mutating func modify<Result>(_ parts: ArraySlice<String>, _ body: (inout SourceDirectory) -> Result) -> Result? {
        guard let first = parts.first else { return body(&self) }
        guard let index = directories.firstIndex(where: { $0.name == first }) else { return nil }
        return directories[index].modify(parts.dropFirst(), body)
    }
}
