/// The site search's index, in small scripts the search loads as it needs them, so the first
/// query of a large site loads a few tens of kilobytes, not the whole catalog:
///
/// - `_stacks/search/index.js`: the terms shards there are (their keys), the files they are
///   gathered in, and the page count.
/// - `_stacks/search/terms/<key>.js`: shards in key order, the first one's key naming the file
///   (a large shard alone, small ones together, `fileLimit`). A shard holds every
///   term that starts with its key, each with its postings: page numbers (catalog indices)
///   with where the term stands on the page; and the groups of forms those terms are in
///   (`archive`, `archived`, `archiving`: the words the site uses with one stem in its
///   language), so the script needs no stemmer. A key is a term's first two characters,
///   longer where a shard would be too large.
/// - `_stacks/search/pages/<n>.js`: what a result shows of pages `32n` to `32n + 31` — title,
///   URL from the root, breadcrumb titles and summary — loaded only for the results shown.
/// - `_stacks/search/texts/<n>.js`: the start of the same pages' text, for the snippet of a
///   result found by a word of its text only.
///
/// Records share files in catalog order, because the results a query shows of its weakest
/// kind (words of page texts) tie, and stand near each other in that order; and a site of ten
/// thousand pages should not be twenty thousand files.
///
/// Each file is a script that hands its JSON to `window.stacksSearch` (`index`, `terms`,
/// `page`), so the search works from disk (portable mode) too, where nothing can be fetched
/// but a script can be loaded. The JSON comes from `JSONWriter`, which escapes `<`, `>`, `&`,
/// U+2028 and U+2029: nothing a page says can end the script or the call.
struct SearchIndex {
    /// Where a term stands on a page, its weight in a posting: the best of them counts.
    enum Field: Int {
        case body = 1, summary = 2, title = 3
    }

    static let folder = Theme.siteFolder + "/search"
    static let indexPath = folder + "/index.js"
    /// The term shards' folder: their names come from the words, known once every page is read.
    static let termsFolder = folder + "/terms"
    /// A terms shard larger than this is split by a longer key (one term's postings are never split).
    static let defaultShardLimit = 16_000
    /// The text a page's snippet source keeps, in UTF-8 bytes; the index holds every word.
    /// (A file of thirty-two is then at most 48 KB: a query for a rare word of page texts loads
    /// two at most, and shows the other results' summaries.)
    static let snippetSourceLimit = 1_500
    static let maximumKeyLength = 6

    /// Every term with its postings.
    private let byTerm: [String: PackedPostings]
    /// The groups of terms that share a stem, each sorted, and the group of each term in one.
    private let formGroups: [[String]]
    private let formGroupOfTerm: [String: Int]
    private let records: [(page: Int, bytes: [UInt8])]
    private let pageCount: Int
    /// Pages numbered below it are the catalog's, with snippet sources; the others (tag pages),
    /// from `firstExtraPage(after:)` on, have none.
    private let catalogPages: Int
    /// The catalog's languages (`languages:`), each with its own index, which the script
    /// searches too when the reader asks; empty with one language.
    var languages: [Translations.Language] = []
    let shardLimit: Int

    /// A page of the site that is not in the catalog (a tag page): found by its title and summary.
    struct ExtraPage {
        var kind: String
        var title: String
        /// The titles of the pages on its stack path, itself last, as a catalog page's record
        /// has them (the script shows all but the last as the hit's breadcrumbs).
        var path: [String]
        var summary: String?
        /// From the root.
        var url: String
    }

    /// Every page's words read from `bodies` (`stacks serve`). `extra` pages are numbered
    /// after the catalog's.
    init(catalog: Catalog, bodies: PageBodies, extra: [ExtraPage] = [], language: String = "en",
         shardLimit: Int = Self.defaultShardLimit) {
        var postings = SearchPostings()
        for index in catalog.pages.indices.dropFirst() where catalog[index].isWritten {
            postings.add(page: index, of: catalog, text: index < bodies.count ? HTMLText.plain(bodies[index]) : "")
        }
        self.init(catalog: catalog, postings: postings, extra: extra, language: language, shardLimit: shardLimit)
    }

    /// The index of pages whose words are already in `postings`. The catalog's pages' records
    /// are files of their own (`SiteRenderer.searchRecords(file:)`, `SiteManifest.Producer.searchRecords`):
    /// only the records of `extra` pages are kept, numbered from `firstExtraPage(after:)`.
    /// `language` (BCP 47) picks the stemmer that groups the terms' forms; a language Snowball
    /// has no stemmer for gives none.
    init(catalog: Catalog, postings: consuming SearchPostings, extra: [ExtraPage] = [], language: String = "en",
         shardLimit: Int = Self.defaultShardLimit) {
        self.shardLimit = shardLimit
        records = Self.add(extra, from: Self.firstExtraPage(after: catalog.pages.count), to: &postings)
        let byTerm = postings.packedByTerm()
        self.byTerm = byTerm
        formGroups = SearchStemmer(language: language).map { Self.formGroups(of: byTerm.keys, stemmer: $0) } ?? []
        var formGroupOfTerm: [String: Int] = [:]
        for (number, group) in formGroups.enumerated() { for term in group { formGroupOfTerm[term] = number } }
        self.formGroupOfTerm = formGroupOfTerm
        pageCount = max(0, catalog.pages.count - 1) + extra.count
        catalogPages = catalog.pages.count
    }

    /// How many forms a group has at most: a stem with more is a stem of words that hardly
    /// mean one thing.
    static let maximumForms = 12

    /// The terms of `terms` that share a stem, in groups of two or more, each sorted, the
    /// groups by their first term. Only words of letters (not numbers, not a title's whole
    /// term with its symbols, not single Chinese or Japanese characters) of three letters or
    /// more have forms.
    static func formGroups(of terms: some Collection<String>, stemmer: SearchStemmer) -> [[String]] {
        var byStem: [String: [String]] = [:]
        for term in terms where term.utf8.count >= 3 {
            let scalars = term.unicodeScalars
            guard scalars.allSatisfy({ SearchTerms.isWordScalar($0) && !SearchTerms.isIdeograph($0) }),
                  scalars.contains(where: { !("0"..."9").contains($0) }) else { continue }
            byStem[stemmer.stem(term), default: []].append(term)
        }
        return byStem.values.filter { (2...maximumForms).contains($0.count) }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// `term`'s other forms the site uses (the terms with its stem), sorted.
    func forms(of term: String) -> [String] {
        formGroupOfTerm[term].map { formGroups[$0].filter { $0 != term } } ?? []
    }

    /// A group of forms as a shard writes it: the forms' common start, `|`, and how each form
    /// ends after it (`archiv|e,ed,ing`). Forms are letters only, so neither sign is in one.
    static func encoded(group: [String]) -> String {
        var common = group[0].unicodeScalars.count
        for form in group.dropFirst() {
            common = min(common, zip(group[0].unicodeScalars, form.unicodeScalars).prefix(while: { $0 == $1 }).count)
        }
        let start = String(String.UnicodeScalarView(group[0].unicodeScalars.prefix(common)))
        return start + "|" + group.map { String(String.UnicodeScalarView($0.unicodeScalars.dropFirst(common))) }.joined(separator: ",")
    }

    /// The terms the index holds.
    var terms: Dictionary<String, PackedPostings>.Keys { byTerm.keys }

    /// A term's postings as its shard lists them: each `(page - previous page) << 2 | field`,
    /// small numbers for common terms; a title's followed by what else its rank says (bit 0 its
    /// first word or whole, bits 1– its number of words), which only titles need.
    static func shardValues(of postings: PackedPostings) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(postings.count)
        // The packed list holds the same distances.
        postings.forEachDistance { distance, rank in
            values.append(Int(distance) << 2 | Int(rank & 3))
            if Int(rank & 3) == SearchIndex.Field.title.rawValue { values.append(Int(rank >> 2)) }
        }
        return values
    }

    /// The postings of `term`: `page << SearchRank.bits | rank`, pages ascending.
    func postings(of term: String) -> [Int]? {
        byTerm[term]?.postings.map(Int.init)
    }

    /// The extra pages' terms added to `postings`, and their records.
    private static func add(_ extra: [ExtraPage], from first: Int, to postings: inout SearchPostings) -> [(page: Int, bytes: [UInt8])] {
        var records: [(page: Int, bytes: [UInt8])] = []
        for (offset, page) in extra.enumerated() {
            let index = first + offset
            var fields: [String: Field] = [:]
            for term in SearchTerms.terms(in: page.summary ?? "") { fields[term] = .summary }
            for term in SearchTerms.titleTerms(in: page.title) { fields[term] = .title }
            postings.add(page: index, fields: fields)
            var json = JSONWriter(capacity: 256)
            json.raw("window.stacksSearch.page(")
            json.string(String(index))
            json.raw(",")
            json.beginObject()
            json.member("kind", page.kind)
            json.member("path", page.path)
            json.member("summary", page.summary)
            json.member("title", page.title)
            json.member("url", page.url)
            json.endObject()
            json.raw(");\n")
            records.append((index, json.bytes))
        }
        return records
    }

    /// What a result shows of page `index` (not the home page), but its text: its record's
    /// script.
    static func record(of index: Int, in catalog: Catalog, portable: Bool) -> [UInt8] {
        let fields = RecordFields(of: index, in: catalog, portable: portable)
        var json = JSONWriter(capacity: 320)
        json.raw("window.stacksSearch.page(")
        json.string(String(index))
        json.raw(",")
        json.beginObject()
        json.member("kind", fields.kind)
        json.member("path", fields.path)
        json.member("summary", fields.summary)
        json.member("tags", fields.tags)
        json.member("title", fields.title)
        json.member("url", fields.url)
        json.endObject()
        json.raw(");\n")
        return json.bytes
    }

    /// What page `index`'s record says, besides its number: all `record(of:in:portable:)`
    /// writes. A run's key (`SiteRenderer.searchRun`) stands for them through the page keys.
    struct RecordFields {
        var kind: String
        var path: [String]
        var summary: String?
        var tags: [String]
        var title: String
        var url: String

        init(of index: Int, in catalog: Catalog, portable: Bool) {
            let page = catalog[index]
            kind = page.kind.rawValue
            path = catalog.chain(to: index).dropFirst().map { catalog[$0].listTitle }
            summary = page.summary
            tags = page.frontMatter.tags
            title = page.title
            url = RelativeURL.page(page.path, fromDepth: 0, portable: portable)
        }
    }

    /// The start of page `index`'s text (`HTMLText.plain` of its body), for the snippet of a
    /// result found by a word of its text: a script, or nothing when the page has no text.
    static func snippetSource(of index: Int, text: String) -> [UInt8] {
        guard !text.isEmpty else { return [] }
        var json = JSONWriter(capacity: min(text.utf8.count, snippetSourceLimit) + 48)
        json.raw("window.stacksSearch.text(")
        json.string(String(index))
        json.raw(",")
        json.string(Self.prefix(of: text, bytes: Self.snippetSourceLimit))
        json.raw(");\n")
        return json.bytes
    }

    /// How many pages' records share a file, and their snippet sources another. Thirty-two: a
    /// file of records is about 9 KB (3 KB compressed), so the ten results a query shows load
    /// 90 KB at most and mostly far less (results in catalog order share files), and a file of
    /// snippet sources 48 KB at most, loaded only for results found by a word of their text
    /// (which tie, and stand in catalog order: mostly one file), while the site has two files
    /// for thirty-two pages: with the term files, the search adds less than a tenth of a file
    /// per page.
    static let recordsPerFile = 32

    /// The record file that holds page `index`'s record.
    static func recordFile(of index: Int) -> Int { index / recordsPerFile }

    /// The catalog's pages (of `pages`) that record file `file` stands for, the home among them
    /// for file 0 (it has no record): the pages a build renders with that file.
    static func pages(inRecordFile file: Int, ofCatalogPages pages: Int) -> Range<Int> {
        min(file * recordsPerFile, pages)..<min((file + 1) * recordsPerFile, pages)
    }

    /// How many record files the catalog's pages (`pages` of them, the home's without a record)
    /// fill: the files `0..<count`. Pages of the site after the catalog's (the tag pages) start
    /// a file of their own (`firstExtraPage(after:)`).
    static func recordFiles(ofCatalogPages pages: Int) -> Int {
        pages > 1 ? (pages + recordsPerFile - 1) / recordsPerFile : 0
    }

    /// The number of the first page after a catalog of `pages` pages: the start of a record
    /// file, so that no file holds both the catalog's records and others.
    static func firstExtraPage(after pages: Int) -> Int {
        recordFiles(ofCatalogPages: pages) * recordsPerFile
    }

    /// Where record file `file` is written, under the output root.
    static func recordFilePath(_ file: Int) -> String { "\(recordsFolder)/\(file).js" }

    /// Where the snippet sources of record file `file`'s pages are written.
    static func textFilePath(_ file: Int) -> String { "\(textsFolder)/\(file).js" }

    static let recordsFolder = folder + "/pages"
    static let textsFolder = folder + "/texts"

    /// The record file a path names (`recordFilePath(_:)` undone); `nil` for any other path.
    static func recordFileNumber(_ path: String) -> Int? { fileNumber(path, in: recordsFolder) }

    /// The snippet sources' file a path names (`textFilePath(_:)` undone); `nil` for any other path.
    static func textFileNumber(_ path: String) -> Int? { fileNumber(path, in: textsFolder) }

    private static func fileNumber(_ path: String, in folder: String) -> Int? {
        let prefix = folder + "/"
        guard path.hasPrefix(prefix), path.hasSuffix(".js") else { return nil }
        let digits = path.utf8.dropFirst(prefix.utf8.count).dropLast(3)
        // Spelled as `recordFilePath(_:)` spells it: no sign, no leading zero.
        guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ (48...57).contains($0) }),
              digits.first != 48 || digits.count == 1 else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The shards' keys, each with its terms, sorted.
    var shards: [(key: String, terms: [String])] {
        var shards: [(key: String, terms: [String])] = []
        func place(_ terms: [String], key: String, length: Int) {
            let size = terms.reduce(0) { $0 + cost($1) }
            if size <= shardLimit || length >= Self.maximumKeyLength {
                shards.append((key, terms))
                return
            }
            // The term that is the key itself stays; the others go one character deeper.
            let (own, longer) = (terms.filter { $0.unicodeScalars.count == length }, terms.filter { $0.unicodeScalars.count > length })
            if !own.isEmpty { shards.append((key, own)) }
            for (deeper, group) in Self.grouped(longer, length: length + 1) { place(group, key: deeper, length: length + 1) }
        }
        for (key, group) in Self.grouped(byTerm.keys.sorted(), length: 2) {
            place(group, key: key, length: key.unicodeScalars.count)
        }
        return shards.sorted { $0.key < $1.key }
    }

    /// About the bytes `term` takes in its shard. A term in a group of forms costs about its
    /// ending once more.
    private func cost(_ term: String) -> Int {
        term.utf8.count + 6 + byTerm[term]!.count * 3 + (formGroupOfTerm[term] == nil ? 0 : 5)
    }

    /// Terms by their first `length` characters (fewer for shorter terms), in order.
    private static func grouped(_ terms: [String], length: Int) -> [(String, [String])] {
        var groups: [String: [String]] = [:]
        for term in terms { groups[String(String.UnicodeScalarView(term.unicodeScalars.prefix(length))), default: []].append(term) }
        return groups.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted()) }
    }

    /// A key as a file name: `a`–`z` and digits as they are, any other character as `_hex_`
    /// (the script's `shardName`), so names are ASCII and differ in more than case.
    static func fileName(ofKey key: String) -> String {
        var name = ""
        for scalar in key.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else {
                name += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return name
    }

    func files() -> [SiteRenderer.OutputFile] {
        var files: [SiteRenderer.OutputFile] = []
        eachFile { files.append($0) }
        return files
    }

    /// The index's files, each handed to `body` as soon as it is made.
    func eachFile(_ body: (SiteRenderer.OutputFile) throws -> Void) rethrows {
        let shards = self.shards
        // The shards in files as they are made, one file held at a time (`fileLimit`);
        // `index.js`, which counts the files' keys, after them.
        var counts: [Int] = []
        var file: (first: Int, bytes: [UInt8]) = (0, [])
        // The shards' calls are made on all cores, a batch at a time: writing the postings'
        // digits was most of the index's time, on one core.
        var batch = 0
        while batch < shards.count {
            var end = batch, size = 0
            while end < shards.count, end - batch < Self.shardBatch, end == batch || size < Self.shardBatchBytes {
                size += shards[end].terms.reduce(0) { $0 + cost($1) }
                end += 1
            }
            let calls = Parallel.mapBlocking(batch..<end) { shardBytes(shards[$0]) }
            for (number, call) in zip(batch..., calls) {
                if number > file.first, file.bytes.count + call.count > fileLimit {
                    try body(.init(path: Self.termsFilePath(ofKey: shards[file.first].key), bytes: file.bytes))
                    counts.append(number - file.first)
                    file = (number, [])
                }
                file.bytes += call
            }
            batch = end
        }
        if !shards.isEmpty {
            try body(.init(path: Self.termsFilePath(ofKey: shards[file.first].key), bytes: file.bytes))
            counts.append(shards.count - file.first)
        }
        var index = JSONWriter()
        index.raw("window.stacksSearch.index(")
        index.beginObject()
        index.member("catalogPages", catalogPages)
        index.member("keys", shards.map(\.key))
        index.member("files", counts)
        index.member("pages", pageCount)
        index.member("recordsPerFile", Self.recordsPerFile)
        if languages.count > 1 {
            index.key("languages")
            index.beginArray()
            for language in languages {
                index.beginObject()
                index.member("folder", language.folder)
                index.member("tag", language.tag)
                index.member("name", language.name)
                if LanguageTag.direction(of: language.tag) == "rtl" { index.member("dir", "rtl") }
                index.endObject()
            }
            index.endArray()
        }
        index.endObject()
        index.raw(");\n")
        try body(.init(path: Self.indexPath, bytes: index.bytes))
        try eachRecordFile(body)
    }

    /// The extra pages' record files.
    private func eachRecordFile(_ body: (SiteRenderer.OutputFile) throws -> Void) rethrows {
        var file: (number: Int, bytes: [UInt8])?
        for record in records {
            let number = Self.recordFile(of: record.page)
            if let last = file, last.number != number { try body(.init(path: Self.recordFilePath(last.number), bytes: last.bytes)) }
            if file?.number != number { file = (number, []) }
            file!.bytes += record.bytes
        }
        if let file { try body(.init(path: Self.recordFilePath(file.number), bytes: file.bytes)) }
    }

    /// One shard's call: its key, its terms with their postings, and the groups of forms they
    /// are in, each whole (a group's other forms may be in other shards).
    private func shardBytes(_ shard: (key: String, terms: [String])) -> [UInt8] {
        var json = JSONWriter(capacity: 1_024)
        json.raw("window.stacksSearch.terms(")
        json.string(shard.key)
        json.raw(",")
        json.beginObject()
        for term in shard.terms {
            json.member(term, Self.shardValues(of: byTerm[term]!))
        }
        json.endObject()
        var groups: [Int] = []
        for term in shard.terms { if let group = formGroupOfTerm[term], !groups.contains(group) { groups.append(group) } }
        if !groups.isEmpty {
            json.raw(",")
            json.beginArray()
            for group in groups { json.string(Self.encoded(group: formGroups[group])) }
            json.endArray()
        }
        json.raw(");\n")
        return json.bytes
    }

    /// How large a file of shards grows: shards in key order share a file up to one and a
    /// half `shardLimit` (24 KB, 8 compressed; a larger shard is alone). Most shards of a
    /// catalog are a few hundred bytes (`zo`, `zu`) or, split by a longer key, half the limit,
    /// and a file each would make a site hundreds of files more for little a query saves. A
    /// file is named by its first key; `index.js` says how many keys each file holds
    /// (`files`), in order.
    private var fileLimit: Int { shardLimit * 3 / 2 }

    /// How many shards' calls are made at once, and about how many bytes they take at most
    /// (more only for one shard alone): with a few common terms, 128 shards of a 100,000-item
    /// catalog were 24 MB more at the build's peak, and ten times that at a million items.
    private static let shardBatch = 128
    private static let shardBatchBytes = 2 << 20

    /// Where the terms file whose first shard has key `key` is written, under the output root.
    static func termsFilePath(ofKey key: String) -> String { "\(termsFolder)/\(fileName(ofKey: key)).js" }

    /// At most `bytes` of `text`, cut between scalars.
    static func prefix(of text: String, bytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let utf8 = Array(text.utf8)
        var end = limit
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }
}
