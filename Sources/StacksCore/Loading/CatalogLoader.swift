/// Turns the source tree into a catalog of pages: folders into categories, files and bundles
/// into items, front matter into typed values. Pure: it reads nothing from disk.
///
/// Titles that come from a Markdown heading and the order of siblings are settled later,
/// by the resolve stage, once the Markdown is parsed.
public struct CatalogLoader: Sendable {
    public var includeDrafts: Bool
    /// How the content folder is named in diagnostics, e.g. `content`.
    public var displayRoot: String
    /// `markdown.unsafe`: the content is trusted, and co-located files that run in a browser
    /// (`ActiveContent`) are published too.
    public var trustsContent: Bool
    /// Which front-matter keys stand for which Stacks key (`frontMatter:` in `stacks.yml`).
    public var frontMatterKeys: FrontMatterKeys
    /// The folder of the catalog's language root (`StackPath.language`); empty for the site's root.
    public var languageFolder = ""

    public init(includeDrafts: Bool = false, displayRoot: String = "content", trustsContent: Bool = false,
                frontMatterKeys: FrontMatterKeys = FrontMatterKeys()) {
        self.includeDrafts = includeDrafts
        self.displayRoot = displayRoot
        self.trustsContent = trustsContent
        self.frontMatterKeys = frontMatterKeys
    }

    public init(_ config: SiteConfig, displayRoot: String) {
        self.init(includeDrafts: config.includeDrafts, displayRoot: displayRoot, trustsContent: config.markdown.unsafe,
                  frontMatterKeys: config.frontMatterKeys)
        languageFolder = config.languageFolder
    }

    public func load(_ tree: SourceDirectory) async -> (Catalog, [Diagnostic]) {
        var documents = await decode(tree.markdownFiles)
        let loaded = assemble(tree, documents: &documents)
        return (loaded.catalog, loaded.diagnostics)
    }

    /// The decoding of each file, by path. Decoding and front matter are the costly part of
    /// loading, and independent per file.
    /// `unread`: how to decode the files a build left unread (`SourceFile.isUnread`).
    func decode(_ files: [SourceFile], memo: StageMemo? = nil, unread: UnreadSources? = nil) async -> [String: Document.Decoded] {
        let decoded = await decodedInOrder(files, memo: memo, unread: unread)
        // Names that are canonically equal (`ü` composed and decomposed) are one key; the
        // loader then reports them as one slug claimed twice.
        return Dictionary(zip(files.map(\.relativePath), decoded.map(\.decoded))) { first, _ in first }
    }

    /// The decoding of each file, in the order of `files`; with it, a file left unread that
    /// had to be read after all, as read (its bytes and their digest).
    private func decodedInOrder(_ files: [SourceFile], memo: StageMemo?,
                                unread: UnreadSources?) async -> [(decoded: Document.Decoded, readLate: SourceFile?)] {
        let displayRoot = self.displayRoot, keys = frontMatterKeys, keysKey = Document.memoKeysKey(frontMatterKeys)
        return await Parallel.map(files.indices) { index -> (decoded: Document.Decoded, readLate: SourceFile?) in
            var file = files[index]
            if file.isUnread {
                if let memo, let unread,
                   let kept = Document.decodeLeavingUnread(file, displayRoot: displayRoot, keysKey: keysKey, memo: memo, unread: unread) {
                    return (kept, nil)
                }
                switch unread?.read(file.relativePath) {
                case .success(let bytes)?:
                    file.contents = bytes
                    // Read now, perhaps not as it was when `stat` saw it: digested anew.
                    file.contentsDigest = Digest(of: bytes)
                case .failure(let problem)?:
                    return (.failed(problem), nil)
                case nil:
                    return (.failed(.error(displayPath(file.relativePath, under: displayRoot), "could not be read")), nil)
                }
                guard let memo else { return (Document.decode(file, displayRoot: displayRoot, keys: keys), file) }
                return (Document.decode(file, displayRoot: displayRoot, keys: keys, keysKey: keysKey, memo: memo), file)
            }
            guard let memo else { return (Document.decode(file, displayRoot: displayRoot, keys: keys), nil) }
            return (Document.decode(file, displayRoot: displayRoot, keys: keys, keysKey: keysKey, memo: memo), nil)
        }
    }

    /// `decode(_:)` a few thousand files at a time, letting each file's bytes go once it is
    /// decoded: a build of a large catalog then never holds its sources and their decoding whole
    /// at once (the tree they came from must not hold them: `SourceDirectory.takeMarkdownFiles`).
    /// A file whose decoding `memo` kept is not decoded again.
    ///
    /// With `bodies` (a build that may keep them in a file: `SpilledBodies`), each document's
    /// Markdown body goes there as its chunk is decoded, and the document keeps an empty one:
    /// held until parsed, the bodies were the largest part of a 100,000-item build's peak.
    func decode(releasing files: inout [SourceFile], memo: StageMemo? = nil, unread: UnreadSources? = nil,
                bodies: inout SpilledBodies?) async -> [String: Document.Decoded] {
        var documents: [String: Document.Decoded] = Dictionary(minimumCapacity: files.count)
        let step = 4096
        for start in stride(from: 0, to: files.count, by: step) {
            let range = start..<min(start + step, files.count)
            let chunk = Array(files[range])
            for index in range { files[index].contents = nil }
            // A body left unread stays so only where there is a file to keep the others in.
            let decoded = await decodedInOrder(chunk, memo: memo, unread: bodies == nil ? unread?.readingAll : unread)
            // The first of canonically equal names (one key) wins, across chunks as within one.
            // A file read late is kept as read: its body is then known as its bytes' end, and
            // its parse kept under that key, which the next build's decoding asks for before it
            // leaves the file unread (kept by its body's digest, the parse was never found
            // there, and every such file was read again at every build).
            for (file, (decoded, readLate)) in zip(chunk, decoded) {
                let path = file.relativePath
                guard documents.index(forKey: path) == nil else { continue }
                documents[path] = bodies == nil ? decoded : bodies!.keep(decoded, path: path, file: readLate ?? file)
            }
            // The chunk's bytes were read on another thread than the one that decoded them:
            // without this, the allocator keeps their room for that thread, and a large catalog
            // holds its sources and their decoding whole after all.
            FreedMemory.release()
        }
        files = []
        return documents
    }

    /// What the loader gives once every Markdown file of `tree` is decoded (`documents`, by
    /// path), so that `stacks serve` can decode only the files an edit changed.
    struct Loaded: Sendable {
        var catalog: Catalog
        var diagnostics: [Diagnostic]
        /// By page index: where the loader put each page (`stacks serve`'s; a build keeps none:
        /// at a million pages they were 112 MB through the parse).
        var places: [PagePlace]
        /// With a memo (`stacks serve`): which pages this run made rather than took from the
        /// last run. `nil`: all of them.
        var remade: Remade?
    }

    /// The pages a run made again, in index order; every other page is the last run's page at
    /// the same index, made from the same files at the same place.
    struct Remade: Sendable {
        var pages: [Int]
        /// Every page is where it was (same index, same place), and the co-located files and
        /// drafts are the same: what a link can point at changed at most in the remade pages'
        /// headings.
        var sameShape: Bool
    }

    /// `findsCollisions` false: without the output collisions, which `collisions(places:assets:displayRoot:)` then finds
    /// (a build, beside parsing: they are a fifth of the assembly, on one core).
    /// The documents are taken (`documents` is left empty), each let go once its page is made.
    func assemble(_ tree: SourceDirectory, documents: inout [String: Document.Decoded], findsCollisions: Bool = true) -> Loaded {
        var state = LoaderState(includeDrafts: includeDrafts, displayRoot: displayRoot, trustsContent: trustsContent,
                                frontMatterKeys: frontMatterKeys, languageFolder: languageFolder)
        // Unless two files' names are one key (canonically equal): both are given its document.
        state.takesDocuments = documents.count == tree.markdownCount
        // The places are for `stacks serve`'s memo: the collisions are found from the pages.
        state.keepsPlaces = false
        swap(&state.documents, &documents)
        state.loadRoot(tree)
        if findsCollisions { state.checkOutputCollisions() }
        return Loaded(catalog: Catalog(pages: state.pages, assets: state.assets, leftOut: state.leftOut),
                      diagnostics: state.diagnostics + state.collisions, places: state.places, remade: nil)
    }

    /// The output collisions (`OutputCollisions`) of what `assemble` loaded: pages first, so a
    /// file is reported against the page whose place it would take.
    static func collisions(pages: PageList, assets: [Asset], displayRoot: String) -> [Diagnostic] {
        var collisions = OutputCollisions(displayRoot: displayRoot)
        collisions.expect(files: assets.lazy.map(\.output))
        for index in pages.indices {
            collisions.addPage(outputDirectory: pages[index].path.outputDirectory, source: pages[index].source ?? pages[index].sourceDirectory)
        }
        for asset in assets {
            collisions.addFile(output: asset.output, source: asset.source)
        }
        return collisions.diagnostics
    }

    /// `assemble(_:documents:)` for `stacks serve`: each category whose folder holds what it
    /// held last run, at the same place, is taken from `memo` rather than loaded again
    /// (`LoadMemo`), and what this run loaded is left in it. The result is the same.
    func assemble(_ tree: SourceDirectory, documents: [String: Document.Decoded], memo: inout LoadMemo) -> Loaded {
        var state = LoaderState(includeDrafts: includeDrafts, displayRoot: displayRoot, trustsContent: trustsContent,
                                frontMatterKeys: frontMatterKeys, languageFolder: languageFolder)
        state.documents = documents
        state.start(from: &memo)
        state.loadRoot(tree)
        let placesKept = state.finish() && state.assets == memo.assets
        if placesKept {
            // Collisions are between places and files' outputs, all as they were.
            state.collisions = memo.collisions
        } else {
            state.checkOutputCollisions()
        }
        let remade = Remade(pages: state.remade, sameShape: placesKept && state.leftOut == memo.leftOut)
        memo = LoadMemo(folderPages: state.folderPages, segments: state.segments, pages: state.pages, places: state.places,
                        assets: state.assets, leftOut: state.leftOut, collisions: state.collisions)
        return Loaded(catalog: Catalog(pages: state.pages, assets: state.assets, leftOut: state.leftOut),
                      diagnostics: state.diagnostics + state.collisions, places: state.places, remade: remade)
    }
}

/// Where the loader puts a page: what of a page comes from its folder and its siblings rather
/// than from its own file.
struct PagePlace: Sendable, Equatable {
    var kind: Page.Kind
    var path: StackPath
    var source: String?
    var sourceDirectory: String
    /// The file or folder name the slug came from, and the title when the page names none.
    var name: String
    var parent: Int?
    /// The front matter's `slug:` the page claimed its slug with, if any.
    var writtenSlug: String?

    /// The page `document` makes here; every page of the catalog is made by this function.
    func page(_ document: Document?) -> Page {
        let frontMatter = document?.frontMatter ?? FrontMatter()
        // The home page is called by the site's name, settled when rendering.
        let title = kind == .home ? "" : frontMatter.title ?? Slug.title(name: name, slug: path.last?.slug ?? "")
        var page = Page(kind: kind, path: path, source: source, sourceDirectory: sourceDirectory, frontMatter: frontMatter,
                        body: document?.body ?? "", bodyLine: document?.bodyLine ?? 1, title: title, parent: parent)
        if let fallback = document?.fallback {
            page.url = fallback.url
            page.fallback = fallback.language
        }
        return page
    }
}

private struct LoaderState {
    let includeDrafts: Bool
    let displayRoot: String
    let trustsContent: Bool
    let frontMatterKeys: FrontMatterKeys
    let languageFolder: String
    var pages = PageList()
    /// By page index, when `keepsPlaces`.
    var places: [PagePlace] = []
    var keepsPlaces = true
    var assets: [Asset] = []
    var leftOut: [String: LeftOut] = [:]
    var diagnostics: [Diagnostic] = []
    /// What `checkOutputCollisions` found.
    var collisions: [Diagnostic] = []

    // With a memo (`start(from:)`): the last run's pages and places are written over in place.
    private var tracking = false
    /// Where the next page goes.
    private var cursor = 0
    private var previousSegments: [String: LoadMemo.Segment] = [:]
    private var previousFolderPages: [String: LoadMemo.KnownFolder] = [:]
    var folderPages: [String: LoadMemo.KnownFolder] = [:]
    /// Each category's contents as this run loaded them, by folder.
    var segments: [String: LoadMemo.Segment] = [:]
    /// Folders of `segments` in the order they were recorded, and files left out in the order found:
    /// what of them a folder holds is the part recorded while it loaded.
    private var segmentLog: [String] = []
    private var leftOutLog: [(path: String, why: LeftOut)] = []
    /// The pages this run made, in index order.
    var remade: [Int] = []
    /// Whether a page was made at another place than the last run's page at its index.
    private var placesMoved = false
    /// The children of the pages this run made, given to them once all are known, so that a
    /// page that comes out the same is not written (the last site, still served, shares it).
    private var madeChildren: [Int: [Int]] = [:]
    /// Every Markdown file, decoded up front, by its path.
    var documents: [String: Document.Decoded] = [:]
    /// Whether each document is taken out of `documents` as its page is made (a build, which
    /// keeps none), rather than held to the end of the assembly beside the pages made of them.
    var takesDocuments = false

    init(includeDrafts: Bool, displayRoot: String, trustsContent: Bool, frontMatterKeys: FrontMatterKeys, languageFolder: String) {
        self.languageFolder = languageFolder
        self.includeDrafts = includeDrafts
        self.displayRoot = displayRoot
        self.trustsContent = trustsContent
        self.frontMatterKeys = frontMatterKeys
    }

    func display(_ relativePath: String) -> String { displayPath(relativePath, under: displayRoot) }

    /// Loads over the last run's pages, taking from `memo` each category whose contents are the same.
    mutating func start(from memo: inout LoadMemo) {
        tracking = true
        swap(&pages, &memo.pages)
        swap(&places, &memo.places)
        swap(&previousSegments, &memo.segments)
        swap(&previousFolderPages, &memo.folderPages)
    }

    /// `FolderPage.of(directory)`, or with a memo the last run's answer for the same lists.
    mutating func folderPage(of directory: SourceDirectory) -> FolderPage {
        guard tracking else { return FolderPage.of(directory) }
        if let earlier = previousFolderPages[directory.relativePath], earlier.files.isSameBuffer(as: directory.files),
           earlier.directories.isSameBuffer(as: directory.directories) {
            folderPages[directory.relativePath] = earlier
            return earlier.page
        }
        let page = FolderPage.of(directory)
        folderPages[directory.relativePath] = LoadMemo.KnownFolder(files: directory.files, directories: directory.directories, page: page)
        return page
    }

    /// Ends a run started with `start(from:)`: lets go of the last run's pages past this run's;
    /// returns whether every page is at the place the last run's page at its index was.
    mutating func finish() -> Bool {
        let same = !placesMoved && cursor == pages.count
        pages.truncate(to: cursor)
        places.removeSubrange(cursor...)
        previousSegments = [:]
        for index in remade {
            let children = madeChildren[index] ?? []
            if pages[index].children != children { pages[index].children = children }
        }
        return same
    }

    mutating func leaveOut(_ relativePath: String, _ why: LeftOut) {
        leftOut[relativePath] = why
        if tracking { leftOutLog.append((relativePath, why)) }
    }

    mutating func loadRoot(_ tree: SourceDirectory) {
        let intro = FolderPage.rootIntro(of: tree)
        let document = intro.flatMap { self.document($0, allowEmpty: true) }
        add(PagePlace(kind: .home, path: .root(language: languageFolder), source: document == nil ? nil : intro?.relativePath, sourceDirectory: tree.relativePath,
                      name: "", parent: nil, writtenSlug: document?.frontMatter.slug), document: document)
        loadCategoryContents(tree, intro: intro, into: Catalog.rootIndex, outputDirectory: languageFolder)
    }

    /// Adds the page `document` makes at `place`; returns its index.
    mutating func add(_ place: PagePlace, document: Document?) -> Int {
        let index = cursor
        cursor += 1
        guard tracking else {
            pages.append(place.page(document))
            if keepsPlaces { places.append(place) }
            if let parent = place.parent { pages[parent].children.append(index) }
            return index
        }
        var page = place.page(document)
        if index < pages.count {
            // Children are compared once all are known (`finish`).
            page.children = pages[index].children
            if pages[index] != page { pages[index] = page }
            if places[index] != place {
                placesMoved = true
                places[index] = place
            }
        } else {
            placesMoved = true
            pages.append(page)
            places.append(place)
        }
        remade.append(index)
        if let parent = place.parent { madeChildren[parent, default: []].append(index) }
        return index
    }

    /// `loadContents`, or with a memo the last run's contents of the same folder when nothing
    /// they are made from changed: the folder's files and folders (so their bytes, and so their
    /// decoding), where its category is (its index and path), and where they start.
    mutating func loadCategoryContents(_ directory: SourceDirectory, intro: SourceFile?, into parent: Int,
                                       outputDirectory: String) {
        guard tracking else {
            loadContents(directory, intro: intro, into: parent, outputDirectory: outputDirectory)
            return
        }
        let key = directory.relativePath
        let parentPath = pages[parent].path
        if let earlier = previousSegments[key], earlier.start == cursor, earlier.parent == parent,
           earlier.parentPath == parentPath, earlier.introPath == intro?.relativePath, earlier.directory == directory {
            cursor += earlier.pageCount
            madeChildren[parent, default: []] += earlier.children
            assets += earlier.assets
            diagnostics += earlier.diagnostics
            for (path, why) in earlier.leftOut { leaveOut(path, why) }
            for nested in earlier.nested {
                segments[nested] = previousSegments[nested]
                segmentLog.append(nested)
            }
            segments[key] = earlier
            segmentLog.append(key)
            return
        }
        let start = cursor, childStart = madeChildren[parent]?.count ?? 0, assetStart = assets.count
        let diagnosticStart = diagnostics.count, leftOutStart = leftOutLog.count, logStart = segmentLog.count
        loadContents(directory, intro: intro, into: parent, outputDirectory: outputDirectory)
        segments[key] = LoadMemo.Segment(directory: directory, introPath: intro?.relativePath, parent: parent,
                                         parentPath: parentPath, start: start, pageCount: cursor - start,
                                         children: Array((madeChildren[parent] ?? [])[childStart...]),
                                         assets: Array(assets[assetStart...]), diagnostics: Array(diagnostics[diagnosticStart...]),
                                         leftOut: Array(leftOutLog[leftOutStart...]), nested: Array(segmentLog[logStart...]))
        segmentLog.append(key)
    }

    /// The files and folders of a category (or the root): items, bundles, sub-categories, assets.
    /// `intro` (`_index.md` or `README.md`) is the category's own text, not an item.
    mutating func loadContents(_ directory: SourceDirectory, intro: SourceFile?, into parent: Int,
                                       outputDirectory: String) {
        var siblings = SiblingSlugs(directory)
        for file in directory.files {
            if file.name == "_index.md" || file == intro { continue }
            if file.isMarkdown {
                if file.name == "index.md" {
                    diagnostics.append(.warning(display(file.relativePath), line: 1, column: 1, parent == Catalog.rootIndex
                        ? "'index.md' makes a folder an item; the home page is '_index.md'. Skipped"
                        : "'index.md' makes a folder an item, but '_index.md' beside it makes this folder a category (a section, as in Hugo); skipped"))
                    leaveOut(file.relativePath, .skipped(reason: parent == Catalog.rootIndex
                        ? "'index.md' in the content folder is not a page (the home page is '_index.md')"
                        : "'_index.md' beside it makes its folder a category"))
                    continue
                }
                addItem(file: file, bundle: nil, parent: parent, siblings: &siblings)
            } else {
                addAsset(file, outputDirectory: outputDirectory)
            }
        }
        for child in directory.directories {
            switch folderPage(of: child) {
            case .bundle(let page, let displaced):
                addBundle(child, page: page, displaced: displaced, parent: parent, siblings: &siblings)
            case .category(let intro):
                addCategory(child, intro: intro, parent: parent, siblings: &siblings)
            }
        }
    }

    /// A folder whose page is `page`; files that could have been its page too are sub-items.
    mutating func addBundle(_ directory: SourceDirectory, page: SourceFile, displaced: [SourceFile], parent: Int,
                            siblings: inout SiblingSlugs) {
        for file in displaced {
            diagnostics.append(.warning(display(file.relativePath), line: 1, column: 1,
                "'\(page.name)' is this folder's page, so '\(file.name)' is published as a sub-item"))
        }
        addItem(file: page, bundle: directory, parent: parent, siblings: &siblings)
    }

    mutating func addCategory(_ directory: SourceDirectory, intro index: SourceFile?, parent: Int,
                              siblings: inout SiblingSlugs) {
        let document = index.flatMap { self.document($0, allowEmpty: true) }
        if document?.frontMatter.draft == true, !includeDrafts {
            leaveOut(directory.relativePath, .draft)
            return
        }
        let origin = index?.relativePath ?? directory.relativePath
        guard let wanted = slug(for: directory.name, frontMatter: document?.frontMatter, origin: origin) else { return }
        let claimed = siblings.claim(wanted, name: directory.name, explicit: document?.frontMatter.slug != nil,
                                     by: display(origin), line: document?.frontMatter.keyLines["slug"] ?? 1, diagnostics: &diagnostics)
        guard case .success(let slug) = claimed else {
            if case .failure(let clash) = claimed {
                for path in [directory.relativePath] + [index?.relativePath].compactMap({ $0 }) { leaveOut(path, clash.leftOut) }
            }
            return
        }
        let path = pages[parent].path.pushing(.category(slug))
        let pageIndex = add(PagePlace(kind: .category, path: path, source: index?.relativePath,
                                      sourceDirectory: directory.relativePath, name: directory.name, parent: parent,
                                      writtenSlug: document?.frontMatter.slug),
                            document: document)
        loadCategoryContents(directory, intro: index, into: pageIndex, outputDirectory: path.outputDirectory)
    }

    /// An item: a Markdown file, or a bundle whose page is `file`.
    mutating func addItem(file: SourceFile, bundle: SourceDirectory?, parent: Int, siblings: inout SiblingSlugs) {
        guard let document = document(file, allowEmpty: false) else { return }
        if document.frontMatter.draft, !includeDrafts {
            leaveOut(file.relativePath, .draft)
            if let bundle { leaveOut(bundle.relativePath, .draft) }
            return
        }
        let name = bundle?.name ?? file.baseName
        guard let wanted = slug(for: name, frontMatter: document.frontMatter, origin: file.relativePath) else { return }
        let claimed = siblings.claim(wanted, name: name, explicit: document.frontMatter.slug != nil,
                                     by: display(file.relativePath), line: document.frontMatter.keyLines["slug"] ?? 1, diagnostics: &diagnostics)
        guard case .success(let slug) = claimed else {
            if case .failure(let clash) = claimed {
                for path in [file.relativePath] + [bundle?.relativePath].compactMap({ $0 }) { leaveOut(path, clash.leftOut) }
            }
            return
        }
        let path = pages[parent].path.pushing(.item(slug))
        let directory = bundle?.relativePath ?? Page.folder(of: file.relativePath)
        let pageIndex = add(PagePlace(kind: .item, path: path, source: file.relativePath, sourceDirectory: directory,
                                      name: name, parent: parent, writtenSlug: document.frontMatter.slug),
                            document: document)
        if let bundle { loadBundleContents(bundle, page: file, into: pageIndex, outputDirectory: path.outputDirectory) }
    }

    /// Inside a bundle: sub-items (Markdown files and bundles) and co-located files.
    mutating func loadBundleContents(_ directory: SourceDirectory, page: SourceFile, into parent: Int,
                                     outputDirectory: String) {
        var siblings = SiblingSlugs(directory)
        // A folder with `_index.md` is never a bundle (`FolderPage`): every Markdown file here is a sub-item.
        for file in directory.files where file != page {
            if file.isMarkdown {
                addItem(file: file, bundle: nil, parent: parent, siblings: &siblings)
            } else {
                addAsset(file, outputDirectory: outputDirectory)
            }
        }
        for child in directory.directories {
            if case .bundle(let page, let displaced) = folderPage(of: child) {
                addBundle(child, page: page, displaced: displaced, parent: parent, siblings: &siblings)
            } else {
                addAssetFolder(child, outputDirectory: outputDirectory + "/" + child.name)
            }
        }
    }

    /// A plain folder inside a bundle holds files for the page, published as they are — but
    /// for Markdown, which would publish its source (a draft's too) instead of a page.
    mutating func addAssetFolder(_ directory: SourceDirectory, outputDirectory: String) {
        for file in directory.files {
            guard !file.isMarkdown else {
                diagnostics.append(.warning(display(file.relativePath), line: 1, column: 1,
                    "skipped: Markdown in a plain folder of an item bundle is not a page; give the folder an index.md (or a page named like the folder) to make it one"))
                leaveOut(file.relativePath, .skipped(reason: "Markdown in a plain folder of an item bundle is not a page"))
                continue
            }
            addAsset(file, outputDirectory: outputDirectory)
        }
        for child in directory.directories {
            addAssetFolder(child, outputDirectory: outputDirectory + "/" + child.name)
        }
    }

    mutating func addAsset(_ file: SourceFile, outputDirectory: String) {
        if !trustsContent, let problem = ActiveContent.problem(name: file.name, contents: file.contents) {
            diagnostics.append(.warning(display(file.relativePath), line: 1, column: 1,
                "skipped: \(problem); publish such files with 'markdown.unsafe: true' in stacks.yml"))
            leaveOut(file.relativePath, .skipped(reason: problem))
            return
        }
        let output = outputDirectory.isEmpty ? file.name : outputDirectory + "/" + file.name
        assets.append(Asset(source: file.relativePath, output: output, file: file.target, imageSize: file.imageSize,
                            isPlainPicture: file.isPlainPicture))
    }

    mutating func checkOutputCollisions() {
        collisions = CatalogLoader.collisions(pages: pages, assets: assets, displayRoot: displayRoot)
    }

    mutating func slug(for name: String, frontMatter: FrontMatter?, origin: String) -> String? {
        if let custom = frontMatter?.slug {
            // A slug is a folder of the output: the file system's limit on a name applies.
            guard custom.utf8.count <= OutputPath.maximumNameBytes else {
                diagnostics.append(.error(display(origin), line: frontMatter?.keyLines["slug"] ?? 1, column: 1,
                    "'slug' is \(custom.utf8.count) bytes long; a slug may be at most \(OutputPath.maximumNameBytes) bytes"))
                return nil
            }
            guard let slug = Slug.written(custom) else {
                diagnostics.append(.error(display(origin), line: frontMatter?.keyLines["slug"] ?? 1, column: 1,
                    "'slug: \(custom)' is not URL-safe; use letters, digits, '-', '_', '.' and '~', not first '.' or '_'"))
                return nil
            }
            return slug
        }
        guard let slug = Slug.make(name) else {
            diagnostics.append(.error(display(origin), line: 1, column: 1,
                "cannot make a URL from the name '\(name)'; rename it or set 'slug:' in its front matter"))
            return nil
        }
        return slug
    }

    /// The decoded file; `nil` (with diagnostics) when it cannot be used.
    mutating func document(_ file: SourceFile, allowEmpty: Bool) -> Document? {
        if let fallback = file.fallback {
            return Document(frontMatter: fallback.frontMatter, body: "", bodyLine: 1, fallback: fallback)
        }
        let kept = takesDocuments ? documents.removeValue(forKey: file.relativePath) : documents[file.relativePath]
        let decoded = kept ?? Document.decode(file, displayRoot: displayRoot, keys: frontMatterKeys)
        diagnostics += decoded.problems
        if case .empty = decoded, !allowEmpty {
            diagnostics.append(.error(display(file.relativePath), line: 1, column: 1, "file is empty; an item needs at least a title or some text"))
        }
        return decoded.usable(allowEmpty: allowEmpty)
    }
}

struct Document: Sendable {
    var frontMatter: FrontMatter
    var body: String
    var bodyLine: Int
    var fallback: Fallback? = nil
    /// Where the body starts in its file, when it was left there unread (`UnreadSources`):
    /// `body` is then empty, and the parse takes the body's parse from its memo.
    var unreadBodyStart: Int? = nil

    /// Boxed (`indirect`): a build holds every file's decoding in a dictionary that a
    /// 100,000-item catalog sizes at 262,144 slots; inline, a document is 216 bytes of each
    /// slot (63 MB, most of them empty), boxed it is 8.
    indirect enum Decoded: Sendable {
        case empty
        case failed(Diagnostic)
        case parsed(Document, [Diagnostic])

        /// The document a page is made of; `nil` when the file cannot be one. A page with bad
        /// front matter is kept, so its links are checked too: one run reports all.
        func usable(allowEmpty: Bool) -> Document? {
            switch self {
            case .empty: allowEmpty ? Document(frontMatter: FrontMatter(), body: "", bodyLine: 1) : nil
            case .failed: nil
            case .parsed(let document, _): document
            }
        }

        /// The problems decoding found (an empty item's is the loader's to report).
        var problems: [Diagnostic] {
            switch self {
            case .empty: []
            case .failed(let problem): [problem]
            case .parsed(_, let problems): problems
            }
        }
    }

    /// UTF-8 decoding and front matter of one file. Pure, so files are decoded in parallel.
    static func decode(_ file: SourceFile, displayRoot: String, keys: FrontMatterKeys) -> Decoded {
        let path = displayPath(file.relativePath, under: displayRoot)
        let bytes = file.contents ?? []
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .empty }
        guard var text = ValidatedText.string(bytes) else {
            let (line, column) = TextPosition.firstInvalidUTF8(in: bytes)
            return .failed(.error(path, line: line, column: column, "file is not valid UTF-8 text"))
        }
        var problems: [Diagnostic] = []
        if let (line, column) = TextPosition.firstControlCharacter(in: bytes) {
            // Not allowed in HTML, and U+0001 is the renderer's own marker for the site root.
            text = TextPosition.replacingControlCharacters(in: text)
            problems.append(.warning(path, line: line, column: column,
                                     "control character in the text; replaced with U+FFFD"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // A byte-order mark is not text.
        let parsed = FrontMatterParser.parse(text, path: path, keys: keys)
        // Control characters left in the text are gone by now; a value can still hold one from a
        // YAML escape (`"\x01"`), and every escape has a backslash.
        var frontMatterText = text[..<parsed.body.startIndex]
        let escapes = frontMatterText.withUTF8 { $0.contains(UInt8(ascii: "\\")) }
        let frontMatter = escapes ? parsed.frontMatter.replacingControlCharacters() : parsed.frontMatter
        return .parsed(Document(frontMatter: frontMatter, body: String(parsed.body), bodyLine: parsed.bodyLine),
                       problems + parsed.diagnostics)
    }
}

/// The slugs taken among one folder's children. Names that differ but make one slug (`a b` and
/// `a-b`) are told apart by a suffix from the later name; only names that coincide (case,
/// Unicode form) or a `slug:` that is already taken are an error.
private struct SiblingSlugs {
    private struct Owner {
        var origin: String
        var name: String
        var explicit: Bool
    }

    private var owners: [String: Owner] = [:]
    /// Slugs that a sibling's name already is (`a-b`): its own, whichever sibling is read first,
    /// so that `a b` beside it is the one suffixed.
    private var spelledAsIs: [String: String] = [:]

    init(_ directory: SourceDirectory) {
        // Room for every sibling at once (a category of 200 items grew it eight times), and no
        // list of their names made first.
        spelledAsIs.reserveCapacity(directory.files.count + directory.directories.count)
        func note(_ name: String) {
            if let slug = Slug.make(name), Slug.isLowercased(name, spelling: slug) { spelledAsIs[slug] = name }
        }
        for file in directory.files where file.isMarkdown { note(file.baseName) }
        for folder in directory.directories { note(folder.name) }
    }

    /// A name whose slug a sibling has already claimed; `owner` as messages name it.
    struct Clash: Error {
        var owner: String

        var leftOut: LeftOut { .skipped(reason: "it has the same URL as \(owner)") }
    }

    /// The slug `name` publishes at, or the clash (with an error) when it has none of its own.
    /// Slugs are lower case, so names that differ only in case collide here, as they would on
    /// a case-insensitive file system.
    mutating func claim(_ slug: String, name: String, explicit: Bool, by origin: String, line: Int,
                        diagnostics: inout [Diagnostic]) -> Result<String, Clash> {
        var final = slug
        if let owner = owners[slug] {
            if explicit || owner.explicit || Slug.coincide(owner.name, name) {
                diagnostics.append(.error(origin, line: line, column: 1, "duplicate slug '\(slug)': \(owner.origin) has the same URL"))
                return .failure(Clash(owner: owner.origin))
            }
            final = Slug.suffixed(slug, name: name)
        } else if !explicit, let other = spelledAsIs[slug], !Slug.coincide(other, name) {
            final = Slug.suffixed(slug, name: name)
        }
        if final != slug, let owner = owners[final] {
            diagnostics.append(.error(origin, line: line, column: 1, "duplicate slug '\(final)': \(owner.origin) has the same URL"))
            return .failure(Clash(owner: owner.origin))
        }
        owners[final] = Owner(origin: origin, name: name, explicit: explicit)
        return .success(final)
    }
}
