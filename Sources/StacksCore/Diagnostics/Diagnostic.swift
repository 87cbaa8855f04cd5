/// A problem found while building, printed as `path:line:column: severity: message`
/// so terminals and editors can jump to it.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// The file the problem is in, relative to the folder the user works in.
    public var path: String
    /// 1-based; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based; 0 when unknown.
    public var column: Int
    public var message: String

    public init(_ severity: Severity, _ path: String, line: Int = 0, column: Int = 0, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public static func error(_ path: String, line: Int = 0, column: Int = 0, _ message: String) -> Diagnostic {
        Diagnostic(.error, path, line: line, column: column, message)
    }

    public static func warning(_ path: String, line: Int = 0, column: Int = 0, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path, line: line, column: column, message)
    }

    public var description: String {
        var location = path
        if line > 0 {
            location += ":\(line)"
            if column > 0 { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

/// Every problem of one build, in a stable order, so that all of them are reported together.
public struct Diagnostics: Error, Sendable, CustomStringConvertible {
    public private(set) var all: [Diagnostic] = []

    public init(_ all: [Diagnostic] = []) {
        self.all = all
    }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }
    public var isEmpty: Bool { all.isEmpty }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        all.append(contentsOf: other)
    }

    /// Sorted by file, then position, so output does not depend on parallel scheduling.
    public var sorted: [Diagnostic] {
        all.sorted { ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message) }
    }

    public var description: String {
        sorted.map(\.description).joined(separator: "\n")
    }
}
