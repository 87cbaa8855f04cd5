import Foundation

/// Work spread over all cores in contiguous chunks, results combined by value in order.
enum Parallel {
    static func map<Result: Sendable>(
        _ indices: Range<Int>, _ transform: @escaping @Sendable (Int) -> Result
    ) async -> [Result] {
        let chunks = chunked(indices)
        guard chunks.count > 1 else { return indices.map(transform) }
        return await withTaskGroup(of: (Int, [Result]).self) { group in
            for (number, chunk) in chunks.enumerated() {
                group.addTask { (number, chunk.map(transform)) }
            }
            var parts = [[Result]](repeating: [], count: chunks.count)
            for await (number, part) in group { parts[number] = part }
            return parts.flatMap { $0 }
        }
    }

    /// A few chunks per core, so one slow chunk does not hold the others up.
    static func chunked(_ indices: Range<Int>) -> [Range<Int>] {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let count = min(indices.count, cores * 4)
        guard count > 1 else { return indices.isEmpty ? [] : [indices] }
        let size = (indices.count + count - 1) / count
        return stride(from: indices.lowerBound, to: indices.upperBound, by: size).map {
            $0..<min($0 + size, indices.upperBound)
        }
    }
}

extension Parallel {
    /// `map`, with a value each chunk makes for itself and carries from one index to the next
    /// (a memo, say): nothing is shared between threads but `makeState` and `transform`.
    static func map<State, Result: Sendable>(
        _ indices: Range<Int>, state makeState: @escaping @Sendable () -> State,
        _ transform: @escaping @Sendable (inout State, Int) -> Result
    ) async -> [Result] {
        await withTaskGroup(of: (Int, [Result]).self) { group in
            let chunks = chunked(indices)
            for (number, chunk) in chunks.enumerated() {
                group.addTask {
                    var state = makeState()
                    return (number, chunk.map { transform(&state, $0) })
                }
            }
            var parts = [[Result]](repeating: [], count: chunks.count)
            for await (number, part) in group { parts[number] = part }
            return parts.flatMap { $0 }
        }
    }

    static func mapThrowing<State, Result: Sendable>(
        _ indices: Range<Int>, state makeState: @escaping @Sendable () -> State,
        _ transform: @escaping @Sendable (inout State, Int) throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, [Result]).self) { group in
            let chunks = chunked(indices)
            for (number, chunk) in chunks.enumerated() {
                group.addTask {
                    var state = makeState()
                    return (number, try chunk.map { try transform(&state, $0) })
                }
            }
            var parts = [[Result]](repeating: [], count: chunks.count)
            for try await (number, part) in group { parts[number] = part }
            return parts.flatMap { $0 }
        }
    }
}
