/// Where a term stands on a page, as the site search ranks it, in the low bits of a posting
/// (`page << SearchRank.bits | rank`): the field it is in and, for a title, what the script
/// needs to put the page whose title is the query first without loading its record.
///
/// - bits 0–1: the field (`SearchIndex.Field`: 1 body, 2 summary or tags, 3 title);
/// - bit 2: the title's first word, or the term that is the whole title (`c++`, `tar.gz`);
/// - bits 3–5: for a word of the title, how many words the title has (1–7, 7 for seven or more);
///   0 for the whole title's term and for other fields.
///
/// A larger rank is a better place: a title's word over a summary's over a body's. A term
/// a page gives twice keeps its largest.
struct SearchRank: Comparable {
    static let bits = 6
    static let mask = UInt32(1 << bits - 1)

    var value: UInt32

    init(_ field: SearchIndex.Field) {
        value = UInt32(field.rawValue)
    }

    /// A word of a title of `words` words; `first`: the title starts with it.
    static func titleWord(first: Bool, of words: Int) -> SearchRank {
        var rank = SearchRank(.title)
        rank.value |= (first ? 4 : 0) | UInt32(min(max(words, 1), 7)) << 3
        return rank
    }

    /// The term that is the whole title.
    static let wholeTitle = SearchRank(value: UInt32(SearchIndex.Field.title.rawValue) | 4)

    private init(value: UInt32) {
        self.value = value
    }

    var field: Int { Int(value & 3) }

    static func < (lhs: SearchRank, rhs: SearchRank) -> Bool { lhs.value < rhs.value }
}
