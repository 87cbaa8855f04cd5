import Foundation

extension TagIndex {
    /// The most pages whose titles may change for `reordered` to be quicker than a new index.
    static let reorderLimit = 64

    /// This index (made from `old`) as `TagIndex(new)` would make it, when what changed is
    /// only the titles or URLs of a few tagged pages: each such page is taken out of its tags'
    /// lists and put back where its new title sorts. `nil` when anything else changed (tags,
    /// names at the root, which pages have tags), or too much: then the index is made anew.
    func reordered(from old: Inputs, to new: Inputs) -> TagIndex? {
        guard old.claims == new.claims, old.tagged.count == new.tagged.count else { return nil }
        var changed: [Int] = []
        for position in new.tagged.indices {
            let before = old.tagged[position], after = new.tagged[position]
            guard before.index == after.index, before.tags == after.tags else { return nil }
            if before.listTitle != after.listTitle || before.url != after.url {
                changed.append(position)
                if changed.count > Self.reorderLimit { return nil }
            }
        }
        return reordered(changing: changed, in: new)
    }

    /// This index as `TagIndex(new)` would make it, when `new` differs from the inputs it was
    /// made from only in the titles or URLs of the tagged pages at `changed` (positions in
    /// `new.tagged`); `nil` when they are too many.
    func reordered(changing changed: [Int], in new: Inputs) -> TagIndex? {
        guard changed.count <= Self.reorderLimit else { return nil }
        guard !changed.isEmpty else { return self }
        // Where each tagged page is in `new.tagged`, by catalog index, for the pages compared.
        var place: [Int: Int] = [:]
        func position(of page: Int) -> Int {
            if let known = place[page] { return known }
            // `tagged` is in catalog order: a binary search finds a page.
            var low = 0, high = new.tagged.count
            while low < high {
                let middle = (low + high) / 2
                if new.tagged[middle].index < page { low = middle + 1 } else { high = middle }
            }
            place[page] = low
            return low
        }
        var folded: [Int: String] = [:]
        func key(_ page: Int) -> (String, String) {
            let tagged = new.tagged[position(of: page)]
            let title = folded[page] ?? SortKey.fold(tagged.listTitle)
            folded[page] = title
            return (title, tagged.url)
        }
        // Every changed page out of its tags' lists first, so that each list is in order when
        // a page is put back.
        var moved: [Int: [Int]] = [:]
        for position in changed {
            let page = new.tagged[position].index
            for slug in Set(new.tagged[position].tags.compactMap { Slug.make($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                guard let tag = positions[slug] else { return nil }
                moved[tag, default: []].append(page)
            }
        }
        var index = self
        for (tag, pages) in moved {
            var list = index.tags[tag].pages
            let leaving = Set(pages)
            list.removeAll { leaving.contains($0) }
            guard list.count + pages.count == index.tags[tag].pages.count else { return nil }
            for page in pages {
                let wanted = key(page)
                var low = 0, high = list.count
                while low < high {
                    let middle = (low + high) / 2
                    if key(list[middle]) < wanted { low = middle + 1 } else { high = middle }
                }
                list.insert(page, at: low)
            }
            index.tags[tag].pages = list
        }
        return index
    }
}
