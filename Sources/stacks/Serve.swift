import ArgumentParser
import Foundation
import StacksCore
import Synchronization
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
        let command = ServeCommand(content: content, templates: templates, drafts: drafts, host: host, port: port, open: open,
                                   verbose: verbose)
        let signals = Interrupts()
        try await command.run(to: .terminal, serving: signals.serve, until: signals.wait)
        signals.stopped()
    }
}

/// A line on standard output at once (`print` holds lines back when the output is a pipe).
func say(_ line: String) {
    CommandOutput.terminal.say(line)
}

/// Ctrl-C and `kill`: the preview stops cleanly instead of dying mid-response.
///
/// Once it serves, the stop has `stopPatience` to finish (it closes the live-reload sockets
/// and every connection); if the process is still running then, or at a second signal, it
/// ends at once: nothing is lost (the preview writes nothing), and whatever keeps the server
/// busy must not keep the person at the terminal waiting.
///
/// Until it serves, a signal ends the process at once, with the same "Stopped." and status 0
/// as later: the first build writes nothing (the preview is built in memory), and on a large
/// catalog it takes seconds that nobody should wait through after pressing Ctrl-C, only to
/// see the server start and stop.
struct Interrupts {
    private let stream: AsyncStream<Int32>
    /// One queue for every handler, so that `serve()` changes over between two signals.
    private let queue: DispatchQueue
    /// They end the process; cancelled when the server serves.
    private let starting: [any DispatchSourceSignal]
    /// They tell `wait()`.
    private let serving: [any DispatchSourceSignal]
    /// Whether "Stopped." was said: by `stopped()` or by the deadline after a signal.
    private let done: Done
    static let stopPatience: DispatchTimeInterval = .milliseconds(1500)

    final class Done: Sendable {
        let said = Atomic<Bool>(false)
        let signals = Atomic<Int>(0)

        /// Says "Stopped." unless it was said already; whether this call said it.
        func sayStopped() -> Bool {
            guard !said.exchange(true, ordering: .relaxed) else { return false }
            say("Stopped.")
            return true
        }
    }

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "stacks.interrupts")
        self.stream = stream
        self.queue = queue
        let numbers = [SIGINT, SIGTERM]
        for number in numbers { signal(number, SIG_IGN) }
        let done = Done()
        self.done = done
        serving = numbers.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                continuation.yield(number)
                let end: @Sendable () -> Void = { if done.sayStopped() { _exit(0) } }
                if done.signals.add(1, ordering: .relaxed).newValue > 1 { end() }
                queue.asyncAfter(deadline: .now() + Self.stopPatience, execute: end)
            }
            source.resume()
            return source
        }
        starting = numbers.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                say("Stopped.")
                _exit(0)
            }
            source.resume()
            return source
        }
    }

    /// From now on a signal stops the server through `wait()`; call it before saying the
    /// server serves.
    func serve() {
        queue.sync {
            for source in starting { source.cancel() }
        }
    }

    func wait() async {
        for await _ in stream { return }
    }

    /// The server has stopped: says so (unless the deadline did already).
    func stopped() {
        _ = done.sayStopped()
    }
}
