import Synchronization
import Testing
@testable import StacksCore

/// The gate a build's aside work waits on (`Gate`): nothing goes through before it opens,
/// everything waiting goes then, and a wait after it opened does not wait.
@Suite struct GateTests {
    final class Count: Sendable {
        private let value = Atomic<Int>(0)
        func increment() { value.add(1, ordering: .relaxed) }
        var total: Int { value.load(ordering: .relaxed) }
    }

    @Test func waitersGoOnlyOnceItOpens() async {
        let gate = Gate()
        let through = Count()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await gate.wait()
                    through.increment()
                }
            }
            // The waiters have had every chance to run; none is through the closed gate.
            for _ in 0..<50 { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(20))
            #expect(through.total == 0)
            gate.open()
            await group.waitForAll()
        }
        #expect(through.total == 4)
        // Opened twice is opened; a later wait returns at once.
        gate.open()
        await gate.wait()
    }
}
