import Synchronization

/// Values a process that is about to end keeps rather than frees: the system takes its memory
/// back at once at exit, where freeing a site's values one by one costs a core for tens of
/// milliseconds. Only for a process that ends with its build (`BuildOptions.processEndsAfter`).
enum LeftUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }

    /// How many values are kept (for tests).
    static var count: Int { kept.withLock { $0.count } }
}
