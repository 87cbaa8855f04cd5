/// What the load stage keeps between runs of `stacks serve`: the last catalog's pages and, for
/// each category, the part of it its folder made. A category whose folder holds the same files
/// and folders (so the same bytes), under the same category at the same place, makes the same
/// pages again: a run takes them as they are and loads only the folders an edit touched.
struct LoadMemo: Sendable {
    /// A category's contents (or the root's) as one run loaded them, and what they were loaded from.
    struct Segment: Sendable {
        var directory: SourceDirectory
        var introPath: String?
        /// The category's page: its index and path.
        var parent: Int
        var parentPath: StackPath
        /// The pages made, `start..<start + pageCount`, sub-categories' included.
        var start: Int
        var pageCount: Int
        /// The category's own children among them.
        var children: [Int]
        var assets: [Asset]
        var diagnostics: [Diagnostic]
        var leftOut: [(path: String, why: LeftOut)]
        /// The sub-categories' segments, by folder, at any depth.
        var nested: [String]
    }

    /// What each folder below a category is, by path.
    /// What a folder is (`FolderPage.of`), with the lists it was told from.
    struct KnownFolder: Sendable {
        var files: [SourceFile]
        var directories: [SourceDirectory]
        var page: FolderPage
    }

    var folderPages: [String: KnownFolder] = [:]
    var segments: [String: Segment] = [:]
    var pages = PageList()
    var places: [PagePlace] = []
    var assets: [Asset] = []
    var leftOut: [String: LeftOut] = [:]
    /// What the check of output places found last run.
    var collisions: [Diagnostic] = []
}

extension Array {
    /// Whether both arrays are one buffer: a tree the preview patched shares the lists of every
    /// folder it did not read again, and those need no comparing.
    func isSameBuffer(as other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}
