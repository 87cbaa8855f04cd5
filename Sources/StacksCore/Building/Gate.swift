import Synchronization

/// Opened once; every task waiting on it goes on then, and any that waits later at once.
///
/// A build starts the work that needs none of the stages' results (the templates' parse, the
/// output's survey) when the stages leave a core idle: the catalog's assembly runs on one.
/// Started with the build, that work took a core from the decoding, which uses both.
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
