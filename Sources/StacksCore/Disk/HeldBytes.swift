/// A file the build holds open and never changes where it reads: a memo, whose entries it
/// read whole (their checksums checked) before handing out where they are.
protocol HeldFile: AnyObject, Sendable {
    var descriptor: Int32 { get }
}

/// Bytes left where a build found them, in a file it holds open (`HeldFile`): a page's parsed
/// HTML in the parse memo, read when its page is made rather than copied to the bodies' file
/// (after a one-page edit, ten thousand bodies come from the memo and two are made).
struct HeldBytes: Sendable {
    let file: any HeldFile
    let offset: Int
    let count: Int
}
