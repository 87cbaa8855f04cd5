extension TagIndex.Inputs {
    /// Makes these inputs, read from a catalog whose pages were `earlier` and whose files
    /// were `earlierAssets`, those of `catalog`, reading only the pages of the chunks the two
    /// lists of pages do not share (`PageList.indices(differingFrom:)`): the preview's catalog
    /// after an edit shares all the others. Returns the positions in `tagged` whose title or
    /// URL changed (for `TagIndex.reordered(changing:in:)`); `nil`, leaving the inputs as they
    /// were, when a page read there may change more than that (its place, source, tags or
    /// aliases, so the names claimed at the root), or the catalog's files or size differ: then
    /// the inputs are made anew.
    ///
    /// At 100,000 pages, making the inputs anew and letting go of the last ones was a third of
    /// a rebuild of the preview: every page is read, in memory far apart.
    mutating func patch(from earlier: PageList, earlierAssets: [Asset], to catalog: Catalog) -> [Int]? {
        guard earlierAssets == catalog.assets, let ranges = catalog.pages.indices(differingFrom: earlier) else { return nil }
        if ranges.contains(where: { $0.contains(Catalog.rootIndex) }),
           earlier[Catalog.rootIndex].children != catalog.pages[Catalog.rootIndex].children {
            return nil
        }
        var updates: [(position: Int, listTitle: String, url: String)] = []
        for range in ranges {
            for index in range {
                let before = earlier[index], after = catalog.pages[index]
                guard before.path == after.path, before.source == after.source, before.sourceDirectory == after.sourceDirectory,
                      before.frontMatter.tags == after.frontMatter.tags, before.frontMatter.aliases == after.frontMatter.aliases
                else { return nil }
                guard index != Catalog.rootIndex, !after.frontMatter.tags.isEmpty,
                      before.listTitle != after.listTitle || before.url != after.url else { continue }
                // `tagged` is in catalog order: a binary search finds the page.
                var low = 0, high = tagged.count
                while low < high {
                    let middle = (low + high) / 2
                    if tagged[middle].index < index { low = middle + 1 } else { high = middle }
                }
                guard low < tagged.count, tagged[low].index == index else { return nil }
                updates.append((low, after.listTitle, after.url))
            }
        }
        for update in updates {
            tagged[update.position].listTitle = update.listTitle
            tagged[update.position].url = update.url
        }
        return updates.map(\.position)
    }
}
