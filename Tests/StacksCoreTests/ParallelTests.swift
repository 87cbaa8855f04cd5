import Foundation
import Testing
@testable import StacksCore

/// The chunks work is spread in: contiguous, covering every index once, in order, and with a
/// weight, of about equal work (the writer's units are runs of thirty-two pages, then single
/// list and tag pages: chunks of equal length would give one core most of the pages).
@Suite struct ParallelTests {
    static let count = min(4 * max(1, ProcessInfo.processInfo.activeProcessorCount), 1_000)

    static func expectCover(_ chunks: [Range<Int>], _ indices: Range<Int>) {
        #expect(chunks.first?.lowerBound == indices.lowerBound && chunks.last?.upperBound == indices.upperBound)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(chunks.allSatisfy { !$0.isEmpty })
        #expect(chunks.count <= count)
    }

    @Test func chunksCoverTheIndicesInOrder() {
        for indices in [0..<1, 3..<4, 0..<7, 5..<1_005, 0..<2_000] {
            Self.expectCover(Parallel.chunked(indices), indices)
            Self.expectCover(Parallel.chunked(indices, weight: { _ in 1 }), indices)
            Self.expectCover(Parallel.chunked(indices, weight: { $0 % 5 == 0 ? 40 : 0 }), indices)
        }
        #expect(Parallel.chunked(0..<0).isEmpty)
    }

    @Test func weightedChunksCarryAboutEqualWork() {
        // 315 runs of 32 pages, then 1,660 single pages: the writer's units at 10,000 items.
        let runs = 315, indices = 0..<(runs + 1_660)
        let weight = { (unit: Int) in unit < runs ? 32 : 1 }
        let total = indices.reduce(0) { $0 + weight($1) }
        let chunks = Parallel.chunked(indices, weight: weight)
        Self.expectCover(chunks, indices)
        guard Self.count > 1 else { return }
        #expect(chunks.count == Self.count)
        for chunk in chunks {
            let work = chunk.reduce(0) { $0 + weight($1) }
            // Within one unit of an equal share.
            #expect(abs(work - total / Self.count) <= 32, "\(chunk): \(work) of \(total)")
        }
        // By length alone the first chunk would hold runs only (247 of them on two cores: two
        // thirds of the work) and the last ones single pages.
        let first = Parallel.chunked(indices)[0]
        #expect(first.reduce(0) { $0 + weight($1) } > 2 * total / Self.count)
    }
}
