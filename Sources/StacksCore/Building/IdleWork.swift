import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work done in the time the build's stages leave a core idle: on a thread of its own that the
/// system runs only when no other thread wants a core (Linux's `SCHED_IDLE`).
///
/// The output's survey before a build in place is a `fstatat` for each of its files, work the
/// size of a stage, that needs none of the stages' results. Run beside them, it took a core
/// from whichever was running; on this thread it fills the gaps their serial parts leave (the
/// catalog's assembly, the link table).
///
/// A machine busy with other work may leave such a thread waiting for seconds: when the result
/// is asked for before it is ready, the one asking does the work itself, at its own priority,
/// and the idle thread's result, if it ever comes, is not used. The work is therefore pure.
final class IdleWork<Result: Sendable>: Sendable {
    private let result = Mutex<Result?>(nil)
    private let work: @Sendable (_ asked: Bool) -> Result

    /// Starts `work` on an idle-priority thread. `asked`: whether it runs for a caller that is
    /// waiting for it (`value()`), which it may then do on all cores.
    init(_ work: @escaping @Sendable (_ asked: Bool) -> Result) {
        self.work = work
        let thread = Thread { [self] in
            Self.lowerThisThread()
            let made = work(false)
            result.withLock { if $0 == nil { $0 = made } }
        }
        thread.start()
    }

    /// Whether the idle thread's result is in.
    var isDone: Bool { result.withLock { $0 != nil } }

    /// The idle thread's result when it is done; otherwise the work done now, by the caller.
    func value() -> Result {
        if let made = result.withLock({ $0 }) { return made }
        return work(true)
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
