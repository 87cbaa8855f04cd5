import Synchronization

/// Values a process that is about to end keeps rather than frees: the system takes its memory
/// back at once at exit, where freeing a site's values one by one costs a core for tens of
/// milliseconds. Only for a process that ends with its build (`BuildOptions.processEndsAfter`),
/// and only while it holds less than `FreedMemory.threshold`: above it, the room the values
/// leave is where the memos and the cache are written.
enum LeftUntilExit {
    private static let kept = Mutex<[any Sendable]>([])
    private static let declined = Atomic<Int>(0)

    /// Keeps `value` until the process ends when it holds less than the threshold (`resident`,
    /// in bytes; `nil` where it cannot be read); otherwise returns it, to be freed.
    static func keep<Value: Sendable>(_ value: Value, resident: Int?) -> Value? {
        guard let resident, resident < FreedMemory.threshold else {
            declined.add(1, ordering: .relaxed)
            return value
        }
        kept.withLock { $0.append(value) }
        return nil
    }

    /// How many values were kept, and how many were declined because the process held too
    /// much (for tests).
    static var count: Int { kept.withLock { $0.count } }
    static var declinedCount: Int { declined.load(ordering: .relaxed) }
}
