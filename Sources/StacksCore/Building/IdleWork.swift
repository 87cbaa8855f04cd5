import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work done in the time the build's stages leave a core idle: on a thread of its own that the
/// system runs only when no other thread wants a core (Linux's `SCHED_IDLE`), one part after
/// another.
///
/// The output's survey before a build in place is a `fstatat` for each of its files, work the
/// size of a stage, that needs none of the stages' results. Run beside them, it took a core
/// from whichever was running; on this thread it fills the gaps their serial parts leave (the
/// catalog's assembly, the link table).
///
/// A machine busy with other work (on disk, the writing back of the last build's files) may
/// leave such a thread waiting for seconds: when the result is asked for before it is done, the
/// one asking makes every part the idle thread has not finished — the one it is making too —
/// on all cores, at its own priority, and the idle thread starts no other. Parts are therefore
/// pure. (Asked for whole, the survey of a 10,000-page output on disk was 80-115 ms of every
/// one-edit build that followed a clean one.)
final class IdleWork<Part: Sendable>: Sendable {
    private struct State {
        var parts: [Part?]
        /// The next part the idle thread may start.
        var next = 0
        var asked = false
    }

    private let state: Mutex<State>
    private let part: @Sendable (Int) -> Part

    /// Starts making parts `0..<count` by `part` on an idle-priority thread.
    init(parts count: Int, _ part: @escaping @Sendable (Int) -> Part) {
        self.part = part
        state = Mutex(State(parts: Array(repeating: nil, count: count)))
        let thread = Thread { [self] in
            Self.lowerThisThread()
            while let number = state.withLock({ state -> Int? in
                guard !state.asked, state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }) {
                let made = part(number)
                state.withLock { if $0.parts[number] == nil { $0.parts[number] = made } }
            }
        }
        thread.start()
    }

    /// Whether the idle thread has made every part.
    var isDone: Bool { state.withLock { $0.parts.allSatisfy { $0 != nil } } }

    /// Every part: the idle thread's where it finished them, the others made now.
    func value() -> [Part] {
        let done = state.withLock { state in
            state.asked = true
            return state.parts
        }
        let missing = done.indices.filter { done[$0] == nil }
        let made = Parallel.mapBlocking(missing.indices) { part(missing[$0]) }
        var parts = done
        for (position, number) in missing.enumerated() { parts[number] = made[position] }
        return parts.map { $0! }
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
