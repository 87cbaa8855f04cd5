import Foundation
import Synchronization
import Testing
@testable import StacksCore

/// The output's survey runs on an idle-priority thread (`IdleWork`), one part after another; a
/// busy machine may never run it, and the build must not wait for it then.
@Suite struct IdleWorkTests {
    /// Once the idle thread is done, its parts are the ones given, and none is made again.
    @Test(.timeLimit(.minutes(1)))
    func finishedPartsAreTakenAsTheyAre() async throws {
        let calls = Mutex<[Int]>([])
        let work = IdleWork(parts: 5) { number -> String in
            calls.withLock { $0.append(number) }
            return "idle \(number)"
        }
        while !work.isDone { try await Task.sleep(for: .milliseconds(5)) }
        #expect(work.value() == (0..<5).map { "idle \($0)" })
        #expect(calls.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    /// Asked while the idle thread is held in a part (as the system holds a thread it does not
    /// run), the caller makes that part and every one not started, and goes on; the idle
    /// thread starts no other part afterwards.
    @Test(.timeLimit(.minutes(1)))
    func theCallerMakesThePartsTheIdleThreadHasNotFinished() async throws {
        let held = DispatchSemaphore(value: 0)
        let idleThread = Mutex<Thread?>(nil)
        let madeBy = Mutex<[Int: [String]]>([:])
        let work = IdleWork(parts: 8) { number -> String in
            let byIdle = idleThread.withLock { idle in
                if idle == nil, number == 0 { idle = Thread.current }
                return idle === Thread.current
            }
            madeBy.withLock { $0[number, default: []].append(byIdle ? "idle" : "caller") }
            if byIdle, number == 3 { held.wait() }
            return "\(number) by \(byIdle ? "idle" : "caller")"
        }
        while madeBy.withLock({ $0[3] == nil }) { try await Task.sleep(for: .milliseconds(5)) }
        let parts = work.value()
        #expect(parts == (0..<3).map { "\($0) by idle" } + (3..<8).map { "\($0) by caller" })
        #expect(!work.isDone)
        held.signal()
        try await Task.sleep(for: .milliseconds(50))
        let made = madeBy.withLock { $0 }
        #expect(made[3]?.sorted() == ["caller", "idle"])
        #expect((4..<8).allSatisfy { made[$0] == ["caller"] }, "the idle thread starts no part once asked: \(made)")
    }
}
