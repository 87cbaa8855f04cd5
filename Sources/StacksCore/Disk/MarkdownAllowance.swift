import Synchronization

/// How many bytes of Markdown a read of the content folder may still hold, shared by the
/// reader's threads (`ContentReader.heldMarkdownLimit`).
///
/// Past it, the reader digests each further Markdown file and lets its bytes go: the file is
/// then known by its digest only (`SourceFile.isUnread`), and the decode stage reads it again
/// when it comes to it, a few thousand files at a time (`UnreadSources`). So a catalog's sources
/// are never held whole: at a million pages they were 3.4 GB before the first was decoded.
/// Which files are let go depends on the threads' timing; the site does not.
package final class MarkdownAllowance: Sendable {
    private let left: Atomic<Int>

    package init(bytes: Int) {
        left = Atomic(bytes)
    }

    /// Whether `count` more bytes may be held (then counted), or not (then none may again).
    package func take(_ count: Int) -> Bool {
        left.subtract(count, ordering: .relaxed).newValue >= 0
    }
}
