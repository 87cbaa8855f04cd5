/// What a request's target names, decided from the raw target alone, before anything is
/// looked up: the pure decision step of the preview's file server.
///
/// Files are never found by joining a request onto a folder: every page and file is looked
/// up by name in the built site. This step refuses, in addition, whatever could mean
/// something else to a file system or a proxy: `.` and `..` segments (encoded or not),
/// encoded slashes and backslashes, empty segments, control characters, targets that are
/// not absolute paths, and malformed percent-encoding.
enum RequestTarget: Equatable, Sendable {
    /// A path in the site: decoded segments, and whether it ends with `/`.
    case site(segments: [String], directory: Bool)
    /// The live-reload WebSocket.
    case liveReload
    /// Not a path this server answers; the reason is for the log, never for the client.
    case refused(String)

    /// Where the live-reload socket listens. No page can be here: names that start with `_`
    /// are skipped in the content folder.
    static let liveReloadPath = "/_stacks/live"

    /// `raw` is the percent-encoded path, as the request line has it, without the query.
    static func parse(_ raw: String) -> RequestTarget {
        guard raw.hasPrefix("/") else { return .refused("not an absolute path") }
        if raw == liveReloadPath { return .liveReload }
        guard !raw.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else {
            return .refused("control character or backslash")
        }
        var parts = raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let directory = parts.last?.isEmpty ?? true
        if directory { parts.removeLast() }
        var segments: [String] = []
        for part in parts {
            guard !part.isEmpty else { return .refused("empty segment") }
            guard let segment = decode(part) else { return .refused("malformed or forbidden percent-encoding") }
            guard segment != ".", segment != ".." else { return .refused("dot segment") }
            segments.append(segment)
        }
        return .site(segments: segments, directory: directory)
    }

    /// The path of a target in absolute form (`http://127.0.0.1:8000/weather/`, as a proxy
    /// sends it and as RFC 9112, 3.2.2, says a server must accept), and its authority, which
    /// then stands in for the Host header. `nil` for any other target (origin form is left to
    /// `parse`); `.failure` for an absolute form this server cannot be named by: another
    /// scheme, user information, no authority.
    static func absoluteForm(_ raw: String) -> Result<(authority: String, path: String), Refusal>? {
        guard let colon = raw.firstIndex(of: ":"), !raw.hasPrefix("/") else { return nil }
        let scheme = raw[..<colon]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        let rest = raw[raw.index(after: colon)...]
        guard scheme.lowercased() == "http", rest.hasPrefix("//") else { return .failure(Refusal("not an http URL")) }
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix { $0 != "/" }
        guard !authority.isEmpty, !authority.contains("@") else { return .failure(Refusal("no authority, or user information")) }
        let path = afterSlashes.dropFirst(authority.count)
        return .success((String(authority), path.isEmpty ? "/" : String(path)))
    }

    struct Refusal: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Percent-decodes one segment; `nil` when it is malformed, not UTF-8, or would decode to
    /// a separator or a control character.
    static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            let decoded = high << 4 | low
            guard decoded >= 0x20, decoded != 0x7F, decoded != UInt8(ascii: "/"), decoded != UInt8(ascii: "\\") else {
                return nil
            }
            bytes.append(decoded)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
