/// What `Pipeline`'s stages remember between runs for `stacks serve`, so that after an edit
/// only what the edit touched is computed again.
///
/// Every stage reuses a result only when that result's inputs are equal to last time's: a
/// file's decoding when its bytes are; a category's pages when its folder's files are, at the
/// same place (`LoadMemo`); a page's Markdown when its body is; a page's settled fields and
/// resolved links when its loaded page, its Markdown and every link target are; the tag index
/// when what it reads of the catalog is (`TagIndex.Inputs`); the templates when the theme is.
/// Lists and sidebars are drawn when a page first needs them (`SharedParts`). The outcome is
/// therefore the one `Pipeline.prepare` gives for the same input (tests compare every page
/// after random edits). After a one-file edit each stage works on that file's folder and page.
public struct IncrementalPipeline: Sendable {
    /// What changes the meaning of every remembered result: when it differs, start over.
    struct Settings: Equatable, Sendable {
        var config: SiteConfig
        var contentDisplay: String
        var templatesDisplay: String

        init(_ input: borrowing Pipeline.Input) {
            config = input.config
            contentDisplay = input.contentDisplay
            templatesDisplay = input.templatesDisplay
        }
    }

    struct ParsedBody: Sendable {
        var body: String
        var needs: MarkdownParser.Needs
        var parsed: ParsedMarkdown
    }

    private var settings: Settings?
    /// The last tree read, and every Markdown file's decoding in it, by path relative to the
    /// content folder.
    private var tree: SourceDirectory?
    var documents: [String: Document.Decoded] = [:]
    var load = LoadMemo()
    /// The last run's parsed Markdown, by page index; and by `SiteResolver.Memo.pageKey`, for
    /// pages that moved.
    private var parsedPages: [ParsedMarkdown] = []
    var markdown: [String: ParsedBody] = [:]
    var resolver = SiteResolver.Memo()
    private var theme: Theme?
    private var templates: Result<TemplateSet, Diagnostics>?
    /// The last tag index, with what it was made from, and the pages and files those were read from.
    var tagIndex: (inputs: TagIndex.Inputs, index: TagIndex, pages: PageList, assets: [Asset])?
    /// The last run's manifest, whose pictures' plans the next takes where they are the same.
    var manifest: SiteManifest?
    /// What the last run made again, stage by stage: tests check that an edit stays small.
    var lastRun = Work()

    struct Work: Sendable, Equatable {
        var decoded = 0
        var loaded = 0
        var parsed = 0
        var resolved = 0
    }

    public init() {}

    /// Runs the pipeline on `input`, remembering this run; returns its outcome. A failed run
    /// is remembered too, so that the run that fixes it is as quick.
    ///
    /// Mutating, not consuming: what is remembered is then updated in place, where a consuming
    /// call from a caller's variable copied it (ten thousand entries a dictionary, per edit).
    public mutating func prepare(_ input: Pipeline.Input) async -> Result<Pipeline.Prepared, Diagnostics> {
        var memory: IncrementalPipeline? = IncrementalPipeline()
        swap(&memory!, &self)
        let result = await Pipeline.run(taking: input, memory: &memory)
        swap(&memory!, &self)
        return result
    }

    /// `prepare(_:)` for a catalog in any number of languages (`Pipeline.prepareSite`): each
    /// language's stages remember their own.
    public struct Site: Sendable {
        var memories: [IncrementalPipeline]? = []

        public init() {}

        public mutating func prepare(_ input: Pipeline.Input) async -> Result<[Pipeline.Prepared], Diagnostics> {
            await Pipeline.runSite(taking: input, memories: &memories)
        }
    }

    mutating func startOver(unless settings: Settings) {
        if settings != self.settings { self = IncrementalPipeline() }
        self.settings = settings
    }

    // MARK: Load, parse, resolve

    /// The load stage: decodes the Markdown files whose bytes are not the last tree's, then
    /// assembles the catalog, taking unchanged categories from the last run.
    mutating func load(_ tree: SourceDirectory, loader: CatalogLoader) async -> CatalogLoader.Loaded {
        var changed: [SourceFile] = []
        var removed: [String] = []
        if let last = self.tree, Self.collectChanges(from: last, to: tree, changed: &changed, removed: &removed) {
            for path in removed { documents[path] = nil }
        } else {
            documents = [:]
            changed = tree.markdownFiles
        }
        self.tree = tree
        let fresh = await loader.decode(changed)
        for (path, document) in fresh { documents[path] = document }
        let loaded = loader.assemble(tree, documents: documents, memo: &load)
        lastRun = Work(decoded: changed.count, loaded: loaded.remade?.pages.count ?? loaded.catalog.pages.count)
        return loaded
    }

    /// Appends the Markdown files of `new` whose bytes differ from `old`'s or that are new, and
    /// the paths of Markdown files `old` has and `new` has not. Folders whose lists are the
    /// same arrays (a tree the reader patched shares what it did not read again) are skipped.
    /// `false` when names in a changed folder are one name canonically (`é` composed and
    /// decomposed): the loader reports those, and which one is decoded is the full decoding's rule.
    static func collectChanges(from old: SourceDirectory, to new: SourceDirectory, changed: inout [SourceFile],
                               removed: inout [String]) -> Bool {
        if !old.files.isSameBuffer(as: new.files) {
            guard hasDistinctNames(old.files.map(\.name)), hasDistinctNames(new.files.map(\.name)) else { return false }
            var earlier = Dictionary(uniqueKeysWithValues: old.files.lazy.filter(\.isMarkdown).map { ($0.name, $0) })
            for file in new.files where file.isMarkdown {
                if let before = earlier.removeValue(forKey: file.name), before.contents == file.contents { continue }
                changed.append(file)
            }
            removed += earlier.values.map(\.relativePath)
        }
        if !old.directories.isSameBuffer(as: new.directories) {
            guard hasDistinctNames(old.directories.map(\.name)), hasDistinctNames(new.directories.map(\.name)) else { return false }
            var earlier = Dictionary(uniqueKeysWithValues: old.directories.map { ($0.name, $0) })
            for directory in new.directories {
                if let before = earlier.removeValue(forKey: directory.name) {
                    guard collectChanges(from: before, to: directory, changed: &changed, removed: &removed) else { return false }
                } else {
                    changed += directory.markdownFiles
                }
            }
            for gone in earlier.values { removed += gone.markdownFiles.map(\.relativePath) }
        }
        return true
    }

    private static func hasDistinctNames(_ names: [String]) -> Bool {
        Set(names).count == names.count
    }

    /// The parse stage: the pages the load stage made again are parsed when their body is not
    /// one parsed before; every other page's Markdown is the last run's at its index.
    mutating func parse(_ catalog: Catalog, remade: CatalogLoader.Remade?, options: SiteConfig.MarkdownOptions) async -> [ParsedMarkdown] {
        let pages = catalog.pages
        var results: [ParsedMarkdown] = []
        swap(&results, &parsedPages)
        let indices: [Int]
        if let remade {
            indices = remade.pages
            if results.count > pages.count { results.removeSubrange(pages.count...) }
        } else {
            indices = Array(pages.indices)
            results = []
            markdown = [:]
        }
        let placeholder = ParsedMarkdown(html: "", headingTitle: nil, links: [])
        results += repeatElement(placeholder, count: pages.count - results.count)
        var changed: [Int] = []
        for index in indices {
            let key = SiteResolver.Memo.pageKey(pages[index])
            if let earlier = markdown[key], earlier.needs == MarkdownParser.Needs(pages[index].frontMatter),
               earlier.body == pages[index].body {
                results[index] = earlier.parsed
            } else {
                changed.append(index)
            }
        }
        let fresh = await Parallel.map(changed.indices) { [changed] position in
            let page = pages[changed[position]]
            return MarkdownParser.parse(page.body, needs: MarkdownParser.Needs(page.frontMatter), options: options)
        }
        for (index, parsed) in zip(changed, fresh) {
            results[index] = parsed
            markdown[SiteResolver.Memo.pageKey(pages[index])] = ParsedBody(body: pages[index].body,
                                                                           needs: MarkdownParser.Needs(pages[index].frontMatter),
                                                                           parsed: parsed)
        }
        if markdown.count > pages.count + 1024 {
            // Bodies of pages that are gone: kept only until they outnumber a chunk of pages.
            let current = Set(pages.indices.map { SiteResolver.Memo.pageKey(pages[$0]) })
            markdown = markdown.filter { current.contains($0.key) }
        }
        lastRun.parsed = changed.count
        parsedPages = results
        return results
    }

    /// The resolver's memo, handed over to the resolve stage (so that it is not copied).
    mutating func takeResolverMemo() -> SiteResolver.Memo {
        var memo = SiteResolver.Memo()
        swap(&memo, &resolver)
        return memo
    }

    mutating func remember(resolverMemo: SiteResolver.Memo) {
        resolver = resolverMemo
        lastRun.resolved = resolverMemo.lastResolved
    }

    // MARK: Templates and rendering

    /// The templates made for `theme` last time, if the theme is the same.
    func templates(for theme: Theme) -> Result<TemplateSet, Diagnostics>? {
        self.theme == theme ? templates : nil
    }

    mutating func remember(templates: Result<TemplateSet, Diagnostics>, theme: Theme) {
        self.theme = theme
        self.templates = templates
    }

}
