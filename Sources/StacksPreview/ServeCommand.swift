import Foundation
import StacksCore

/// `stacks serve` once its flags are read: builds, serves, says where, and serves until told
/// to stop. The signals that tell it are the executable's (they end the process).
public struct ServeCommand: Sendable {
    public var options: PreviewOptions
    public var verbose: Bool
    public var openBrowser: Bool

    /// The flags as given; no `port` means 8000, or the next free one.
    public init(content: String?, templates: String?, drafts: Bool, host: String, port: UInt16?, open: Bool, verbose: Bool,
                in projectDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        options = PreviewOptions(
            build: BuildOptions(projectDirectory: projectDirectory, content: content, templates: templates, drafts: drafts),
            host: host, port: port ?? 8000, portIsExplicit: port != nil)
        self.verbose = verbose
        openBrowser = open
    }

    /// Starts the server (or throws why it cannot), calls `serving` before saying so, and
    /// serves until `stop` returns; then stops the server.
    public func run(to output: CommandOutput, serving: () -> Void, until stop: () async -> Void) async throws(PreviewError) {
        let server = PreviewServer(options: options, verbose: verbose, output: output)
        let url = try await server.start()
        serving()
        output.say("Serving \(url.absoluteString) – press Ctrl-C to stop.")
        if openBrowser { Browser.open(url, output: output) }
        await stop()
        await server.stop()
    }
}

enum Browser {
    static func open(_ url: URL, output: CommandOutput) {
        #if os(macOS)
        let command = "/usr/bin/open"
        #else
        let command = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            output.say("Could not open a browser (\(command)); open \(url.absoluteString) yourself.")
        }
    }
}
