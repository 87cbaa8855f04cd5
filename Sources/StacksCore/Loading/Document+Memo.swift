#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Markdown file's decoding kept between builds (`StageMemo`): by the digest of its bytes,
/// its path, how paths are shown and which keys front matter has, which are all decoding reads.
extension Document {
    /// What every file's key starts with: which written key stands for which of Stacks' (all
    /// `FrontMatterKeys` holds: a test checks it has no other field), in a fixed order.
    static func memoKeysKey(_ keys: FrontMatterKeys) -> String {
        keys.stacksKey.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "\n")
    }

    static func memoKey(_ file: SourceFile, displayRoot: String, keysKey: String) -> Digest {
        var hasher = Digest.Hasher()
        hasher.add("documents, the lines of the keys FrontMatter.keepsLine")
        hasher.add(keysKey)
        hasher.add(displayRoot)
        hasher.add(file.relativePath)
        // The reader's digest of the bytes: not a second pass over them.
        hasher.add(file.bytesDigest ?? Digest(of: []))
        return hasher.finish()
    }

    /// The decoding `memo` kept for a file left unread (`UnreadSources`), when its body needs no
    /// reading either: it is written in the entry, or it is the file's end and its parse is kept
    /// (`Document.unreadBodyStart`). `nil`: the file must be read.
    static func decodeLeavingUnread(_ file: SourceFile, displayRoot: String, keysKey: String, memo: StageMemo,
                                    unread: UnreadSources) -> Decoded? {
        let key = memoKey(file, displayRoot: displayRoot, keysKey: keysKey)
        guard let digest = file.contentsDigest, let bytes = memo.entry(key), let decoded = Decoded(encoded: bytes, file: nil) else { return nil }
        if case .parsed(let document, _) = decoded, let start = document.unreadBodyStart,
           !unread.parseKept(document.frontMatter, digest, start) {
            return nil
        }
        memo.keepFound(key, bytes)
        return decoded
    }

    /// `decode(_:displayRoot:keys:)`, or the decoding `memo` kept for the same file.
    static func decode(_ file: SourceFile, displayRoot: String, keys: FrontMatterKeys, keysKey: String, memo: StageMemo) -> Decoded {
        let bytes = file.contents ?? []
        return memo.remembered(memoKey(file, displayRoot: displayRoot, keysKey: keysKey),
                               decode: { Decoded(encoded: $0, file: bytes) }, encode: { $0.encoded(file: bytes) }) {
            decode(file, displayRoot: displayRoot, keys: keys)
        }
    }
}

extension Document {
    /// Where `body` starts in `file` when it is the file's end, byte for byte (most bodies are;
    /// one whose control characters decoding replaced is not).
    static func bodyStart(of body: String, in file: [UInt8]) -> Int? {
        var body = body
        return body.withUTF8 { text -> Int? in
            let start = file.count - text.count
            guard start >= 0 else { return nil }
            let same = text.isEmpty || file.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, text.baseAddress!, text.count) == 0 }
            return same ? start : nil
        }
    }
}

extension Document.Decoded {
    /// The decoding of a file of `file`'s bytes as bytes; a body that is the end of the file's
    /// text (most are) is kept as where it starts. `nil` for what decoding never gives (a
    /// document with a fallback): not kept.
    func encoded(file: [UInt8]) -> [UInt8]? {
        var writer = MemoBytesWriter()
        switch self {
        case .empty:
            writer.number(0)
        case .failed(let problem):
            writer.number(1)
            writer.diagnostic(problem)
        case .parsed(let document, let problems):
            guard document.fallback == nil else { return nil }
            writer.number(2)
            writer.frontMatter(document.frontMatter)
            if let start = Document.bodyStart(of: document.body, in: file) {
                writer.number(start)
            } else {
                writer.number(-1)
                writer.text(document.body)
            }
            writer.number(document.bodyLine)
            writer.number(problems.count)
            for problem in problems { writer.diagnostic(problem) }
        }
        return writer.bytes
    }

    /// `file`: the bytes decoded, for a body that is their end; `nil` for a file left unread,
    /// whose body is then left in it (`Document.unreadBodyStart`).
    init?(encoded bytes: [UInt8], file: [UInt8]?) {
        let decoded: Document.Decoded? = bytes.withUnsafeBytes { raw in
            var reader = MemoBytesReader(bytes: raw)
            switch reader.number() {
            case 0:
                return reader.isAtEnd ? .empty : nil
            case 1:
                guard let problem = reader.diagnostic(), reader.isAtEnd else { return nil }
                return .failed(problem)
            case 2:
                guard let frontMatter = reader.frontMatter(), let start = reader.number() else { return nil }
                var body = "", unreadStart: Int?
                if start == -1 {
                    guard let text = reader.text() else { return nil }
                    body = text
                } else if let file {
                    guard start >= 0, start <= file.count else { return nil }
                    body = String(decoding: file[start...], as: UTF8.self)
                } else {
                    guard start >= 0 else { return nil }
                    unreadStart = start
                }
                guard let bodyLine = reader.number(), let count = reader.count() else { return nil }
                var problems: [Diagnostic] = []
                for _ in 0..<count {
                    guard let problem = reader.diagnostic() else { return nil }
                    problems.append(problem)
                }
                guard reader.isAtEnd else { return nil }
                return .parsed(Document(frontMatter: frontMatter, body: body, bodyLine: bodyLine, unreadBodyStart: unreadStart), problems)
            default:
                return nil
            }
        }
        guard let decoded else { return nil }
        self = decoded
    }
}

extension MemoBytesWriter {
    mutating func diagnostic(_ problem: Diagnostic) {
        number(problem.severity == .error ? 1 : 0)
        text(problem.path)
        number(problem.line)
        number(problem.column)
        text(problem.message)
    }
}

extension MemoBytesSink where Self: ~Copyable {
    /// Every field of a front matter, in a fixed order: a decoding's (`Document.Decoded`), and a
    /// page's in its key (`PageKeys`).
    mutating func frontMatter(_ frontMatter: FrontMatter) {
        optional(frontMatter.title)
        optional(frontMatter.linkTitle)
        optional(frontMatter.summary)
        number(frontMatter.order == nil ? 0 : 1)
        if let order = frontMatter.order { number(order) }
        number(frontMatter.draft ? 1 : 0)
        optional(frontMatter.date)
        texts(frontMatter.tags)
        optional(frontMatter.icon)
        optional(frontMatter.color)
        optional(frontMatter.image)
        number(frontMatter.attributes.count)
        for attribute in frontMatter.attributes {
            text(attribute.name)
            text(attribute.value)
        }
        optional(frontMatter.slug)
        texts(frontMatter.aliases)
        number(frontMatter.params.count)
        for (key, value) in frontMatter.params.sorted(by: { $0.key < $1.key }) {
            text(key)
            param(value)
        }
        number(frontMatter.keyLines.count)
        frontMatter.keyLines.forEachByKey { key, line in
            text(bytes: key)
            number(line)
        }
    }

    private mutating func param(_ value: ParamValue) {
        switch value {
        case .string(let text):
            number(0)
            self.text(text)
        case .list(let values):
            number(1)
            number(values.count)
            for value in values { param(value) }
        case .map(let values):
            number(2)
            number(values.count)
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                text(key)
                param(value)
            }
        }
    }
}

extension MemoBytesReader {
    mutating func diagnostic() -> Diagnostic? {
        guard let severity = number(), let path = text(), let line = number(), let column = number(), let message = text() else { return nil }
        return Diagnostic(severity == 1 ? .error : .warning, path, line: line, column: column, message)
    }

    mutating func frontMatter() -> FrontMatter? {
        var frontMatter = FrontMatter()
        guard let title = optional(), let linkTitle = optional(), let summary = optional(), let hasOrder = number() else { return nil }
        (frontMatter.title, frontMatter.linkTitle, frontMatter.summary) = (title, linkTitle, summary)
        if hasOrder == 1 {
            guard let order = number() else { return nil }
            frontMatter.order = order
        }
        guard let draft = number(), let date = optional(), let tags = texts(), let icon = optional(), let color = optional(),
              let image = optional(), let attributeCount = count() else { return nil }
        (frontMatter.draft, frontMatter.date, frontMatter.tags) = (draft == 1, date, tags)
        (frontMatter.icon, frontMatter.color, frontMatter.image) = (icon, color, image)
        var attributes: [Attribute] = []
        attributes.reserveCapacity(attributeCount)
        for _ in 0..<attributeCount {
            guard let name = text(), let value = text() else { return nil }
            attributes.append(Attribute(name: name, value: value))
        }
        frontMatter.attributes = Attributes(attributes)
        guard let slug = optional(), let aliases = texts(), let paramCount = count() else { return nil }
        (frontMatter.slug, frontMatter.aliases) = (slug, aliases)
        // Set once, whole: set key by key, the rare keys' box was made again for each.
        var params: [String: ParamValue] = [:]
        for _ in 0..<paramCount {
            guard let key = text(), let value = param(depth: 0) else { return nil }
            params[key] = value
        }
        if !params.isEmpty { frontMatter.params = params }
        guard let lineCount = count() else { return nil }
        var lines: [(key: String, line: Int)] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount {
            guard let key = text(), let line = number() else { return nil }
            lines.append((key, line))
        }
        // Written in key order (`frontMatter(_:)`).
        frontMatter.keyLines = KeyLines(lines)
        return frontMatter
    }

    /// Nested no deeper than front matter can be (`YAMLAliasLimit` bounds what is read).
    private mutating func param(depth: Int) -> ParamValue? {
        guard depth < 1_000, let kind = number() else { return nil }
        switch kind {
        case 0:
            return text().map(ParamValue.string)
        case 1:
            guard let count = count() else { return nil }
            var values: [ParamValue] = []
            for _ in 0..<count {
                guard let value = param(depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .list(values)
        case 2:
            guard let count = count() else { return nil }
            var values: [String: ParamValue] = [:]
            for _ in 0..<count {
                guard let key = text(), let value = param(depth: depth + 1) else { return nil }
                values[key] = value
            }
            return .map(values)
        default:
            return nil
        }
    }
}
