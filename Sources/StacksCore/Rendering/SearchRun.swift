/// What one record file's pages (a run of `SearchIndex.recordsPerFile`, `SearchIndex.pages(inRecordFile:)`) give the
/// site search — their records, their texts' starts and their postings — and the digest of
/// everything those are made from, so that a later build whose run digests the same takes them
/// from `MemoFile` instead of reading the pages' text again.
struct SearchRun {
    /// The written pages of the run that have a record (the home has none).
    var pages: [Int]
    /// What the records, the texts and the postings read: each page's number, its key and
    /// the titles above it, the bodies' digests (`PageKeys`), the language's folder and
    /// whether URLs are portable.
    var key: Digest
}

extension SiteRenderer {
    /// Record file `file`'s run; nil when none of its pages has a record. Its key is made of
    /// the page keys (`PageKeys`): each page's digest holds every field of the page a record
    /// reads (its kind, title, summary, tags, path and URL), and the titles of the pages above
    /// it are added, which its record names; without making any record.
    func searchRun(file: Int, keys: PageKeys) -> SearchRun? {
        let catalog = site.catalog
        let pages = recordPages(file: file)
        guard !pages.isEmpty else { return nil }
        var hasher = Digest.Hasher()
        hasher.add("search run")
        hasher.add(languagePrefix)
        hasher.add(config.portable ? 1 : 0)
        hasher.add(pages.count)
        for index in pages {
            hasher.add(index)
            hasher.add(keys.pages[index])
            var above = catalog[index].parent
            while let parent = above {
                hasher.add(catalog[parent].listTitle)
                above = catalog[parent].parent
            }
            hasher.add(-1)
            hasher.add(index < keys.bodies.count ? keys.bodies[index] : Digest(of: []))
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
    /// `bodies`: the pages' bodies already read (`PageInput.body`), by page index.
    func searchTexts(of run: SearchRun, into postings: inout SearchPostings, bodies: [Int: String] = [:]) -> [UInt8] {
        var texts: [UInt8] = []
        for index in run.pages {
            let text = HTMLText.plain(bodies[index] ?? (index < site.bodies.count ? site.bodies[index] : ""))
            postings.add(page: index, of: site.catalog, text: text)
            texts += SearchIndex.snippetSource(of: index, text: text)
        }
        return texts
    }
}
