import Foundation
import Logging
import StacksCore

/// Log lines as a person at a terminal wants them: the message alone, problems on standard
/// error (diagnostics already read `path:line:column: error: …`), the rest on standard output.
struct TerminalLogHandler: LogHandler {
    var logLevel: Logger.Level
    var output: CommandOutput = .terminal
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level >= .warning {
            output.complain(event.message.description)
        } else {
            output.say(event.message.description)
        }
    }
}

extension PreviewServer {
    /// The server, logging to the terminal; `verbose` adds refused requests and other details.
    public init(options: PreviewOptions, verbose: Bool, output: CommandOutput = .terminal) {
        let logger = Logger(label: "stacks.serve") { _ in TerminalLogHandler(logLevel: verbose ? .debug : .info, output: output) }
        self.init(options: options, logger: logger)
    }
}
