import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Work done in the time the build's stages leave a core idle: on a thread of its own that the
/// system runs only when no other thread wants a core (Linux's `SCHED_IDLE`).
///
/// The output's survey before a build in place is a `fstatat` for each of its files, work the
/// size of a stage, that needs none of the stages' results. Run beside them, it took a core
/// from whichever was running; on this thread it fills the gaps their serial parts leave (the
/// catalog's assembly, the link table), and a core only when nothing else is left to do.
enum IdleTime {
    /// `work`'s result, computed on an idle-priority thread.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                lowerThisThread()
                continuation.resume(returning: work())
            }
            thread.start()
        }
    }

    /// This thread to the idle class, or else to the lowest priority a thread may have.
    private static func lowerThisThread() {
        #if os(Linux)
        var parameters = sched_param(sched_priority: 0)
        // `SCHED_IDLE` (5), which Swift's `Glibc` leaves out. On Linux both calls, given 0,
        // change the calling thread only.
        if sched_setscheduler(0, 5, &parameters) != 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
        #endif
    }
}
