import Foundation
import Logging

/// Log lines as a person at a terminal wants them: the message alone, problems on standard
/// error (diagnostics already read `path:line:column: error: …`), the rest on standard output.
struct TerminalLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let line = Data((event.message.description + "\n").utf8)
        if event.level >= .warning {
            FileHandle.standardError.write(line)
        } else {
            FileHandle.standardOutput.write(line)
        }
    }
}

extension PreviewServer {
    /// The server, logging to the terminal; `verbose` adds refused requests and other details.
    public init(options: PreviewOptions, verbose: Bool) {
        let logger = Logger(label: "stacks.serve") { _ in TerminalLogHandler(logLevel: verbose ? .debug : .info) }
        self.init(options: options, logger: logger)
    }
}
