import StacksTestSupport
import Foundation
import Synchronization

/// Threads of the preview tests' own, for the servers they start and for the tests that wait
/// on them. On the shared pool (one thread per core), the CPU-bound suites running in
/// parallel hold every thread for seconds at a time, and a server there answers late; on
/// threads of their own, the system shares the cores fairly. Eight, for the servers of the
/// suites all run at once: a rebuild or a check of the whole site holds a thread for a while,
/// and the other servers' connections go on meanwhile.
final class TestThreads: TaskExecutor {
    static let shared = TestThreads(count: 8)

    private let jobs = Mutex<[UnownedJob]>([])
    private let ready = DispatchSemaphore(value: 0)

    init(count: Int) {
        for _ in 0..<count {
            Thread.detachNewThread { [self] in
                while true {
                    ready.wait()
                    let job = jobs.withLock { $0.removeFirst() }
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        ready.signal()
    }
}

/// Runs `body` on the tests' own threads (its child tasks too).
func onTestThreads<T>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(TestThreads.shared, operation: body)
}

/// `withTemporaryFolder`, on the tests' own threads: for a test that waits on a process, a
/// thread or a server of its own.
func withTemporaryFolderOnTestThreads<T>(_ body: (URL) async throws -> T) async throws -> T {
    try await onTestThreads { try await withTemporaryFolder(body) }
}
