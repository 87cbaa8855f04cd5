/// What one record file's pages (a run of `SearchIndex.recordsPerFile`, `SearchIndex.pages(inRecordFile:)`) give the
/// site search — their records, their texts' starts and their postings — and the digest of
/// everything those are made from, so that a later build whose run digests the same takes them
/// from `MemoFile` instead of reading the pages' text again.
struct SearchRun {
    /// The written pages of the run that have a record (the home has none).
    var pages: [Int]
    /// What the records say (each page's number and `SearchIndex.RecordFields`), the bodies'
    /// digests (`PageKeys.bodies`) and the language's folder: all that the records, the texts
    /// and the postings read. Made without writing the records, which a run kept as it was
    /// does not need.
    var key: Digest
}

extension SiteRenderer {
    /// Record file `file`'s run; nil when none of its pages has a record.
    func searchRun(file: Int, bodies: [Digest]) -> SearchRun? {
        let catalog = site.catalog
        let pages = recordPages(file: file)
        guard !pages.isEmpty else { return nil }
        var hasher = Digest.Hasher()
        hasher.add("search run")
        hasher.add(languagePrefix)
        hasher.add(pages.count)
        for index in pages {
            hasher.add(index)
            SearchIndex.RecordFields(of: index, in: catalog, portable: config.portable).add(to: &hasher)
            hasher.add(index < bodies.count ? bodies[index] : Digest(of: []))
        }
        return SearchRun(pages: pages, key: hasher.finish())
    }

    /// The run's record file.
    func searchRecords(of run: SearchRun) -> [UInt8] {
        var records: [UInt8] = []
        for index in run.pages { records += SearchIndex.record(of: index, in: site.catalog, portable: config.portable) }
        return records
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
