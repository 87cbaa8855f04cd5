/// The parse stage's results kept between builds (`stacks build`): each page's `ParsedMarkdown`
/// by the digest of its body, what the parse must find (`MarkdownParser.Needs`) and the
/// Markdown options, which are all a parse reads. A page found there is not parsed again.
///
/// Where the entries are kept is the caller's (a `MemoFile` beside the output): the stage only
/// looks a key up and hands over what it made.
public struct ParseMemo: Sendable {
    /// The bytes kept under a key, if any.
    var entry: @Sendable (Digest) -> [UInt8]?
    /// Keeps a page's parse under its key, for the next build.
    var keep: @Sendable (Digest, [UInt8]) -> Void

    init(entry: @escaping @Sendable (Digest) -> [UInt8]?, keep: @escaping @Sendable (Digest, [UInt8]) -> Void) {
        self.entry = entry
        self.keep = keep
    }

    /// What every page's key starts with: the options, every field of them (a field added to
    /// them is in the key without a change here).
    static func optionsKey(_ options: SiteConfig.MarkdownOptions) -> String {
        String(describing: options)
    }

    static func key(body: String, needs: MarkdownParser.Needs, optionsKey: String) -> Digest {
        var hasher = Digest.Hasher()
        hasher.add("markdown")
        hasher.add(optionsKey)
        // `Needs` is these two (a test checks that it has no other field).
        hasher.add(needs.title ? 1 : 0)
        hasher.add(needs.summary ? 1 : 0)
        hasher.add(body)
        return hasher.finish()
    }

    /// `MarkdownParser.parse`, or the parse kept for the same body, needs and options.
    func parse(_ body: String, needs: MarkdownParser.Needs, options: SiteConfig.MarkdownOptions, optionsKey: String) -> ParsedMarkdown {
        let key = Self.key(body: body, needs: needs, optionsKey: optionsKey)
        if let bytes = entry(key), let parsed = ParsedMarkdown(encoded: bytes) {
            keep(key, bytes)
            return parsed
        }
        let parsed = MarkdownParser.parse(body, needs: needs, options: options)
        keep(key, parsed.encoded())
        return parsed
    }
}
