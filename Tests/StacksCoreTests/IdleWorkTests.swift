import Foundation
import Synchronization
import Testing
@testable import StacksCore

/// The output's survey runs on an idle-priority thread (`IdleWork`); a busy machine may never
/// run it, and the build must not wait for it then.
@Suite struct IdleWorkTests {
    /// Once the idle thread is done, its result is the one given, and the work is not done again.
    @Test(.timeLimit(.minutes(1)))
    func aFinishedResultIsTakenAsItIs() async throws {
        let calls = Mutex<[Bool]>([])
        let work = IdleWork { asked -> String in
            calls.withLock { $0.append(asked) }
            return asked ? "asked" : "idle"
        }
        while !work.isDone { try await Task.sleep(for: .milliseconds(5)) }
        #expect(work.value() == "idle")
        #expect(calls.withLock { $0 } == [false])
    }

    /// Asked before the idle thread is done (here it is held, as the system holds one it does not
    /// run), the caller does the work itself and goes on.
    @Test(.timeLimit(.minutes(1)))
    func theCallerDoesTheWorkWhenTheIdleThreadIsNotDone() {
        let held = DispatchSemaphore(value: 0)
        let work = IdleWork { asked -> String in
            if !asked { held.wait() }
            return asked ? "asked" : "idle"
        }
        #expect(work.value() == "asked")
        #expect(!work.isDone)
        held.signal()
    }
}
