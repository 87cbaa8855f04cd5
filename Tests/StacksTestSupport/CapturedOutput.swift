import Synchronization

/// What a command run in process wrote, standard output and error apart, line by line as it
/// wrote them (each line ends with a newline, as on a terminal).
public final class CapturedOutput: Sendable {
    private let text = Mutex<(out: String, err: String)>(("", ""))

    public init() {}

    public var standardOutput: String { text.withLock { $0.out } }
    public var standardError: String { text.withLock { $0.err } }

    public func out(_ line: String) { text.withLock { $0.out += line + "\n" } }
    public func err(_ line: String) { text.withLock { $0.err += line + "\n" } }
}
