import Foundation

/// Work spread over all cores in contiguous chunks, results combined by value in order.
enum Parallel {
    /// Asked once: the system's answer reads `/proc`, and the content reader chunks every
    /// folder it reads.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

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

    /// `map` for a stage that is not async (the resolver): the same chunks, on Dispatch's
    /// threads, the caller's among them, which waits for them.
    static func mapBlocking<Result>(_ indices: Range<Int>, _ transform: (Int) -> Result) -> [Result] {
        let chunks = chunked(indices)
        guard chunks.count > 1 else { return indices.map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            var parts = [[Result]](repeating: [], count: chunks.count)
            parts.withUnsafeMutableBufferPointer { buffer in
                // Each chunk writes its own element only.
                nonisolated(unsafe) let buffer = buffer
                nonisolated(unsafe) let transform = transform
                DispatchQueue.concurrentPerform(iterations: chunks.count) { number in
                    buffer[number] = chunks[number].map(transform)
                }
            }
            return parts.flatMap { $0 }
        }
    }

    /// A few chunks per core, so one slow chunk does not hold the others up; with `weight`
    /// (an index's share of the work, 1 or more), of about equal weight rather than length: a
    /// run of thirty-two pages is not one tag page.
    static func chunked(_ indices: Range<Int>, weight: ((Int) -> Int)? = nil) -> [Range<Int>] {
        let cores = Self.cores
        let count = min(indices.count, cores * 4)
        guard count > 1 else { return indices.isEmpty ? [] : [indices] }
        guard let weight else {
            let size = (indices.count + count - 1) / count
            return stride(from: indices.lowerBound, to: indices.upperBound, by: size).map {
                $0..<min($0 + size, indices.upperBound)
            }
        }
        let weights = indices.map { max(1, weight($0)) }
        let total = weights.reduce(0, +)
        var chunks: [Range<Int>] = []
        var start = indices.lowerBound, sum = 0
        for (offset, index) in indices.enumerated() {
            sum += weights[offset]
            // Chunk k ends where the weight so far reaches k of `count` shares of the total.
            if sum * count >= total * (chunks.count + 1), index + 1 < indices.upperBound {
                chunks.append(start..<index + 1)
                start = index + 1
            }
        }
        chunks.append(start..<indices.upperBound)
        return chunks
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

    /// `map(_:state:_:)` that may throw, handing back what `keep` takes of each chunk's state
    /// at its end, in the chunks' order (which is the indices' order).
    static func mapThrowing<State, Result: Sendable, Kept: Sendable>(
        _ indices: Range<Int>, weight: ((Int) -> Int)? = nil, state makeState: @escaping @Sendable () -> State,
        keep: @escaping @Sendable (inout State) -> Kept,
        _ transform: @escaping @Sendable (inout State, Int) throws -> Result
    ) async throws -> (results: [Result], kept: [Kept]) {
        try await withThrowingTaskGroup(of: (Int, [Result], Kept).self) { group in
            let chunks = chunked(indices, weight: weight)
            for (number, chunk) in chunks.enumerated() {
                group.addTask {
                    var state = makeState()
                    let results = try chunk.map { try transform(&state, $0) }
                    return (number, results, keep(&state))
                }
            }
            var parts = [(results: [Result], kept: Kept)?](repeating: nil, count: chunks.count)
            for try await (number, results, kept) in group { parts[number] = (results, kept) }
            return (parts.flatMap { $0!.results }, parts.map { $0!.kept })
        }
    }
}
