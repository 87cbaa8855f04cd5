/// How much of a request the preview reads before it refuses it.
///
/// The preview answers browsers on this computer: their request lines are a path, their
/// heads a few hundred bytes. Anything far larger is an attack or a mistake, and reading it
/// would cost memory and time that belong to the pages being edited.
struct RequestLimits: Sendable {
    /// The request line, without its line end; longer is refused with 414.
    var requestLine = 8 * 1024
    /// The header lines together, line ends included; more is refused with 431.
    var headers = 64 * 1024
    /// Header lines; more are refused with 431.
    var headerCount = 100
    /// How long a client may take to send a whole head (or to start the next one on a kept-alive
    /// connection): a slow client cannot hold a connection open forever.
    var headTimeout: Duration = .seconds(15)

    static let standard = RequestLimits()
}

/// A request's line and headers, as read from the connection, before anything is looked up.
struct RequestHead: Equatable, Sendable {
    var method: String
    /// As the request line has it: percent-encoded, with the query.
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// In the order received; names as sent.
    var headers: [(name: String, value: String)]

    static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The values of a header (names compare without case).
    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Whether the request announces a body. The preview reads none: it answers such a request
    /// and closes the connection, so that the body is never taken for the next request.
    var hasBody: Bool {
        !values("Transfer-Encoding").isEmpty || values("Content-Length").contains { $0 != "0" }
    }

    /// RFC 9112, 9.3: HTTP/1.1 keeps the connection unless told to close it; HTTP/1.0 closes it
    /// unless told to keep it.
    var keepsAlive: Bool {
        let tokens = values("Connection").flatMap { $0.lowercased().split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    }
}

/// Why a head is refused: the status to answer (the connection is closed after it), and a
/// reason for the log.
struct HeadRefusal: Error, Equatable, Sendable {
    var status: Int
    var reason: String
}

/// Reads a request head from bytes as they arrive, in time linear in their number: each byte
/// is looked at once, whatever the sizes of the pieces it comes in. The pure step of the
/// preview's HTTP server; the connection only feeds it what the socket gives.
///
/// It refuses as soon as a limit is passed, without waiting for the line or the head to end,
/// so that a client sending a megabyte of request line costs the server 8 KiB of reading.
struct RequestHeadReader {
    enum Outcome: Equatable {
        /// The head is not complete yet: read more.
        case needMore
        /// The head, and the bytes after it (the start of the next request).
        case head(RequestHead, rest: [UInt8])
        case refused(HeadRefusal)
    }

    let limits: RequestLimits
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` already looked at.
    private var scanned = 0
    private var lineStart = 0
    /// Where the header lines start in `buffer` (after the request line's end); `nil` before.
    private var headersStart: Int?
    private var lines: [Range<Int>] = []
    /// For the tests of linearity: how many bytes were looked at, in all.
    private(set) var examined = 0

    init(limits: RequestLimits = .standard) {
        self.limits = limits
    }

    /// Whether any byte of a head has arrived (an idle kept-alive connection has none).
    var hasStarted: Bool { !buffer.isEmpty }

    mutating func append(_ bytes: some Collection<UInt8>) -> Outcome {
        buffer.append(contentsOf: bytes)
        let lf = UInt8(ascii: "\n")
        while scanned < buffer.count {
            let index = scanned
            scanned += 1
            examined += 1
            guard buffer[index] == lf else { continue }
            var end = index
            if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = lineStart..<end
            lineStart = index + 1
            if headersStart == nil {
                // RFC 9112, 2.2: empty lines before the request line are ignored (a few of them).
                if line.isEmpty {
                    guard lineStart <= 8 else { return .refused(HeadRefusal(status: 400, reason: "empty lines")) }
                    continue
                }
                guard line.count <= limits.requestLine else { return tooLongLine }
                lines.append(line)
                headersStart = lineStart
                continue
            }
            if let headersStart, lineStart - headersStart > limits.headers { return tooLargeHeaders }
            if line.isEmpty {
                return Self.parse(buffer, lines: lines).map { .head($0, rest: Array(buffer[lineStart...])) }
                    ?? .refused(HeadRefusal(status: 400, reason: "malformed head"))
            }
            lines.append(line)
            guard lines.count - 1 <= limits.headerCount else {
                return .refused(HeadRefusal(status: 431, reason: "more than \(limits.headerCount) header lines"))
            }
        }
        if let headersStart {
            if buffer.count - headersStart > limits.headers { return tooLargeHeaders }
        } else if buffer.count - lineStart > limits.requestLine {
            return tooLongLine
        }
        return .needMore
    }

    private var tooLongLine: Outcome {
        .refused(HeadRefusal(status: 414, reason: "request line over \(limits.requestLine) bytes"))
    }

    private var tooLargeHeaders: Outcome {
        .refused(HeadRefusal(status: 431, reason: "headers over \(limits.headers) bytes"))
    }

    /// The request line `METHOD SP target SP HTTP/1.x` and `name: value` header lines;
    /// `nil` for anything else (RFC 9112: no space before a header's colon, no folded lines,
    /// no control characters but tabs).
    static func parse(_ buffer: [UInt8], lines: [Range<Int>]) -> RequestHead? {
        guard let first = lines.first else { return nil }
        let requestLine = buffer[first]
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), !parts[1].isEmpty,
              !parts[1].contains(where: { $0 < 0x21 || $0 == 0x7F }) else { return nil }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return nil }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count - 1)
        for range in lines.dropFirst() {
            let line = buffer[range]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                  let name = token(line[line.startIndex..<colon]) else { return nil }
            let value = line[(colon + 1)...]
            guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { return nil }
            let trimmed = value.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            headers.append((name, String(decoding: trimmed, as: UTF8.self)))
        }
        return RequestHead(method: method, target: String(decoding: parts[1], as: UTF8.self), version: version,
                           headers: headers)
    }

    /// An RFC 9110 token (a method or a header name), or `nil`.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy(isTokenCharacter) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
