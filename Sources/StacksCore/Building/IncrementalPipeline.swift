/// `Pipeline.prepare` for `stacks serve`: the same stages, remembering what each file and
/// each page gave, so that after an edit only what the edit touched is computed again.
///
/// Every stage reuses a result only when that result's inputs are equal to last time's:
/// a file's decoding when its bytes are; a page's Markdown when its body is; a page's
/// resolved links when its Markdown and every link target are; a list entry when the
/// page it shows is; the templates when the theme is. The outcome is therefore the one
/// `Pipeline.prepare` gives for the same input (tests compare every page after random edits).
/// Its cost after a one-file edit is a few passes over the catalog, not a build.
public struct IncrementalPipeline: Sendable {
    /// What changes the meaning of every remembered result: when it differs, start over.
    struct Settings: Equatable, Sendable {
        var config: SiteConfig
        var contentDisplay: String
        var templatesDisplay: String
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
        /// Page index by source file.
        var pageOfSource: [String: Int]
    }

    private var settings: Settings?
    /// By path relative to the content folder.
    private var documents: [String: DecodedFile] = [:]
    /// By `SiteResolver.Memo.pageKey`.
    private var markdown: [String: ParsedBody] = [:]
    private var resolver = SiteResolver.Memo()
    private var model: Model?
    private var theme: Theme?
    private var templates: Result<TemplateSet, Diagnostics>?
    /// Counts template sets made, so a renderer is reused only with the templates it used.
    private var templatesGeneration = 0
    /// The last renderer made, and the generation of its templates.
    private var renderer: (renderer: SiteRenderer, templatesGeneration: Int)?

    public init() {}

    /// Runs the pipeline on `input`; returns its outcome and the pipeline that remembers this run.
    /// A failed run is remembered too, so that the run that fixes it is as quick.
    ///
    /// Consuming: when the caller holds no other copy, what is remembered is updated in place,
    /// not copied (ten thousand entries per edit).
    public consuming func prepare(_ input: Pipeline.Input) async -> (Result<Pipeline.Prepared, Diagnostics>, IncrementalPipeline) {
        let settings = Settings(config: input.config, contentDisplay: input.contentDisplay,
                                templatesDisplay: input.templatesDisplay)
        var next = consume self
        if settings != next.settings { next = IncrementalPipeline() }
        next.settings = settings

        let model: Model
        if let patched = next.patched(input) {
            model = patched
        } else {
            model = await next.loadAndResolve(input)
        }
        next.model = model
        var diagnostics = Diagnostics(input.diagnostics)
        diagnostics.append(contentsOf: model.loadProblems)
        diagnostics.append(contentsOf: next.resolver.pageProblems.joined())
        diagnostics.append(contentsOf: next.resolver.aliasProblems)

        if next.theme != input.theme || next.templates == nil {
            next.theme = input.theme
            next.templatesGeneration += 1
            do throws(Diagnostics) {
                next.templates = .success(try TemplateSet(theme: input.theme, displayRoot: input.templatesDisplay))
            } catch {
                next.templates = .failure(error)
            }
        }
        var templates: TemplateSet?
        switch next.templates {
        case .success(let set): templates = set
        case .failure(let problems): diagnostics.append(contentsOf: problems.all)
        case nil: break
        }
        guard let templates, !diagnostics.hasErrors else { return (.failure(diagnostics), next) }

        var config = input.config
        if config.title == nil { config.title = model.site.catalog.root.frontMatter.title }
        var reuse: RenderReuse?
        if let earlier = next.renderer, earlier.templatesGeneration == next.templatesGeneration,
           earlier.renderer.config == config {
            reuse = RenderReuse(earlier: earlier.renderer, catalog: model.site.catalog)
        }
        let renderer = SiteRenderer(site: model.site, config: config, templates: templates, reusing: reuse)
        next.renderer = (renderer, next.templatesGeneration)
        return (.success(Pipeline.Prepared(renderer: renderer, theme: input.theme, warnings: diagnostics.warnings)), next)
    }

    // MARK: Load, parse, resolve

    /// The load, parse and resolve stages over the whole catalog, reusing what each file's
    /// and each page's inputs allow.
    private mutating func loadAndResolve(_ input: Pipeline.Input) async -> Model {
        let (catalog, loadProblems) = await load(input.content, loader: CatalogLoader(input.config, displayRoot: input.contentDisplay))
        let parsed = await parse(catalog, options: input.config.markdown)
        let (site, _) = SiteResolver(portable: input.config.portable, displayRoot: input.contentDisplay, brokenLinks: input.config.links.broken)
            .resolve(catalog, parsed: parsed, memo: &resolver)
        var pageOfSource: [String: Int] = [:]
        pageOfSource.reserveCapacity(site.catalog.pages.count)
        for index in site.catalog.pages.indices {
            if let source = site.catalog.pages[index].source { pageOfSource[source] = index }
        }
        return Model(tree: input.content, site: site, loadProblems: loadProblems, pageOfSource: pageOfSource)
    }

    /// The load stage, decoding only files whose bytes changed.
    private mutating func load(_ tree: SourceDirectory, loader: CatalogLoader) async -> (Catalog, [Diagnostic]) {
        let displayRoot = loader.displayRoot
        let files = tree.markdownFiles
        var decoded: [String: Document.Decoded] = [:]
        var kept: [String: DecodedFile] = [:]
        decoded.reserveCapacity(files.count)
        kept.reserveCapacity(files.count)
        var changed: [SourceFile] = []
        for file in files {
            if let earlier = documents[file.relativePath], earlier.bytes == file.contents {
                decoded[file.relativePath] = earlier.decoded
                kept[file.relativePath] = earlier
            } else {
                changed.append(file)
            }
        }
        let keys = loader.frontMatterKeys
        let fresh = await Parallel.map(changed.indices) { [changed] in Document.decode(changed[$0], displayRoot: displayRoot, keys: keys) }
        for (file, document) in zip(changed, fresh) {
            decoded[file.relativePath] = document
            kept[file.relativePath] = DecodedFile(bytes: file.contents, decoded: document)
        }
        documents = kept
        return loader.assemble(tree, documents: decoded)
    }

    /// The parse stage, parsing only bodies that changed.
    private mutating func parse(_ catalog: Catalog, options: SiteConfig.MarkdownOptions) async -> [ParsedMarkdown] {
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
            let page = pages[index]
            kept[SiteResolver.Memo.pageKey(page)] = ParsedBody(body: page.body, needs: MarkdownParser.Needs(page.frontMatter),
                                                               parsed: parsed)
        }
        markdown = kept
        return results.map { $0! }
    }

    // MARK: Patching single pages

    /// The last model with the pages of changed files redone, when the edit changed only what
    /// pages say and not which pages there are: no file or folder came or went, no page
    /// appeared, vanished, or changed its slug. `nil` otherwise: then the whole catalog is loaded.
    ///
    /// Each changed file goes through the loader on its own (in a tree holding only it), so
    /// its page's fields are computed by the loader's own code; links are resolved against
    /// the unchanged link targets, and only the changed pages' siblings are sorted again.
    private mutating func patched(_ input: Pipeline.Input) -> Model? {
        guard var model else { return nil }
        var changed: [SourceFile] = []
        guard Self.collectChangedFiles(model.tree, input.content, into: &changed) else { return nil }
        model.tree = input.content
        guard !changed.isEmpty else { return model }
        guard let targets = resolver.targets, resolver.pageProblems.count == model.site.catalog.pages.count else { return nil }

        let displayRoot = input.contentDisplay
        let loader = CatalogLoader(input.config, displayRoot: displayRoot)
        let resolver = SiteResolver(portable: input.config.portable, displayRoot: displayRoot, brokenLinks: input.config.links.broken)
        var site = model.site
        var edits: [(index: Int, page: Page, file: SourceFile, decoded: Document.Decoded, parsed: ParsedMarkdown)] = []
        for file in changed {
            let document = Document.decode(file, displayRoot: displayRoot, keys: loader.frontMatterKeys)
            let alone = SourceDirectory(files: [(file.relativePath, "")])
            let (catalog, _) = loader.assemble(alone, documents: [file.relativePath: document])
            guard let index = model.pageOfSource[file.relativePath],
                  let page = catalog.pages.first(where: { $0.source == file.relativePath }),
                  page.kind == site.catalog.pages[index].kind,
                  page.path.last?.slug == site.catalog.pages[index].path.last?.slug
            else { return nil }
            let parsed = MarkdownParser.parse(page.body, needs: MarkdownParser.Needs(page.frontMatter), options: input.config.markdown)
            // Other pages' `#fragment` links may name these headings: check them all again.
            guard parsed.headings.map(\.id) == site.catalog.pages[index].headings.map(\.id) else { return nil }
            edits.append((index, page, file, document, parsed))
        }

        var parents: Set<Int> = []
        for edit in edits {
            let index = edit.index
            let oldProblems = documents[edit.file.relativePath].map { Self.decodingProblems($0.decoded) } ?? []
            for problem in oldProblems {
                if let position = model.loadProblems.firstIndex(of: problem) { model.loadProblems.remove(at: position) }
            }
            model.loadProblems += Self.decodingProblems(edit.decoded)
            documents[edit.file.relativePath] = DecodedFile(bytes: edit.file.contents, decoded: edit.decoded)

            let oldAliases = site.catalog.pages[index].frontMatter.aliases
            site.catalog.pages[index].frontMatter = edit.page.frontMatter
            site.catalog.pages[index].body = edit.page.body
            site.catalog.pages[index].bodyLine = edit.page.bodyLine
            site.catalog.pages[index].title = edit.page.title
            let page = site.catalog.pages[index]
            let parsed = edit.parsed
            markdown[SiteResolver.Memo.pageKey(page)] = ParsedBody(body: page.body, needs: MarkdownParser.Needs(page.frontMatter),
                                                                   parsed: parsed)
            SiteResolver.settleTitle(of: &site.catalog.pages[index], parsed: parsed)
            SiteResolver.settleSummary(of: &site.catalog.pages[index], parsed: parsed)
            site.catalog.pages[index].headings = parsed.headings
            let (html, problems) = resolver.resolveLinks(of: site.catalog.pages[index], markdown: parsed, targets: targets)
            site.bodies[index] = parsed.links.isEmpty ? parsed.html : html
            self.resolver.pageProblems[index] = problems
            if oldAliases != page.frontMatter.aliases { self.resolver.aliasProblems = resolver.aliasProblems(site.catalog) }
            if let parent = page.parent { parents.insert(parent) }
        }
        for parent in parents {
            let children = site.catalog.pages[parent].children
            let keys = Dictionary(uniqueKeysWithValues: children.map { child in
                (child, SortKey(site.catalog.pages[child], foldedTitle: SortKey.fold(site.catalog.pages[child].title)))
            })
            site.catalog.pages[parent].children.sort { keys[$0]! < keys[$1]! }
        }
        model.site = site
        return model
    }

    /// The diagnostics a file's decoding contributes to the load stage's.
    private static func decodingProblems(_ decoded: Document.Decoded) -> [Diagnostic] {
        switch decoded {
        case .empty: []
        case .failed(let problem): [problem]
        case .parsed(_, let problems): problems
        }
    }

    /// Appends the Markdown files whose bytes differ between two trees; `false` when the trees
    /// do not have the same files and folders.
    private static func collectChangedFiles(_ old: SourceDirectory, _ new: SourceDirectory, into changed: inout [SourceFile]) -> Bool {
        guard old.name == new.name, old.files.count == new.files.count, old.directories.count == new.directories.count
        else { return false }
        for index in old.files.indices {
            // An image's size is in the link targets, which a patch keeps: a new size reloads.
            guard old.files[index].name == new.files[index].name, old.files[index].imageSize == new.files[index].imageSize
            else { return false }
            if old.files[index].contents != new.files[index].contents { changed.append(new.files[index]) }
        }
        for index in old.directories.indices {
            guard collectChangedFiles(old.directories[index], new.directories[index], into: &changed) else { return false }
        }
        return true
    }
}

/// What a renderer can take from an earlier one with the same templates and configuration:
/// the rendered entries of pages whose entry cannot have changed, and the sidebars when no
/// category changed.
struct RenderReuse: Sendable {
    private let earlier: SiteRenderer
    /// By page index: the page's index in the earlier catalog, when its entry is the same.
    private let sameEntry: [Int?]
    /// Where each earlier page's entry sits in the earlier lists: (list owner, position).
    private let earlierPositions: [(owner: Int, position: Int)?]
    /// By selected category index (`nil`: none): the earlier one, when the sidebars are the same.
    private let sameSidebar: [Int?: Int?]

    init(earlier: SiteRenderer, catalog: Catalog) {
        self.earlier = earlier
        let old = earlier.site.catalog
        let counterparts = CatalogCorrespondence(old: old, new: catalog).oldIndex
        let same = CatalogCorrespondence.sameEntries(old, catalog, counterparts: counterparts)
        sameEntry = catalog.pages.indices.map { same[$0] ? counterparts[$0] : nil }
        var positions = [(owner: Int, position: Int)?](repeating: nil, count: old.pages.count)
        for (owner, list) in earlier.lists {
            let children = owner == Catalog.rootIndex ? old.categoryChildren(of: owner) : old.pages[owner].children
            guard children.count == list.plain.count else { continue }
            for (position, child) in children.enumerated() { positions[child] = (owner, position) }
        }
        earlierPositions = positions
        var sidebars: [Int?: Int?] = [:]
        if CatalogCorrespondence.sameCategoryTree(old, catalog, counterparts: counterparts, sameEntries: same) {
            sidebars.updateValue(nil, forKey: nil)
            for index in catalog.pages.indices where catalog.pages[index].kind == .category {
                if let counterpart = counterparts[index] { sidebars[index] = counterpart }
            }
        }
        sameSidebar = sidebars
    }

    func entry(_ index: Int, current: Bool) -> String? {
        guard let counterpart = sameEntry[index], let (owner, position) = earlierPositions[counterpart],
              let list = earlier.lists[owner] else { return nil }
        return current ? list.current[position] : list.plain[position]
    }

    func sidebar(_ selection: SiteRenderer.SidebarSelection) -> String? {
        guard let category = sameSidebar[selection.category] else { return nil }
        return earlier.sidebars[SiteRenderer.SidebarSelection(category: category, isPage: selection.isPage)]
    }
}

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
