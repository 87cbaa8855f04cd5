/// What one record file's pages (a run of `SearchIndex.recordsPerFile`, `SearchIndex.pages(inRecordFile:)`) give the
/// site search — their records, their texts' starts and their postings — and the digest of
/// everything those are made from, so that a later build whose run digests the same takes them
/// from `MemoFile` instead of reading the pages' text again.
struct SearchRun {
    /// The written pages of the run that have a record (the home has none).
    var pages: [Int]
    /// The record file's bytes.
    var records: [UInt8]
    /// The records (each page's number, kind, path, title, summary, tags and URL), the bodies'
    /// digests (`PageKeys.bodies`) and the language's folder: all that the records, the texts
    /// and the postings read.
    var key: Digest
}

extension SiteRenderer {
    /// Record file `file`'s run; nil when none of its pages has a record.
    func searchRun(file: Int, bodies: [Digest]) -> SearchRun? {
        let catalog = site.catalog
        let pages = recordPages(file: file)
        guard !pages.isEmpty else { return nil }
        var records: [UInt8] = []
        var hasher = Digest.Hasher()
        hasher.add("search run")
        hasher.add(languagePrefix)
        for index in pages {
            records += SearchIndex.record(of: index, in: catalog, portable: config.portable)
            hasher.add(index < bodies.count ? bodies[index] : Digest(of: []))
        }
        hasher.add(records)
        return SearchRun(pages: pages, records: records, key: hasher.finish())
    }

    /// The run's texts' starts (the snippet sources' file), its pages' words added to `postings`.
    func searchTexts(of run: SearchRun, into postings: inout SearchPostings) -> [UInt8] {
        var texts: [UInt8] = []
        for index in run.pages {
            let text = HTMLText.plain(index < site.bodies.count ? site.bodies[index] : "")
            postings.add(page: index, of: site.catalog, text: text)
            texts += SearchIndex.snippetSource(of: index, text: text)
        }
        return texts
    }
}
