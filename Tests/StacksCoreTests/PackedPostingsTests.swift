import Testing
import StacksTestSupport
@testable import StacksCore

/// The search's postings packed (`PackedPostings`, `SearchPostings`' packing between runs):
/// whatever the pages, the runs, the runs taken from the memo and the parts joined, every term
/// lists the postings a plain dictionary of arrays gives, and the shards' values are the same.
@Suite struct PackedPostingsTests {
    /// Varints of every length (one to five bytes), ranks of every bit, and lists joined after
    /// lists: each reads back as given.
    @Test func listsReadBackAsGivenAtEveryLength() {
        var generator = SplitMix(state: 7)
        for _ in 0..<300 {
            var postings: [UInt32] = []
            var page: UInt32 = UInt32.random(in: 0...3, using: &generator)
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                postings.append(page << UInt32(SearchRank.bits) | UInt32.random(in: 0...UInt32(SearchRank.mask), using: &generator))
                // Gaps of one page to the largest a posting can spell.
                let gap: UInt32 = [1, 2, 100, 3_000, 70_000, 2_000_000][Int.random(in: 0..<6, using: &generator)]
                guard page + gap < 1 << (32 - SearchRank.bits) else { break }
                page += gap
            }
            let list = PackedPostings(postings)
            #expect(list.postings == postings)
            #expect(list.count == postings.count)
            var distances: [UInt32] = [], previous: UInt32 = 0
            list.forEachDistance { distance, _ in distances.append(distance) }
            for (distance, posting) in zip(distances, postings) {
                #expect(previous + distance == posting >> UInt32(SearchRank.bits))
                previous = posting >> UInt32(SearchRank.bits)
            }
            // Cut anywhere and joined again: the later part's first distance is counted anew.
            let cut = Int.random(in: 0...postings.count, using: &generator)
            var joined = PackedPostings(Array(postings[..<cut]))
            if Bool.random(using: &generator) { joined.reserve(bytes: list.bytes.count) }
            joined.append(PackedPostings(Array(postings[cut...])))
            #expect(joined.postings == postings)
            #expect(joined.bytes == list.bytes, "joined, the bytes are those of the list packed at once")
            var shrunk = joined
            shrunk.shrink()
            #expect(shrunk == joined)
        }
        // Page 5, rank 3: 5 << 6 | 3 = 323, seven bits a byte, low first.
        #expect(PackedPostings([UInt32(5) << UInt32(SearchRank.bits) | 3]).bytes == [0xC3, 0x02])
        // Two bytes for a term one page in a hundred: 100 << 6 | rank needs 13 bits.
        let sparse = PackedPostings((1...50).map { UInt32($0 * 100) << UInt32(SearchRank.bits) | 1 })
        #expect(sparse.bytes.count == 100)
    }

    /// A build's way with the postings, at random and packed often (a threshold of a few
    /// postings): pages in runs, some runs taken from their encoded bytes as the memo gives
    /// them, chunks finished and joined, extra pages added after; every term's list is the
    /// reference's, and so is each run's encoding.
    @Test func aBuildsPostingsEqualAPlainModelWhereverTheyArePacked() {
        var generator = SplitMix(state: 11)
        let vocabulary = (0..<40).map { "w\($0)" } + ["真鍮", "c++", "é"]
        for trial in 0..<40 {
            let threshold = [1, 3, 17, 200, SearchPostings.defaultPackingThreshold][trial % 5]
            var reference: [String: [UInt32]] = [:]
            var parts: [SearchPostings] = []
            var page = 1
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                var part = SearchPostings(packingThreshold: threshold)
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    // A run of pages, added here and to a set of its own.
                    var alone = SearchPostings(packingThreshold: threshold)
                    let kept = Bool.random(using: &generator)
                    if !kept { part.startRun() }
                    for _ in 0..<Int.random(in: 0...5, using: &generator) {
                        var fields: [String: SearchIndex.Field] = [:]
                        for _ in 0..<Int.random(in: 0...8, using: &generator) {
                            fields[vocabulary.randomElement(using: &generator)!] = [.body, .summary, .title].randomElement(using: &generator)!
                        }
                        for (term, field) in fields { reference[term, default: []].append(UInt32(page) << UInt32(SearchRank.bits) | SearchRank(field).value) }
                        alone.add(page: page, fields: fields)
                        if !kept { part.add(page: page, fields: fields) }
                        page += Int.random(in: 1...40, using: &generator)
                    }
                    if kept {
                        let appended = part.append(encoded: alone.encoded())
                        #expect(appended)
                    } else {
                        var fromRun = SearchPostings(), whole = SearchPostings()
                        _ = fromRun.append(encoded: part.encodedRun())
                        _ = whole.append(encoded: alone.encoded())
                        #expect(fromRun.byTerm == whole.byTerm, "a run's encoding is the run's alone, packed or not")
                    }
                }
                if Bool.random(using: &generator) { part.finish() }
                parts.append(part)
            }
            var joined = SearchPostings.joined(&parts)
            #expect(joined.byTerm == reference)
            // The tag pages, added after the catalog's, as the index adds them.
            let extraPage = page + 5
            joined.add(page: extraPage, fields: ["w1": .title, "tagonly": .summary])
            reference["w1", default: []].append(UInt32(extraPage) << UInt32(SearchRank.bits) | SearchRank(.title).value)
            reference["tagonly"] = [UInt32(extraPage) << UInt32(SearchRank.bits) | SearchRank(.summary).value]
            let packed = joined.packedByTerm()
            #expect(packed.mapValues(\.postings) == reference)
            for (term, list) in reference {
                #expect(SearchIndex.shardValues(of: packed[term]!) == Self.shardValues(of: list), "\(term)")
            }
        }
    }

    /// The shards' values as they were written from `UInt32` postings before they were packed.
    static func shardValues(of postings: [UInt32]) -> [Int] {
        var values: [Int] = []
        var previous = 0
        for posting in postings {
            let page = Int(posting >> UInt32(SearchRank.bits))
            let rank = Int(posting & SearchRank.mask)
            values.append((page - previous) << 2 | rank & 3)
            if rank & 3 == SearchIndex.Field.title.rawValue { values.append(rank >> 2) }
            previous = page
        }
        return values
    }
}
