import Foundation
import StacksCore
@testable import StacksPreview
import StacksTestSupport
import Synchronization
import Testing

extension PreviewTests {
    /// `stacks serve`: in process, what it says and serves for its flags; and as a person runs
    /// it, the built executable in a process of its own, for how it stops with Ctrl-C.
    @Suite struct ServeCommandTests {
        @Test func aSignalDuringTheFirstBuildStopsAtOnceWithoutServing() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                // Large enough that the first build outlasts the signal's setup while the rest of
                // the suite runs beside it (5,000 items built in 1.1 s once, before it was seen).
                try Self.writeLargeCatalog(to: folder, items: 20000)
                for signal in [SIGINT, SIGTERM] {
                    var serve = try ServeProcess(["serve", "--port", "0"], in: folder)
                    defer { serve.kill() }
                    // Once the signal is taken over (not left to end the process as by default),
                    // and a little longer: far shorter than the build.
                    try await serve.handling(signal)
                    try await Task.sleep(for: .milliseconds(100))
                    try #require(!serve.output.standardOutput.contains("Built"), "the catalog built too fast for this test")
                    let sent = ContinuousClock.now
                    serve.send(signal)
                    let status = try await serve.exit(within: .seconds(10))
                    let took = ContinuousClock.now - sent
                    #expect(took < .seconds(3), "signal \(signal): took \(took) to stop")
                    #expect(status == .exit(0), "signal \(signal)")
                    #expect(!serve.output.standardOutput.contains("Serving"), "signal \(signal): \(serve.output.standardOutput)")
                    #expect(serve.output.standardOutput == "Stopped.\n", "signal \(signal): \(serve.output.standardOutput)")
                }
            }
        }

        @Test func ctrlCWhileServingStopsAndExitsZero() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                var catalog = TestCatalog.standard
                catalog.files["kitchen/whisk.md"] = "---\ntitle: Whisk\ndraft: true\n---\nNot yet.\n"
                try catalog.write(to: folder)
                var serve = try ServeProcess(["serve", "--port", "0", "--drafts"], in: folder)
                defer { serve.kill() }
                let port = try await serve.servingPort()
                #expect(try await LoopbackClient.get(port, "/kitchen/whisk/").status == 200)
                serve.send(SIGINT)
                #expect(try await serve.exit(within: .seconds(10)) == .exit(0))
                #expect(serve.output.standardOutput.hasSuffix("Stopped.\n"), "\(serve.output.standardOutput)")
                #expect(serve.output.standardError.isEmpty, "\(serve.output.standardError)")
                await #expect(throws: (any Error).self) { _ = try await LoopbackClient.get(port, "/") }
            }
        }

        /// Clients flooding the server with oversized request lines do not delay Ctrl-C.
        @Test func ctrlCStopsAtOnceWhileClientsFloodTheServer() async throws {
            try await withTemporaryFolderOnTestThreads { folder in
                try TestCatalog.standard.write(to: folder)
                var serve = try ServeProcess(["serve", "--port", "0"], in: folder)
                defer { serve.kill() }
                let port = try await serve.servingPort()
                let flood = Flood(port: port, connections: 8)
                defer { flood.stop() }
                try await Task.sleep(for: .seconds(1))
                #expect(try await LoopbackClient.get(port, "/tools/").status == 200)
                let sent = ContinuousClock.now
                serve.send(SIGINT)
                #expect(try await serve.exit(within: .seconds(10)) == .exit(0))
                let took = ContinuousClock.now - sent
                #expect(took < .seconds(5), "took \(took) to stop")
                #expect(serve.output.standardOutput.hasSuffix("Stopped.\n"), "\(serve.output.standardOutput)")
            }
        }

        @Test func withoutTheDraftsFlagDraftsAreNotServed() async throws {
            try await withTemporaryFolder { folder in
                var catalog = TestCatalog.standard
                catalog.files["kitchen/whisk.md"] = "---\ntitle: Whisk\ndraft: true\n---\nNot yet.\n"
                try catalog.write(to: folder)
                for drafts in [false, true] {
                    let command = ServeCommand(content: nil, templates: nil, drafts: drafts, host: "127.0.0.1", port: 0, open: false,
                                               verbose: false, in: folder)
                    let output = try await Self.serve(command) { (port: UInt16) async throws in
                        #expect(try await LoopbackClient.get(port, "/kitchen/whisk/").status == (drafts ? 200 : 404))
                        #expect(try await LoopbackClient.get(port, "/kitchen/spoon/").status == 200)
                    }
                    // Where the machine has no inotify instance left (a browser holds many), the
                    // preview says it polls: a fact about the machine, not about drafts. A rebuild
                    // after a late event of the catalog's own writing (seen in CI twice: of a page,
                    // 2026-11-27, and of `photo.png`, 2026-11-29, on a loaded machine) is not about
                    // drafts either: the pages asked for above were served from the first build or
                    // an identical one, as their statuses show.
                    let lines = output.standardOutput.split(separator: "\n").filter {
                        !$0.hasPrefix("Watching for changes by polling") && !$0.contains(", rebuilt in ")
                    }
                    #expect(lines.count == 2, "\(output.standardOutput)")
                    #expect(lines.first?.hasPrefix("Built ") == true && lines.first?.contains(" pages in ") == true,
                            "\(output.standardOutput)")
                    #expect(lines.last?.hasPrefix("Serving http://127.0.0.1:") == true, "\(output.standardOutput)")
                    #expect(lines.last?.hasSuffix("/ – press Ctrl-C to stop.") == true, "\(output.standardOutput)")
                    #expect(output.standardError.isEmpty, "\(output.standardError)")
                }
            }
        }

        @Test func aHostBeyondLoopbackIsWarnedAbout() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let command = ServeCommand(content: nil, templates: nil, drafts: false, host: "0.0.0.0", port: 0, open: false,
                                           verbose: false, in: folder)
                let output = try await Self.serve(command) { (port: UInt16) async throws in
                    #expect(try await LoopbackClient.get(port, "/tools/").status == 200)
                }
                #expect(output.standardError == """
                    Serving on 0.0.0.0, which other devices on your network can reach. \
                    The preview is meant for you alone: use --host 127.0.0.1 to keep it private.

                    """)
            }
        }

        @Test func aPortInUseIsAnErrorAndNothingIsServed() async throws {
            try await withTemporaryFolder { folder in
                try TestCatalog.standard.write(to: folder)
                let first = ServeCommand(content: nil, templates: nil, drafts: false, host: "127.0.0.1", port: 0, open: false,
                                         verbose: false, in: folder)
                _ = try await Self.serve(first) { port in
                    let second = ServeCommand(content: nil, templates: nil, drafts: false, host: "127.0.0.1", port: port, open: false,
                                              verbose: false, in: folder)
                    let output = CapturedOutput()
                    let error = await #expect(throws: PreviewError.self) {
                        try await second.run(to: output.command, serving: {}, until: {})
                    }
                    #expect(error?.description.hasPrefix("port \(port) is already in use on 127.0.0.1") == true)
                    #expect(!output.standardOutput.contains("Serving"))
                }
            }
        }

        /// Runs `command` in process until `body` is done with the port it serves on; what it wrote.
        static func serve(_ command: ServeCommand, _ body: (UInt16) async throws -> Void) async throws -> CapturedOutput {
            var command = command
            command.options.executor = TestThreads.shared
            return try await onTestThreads { try await serving(command, body) }
        }

        private static func serving(_ command: ServeCommand, _ body: (UInt16) async throws -> Void) async throws -> CapturedOutput {
            let output = CapturedOutput()
            let (stop, stopping) = AsyncStream.makeStream(of: Void.self)
            let serving = Task(executorPreference: TestThreads.shared) {
                try await command.run(to: output.command, serving: {}, until: { for await _ in stop { return } })
            }
            defer { stopping.finish() }
            let deadline = ContinuousClock.now + .seconds(60)
            var port: UInt16?
            while port == nil {
                let text = output.standardOutput
                if let range = text.range(of: "Serving http://"), let colon = text[range.upperBound...].firstIndex(of: ":") {
                    port = UInt16(text[text.index(after: colon)...].prefix { $0.isNumber })
                }
                guard ContinuousClock.now < deadline else { throw LoopbackClient.Failure(description: "not serving: \(text)") }
                try await Task.sleep(for: .milliseconds(20))
            }
            try await body(port!)
            stopping.finish()
            try await serving.value
            return output
        }

        // MARK: Helpers

        /// `swift build --build-tests` puts the executable beside the test bundle.
        static var executable: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stacks")
        }

        /// A catalog whose first build takes a few seconds: 20 categories of Markdown items.
        static func writeLargeCatalog(to folder: URL, items: Int) throws {
            let content = folder.appendingPathComponent("content")
            let paragraph = "Some *text* with a [link](https://example.com) and `code`, long enough to be a paragraph. "
            for category in 0..<20 {
                let directory = content.appendingPathComponent("category-\(category)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data("---\ntitle: Category \(category)\n---\n".utf8).write(to: directory.appendingPathComponent("_index.md"))
                for item in stride(from: category, to: items, by: 20) {
                    let text = "---\ntitle: Item \(item)\nsummary: The item numbered \(item)\ntags: [a, b]\n---\n"
                        + String(repeating: paragraph, count: 4) + "\n\n## More\n\n" + String(repeating: paragraph, count: 4) + "\n"
                    try Data(text.utf8).write(to: directory.appendingPathComponent("item-\(item).md"))
                }
            }
        }

        enum Status: Equatable {
            case exit(Int32)
            case signal(Int32)
        }

        /// Standard output and error as they come.
        final class Output: Sendable {
            private let text = Mutex<(out: String, err: String)>(("", ""))

            var standardOutput: String { text.withLock { $0.out } }
            var standardError: String { text.withLock { $0.err } }

            func append(_ data: Data, error: Bool) {
                let string = String(decoding: data, as: UTF8.self)
                text.withLock { error ? $0.err.append(string) : $0.out.append(string) }
            }
        }

        struct ServeProcess {
            let process = Process()
            let output = Output()
            var exited = false

            init(_ arguments: [String], in directory: URL) throws {
                process.executableURL = ServeCommandTests.executable
                process.arguments = arguments
                process.currentDirectoryURL = directory
                let out = Pipe(), err = Pipe()
                process.standardOutput = out
                process.standardError = err
                let output = output
                for (pipe, isError) in [(out, false), (err, true)] {
                    pipe.fileHandleForReading.readabilityHandler = { handle in
                        let data = handle.availableData
                        if data.isEmpty { handle.readabilityHandler = nil } else { output.append(data, error: isError) }
                    }
                }
                try process.run()
            }

            /// Waits until the process catches `signal` (its dispatch source is armed). `stacks`
            /// ignores the signal a moment before, and a signal sent in that moment is lost: on a
            /// loaded machine the moment can outlast the wait of the test that sends it.
            func handling(_ signal: Int32) async throws {
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline, process.isRunning {
                    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
                    let masks = status.split(separator: "\n").compactMap { line -> UInt64? in
                        guard line.hasPrefix("SigCgt:") else { return nil }
                        return UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
                    }
                    if masks.contains(where: { $0 & (1 << UInt64(signal - 1)) != 0 }) { return }
                    try await Task.sleep(for: .milliseconds(5))
                }
                throw LoopbackClient.Failure(description: "the process did not take over signal \(signal)")
            }

            func send(_ signal: Int32) {
                Glibc.kill(process.processIdentifier, signal)
            }

            /// The port of the "Serving http://HOST:PORT/" line, once it is printed.
            func servingPort() async throws -> UInt16 {
                let deadline = ContinuousClock.now + .seconds(60)
                while ContinuousClock.now < deadline {
                    let text = output.standardOutput
                    if let range = text.range(of: "Serving http://"),
                       let colon = text[range.upperBound...].firstIndex(of: ":"),
                       let port = UInt16(text[text.index(after: colon)...].prefix { $0.isNumber }) {
                        return port
                    }
                    guard process.isRunning else { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                throw LoopbackClient.Failure(description: "not serving: \(output.standardOutput) \(output.standardError)")
            }

            mutating func exit(within limit: Duration) async throws -> Status {
                let deadline = ContinuousClock.now + limit
                while process.isRunning {
                    guard ContinuousClock.now < deadline else {
                        throw LoopbackClient.Failure(description: "still running after \(limit): \(output.standardOutput) \(output.standardError)")
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
                exited = true
                // What the process wrote last is read by now, or soon.
                try await Task.sleep(for: .milliseconds(50))
                return process.terminationReason == .exit ? .exit(process.terminationStatus) : .signal(process.terminationStatus)
            }

            func kill() {
                if !exited, process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            }
        }
    }
}

extension CapturedOutput {
    var command: CommandOutput { CommandOutput(standardOutput: out, standardError: err) }
}
