import ArgumentParser
import Foundation
import StacksCore
import StacksPreview

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into memory, serve it on this computer, and rebuild and reload as files change.",
        discussion: """
            Watches the content folder, the templates folder and stacks.yml. Open pages reload when \
            a change affects them; a rebuild that fails keeps the last good site and shows its \
            errors in the pages and here. Nothing is written to the output folder.
            """)

    @Option(help: "The content folder (default: content, or paths.content in stacks.yml).")
    var content: String?

    @Option(help: "The templates folder that overrides the built-in theme (default: templates).")
    var templates: String?

    @Flag(help: "Include pages marked draft: true.")
    var drafts = false

    @Option(help: "The address to listen on. Anything but a loopback address lets other devices on your network in.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (default: 8000, or the next free one; 0: any free port).")
    var port: UInt16?

    @Flag(help: "Open the site in the default browser.")
    var open = false

    @Flag(help: "Also log refused requests.")
    var verbose = false

    func run() async throws {
        let options = PreviewOptions(
            build: BuildOptions(content: content, templates: templates, drafts: drafts),
            host: host, port: port ?? 8000, portIsExplicit: port != nil)
        let server = PreviewServer(options: options, verbose: verbose)
        let signals = Interrupts()
        let url = try await server.start()
        say("Serving \(url.absoluteString) – press Ctrl-C to stop.")
        if open { Browser.open(url) }
        await signals.wait()
        await server.stop()
        say("Stopped.")
    }
}

/// A line on standard output at once (`print` holds lines back when the output is a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Ctrl-C and `kill`: the preview stops cleanly instead of dying mid-response.
struct Interrupts {
    private let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.stream = stream
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    func wait() async {
        for await _ in stream { return }
    }
}

enum Browser {
    static func open(_ url: URL) {
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
            say("Could not open a browser (\(command)); open \(url.absoluteString) yourself.")
        }
    }
}
