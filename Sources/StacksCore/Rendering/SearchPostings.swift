/// The site search's postings: for each term, the pages it is on, ascending, with where it
/// stands on each (`page << SearchRank.bits | rank`, its best place on the page).
///
/// A build collects them in its parallel stage, one set per run of consecutive pages, each
/// page as it is written; the sets are then joined in page order (`append`). So no page's text
/// is read twice and the bodies are never all turned into text at the end.
struct SearchPostings: Sendable {
    private var terms = SearchTermTable()
    /// By term number; 32 bits: room for a billion pages, half the memory of `Int`.
    private var lists: [[UInt32]] = []
    /// The terms of the words not in ASCII already read (`SearchTerms.Cache`).
    private var termCache: SearchTerms.Cache? = SearchTerms.Cache()

    init() {}

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
            if number == lists.count { lists.append([]) }
            let posting = page | rank.value
            // The page's posting is the list's last when the page already gave this term.
            if let last = lists[number].last, last & ~SearchRank.mask == page {
                if last < posting { lists[number][lists[number].count - 1] = posting }
            } else {
                lists[number].append(posting)
            }
        }
    }

    /// The postings of pages that all come after this set's.
    mutating func append(_ later: SearchPostings) {
        for number in later.lists.indices {
            var term = later.terms.term(number)
            let mine = term.withUTF8 { terms.number(of: $0) }
            if mine == lists.count { lists.append([]) }
            lists[mine].append(contentsOf: later.lists[number])
        }
    }

    /// Every term with its postings.
    var byTerm: [String: [UInt32]] {
        var byTerm: [String: [UInt32]] = Dictionary(minimumCapacity: lists.count)
        for number in lists.indices { byTerm[terms.term(number)] = lists[number] }
        return byTerm
    }
}
