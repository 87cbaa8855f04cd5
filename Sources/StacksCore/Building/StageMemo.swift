/// A stage's results kept between builds (`stacks build`), each by the digest of everything it
/// is made from: a result found there is not computed again. The decode stage keeps each
/// Markdown file's front matter by its bytes (`Document.Decoded.memoKey`); the parse stage each
/// page's `ParsedMarkdown` by its body, what the parse must find and the Markdown options
/// (`ParseMemo.key`).
///
/// Where the entries are kept is the caller's (a `MemoFile` beside the output): a stage only
/// looks a key up and hands over what it made.
public struct StageMemo: Sendable {
    /// The bytes kept under a key, if any.
    var entry: @Sendable (Digest) -> [UInt8]?
    /// Keeps a result under its key, for the next build.
    var keep: @Sendable (Digest, [UInt8]) -> Void
    /// Keeps again an entry `entry` gave, used as it was: where it is may be all that is written.
    var keepFound: @Sendable (Digest, [UInt8]) -> Void
    /// Whether an entry is kept under a key, without reading it (one damaged is read as none).
    var has: @Sendable (Digest) -> Bool
    /// `entry`, and where its bytes stay while the build runs, when they are in a file it
    /// holds open (`nil`: entries are only copied out).
    var located: (@Sendable (Digest) -> (bytes: [UInt8], at: HeldBytes)?)?

    init(entry: @escaping @Sendable (Digest) -> [UInt8]?, keep: @escaping @Sendable (Digest, [UInt8]) -> Void,
         keepFound: (@Sendable (Digest, [UInt8]) -> Void)? = nil, has: (@Sendable (Digest) -> Bool)? = nil,
         located: (@Sendable (Digest) -> (bytes: [UInt8], at: HeldBytes)?)? = nil) {
        self.entry = entry
        self.keep = keep
        self.keepFound = keepFound ?? keep
        self.has = has ?? { entry($0) != nil }
        self.located = located
    }

    /// The result kept under `key` (read by `decode`), else `make()`'s, kept as `encode` gives
    /// it (`nil`: not kept).
    func remembered<Value>(_ key: Digest, decode: ([UInt8]) -> Value?, encode: (Value) -> [UInt8]?, make: () -> Value) -> Value {
        if let bytes = entry(key), let value = decode(bytes) {
            keepFound(key, bytes)
            return value
        }
        let value = make()
        if let bytes = encode(value) { keep(key, bytes) }
        return value
    }
}

/// The parse stage's key: a parse reads its body, what it must find and the options.
enum ParseMemo {
    /// What every page's key starts with: the options, every field of them (a field added to
    /// them is in the key without a change here).
    static func optionsKey(_ options: SiteConfig.MarkdownOptions) -> String {
        String(describing: options)
    }

    /// The key of a body that is the end of a file's bytes (`SpilledBodies.tail(of:)`): the
    /// file's digest and where the body starts stand for the body, which is then not hashed again.
    static func key(fileDigest: Digest, bodyStart: Int, needs: MarkdownParser.Needs, optionsKey: String) -> Digest {
        var hasher = started("markdown: a file's end", needs: needs, optionsKey: optionsKey)
        hasher.add(fileDigest)
        hasher.add(bodyStart)
        return hasher.finish()
    }

    static func key(body: String, needs: MarkdownParser.Needs, optionsKey: String) -> Digest {
        var hasher = started("markdown", needs: needs, optionsKey: optionsKey)
        hasher.add(body)
        return hasher.finish()
    }

    /// What both kinds of key start with: which kind, the options and what the parse must find.
    private static func started(_ kind: String, needs: MarkdownParser.Needs, optionsKey: String) -> Digest.Hasher {
        var hasher = Digest.Hasher()
        hasher.add(kind)
        hasher.add(optionsKey)
        // `Needs` is these two (a test checks that it has no other field).
        hasher.add(needs.title ? 1 : 0)
        hasher.add(needs.summary ? 1 : 0)
        return hasher
    }

    /// `MarkdownParser.parse`, or the parse `memo` kept for the same body, needs and options;
    /// with its key, which stands for the parse (`PageBodies.digest(_:)`).
    /// `tail`: the file the body is the end of (`SpilledBodies.tail(of:)`), if known.
    static func parse(_ body: String, needs: MarkdownParser.Needs, options: SiteConfig.MarkdownOptions, optionsKey: String,
                      tail: (digest: Digest, start: Int)? = nil, memo: StageMemo) -> (parsed: ParsedMarkdown, key: Digest) {
        let (parsed, key, _) = parse(needs: needs, options: options, optionsKey: optionsKey, tail: tail, memo: memo) { body }
        return (parsed, key)
    }

    /// `parse(_:…)` of a body asked for only when the memo lacks its parse (`tail` is then the
    /// key): one left in its file is not read. `body` gives `nil` when the file no longer holds
    /// it (changed while the build ran): the page is parsed empty, under the empty body's key,
    /// and nothing is kept.
    /// `leavingHTML`: a parse the memo kept in a file it holds is given without its HTML, and
    /// with where the HTML is (`html`), which is then not read.
    static func parse(needs: MarkdownParser.Needs, options: SiteConfig.MarkdownOptions, optionsKey: String,
                      tail: (digest: Digest, start: Int)?, memo: StageMemo, leavingHTML: Bool = false,
                      body: () -> String?) -> (parsed: ParsedMarkdown, key: Digest, html: HeldBytes?) {
        if let tail {
            let key = ParseMemo.key(fileDigest: tail.digest, bodyStart: tail.start, needs: needs, optionsKey: optionsKey)
            if leavingHTML, let located = memo.located {
                var range = 0..<0
                if let (bytes, place) = located(key), let parsed = ParsedMarkdown(encoded: bytes, leavingHTML: &range) {
                    memo.keepFound(key, bytes)
                    return (parsed, key, HeldBytes(file: place.file, offset: place.offset + range.lowerBound, count: range.count))
                }
            } else if let bytes = memo.entry(key), let parsed = ParsedMarkdown(encoded: bytes) {
                memo.keepFound(key, bytes)
                return (parsed, key, nil)
            }
            guard let text = body() else {
                return (MarkdownParser.parse("", needs: needs, options: options), ParseMemo.key(body: "", needs: needs, optionsKey: optionsKey), nil)
            }
            let parsed = MarkdownParser.parse(text, needs: needs, options: options)
            memo.keep(key, parsed.encoded())
            return (parsed, key, nil)
        }
        let text = body() ?? ""
        let key = ParseMemo.key(body: text, needs: needs, optionsKey: optionsKey)
        let parsed = memo.remembered(key, decode: ParsedMarkdown.init(encoded:), encode: { $0.encoded() }) {
            MarkdownParser.parse(text, needs: needs, options: options)
        }
        return (parsed, key, nil)
    }
}
