import Foundation

/// With `STACKS_PHASES` set in the environment, a build says on standard error when each of its
/// phases ended, in milliseconds since the first mark: where a build's wall time goes, without
/// a profiler.
enum PhaseTrace {
    static let enabled = ProcessInfo.processInfo.environment["STACKS_PHASES"] != nil
    nonisolated(unsafe) private static var last: ContinuousClock.Instant?
    private static let lock = NSLock()

    static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        lock.lock()
        defer { lock.unlock() }
        let since = last.map { (now - $0).wholeMilliseconds } ?? 0
        last = now
        FileHandle.standardError.write(Data("\(since) ms\t\(phase())\n".utf8))
    }
}
