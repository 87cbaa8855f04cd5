import Synchronization

/// Opened once; every task waiting on it goes on then, and any that waits later at once.
///
/// A build parses its templates, which need none of the stages' results, once the stages leave
/// a core idle: the catalog's assembly runs on one. Started with the build, that parse took a
/// core from the decoding, which uses both.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    init() {}

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.isOpen else { return [] }
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
