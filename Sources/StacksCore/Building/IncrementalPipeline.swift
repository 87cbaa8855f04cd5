/// What `Pipeline`'s stages remember between runs for `stacks serve`, so that after an edit
/// only what the edit touched is computed again.
///
/// Every stage reuses a result only when that result's inputs are equal to last time's:
/// a file's decoding when its bytes are; a page's Markdown when its body is; a page's
/// resolved links when its Markdown and every link target are; the tag index when what it
/// reads of the catalog is (`TagIndex.Inputs`); the templates when the theme is. Lists and sidebars are drawn when a page first needs them (`SharedParts`). The outcome is therefore the one
/// `Pipeline.prepare` gives for the same input (tests compare every page after random edits).
/// Its cost after a one-file edit is a few passes over the catalog, not a build.
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

    struct DecodedFile: Sendable {
        var bytes: [UInt8]?
        var decoded: Document.Decoded
    }

    struct ParsedBody: Sendable {
        var body: String
        var needs: MarkdownParser.Needs
        var parsed: ParsedMarkdown
    }

    /// The last loaded and resolved catalog, with what is needed to patch single pages of it.
    struct Model: Sendable {
        var tree: SourceDirectory
        var site: ResolvedSite
        var loadProblems: [Diagnostic]
        /// By page index: where the loader put each page.
        var places: [PagePlace]
        /// Page index by source file.
        var pageOfSource: [String: Int]
    }

    private var settings: Settings?
    /// By path relative to the content folder.
    var documents: [String: DecodedFile] = [:]
    /// By `SiteResolver.Memo.pageKey`.
    var markdown: [String: ParsedBody] = [:]
    var resolver = SiteResolver.Memo()
    var model: Model?
    /// The tree and the load stage's result, until the resolve stage completes the model.
    private var loaded: (tree: SourceDirectory, problems: [Diagnostic], places: [PagePlace])?
    private var theme: Theme?
    private var templates: Result<TemplateSet, Diagnostics>?
    /// The last tag index, with what it was made from.
    var tagIndex: (inputs: TagIndex.Inputs, index: TagIndex)?
    /// How many runs were patches of the last site: tests check that an edit takes the quick way.
    var patchedRuns = 0

    public init() {}

    /// Runs the pipeline on `input`; returns its outcome and the pipeline that remembers this run.
    /// A failed run is remembered too, so that the run that fixes it is as quick.
    ///
    /// Consuming: when the caller holds no other copy, what is remembered is updated in place,
    /// not copied (ten thousand entries per edit).
    public consuming func prepare(_ input: Pipeline.Input) async -> (Result<Pipeline.Prepared, Diagnostics>, IncrementalPipeline) {
        var memory: IncrementalPipeline? = consume self
        let result = await Pipeline.run(taking: input, memory: &memory)
        return (result, memory!)
    }

    mutating func startOver(unless settings: Settings) {
        if settings != self.settings { self = IncrementalPipeline() }
        self.settings = settings
    }

    // MARK: Load, parse, resolve

    /// The load stage's decoding, decoding only files whose bytes changed.
    mutating func decode(_ files: [SourceFile], loader: CatalogLoader) async -> [String: Document.Decoded] {
        var decoded: [String: Document.Decoded] = [:]
        var kept: [String: DecodedFile] = [:]
        decoded.reserveCapacity(files.count)
        kept.reserveCapacity(files.count)
        var changed: [SourceFile] = []
        for file in files where decoded[file.relativePath] == nil {
            if let earlier = documents[file.relativePath], earlier.bytes == file.contents {
                decoded[file.relativePath] = earlier.decoded
                kept[file.relativePath] = earlier
            } else {
                changed.append(file)
            }
        }
        let fresh = await loader.decode(changed)
        for file in changed where decoded[file.relativePath] == nil {
            // Canonically equal names are one key: the first file's decoding, as `CatalogLoader.decode` keeps.
            guard let document = fresh[file.relativePath] else { continue }
            decoded[file.relativePath] = document
            kept[file.relativePath] = DecodedFile(bytes: file.contents, decoded: document)
        }
        documents = kept
        return decoded
    }

    mutating func remember(tree: SourceDirectory, loaded: CatalogLoader.Loaded) {
        self.loaded = (tree, loaded.diagnostics, loaded.places)
    }

    /// The parse stage, parsing only bodies that changed.
    mutating func parse(_ catalog: Catalog, options: SiteConfig.MarkdownOptions) async -> [ParsedMarkdown] {
        let pages = catalog.pages
        var results = [ParsedMarkdown?](repeating: nil, count: pages.count)
        var kept: [String: ParsedBody] = [:]
        kept.reserveCapacity(pages.count)
        var changed: [Int] = []
        for index in pages.indices {
            let key = SiteResolver.Memo.pageKey(pages[index])
            if let earlier = markdown[key], earlier.needs == MarkdownParser.Needs(pages[index].frontMatter),
               earlier.body == pages[index].body {
                results[index] = earlier.parsed
                kept[key] = earlier
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
            Self.remember(parsed, of: pages[index], in: &kept)
        }
        markdown = kept
        return results.map { $0! }
    }

    static func remember(_ parsed: ParsedMarkdown, of page: Page, in kept: inout [String: ParsedBody]) {
        kept[SiteResolver.Memo.pageKey(page)] = ParsedBody(body: page.body, needs: MarkdownParser.Needs(page.frontMatter),
                                                           parsed: parsed)
    }

    /// The resolver's memo, handed over to the resolve stage (so that it is not copied).
    mutating func takeResolverMemo() -> SiteResolver.Memo {
        var memo = SiteResolver.Memo()
        swap(&memo, &resolver)
        return memo
    }

    mutating func remember(site: ResolvedSite, resolverMemo: SiteResolver.Memo) {
        resolver = resolverMemo
        guard let (tree, problems, places) = loaded else { return }
        loaded = nil
        var pageOfSource: [String: Int] = [:]
        pageOfSource.reserveCapacity(places.count)
        for index in places.indices {
            if let source = places[index].source { pageOfSource[source] = index }
        }
        model = Model(tree: tree, site: site, loadProblems: problems, places: places, pageOfSource: pageOfSource)
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
