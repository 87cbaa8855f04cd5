import Foundation

/// The output end of the pipeline: writes a whole site beside the output folder, then swaps it in.
///
/// A failed or interrupted build leaves the previous output as it was. Stacks writes only into
/// a folder that is empty, missing, or marked as its own by an earlier build.
public struct OutputWriter: Sendable {
    public static let markerName = ".stacks-output"

    public var output: URL
    /// Folders that must never be written to or replaced (content, templates).
    public var protected: [URL]
    /// How the output folder is named in messages.
    public var display: String

    public init(output: URL, protected: [URL], display: String) {
        self.output = output.standardizedFileURL
        self.protected = protected.map(\.standardizedFileURL)
        self.display = display
    }

    /// Refuses folders whose replacement would lose someone's work.
    public func checkDestination() throws(Diagnostics) {
        let path = output.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().path
        func refuse(_ why: String) -> Diagnostics {
            Diagnostics([.error(display, "refusing to write the site here: \(why)")])
        }
        if path == "/" || path == home { throw refuse("it is \(path == "/" ? "the root folder" : "your home folder")") }
        for folder in protected {
            let protectedPath = folder.resolvingSymlinksInPath().path
            if path == protectedPath || path.hasPrefix(protectedPath + "/") {
                throw refuse("it is inside \(folder.lastPathComponent)/, which Stacks reads from")
            }
            if protectedPath.hasPrefix(path + "/") {
                throw refuse("it contains \(folder.lastPathComponent)/, which replacing it would delete")
            }
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw refuse("it is a file") }
        let entries = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        if !entries.isEmpty, !entries.contains(Self.markerName) {
            throw refuse("the folder is not empty and was not written by Stacks (no \(Self.markerName) file in it)")
        }
    }

    /// Writes into a fresh folder beside the output, calls `fill` to write the site's files
    /// into it, then swaps it in. On any error the new folder is removed and the output kept.
    ///
    /// `fill` also gets the path of the output being replaced, when there is one, so that files
    /// that have not changed can be linked from it rather than written again.
    public func replace<Result>(_ fill: (_ staging: URL, _ previous: String?) async throws -> Result) async throws -> Result {
        try checkDestination()
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeLeftovers(in: parent)
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).stacks-new-\(getpid())")
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        var isDirectory: ObjCBool = false
        let previous = manager.fileExists(atPath: output.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? output.path : nil
        do {
            let result = try await fill(staging, previous)
            try Data("This folder is written by Stacks; the next build replaces it.\n".utf8)
                .write(to: staging.appendingPathComponent(Self.markerName))
            try swap(staging)
            return result
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    private func swap(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        // Two renames in one folder: the old site is whole until the moment the new one is.
        let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).stacks-old-\(getpid())")
        try manager.moveItem(at: output, to: old)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: old, to: output)
            throw error
        }
        FolderRemoval.remove(old.path)
    }

    /// Folders left by a build that was killed before it could clean up.
    private func removeLeftovers(in parent: URL) {
        let prefix = ".\(output.lastPathComponent).stacks-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
