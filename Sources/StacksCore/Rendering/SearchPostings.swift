/// The site search's postings: for each term, the pages it is on, ascending, with where it
/// stands on each (`page << 2 | field`, the best field of the page).
///
/// A build collects them in its parallel stage, one set per run of consecutive pages, each
/// page as it is written; the sets are then joined in page order (`append`). So no page's text
/// is read twice and the bodies are never all turned into text at the end.
struct SearchPostings: Sendable {
    /// 32 bits: room for a billion pages, half the memory of `Int` at 100,000 pages.
    private(set) var byTerm: [String: [UInt32]] = [:]

    init() {}

    /// Page `index` of `catalog`, whose body is `text` as plain text (`HTMLText.plain`). Pages
    /// are added in ascending order.
    mutating func add(page index: Int, of catalog: Catalog, text: String) {
        let page = catalog[index]
        var fields: [String: SearchIndex.Field] = Dictionary(minimumCapacity: 256)
        func add(_ text: String, _ field: SearchIndex.Field) {
            for term in SearchTerms.terms(in: text) where (fields[term]?.rawValue ?? 0) < field.rawValue {
                fields[term] = field
            }
        }
        add(text, .body)
        add(page.summary ?? "", .summary)
        add(page.frontMatter.tags.joined(separator: " "), .summary)
        for term in SearchTerms.titleTerms(in: page.title) { fields[term] = .title }
        self.add(page: index, fields: fields)
    }

    /// A page with its terms and where each stands.
    mutating func add(page index: Int, fields: [String: SearchIndex.Field]) {
        for (term, field) in fields { byTerm[term, default: []].append(UInt32(index) << 2 | UInt32(field.rawValue)) }
    }

    /// The postings of pages that all come after this set's.
    mutating func append(_ later: SearchPostings) {
        if byTerm.isEmpty {
            byTerm = later.byTerm
            return
        }
        for (term, pages) in later.byTerm { byTerm[term, default: []].append(contentsOf: pages) }
    }
}
