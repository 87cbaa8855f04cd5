/// What each catalog page reads, digested without making its input (`PageInput`): a build in
/// place keeps a page whose key is the one it recorded, so after an edit it makes the inputs of
/// the pages the edit reached only, not of every page.
///
/// A page reads the site's settings, the pages on its stack path (titles, URLs, places in
/// their parents' lists, bodies: the list it shows has its owner's introduction), the lists of
/// those pages (the content column, sub-items), its sidebar (the tree of categories), its
/// neighbours' links and its translations. Each of those is digested once per build from the
/// pages' fields (`site`, `pages`, `bodies`, `lists`, `tree`), without drawing a list or a
/// sidebar, and a page's key joins the ones it reads. Equal keys, equal inputs: a test edits
/// catalogs in many ways and checks every page whose key stayed the same has the same input
/// digest, so a read left out of the key fails it.
///
/// The home's overview reads the largest categories' rows: the tree holds them. Tag pages and
/// most files beside the pages have keys of the same kind (below).
struct PageKeys: Sendable {
    /// The theme, the configuration, the assets and the tags' URLs: what any page may read.
    let site: Digest
    /// Each page's fields (`Digest.Hasher.add(_: Page)`) with its index, by index.
    let pages: [Digest]
    /// Each page's resolved body, by index (the search runs' keys read them too).
    let bodies: [Digest]
    /// Each list a page shows, by its owner: its owner's fields and body (its introduction)
    /// and its entries' fields, which is all its rows read. Not the drawn rows: a build then
    /// draws only the lists of the pages it makes.
    let lists: [Int: Digest]
    /// The fields of the home and of every category: all a sidebar reads, whatever its selection.
    let tree: Digest
    /// The fields of every page: what the files about the whole catalog read (`key(of:keys:)`
    /// for an extra).
    let catalog: Digest
    /// Every file of the theme: what its published files read, with the site's settings.
    let theme: Digest
    /// Each tag's pages, by the tag's place in the index: each page's fields and its parent's
    /// (its row, and the row's place in its parent's list). Every page of a tag's list reads
    /// them all: digested once, not once per page of the list (a tag of 2,000 pages in lists
    /// of 50 hashed its 4,000 digests 40 times).
    let tags: [Digest]
}

extension SiteRenderer {
    /// Every page's and part's digest, on all cores.
    func pageKeys(theme: Theme) async -> PageKeys {
        let catalog = site.catalog
        var hasher = Digest.Hasher()
        hasher.add("site")
        hasher.add(templates.digest)
        hasher.add(config)
        hasher.add(catalog.assets.count)
        for asset in catalog.assets {
            hasher.add(asset.source)
            hasher.add(asset.output)
            hasher.add(asset.file)
            hasher.add(asset.imageSize.map { "\($0.width)x\($0.height)" } ?? "")
            hasher.add(asset.isPlainPicture ? 1 : 0)
        }
        hasher.add(tagIndex.folder)
        hasher.add(tagIndex.language)
        hasher.add(tagIndex.tags.count)
        for tag in tagIndex.tags { hasher.add(tag.slug) }
        hasher.add(translations == nil ? 0 : 1)
        let siteDigest = hasher.finish()

        let digests: [(page: Digest, body: Digest)] = await Parallel.map(0..<catalog.pages.count) { [self] index in
            var hasher = Digest.Hasher()
            hasher.add(index)
            hasher.add(page: index, of: catalog.pages)
            return (page: hasher.finish(), body: site.bodies.digest(index))
        }
        let owners = catalog.pages.indices.filter { Self.isListOwner($0, in: catalog) }
        var lists: [Int: Digest] = [:]
        lists.reserveCapacity(owners.count)
        for owner in owners {
            var hasher = Digest.Hasher()
            hasher.add("list")
            hasher.add(digests[owner].page)
            hasher.add(digests[owner].body)
            for child in catalog[owner].children { hasher.add(digests[child].page) }
            lists[owner] = hasher.finish()
        }
        var tree = Digest.Hasher()
        tree.add("tree")
        for index in catalog.pages.indices where index == Catalog.rootIndex || catalog[index].kind == .category {
            tree.add(digests[index].page)
        }
        var all = Digest.Hasher()
        all.add("catalog")
        all.add(digests.count)
        for digest in digests { all.add(digest.page) }
        var themeFiles = Digest.Hasher()
        themeFiles.add("theme")
        for path in theme.files.keys.sorted() {
            themeFiles.add(path)
            themeFiles.add(theme.files[path]!)
        }
        let tags: [Digest] = await Parallel.map(tagIndex.tags.indices) { [self] position in
            var hasher = Digest.Hasher()
            hasher.add("tag's pages")
            hasher.add(tagIndex.tags[position].pages.count)
            for index in tagIndex.tags[position].pages {
                hasher.add(digests[index].page)
                if let parent = catalog[index].parent { hasher.add(digests[parent].page) } else { hasher.add(-1) }
            }
            return hasher.finish()
        }
        return PageKeys(site: siteDigest, pages: digests.map(\.page), bodies: digests.map(\.body), lists: lists, tree: tree.finish(),
                        catalog: all.finish(), theme: themeFiles.finish(), tags: tags)
    }

    /// The key of a page of the manifest; `nil` for a tag page in a catalog of several languages,
    /// whose input is made each time, and for what is not a page.
    func key(of producer: SiteManifest.Producer, keys: PageKeys) -> Digest? {
        switch producer {
        case .page(let index): key(of: index, listPage: 1, keys: keys)
        case .listPage(let category, let number): key(of: category, listPage: number, keys: keys)
        case .tagPage(let page): key(ofTagPage: page, keys: keys)
        case .searchRecords, .searchTexts, .asset, .image, .extra: nil
        }
    }

    /// A tag page's key: the tree (its sidebar), the tag's name, folder and pages, and each
    /// page's fields and its parent's (its row, and the row's place in its parent's list); for
    /// the tag index, every tag's name, folder and count. `nil` in a catalog of several
    /// languages, whose tag pages link to the other languages' homes.
    func key(ofTagPage page: TagPage, keys: PageKeys) -> Digest? {
        guard translations == nil else { return nil }
        let catalog = site.catalog
        var hasher = Digest.Hasher()
        hasher.add("tag page key")
        hasher.add(keys.site)
        hasher.add(keys.tree)
        hasher.add(catalog.pages.count)
        hasher.add(page.number)
        hasher.add(tagIndex.tags.count)
        guard let position = page.tag else {
            addTags(to: &hasher)
            return hasher.finish()
        }
        addTag(position, to: &hasher)
        hasher.add(keys.tags[position])
        return hasher.finish()
    }

    /// Page `index`'s key (part `listPage` of its list): everything `input(of:listPage:stamps:)` reads.
    func key(of index: Int, listPage: Int, keys: PageKeys) -> Digest {
        let catalog = site.catalog
        var hasher = Digest.Hasher()
        hasher.add("page key")
        hasher.add(keys.site)
        hasher.add(index)
        hasher.add(listPage)
        let path = catalog.pagesOnPath(of: index)
        hasher.add(path.count)
        for page in path {
            hasher.add(keys.pages[page])
            hasher.add(keys.bodies[page])
            hasher.add(keys.lists[page] ?? Digest(high: 0, low: 0))
        }
        // The sidebar: the tree, with the page's selection (which the path gives).
        hasher.add(keys.tree)
        // The neighbours' links: their titles and paths, in their fields.
        let (previous, next) = neighbours(of: index)
        for neighbour in [previous, next] {
            hasher.add(neighbour ?? -1)
            if let neighbour { hasher.add(keys.pages[neighbour]) }
        }
        if let translations {
            let position = config.languagePosition
            let (items, alternates) = translations.switcher(of: index, inLanguage: position) ?? ("", "")
            hasher.add(translations.languages[position].name)
            hasher.add(items)
            hasher.add(alternates)
        }
        return hasher.finish()
    }
}

extension SiteRenderer {
    /// The key of a group of files beside the pages, from what it reads; `nil` for one made
    /// each time: the search (its postings) and the small ones.
    ///
    /// A large list's index reads its category's and its entries' fields; a part of the tags'
    /// list indexes, its tags and their pages' fields; the tools' index, the catalog's
    /// description, the sitemaps and the redirects, every page's fields (the tag index is made
    /// from them); the theme's published files, the theme's files (the stylesheet is rendered
    /// with the site's settings). None reads a body: after a body edit all are kept.
    func key(of extra: SiteManifest.Extra, keys: PageKeys) -> Digest? {
        var hasher = Digest.Hasher()
        hasher.add("extra key")
        hasher.add(keys.site)
        switch extra {
        case .listIndex(let category):
            hasher.add("list index")
            hasher.add(category)
            hasher.add(keys.pages[category])
            for child in site.catalog[category].children { hasher.add(keys.pages[child]) }
        case .tagListIndexes(let part):
            hasher.add("tag list indexes")
            hasher.add(part)
            let parts = tagListIndexParts()
            guard part < parts.count else { return nil }
            for tag in parts[part] {
                guard let position = tag else {
                    addTags(to: &hasher)
                    continue
                }
                addTag(position, to: &hasher)
                for page in tagIndex.tags[position].pages { hasher.add(keys.pages[page]) }
            }
        case .redirects, .toolIndex, .catalogDescription, .sitemap, .sitemapIndex:
            // Which of them (a case without a value: its name), and every page's fields.
            hasher.add(String(describing: extra))
            hasher.add(keys.catalog)
        case .theme:
            hasher.add("theme")
            hasher.add(keys.theme)
        case .notFound, .interfaceStrings, .noJekyll, .search:
            return nil
        }
        return hasher.finish()
    }
}

extension SiteRenderer {
    /// What the tag index's list reads: every tag's name, folder and count.
    private func addTags(to hasher: inout Digest.Hasher) {
        hasher.add(-1)
        for position in tagIndex.tags.indices { addTag(position, to: &hasher) }
    }

    /// What a tag's own list reads of the tag: its place, name, folder and count.
    private func addTag(_ position: Int, to hasher: inout Digest.Hasher) {
        let tag = tagIndex.tags[position]
        hasher.add(position)
        hasher.add(tag.name)
        hasher.add(tag.slug)
        hasher.add(tag.pages.count)
    }
}
