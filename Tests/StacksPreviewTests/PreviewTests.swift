import Testing

/// Every suite of the preview's tests. Those that ask the handler, read heads and targets, or
/// rebuild in memory run in parallel, beside the CPU-bound suites; a test waits for what it
/// expects (a page, a log line, a message) with a deadline far beyond what it should take.
@Suite struct PreviewTests {
    /// The suites that start a server (or the `stacks` process), one test at a time. The
    /// server shares this process with the CPU-bound suites, and Swift's task threads are not
    /// preempted: running beside each other, the servers' rebuilds and the other suites kept
    /// a server from answering, or a test from noticing its answer, for tens of seconds. The
    /// servers and these tests run on `TestThreads`, but FlyingFox's WebSocket handlers and the
    /// preview's extra files still run on the shared pool.
    @Suite(.serialized) struct ServerTests {}
}
