import Foundation

/// With `STACKS_PHASES` set in the environment, a build says on standard error when each of its
/// phases ended, in milliseconds since the last mark, with the process's CPU time over the same
/// span and the resident memory then (and its peak so far): where a build's wall time and memory
/// go, and which phases keep both cores busy, without a profiler.
public enum PhaseTrace {
    static let enabled = ProcessInfo.processInfo.environment["STACKS_PHASES"] != nil
    nonisolated(unsafe) private static var last: (wall: ContinuousClock.Instant, cpu: Int)?
    private static let lock = NSLock()

    public static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now, cpu = cpuMilliseconds()
        lock.lock()
        defer { lock.unlock() }
        let since = last.map { (now - $0.wall).wholeMilliseconds } ?? 0
        let cpuSince = last.map { cpu - $0.cpu } ?? 0
        last = (now, cpu)
        let (resident, peak) = residentMegabytes()
        FileHandle.standardError.write(Data("\(since) ms\t\(cpuSince) ms CPU\t\(resident) MB (peak \(peak))\t\(phase())\n".utf8))
    }

    /// The process's resident size and its peak so far, in megabytes (`VmRSS`, `VmHWM`); zeros
    /// where `/proc` does not tell.
    private static func residentMegabytes() -> (Int, Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
                  let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
            return kilobytes / 1024
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }

    /// User and system time of every thread of the process so far.
    private static func cpuMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
