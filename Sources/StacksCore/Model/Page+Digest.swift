extension Digest.Hasher {
    /// Every field of a page a rendering may read, each framed, in a fixed order: what a page
    /// key (`PageKeys`) holds of each page it reads. Not its Markdown (`body`, `bodyLine`):
    /// the parse and the resolve read them, and pages show their result, the resolved body,
    /// which the key holds apart. A test checks by `Mirror` that no other stored field of
    /// `Page` is left out.
    /// Read field by field, by index: a page handed over whole was copied (every field
    /// retained and released, for every page of the catalog, on every build).
    mutating func add(page index: Int, of pages: PageList) {
        add("page")
        add(pages[index].kind.rawValue)
        add(pages[index].path.language)
        add(pages[index].path.count)
        for destination in pages[index].path.destinations {
            add(destination.isCategory ? 1 : 0)
            add(destination.slug)
        }
        add(pages[index].url)
        if let fallback = pages[index].fallback {
            add(1)
            add(fallback.tag)
            add(fallback.name)
            add(fallback.folder)
        } else {
            add(0)
        }
        add(optional: pages[index].source)
        add(pages[index].sourceDirectory)
        // The front matter and the headings field by field, as the memos write them
        // (`MemoBytesSink`): written out first and then digested, they were most of a key.
        frontMatter(pages[index].frontMatter)
        headings(pages[index].headings)
        add(pages[index].title)
        add(optional: pages[index].summary)
        add(pages[index].picture ?? -1)
        add(pages[index].parent ?? -1)
        add(pages[index].children.count)
        for child in pages[index].children { add(child) }
    }
}
