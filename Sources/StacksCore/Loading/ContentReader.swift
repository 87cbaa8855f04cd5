import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reads the content folder into a `SourceDirectory`: the input end of the pipeline.
///
/// Names starting with `.` or `_` are skipped (except `_index.md`). Symbolic links are
/// followed only when they stay inside the content folder; a loop or an escape is reported.
public struct ContentReader: Sendable {
    /// Larger Markdown files are refused rather than read into memory.
    public static let maximumMarkdownSize = 16 * 1024 * 1024

    public var root: URL
    /// How the content folder is named in diagnostics, e.g. `content`.
    public var displayRoot: String

    public init(root: URL, displayRoot: String) {
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot
    }

    public func read() -> (SourceDirectory, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let rootReal = (try? Self.realPath(root.path).get()) ?? root.path
        var visited: Set<String> = [rootReal]
        let tree = readDirectory(at: root.path, relativePath: "", name: "", rootReal: rootReal,
                                 visited: &visited, diagnostics: &diagnostics)
        return (tree, diagnostics)
    }

    public static func isSkipped(_ name: String) -> Bool {
        (name.hasPrefix(".") || name.hasPrefix("_")) && name != "_index.md"
    }

    private struct SystemError: Error, Equatable {
        var code: Int32
    }

    private static func realPath(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(SystemError(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// A whole file, or `nil` if it cannot be opened or read: `FileManager.contents(atPath:)`
    /// straight into the array the pipeline keeps.
    static func contents(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // One byte more than the size, so the read that finds the end needs no second buffer.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// `16777217` → `16,777,217`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private func display(_ relativePath: String) -> String {
        relativePath.isEmpty ? displayRoot : displayRoot + "/" + relativePath
    }

    private func readDirectory(
        at folderPath: String, relativePath: String, name: String, rootReal: String,
        visited: inout Set<String>, diagnostics: inout [Diagnostic]
    ) -> SourceDirectory {
        var directory = SourceDirectory(name: name, relativePath: relativePath)
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folderPath).sorted()
        } catch {
            diagnostics.append(.error(display(relativePath), line: 1, column: 1, "cannot read folder: \(error.localizedDescription)"))
            return directory
        }
        for childName in names where !Self.isSkipped(childName) {
            // A path, not a URL: `URL.appendingPathComponent` would stat the file once more.
            let childFullPath = folderPath + "/" + childName
            let childPath = relativePath.isEmpty ? childName : relativePath + "/" + childName
            var isDirectory: ObjCBool = false
            // `lstat`, as `attributesOfItem` does, without building its dictionary (which looks
            // up owner and group names) for every file.
            var status = stat()
            let hasStatus = lstat(childFullPath, &status) == 0
            let isLink = hasStatus && status.st_mode & S_IFMT == S_IFLNK
            if isLink {
                let target: String
                switch Self.realPath(childFullPath) {
                case .success(let path):
                    target = path
                case .failure(let error) where error.code == ELOOP:
                    diagnostics.append(.error(display(childPath), line: 1, column: 1, "symbolic link loop"))
                    continue
                case .failure:
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1, "symbolic link points nowhere; skipped"))
                    continue
                }
                _ = manager.fileExists(atPath: target, isDirectory: &isDirectory)
                guard target == rootReal || target.hasPrefix(rootReal + "/") else {
                    diagnostics.append(.warning(display(childPath), line: 1, column: 1,
                        "symbolic link points outside the content folder; not followed"))
                    continue
                }
                if isDirectory.boolValue, visited.contains(target) {
                    diagnostics.append(.error(display(childPath), line: 1, column: 1, "symbolic link loop: leads back to a folder already read"))
                    continue
                }
            }
            if hasStatus, !isLink {
                // What `fileExists(atPath:isDirectory:)` says of a file that is not a link.
                isDirectory = ObjCBool(status.st_mode & S_IFMT == S_IFDIR)
            } else {
                guard manager.fileExists(atPath: childFullPath, isDirectory: &isDirectory) else { continue }
            }
            if isDirectory.boolValue {
                let real = (try? Self.realPath(childFullPath).get()) ?? childFullPath
                visited.insert(real)
                directory.directories.append(readDirectory(
                    at: childFullPath, relativePath: childPath, name: childName, rootReal: rootReal,
                    visited: &visited, diagnostics: &diagnostics))
                visited.remove(real)
            } else if childName.hasSuffix(".md") {
                let size = hasStatus ? Int(status.st_size) : 0
                if size > Self.maximumMarkdownSize {
                    diagnostics.append(.error(display(childPath), line: 1, column: 1,
                        "file is too large (\(Self.grouped(size)) bytes; the limit is \(Self.maximumMarkdownSize / 1_048_576) MiB)"))
                    continue
                }
                guard let bytes = Self.contents(atPath: childFullPath) else {
                    diagnostics.append(.error(display(childPath), line: 1, column: 1, "cannot read file"))
                    continue
                }
                directory.files.append(SourceFile(name: childName, relativePath: childPath, contents: bytes))
            } else {
                directory.files.append(SourceFile(name: childName, relativePath: childPath))
            }
        }
        return directory
    }
}
