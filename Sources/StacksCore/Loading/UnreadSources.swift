/// How a build decodes the Markdown files its reader left unread (`SourceFile.isUnread`: their
/// `stat` is the one the last build recorded, so their digest is known). A file whose decoding
/// the decode memo kept, and whose body's parse the parse memo kept, is never read: neither
/// stage needs its bytes, and after a one-page edit that is every file but one. Any other is
/// read when its decoding needs it.
struct UnreadSources: Sendable {
    /// A file's bytes, by its path relative to the content folder: the build's reading end.
    var read: @Sendable (String) -> Result<[UInt8], Diagnostic>
    /// Whether the parse memo keeps the parse of the body that a file of this digest holds from
    /// this byte on, under this front matter (`ParseMemo.key(fileDigest:…)`).
    var parseKept: @Sendable (FrontMatter, Digest, Int) -> Bool

    /// Reading every unread file when it is decoded.
    var readingAll: UnreadSources {
        UnreadSources(read: read, parseKept: { _, _, _ in false })
    }
}
