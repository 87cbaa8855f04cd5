/// The site search's postings: for each term, the pages it is on, ascending, with where it
/// stands on each (`page << SearchRank.bits | rank`, its best place on the page).
///
/// A build collects them in its parallel stage, one set per chunk of consecutive pages, each
/// page as it is written; the sets are then joined in page order (`append`). So no page's text
/// is read twice and the bodies are never all turned into text at the end.
///
/// The latest pages' postings are `UInt32`s (`lists`), where a page that gives a term again
/// raises its rank in place and a run's own can be encoded for the memo (`encodedRun()`);
/// between runs, once they hold `packingThreshold` postings, they are packed (`packed`,
/// `PackedPostings`) at half the room or less. So a set holds few postings unpacked, however
/// many pages it has.
struct SearchPostings: Sendable {
    private var terms = SearchTermTable()
    /// By term number, the postings not packed yet; 32 bits: room for a billion pages, half the
    /// memory of `Int`.
    private var lists: [[UInt32]] = []
    /// By term number, the postings packed so far: all of pages before any in `lists`.
    private var packed: [PackedPostings] = []
    /// The postings in `lists`, and the terms that have some there.
    private var unpackedCount = 0
    private var unpackedTerms: [Int] = []
    /// How many postings `lists` gathers before they are packed (at a run's end).
    private let packingThreshold: Int
    /// The terms of the words not in ASCII already read (`SearchTerms.Cache`).
    private var termCache: SearchTerms.Cache? = SearchTerms.Cache()
    /// The current run of pages (`startRun()`): where it starts in each list it added to (by
    /// term number, -1 for none), and those terms in the order it first gave them; so that
    /// the run's own postings can be kept (`encodedRun()`) without a set of their own.
    private var runStarts: [Int32] = []
    private var runTerms: [Int] = []

    /// About a megabyte of postings: a few thousand pages of a few hundred words.
    static let defaultPackingThreshold = 1 << 18

    init(packingThreshold: Int = Self.defaultPackingThreshold) {
        self.packingThreshold = packingThreshold
    }

    /// Page `index` of `catalog`, whose body is `text` as plain text (`HTMLText.plain`). Pages
    /// are added in ascending order.
    mutating func add(page index: Int, of catalog: Catalog, text: String) {
        let page = catalog[index]
        // Out of `self` while `self` takes the terms.
        var cache: SearchTerms.Cache? = nil
        swap(&cache, &termCache)
        defer { swap(&cache, &termCache) }
        add(page: index) { add in
            SearchTerms.forEachTerm(in: text, cache: &cache) { add($0, SearchRank(.body)) }
            SearchTerms.forEachTerm(in: page.summary ?? "", cache: &cache) { add($0, SearchRank(.summary)) }
            for tag in page.frontMatter.tags { SearchTerms.forEachTerm(in: tag) { add($0, SearchRank(.summary)) } }
            let words = SearchTerms.terms(in: page.title)
            for (position, word) in words.enumerated() {
                var word = word
                word.withUTF8 { add($0, .titleWord(first: position == 0, of: words.count)) }
            }
            if var whole = SearchTerms.wholeTerm(page.title) { whole.withUTF8 { add($0, .wholeTitle) } }
        }
    }

    /// A page with its terms and where each stands.
    mutating func add(page index: Int, fields: [String: SearchIndex.Field]) {
        add(page: index) { add in
            for (term, field) in fields {
                var term = term
                term.withUTF8 { add($0, SearchRank(field)) }
            }
        }
    }

    /// Page `index`, whose terms `terms` hands to the function it is given, each with its
    /// place: a term given twice keeps its best.
    private mutating func add(page index: Int,
                              _ terms: (_ add: (_ term: UnsafeBufferPointer<UInt8>, _ rank: SearchRank) -> Void) -> Void) {
        let page = UInt32(index) << SearchRank.bits
        terms { word, rank in
            let number = self.terms.number(of: word)
            if number == lists.count { newList() }
            if runStarts[number] < 0 {
                runStarts[number] = Int32(lists[number].count)
                runTerms.append(number)
            }
            let posting = page | rank.value
            // The page's posting is the list's last when the page already gave this term.
            if let last = lists[number].last {
                if last & ~SearchRank.mask == page {
                    if last < posting { lists[number][lists[number].count - 1] = posting }
                    return
                }
            } else {
                unpackedTerms.append(number)
            }
            lists[number].append(posting)
            unpackedCount += 1
        }
    }

    private mutating func newList() {
        lists.append([])
        packed.append(PackedPostings())
        runStarts.append(-1)
    }

    /// Packs the unpacked postings once there are `packingThreshold` of them; only between
    /// runs, where no run's start points into `lists`.
    private mutating func packIfFull() {
        if unpackedCount >= packingThreshold { pack() }
    }

    /// Every posting packed. A list that grew large keeps its room for the next pages.
    private mutating func pack() {
        for number in unpackedTerms {
            lists[number].withUnsafeBufferPointer { packed[number].append($0) }
            if lists[number].capacity >= 64 { lists[number].removeAll(keepingCapacity: true) } else { lists[number] = [] }
        }
        unpackedTerms.removeAll(keepingCapacity: true)
        unpackedCount = 0
    }

    /// Everything packed, in room of its size: a set whose pages are all added (a chunk's at
    /// its end), to be held until the sets are joined.
    mutating func finish() {
        pack()
        for number in packed.indices { packed[number].shrink() }
        lists = lists.map { _ in [] }
        unpackedTerms = []
    }

    /// `parts` (sets of consecutive pages, in page order) joined into one, the terms numbered
    /// in the order the parts give them. Every list is made once at its final size, and a term
    /// only one part has keeps that part's list: grown by appending, the lists of a
    /// 100,000-item catalog took twice their room at the build's peak. The lists are joined a
    /// term at a time, each part's list let go as soon as it is in, so that the parts and the
    /// whole are never both held (made whole before the parts went, they were a seventh of a
    /// 20,000-item build's peak).
    static func joined(_ parts: inout [SearchPostings]) -> SearchPostings {
        var joined = SearchPostings()
        for index in parts.indices { parts[index].pack() }
        // For each part, by the joined term's number, the term's number in the part (-1: none).
        var numbersInPart: [[Int32]] = []
        // By the joined term's number, its packed bytes in all the parts.
        var totals: [Int] = []
        for part in parts {
            var numbers = [Int32](repeating: -1, count: joined.lists.count)
            numbers.reserveCapacity(joined.lists.count + part.lists.count)
            for number in part.lists.indices {
                let mine = part.terms.withBytes(of: number) { joined.terms.number(of: $0) }
                if mine == joined.lists.count {
                    joined.newList()
                    totals.append(0)
                }
                if mine >= numbers.count { numbers += repeatElement(-1, count: mine + 1 - numbers.count) }
                numbers[mine] = Int32(number)
                totals[mine] += part.packed[number].bytes.count
            }
            numbersInPart.append(numbers)
        }
        for mine in joined.packed.indices {
            var list = PackedPostings()
            for index in parts.indices {
                let numbers = numbersInPart[index]
                guard mine < numbers.count, numbers[mine] >= 0 else { continue }
                var given = PackedPostings()
                swap(&given, &parts[index].packed[Int(numbers[mine])])
                if list.count == 0 && given.bytes.count == totals[mine] {
                    list = given
                } else {
                    // A later part's first posting is counted again from the page before
                    // it, in no more bytes than from page 0.
                    if list.count == 0 { list.reserve(bytes: totals[mine]) }
                    list.append(given)
                }
            }
            joined.packed[mine] = list
        }
        for index in parts.indices { parts[index] = SearchPostings() }
        return joined
    }

    /// Starts a run of pages: what is added from here on is what `encodedRun()` gives.
    mutating func startRun() {
        for number in runTerms { runStarts[number] = -1 }
        runTerms.removeAll(keepingCapacity: true)
        packIfFull()
    }

    // MARK: Kept between builds (`MemoFile`)

    /// The set as bytes, for `append(encoded:)` in a later build: for each term, little endian,
    /// its length (16 bits), its bytes, its count of postings (32 bits) and those postings.
    func encoded() -> [UInt8] {
        encoded(Array(lists.indices), postings: { packed[$0].postings[...] + lists[$0] })
    }

    /// The postings added since `startRun()`, as `encoded()` gives a set of them alone.
    func encodedRun() -> [UInt8] {
        encoded(runTerms, postings: { lists[$0][Int(runStarts[$0])...] })
    }

    /// Written into room of its exact size: appended four bytes at a time, the postings of a
    /// build's runs cost a generic append each (a fiftieth of a 2,000-item build).
    private func encoded(_ numbers: [Int], postings: (Int) -> ArraySlice<UInt32>) -> [UInt8] {
        var size = 4
        for number in numbers { size += 6 + terms.withBytes(of: number) { $0.count } + postings(number).count * 4 }
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var offset = 0
            func word32(_ value: UInt32) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
                offset += 4
            }
            word32(UInt32(numbers.count))
            for number in numbers {
                terms.withBytes(of: number) { term in
                    raw.storeBytes(of: UInt16(term.count).littleEndian, toByteOffset: offset, as: UInt16.self)
                    offset += 2
                    UnsafeMutableRawBufferPointer(rebasing: raw[offset..<(offset + term.count)]).copyMemory(from: UnsafeRawBufferPointer(term))
                    offset += term.count
                }
                let list = postings(number)
                word32(UInt32(list.count))
                list.withUnsafeBufferPointer { postings in
                    for posting in postings { word32(posting) }
                }
            }
            precondition(offset == size)
            count = size
        }
    }

    /// Appends the postings `encoded()` gave of a set whose pages all come after this set's;
    /// `false`, with nothing appended, when `bytes` are not such a set's.
    mutating func append(encoded bytes: [UInt8]) -> Bool {
        packIfFull()
        return bytes.withUnsafeBytes { raw in
            var reader = EncodedReader(raw)
            // Walked once to check it is whole, so that a set is never half appended.
            guard let terms = reader.word32() else { return false }
            for _ in 0..<terms {
                guard let length = reader.word16(), reader.skip(Int(length)), let count = reader.word32(),
                      reader.skip(Int(count) * 4) else { return false }
            }
            guard reader.isAtEnd else { return false }
            reader = EncodedReader(raw)
            _ = reader.word32()
            for _ in 0..<terms {
                let length = Int(reader.word16()!)
                let number = self.terms.number(of: reader.take(length))
                if number == lists.count { newList() }
                let count = Int(reader.word32()!), offset = reader.position
                _ = reader.skip(count * 4)
                // In one append of the bytes as they are (word by word, the list was checked
                // for a unique owner at each: three million times in a 10,000-item edit
                // build; through a lazy map, the generic append cost 900 instructions a list).
                let end = lists[number].count
                if end == 0 && count > 0 { unpackedTerms.append(number) }
                unpackedCount += count
                lists[number].append(contentsOf: repeatElement(0, count: count))
                lists[number].withUnsafeMutableBytes { words in
                    words.baseAddress!.advanced(by: end * 4).copyMemory(from: raw.baseAddress! + offset, byteCount: count * 4)
                }
                #if _endian(big)
                for position in end..<(end + count) { lists[number][position] = UInt32(littleEndian: lists[number][position]) }
                #endif
            }
            return true
        }
    }

    /// Every term with its postings.
    var byTerm: [String: [UInt32]] {
        var byTerm: [String: [UInt32]] = Dictionary(minimumCapacity: lists.count)
        for number in lists.indices { byTerm[terms.term(number)] = packed[number].postings + lists[number] }
        return byTerm
    }

    /// Every term with its postings packed (what the index is made from).
    mutating func packedByTerm() -> [String: PackedPostings] {
        pack()
        var byTerm: [String: PackedPostings] = Dictionary(minimumCapacity: packed.count)
        for number in packed.indices { byTerm[terms.term(number)] = packed[number] }
        return byTerm
    }
}

/// Reads what `SearchPostings.encoded()` wrote, never past its end.
private struct EncodedReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ count: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        position += count
        return true
    }

    mutating func word16() -> UInt16? {
        guard bytes.count - position >= 2 else { return nil }
        defer { position += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self))
    }

    mutating func word32() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    /// The next `count` bytes; only after `skip` has checked they are there.
    mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        defer { position += count }
        return UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[position..<(position + count)])
    }
}
