import Foundation

/// Where a command's lines go: the process's standard output and error when `stacks` runs,
/// a buffer when a test runs the command in process. Each line goes out at once, newline
/// added: a pipe reads the serve log as it happens.
public struct CommandOutput: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    public static let terminal = CommandOutput(
        standardOutput: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// A line on standard output.
    public func say(_ line: String) { standardOutput(line) }

    /// A line on standard error: a problem, or a warning.
    public func complain(_ line: String) { standardError(line) }
}
