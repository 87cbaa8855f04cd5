/// Which page of an earlier catalog is which page of a later one: the page with the same path.
struct CatalogCorrespondence {
    /// By index in the new catalog.
    let oldIndex: [Int?]

    // Pages are read through buffer pointers in these passes over the whole catalog: the
    // array's subscript would copy each page (and retain its every field) to read one field.

    init(old: Catalog, new: Catalog) {
        oldIndex = old.pages.withUnsafeBufferPointer { oldPages in
            new.pages.withUnsafeBufferPointer { newPages in
                if oldPages.count == newPages.count, oldPages.indices.allSatisfy({ oldPages[$0].path == newPages[$0].path }) {
                    return Array(newPages.indices)
                }
                var byPath: [StackPath: Int] = [:]
                byPath.reserveCapacity(oldPages.count)
                for index in oldPages.indices { byPath[oldPages[index].path] = index }
                return newPages.indices.map { byPath[newPages[$0].path] }
            }
        }
    }

    /// For each page of `new`: whether its list entry renders as its counterpart's did, that
    /// is, whether it says the same of itself, its body aside.
    static func sameEntries(_ old: Catalog, _ new: Catalog, counterparts: [Int?]) -> [Bool] {
        old.pages.withUnsafeBufferPointer { oldPages in
            new.pages.withUnsafeBufferPointer { newPages in
                newPages.indices.map { index in
                    guard let old = counterparts[index] else { return false }
                    return oldPages[old].kind == newPages[index].kind && oldPages[old].path == newPages[index].path
                        && oldPages[old].title == newPages[index].title
                        && oldPages[old].summary == newPages[index].summary
                        && oldPages[old].frontMatter == newPages[index].frontMatter
                        && oldPages[old].source == newPages[index].source
                        && oldPages[old].sourceDirectory == newPages[index].sourceDirectory
                        // A category's entry shows how many entries it holds.
                        && (newPages[index].kind != .category || oldPages[old].children.count == newPages[index].children.count)
                }
            }
        }
    }

    /// Whether every sidebar renders alike: the same categories, in the same order, alike.
    static func sameCategoryTree(_ old: Catalog, _ new: Catalog, counterparts: [Int?], sameEntries: [Bool]) -> Bool {
        let oldCategories = old.pages.indices.filter { old.pages[$0].kind != .item }
        let newCategories = new.pages.indices.filter { new.pages[$0].kind != .item }
        guard oldCategories.count == newCategories.count else { return false }
        for (oldIndex, newIndex) in zip(oldCategories, newCategories) {
            guard counterparts[newIndex] == oldIndex, sameEntries[newIndex],
                  old.categoryChildren(of: oldIndex).map({ old.pages[$0].path })
                    == new.categoryChildren(of: newIndex).map({ new.pages[$0].path })
            else { return false }
        }
        return true
    }
}
