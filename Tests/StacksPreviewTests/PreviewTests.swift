import Testing

/// Every suite of the preview's tests, all run in parallel with each other and with the
/// CPU-bound suites; a test waits for what it expects (a page, a log line, a message) with a
/// deadline far beyond what it should take.
///
/// The servers they start, and the tests that wait on them, run on `TestThreads`
/// (`PreviewOptions.executor`): Swift's shared pool has a thread per core, which the CPU-bound
/// suites hold for seconds at a time, and a job queued there waits behind all of theirs. So no
/// job of a server may land there: the server's own tasks take the executor
/// (`Task(executorPreference:)`; an unstructured `Task {}` does not inherit it, a child task,
/// a sleep and a resumed continuation do), and the live-reload socket uses `ReloadFrames`
/// rather than FlyingFox's handler, which pumps its frames in a `Task {}`.
@Suite struct PreviewTests {}
