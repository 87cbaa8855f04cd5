import FlyingFox
import FlyingSocks
import Foundation
import Logging
import StacksCore

/// What `stacks serve` was asked for.
public struct PreviewOptions: Sendable {
    public var build: BuildOptions
    public var host: String
    public var port: UInt16
    /// Whether the port was chosen by the user: if it is taken, say so and stop, rather than
    /// move on to the next free one. Port 0 lets the system choose.
    public var portIsExplicit: Bool
    /// How long the folders must be quiet before a burst of changes is rebuilt.
    public var quiet: Duration
    /// Where the server's tasks run (its connections, rebuilds, live-reload sockets and extra
    /// files): the shared pool when `nil`. Tests give the server threads of its own, so that
    /// the CPU-bound suites running beside it cannot keep it waiting. (FlyingSocks' socket pool
    /// still handles a cancellation in a `Task {}` on the shared pool: a stop can wait there.)
    public var executor: (any TaskExecutor)?

    public init(build: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 8000, portIsExplicit: Bool = false,
                quiet: Duration = FileWatcher.defaultQuiet, executor: (any TaskExecutor)? = nil) {
        self.build = build
        self.host = host
        self.port = port
        self.portIsExplicit = portIsExplicit
        self.quiet = quiet
        self.executor = executor
    }
}

/// Problems starting the preview, described for the person at the terminal.
public struct PreviewError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// `stacks serve`: builds the site into memory, serves it on loopback, watches the project,
/// rebuilds what changed and reloads the open pages.
public actor PreviewServer {
    private let options: PreviewOptions
    private let logger: Logger
    private let site: PreviewSite
    private let hub = ReloadHub()
    private var server: PreviewHTTPServer?
    private var serverTask: Task<Void, any Error>?
    private var watchTask: Task<Void, Never>?
    private var watcher: FileWatcher?
    /// Rebuilds since the first build (tests wait for the count to settle).
    private(set) var rebuilds = 0
    /// The warnings last printed: a rebuild prints them only when they change.
    private var printedWarnings: [Diagnostic] = []

    public init(options: PreviewOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        site = PreviewSite(options: options.build, executor: options.executor)
    }

    /// Builds, binds and starts watching; returns the address served, e.g. `http://127.0.0.1:8000/`.
    /// Cancelled, it neither binds nor watches.
    public func start() async throws(PreviewError) -> URL {
        let (address, isLoopback) = try Self.address(host: options.host)
        let port = try choosePort(address: address)
        // Watch first, then read: what changes during the first build is rebuilt after it.
        var folders = await site.folders
        var watcher = FileWatcher(folders, quiet: options.quiet)
        var report = await site.build()
        log(report, changes: nil)
        if await site.folders != folders {
            // stacks.yml moved the folders while they were read: watch the new ones, read again.
            watcher.stop()
            folders = await site.folders
            watcher = FileWatcher(folders, quiet: options.quiet)
            report = await site.update(FileChanges(everything: true))
            log(report, changes: nil)
        }
        // Stopped while it built (the build itself runs to its end): do not start serving.
        if Task.isCancelled {
            watcher.stop()
            throw PreviewError(description: "stopped before serving")
        }

        let server: PreviewHTTPServer
        do {
            server = try PreviewHTTPServer(address: try address.withPort(port),
                                           handler: PreviewHandler(site: site, hub: hub, logger: logger, anyHost: !isLoopback,
                                                                           executor: options.executor),
                                           logger: logger)
        } catch let error as PreviewError {
            watcher.stop()
            throw error
        } catch {
            watcher.stop()
            throw PreviewError(description: "cannot listen on \(options.host):\(port): \(error.localizedDescription)")
        }
        self.server = server
        serverTask = Task(executorPreference: options.executor) { try await server.run() }
        let actualPort = Self.port(of: server.listeningAddress) ?? port
        if let failure = report.failure {
            await hub.failed(failure)
        } else {
            await hub.built(generation: await site.generation, reload: nil)
        }
        watch(watcher, folders: folders)

        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        guard let url = URL(string: "http://\(shownHost):\(actualPort)/") else {
            throw PreviewError(description: "cannot make a URL of \(options.host):\(actualPort)")
        }
        if !isLoopback {
            logger.warning("""
                Serving on \(options.host), which other devices on your network can reach. \
                The preview is meant for you alone: use --host 127.0.0.1 to keep it private.
                """)
        }
        if watcher.isPolling { logger.notice("Watching for changes by polling (inotify is not available).") }
        return url
    }

    /// Stops watching, closes the open pages' sockets and the server.
    public func stop() async {
        watcher?.stop()
        watchTask?.cancel()
        await hub.closeAll()
        // A moment for the live-reload sockets to send their close frames, then every
        // connection ends at once, whatever it is doing.
        let patience = ContinuousClock.now + .milliseconds(200)
        while let server, server.connectionCount > 0, ContinuousClock.now < patience {
            try? await Task.sleep(for: .milliseconds(10))
        }
        serverTask?.cancel()
        _ = await serverTask?.result
        server = nil
    }

    /// Rebuilds after each burst of changes, one rebuild at a time, in one task. When
    /// `stacks.yml` names other folders, watches those instead and reads everything again,
    /// in case something changed before they were watched.
    private func watch(_ first: FileWatcher, folders initial: WatchedFolders) {
        watcher = first
        let quiet = options.quiet
        watchTask = Task(executorPreference: options.executor) { [weak self] in
            var watcher = first
            var folders = initial
            while true {
                var moved = false
                for await changes in watcher.changes {
                    guard let self else { return }
                    await self.rebuild(changes)
                    let now = await self.site.folders
                    if now != folders {
                        folders = now
                        moved = true
                        break
                    }
                }
                guard moved, !Task.isCancelled, let self else { return }
                watcher.stop()
                watcher = FileWatcher(folders, quiet: quiet)
                await self.replaceWatcher(watcher)
                await self.rebuild(FileChanges(everything: true))
            }
        }
    }

    private func replaceWatcher(_ watcher: FileWatcher) {
        self.watcher = watcher
    }

    private func rebuild(_ changes: FileChanges) async {
        let report = await site.update(changes)
        log(report, changes: changes)
        if let failure = report.failure {
            await hub.failed(failure)
        } else {
            await hub.built(generation: await site.generation, reload: report.reload)
        }
        rebuilds += 1
    }

    // MARK: Terminal

    private func log(_ report: PreviewSite.Report, changes: FileChanges?) {
        let time = Self.format(report.duration)
        if let failure = report.failure {
            for problem in failure.sorted { logger.error("\(problem.description)") }
            let count = failure.errors.count
            if changes == nil {
                let errors = count == 1 ? "1 error; fix it" : "\(count) errors; fix them"
                logger.error("The build failed with \(errors) and the preview will reload.")
            } else {
                logger.error("""
                    Rebuild failed with \(count) error\(count == 1 ? "" : "s"); still serving the last good build \
                    (the errors show in open pages).
                    """)
            }
            return
        }
        let warnings = Diagnostics(report.warnings).sorted
        if warnings != printedWarnings {
            for warning in warnings { logger.warning("\(warning.description)") }
            printedWarnings = warnings
        }
        guard let changes else {
            logger.notice("Built \(report.pageCount) pages in \(time).")
            return
        }
        let what: String
        switch report.reload {
        case .paths(let paths) where paths.isEmpty: what = "no open page changed"
        case .paths(let paths): what = "\(paths.count) open page\(paths.count == 1 ? "" : "s") changed"
        default: what = "open pages reloaded"
        }
        let cause = changes.content.count == 1 ? changes.content.first! : Self.describe(changes)
        logger.notice("\(report.recovered ? "Fixed: " : "")\(cause): \(what), rebuilt in \(time).")
    }

    private static func describe(_ changes: FileChanges) -> String {
        var parts: [String] = []
        if changes.everything { parts.append("the project") }
        if changes.config { parts.append(ProjectReader.configName) }
        if changes.templates { parts.append("templates") }
        if !changes.content.isEmpty { parts.append("\(changes.content.count) content files") }
        return parts.joined(separator: ", ")
    }

    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds < 10_000 ? "\(milliseconds) ms" : String(format: "%.1f s", Double(milliseconds) / 1000)
    }

    // MARK: Addresses

    /// An IP address (or `localhost`), and whether it is a loopback address.
    static func address(host: String) throws(PreviewError) -> (ListenAddress, Bool) {
        let name = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return (.v4(name), name.hasPrefix("127."))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return (.v6(name), name == "::1" || name == "0:0:0:0:0:0:0:1")
        }
        throw PreviewError(description: "--host takes an IP address such as 127.0.0.1 or ::1, or localhost; '\(host)' is not one")
    }

    enum ListenAddress {
        case v4(String)
        case v6(String)

        func withPort(_ port: UInt16) throws(PreviewError) -> any SocketAddress {
            do {
                switch self {
                case .v4(let host): return try sockaddr_in.inet(ip4: host, port: port)
                case .v6(let host): return try sockaddr_in6.inet6(ip6: host, port: port)
                }
            } catch {
                throw PreviewError(description: "cannot use the address: \(error.localizedDescription)")
            }
        }
    }

    /// The port asked for, or when it was not asked for and is taken, the next free one.
    private func choosePort(address: ListenAddress) throws(PreviewError) -> UInt16 {
        guard options.port != 0 else { return 0 }
        var port = options.port
        for _ in 0..<20 {
            switch Self.probe(address: try address.withPort(port)) {
            case .free:
                if port != options.port { logger.notice("Port \(options.port) is in use; using port \(port) instead.") }
                return port
            case .inUse where options.portIsExplicit:
                throw PreviewError(description: """
                    port \(port) is already in use on \(options.host) (is another preview running?); \
                    choose another one with --port, e.g. --port \(port == UInt16.max ? 8000 : port + 1)
                    """)
            case .inUse:
                guard port < UInt16.max else { break }
                port += 1
            case .failed(let message):
                throw PreviewError(description: "cannot listen on \(options.host):\(port): \(message)")
            }
        }
        throw PreviewError(description: "ports \(options.port) to \(port) are all in use; choose one with --port")
    }

    enum Probe { case free, inUse, failed(String) }

    /// Binds a socket to the address the way the server will, then lets it go.
    static func probe(address: some SocketAddress) -> Probe {
        do {
            let socket = try Socket(domain: Int32(type(of: address).family))
            defer { try? socket.close() }
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            return .free
        } catch SocketError.failed(_, let code, let message) {
            return code == EADDRINUSE ? .inUse : .failed(message)
        } catch {
            return .failed(error.localizedDescription)
        }
    }

    static func port(of address: Socket.Address?) -> UInt16? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): port
        default: nil
        }
    }
}
