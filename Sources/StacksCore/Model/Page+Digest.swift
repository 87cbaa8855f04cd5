extension Digest.Hasher {
    /// Every field of a page a rendering may read, each framed, in a fixed order: what a page
    /// key (`PageKeys`) holds of each page it reads. Not its Markdown (`body`, `bodyLine`):
    /// the parse and the resolve read them, and pages show their result, the resolved body,
    /// which the key holds apart. A test checks by `Mirror` that no other stored field of
    /// `Page` is left out.
    mutating func add(_ page: Page) {
        add("page")
        add(page.kind.rawValue)
        add(page.path.language)
        add(page.path.count)
        for destination in page.path.destinations {
            add(destination.isCategory ? 1 : 0)
            add(destination.slug)
        }
        add(page.url)
        if let fallback = page.fallback {
            add(1)
            add(fallback.tag)
            add(fallback.name)
            add(fallback.folder)
        } else {
            add(0)
        }
        add(optional: page.source)
        add(page.sourceDirectory)
        // The front matter and the headings as the memos write them (`MemoBytesWriter`).
        var written = MemoBytesWriter()
        written.frontMatter(page.frontMatter)
        written.headings(page.headings)
        add(written.bytes)
        add(page.title)
        add(optional: page.summary)
        add(page.picture ?? -1)
        add(page.parent ?? -1)
        add(page.children.count)
        for child in page.children { add(child) }
    }
}
