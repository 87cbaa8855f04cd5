/// The pure middle of a build: load → parse → resolve → prepare rendering.
///
/// Takes what was read from disk and returns a renderer ready to produce every page, or every
/// problem found. `build`, `check` and the preview server all run these stages, so what the
/// preview shows is what `build` writes.
///
/// Each stage takes what earlier runs remembered (`IncrementalPipeline`, kept by `stacks
/// serve`), or nothing. With nothing (`build`, `check`) it computes everything and keeps
/// nothing: the content's bytes go once loaded, each page's Markdown once parsed, its parsed
/// HTML once resolved. With a memory, every stage still runs, reusing each result whose inputs
/// are equal to last time's: a category whose folder is unchanged, a page whose body is. Either
/// way the outcome is the same (tests compare every page after random edits).
public enum Pipeline {
    public struct Input: Sendable {
        public var config: SiteConfig
        public var content: SourceDirectory
        public var theme: Theme
        /// Problems found while reading (unreadable files, symbolic links, the configuration).
        public var diagnostics: [Diagnostic]
        /// How the content and templates folders are named in diagnostics.
        public var contentDisplay: String
        public var templatesDisplay: String
        /// Where a one-off build may keep the pages' HTML in an unlinked file rather than in
        /// memory (`PageBodies`): beside the output. `nil`: in memory.
        public var spillFolder: String?
        /// The decodings and parses the last build kept, and where this one keeps its own (a build).
        public var decodeMemo: StageMemo?
        public var parseMemo: StageMemo?
        /// Reads a Markdown file the reader left unread (`SourceFile.isUnread`), by its path
        /// relative to the content folder, when decoding or parsing needs its bytes after all
        /// (`UnreadSources`).
        var readSource: (@Sendable (String) -> Result<[UInt8], Diagnostic>)?

        public init(config: SiteConfig, content: SourceDirectory, theme: Theme = .builtIn, diagnostics: [Diagnostic] = [],
                    contentDisplay: String = "content", templatesDisplay: String = "templates") {
            self.config = config
            self.content = content
            self.theme = theme
            self.diagnostics = diagnostics
            self.contentDisplay = contentDisplay
            self.templatesDisplay = templatesDisplay
        }
    }

    public struct Prepared: Sendable {
        public var renderer: SiteRenderer
        public var theme: Theme
        /// Every file of the site and what makes it.
        public var manifest: SiteManifest
        public var warnings: [Diagnostic]

        /// `earlier`: the last rebuild's manifest (`SiteManifest.init(_:theme:earlier:)`).
        public init(renderer: SiteRenderer, theme: Theme, warnings: [Diagnostic], earlier: SiteManifest? = nil) {
            self.renderer = renderer
            self.theme = theme
            self.manifest = SiteManifest(renderer, theme: theme, earlier: earlier)
            self.warnings = warnings
        }
    }

    public static func prepare(_ input: Input) async throws(Diagnostics) -> Prepared {
        try await prepare(taking: input)
    }

    /// `prepare(_:)`, letting the content's bytes go once they are loaded, when the caller
    /// hands its input over (`consume`): in a large catalog they are a good part of the peak
    /// memory.
    static func prepare(taking input: consuming Input) async throws(Diagnostics) -> Prepared {
        var nothing: IncrementalPipeline?
        return try await run(taking: input, memory: &nothing).get()
    }

    /// Every stage, reusing what `memory` holds and leaving in it what this run computed.
    static func run(taking input: consuming Input, memory: inout IncrementalPipeline?) async -> Result<Prepared, Diagnostics> {
        memory?.startOver(unless: IncrementalPipeline.Settings(input))
        var diagnostics = Diagnostics(input.diagnostics)
        var content = SourceDirectory(name: "", relativePath: "")
        swap(&content, &input.content)
        // A build parses the templates beside the content's stages, which leave a core idle
        // at times (the catalog's assembly, the order); the preview keeps them from last time.
        let (theme, strings, templatesDisplay) = (input.theme, input.config.strings, input.templatesDisplay)
        let templatesGate = memory == nil ? Gate() : nil
        async let madeAside: Result<TemplateSet, Diagnostics>? = templatesAside(theme, strings: strings, displayRoot: templatesDisplay,
                                                                              memo: input.parseMemo, after: templatesGate)
        let (site, contentProblems, tagIndexAside) = await resolvedSite(taking: consume content, config: input.config,
                                                         displayRoot: input.contentDisplay, spillFolder: input.spillFolder,
                                                         memos: (input.decodeMemo, input.parseMemo), readSource: input.readSource,
                                                         opening: [templatesGate].compactMap { $0 }, indexesTags: true,
                                                         memory: &memory)
        templatesGate?.open()
        diagnostics.append(contentsOf: contentProblems)

        let templates = await madeAside ?? makeTemplates(input.theme, strings: input.config.strings, displayRoot: input.templatesDisplay,
                                                         memory: &memory)
        if case .failure(let problems) = templates { diagnostics.append(contentsOf: problems.all) }
        guard case .success(let templates) = templates, !diagnostics.hasErrors else { return .failure(diagnostics) }

        var config = input.config
        if config.title == nil { config.title = site.catalog.root.frontMatter.title }
        let renderer = await render(site, config: config, templates: templates, tagIndex: await tagIndexAside?.value,
                                    spillFolder: input.spillFolder, memory: &memory)
        PhaseTrace.mark("templates, renderer")
        // Content named `tags` at the root keeps its URL; the tag pages move aside.
        if let moved = renderer.tagIndex.warning(displayRoot: input.contentDisplay) { diagnostics.append(moved) }
        let prepared = Prepared(renderer: renderer, theme: input.theme, warnings: diagnostics.warnings, earlier: memory?.manifest)
        PhaseTrace.mark("manifest")
        memory?.manifest = prepared.manifest
        return .success(prepared)
    }

    // MARK: A catalog in several languages

    /// The site: one `Prepared` per language (`languages:`), the default's first; one for a
    /// catalog of one language. Each language runs the stages on its own tree (`LanguageSplit`),
    /// with its own configuration (its language, its folder); once all are resolved, each page
    /// learns its translations (`Translations`).
    public static func prepareSite(_ input: Input) async throws(Diagnostics) -> [Prepared] {
        try await prepareSite(taking: input)
    }

    static func prepareSite(taking input: consuming Input) async throws(Diagnostics) -> [Prepared] {
        var nothing: [IncrementalPipeline]?
        return try await runSite(taking: input, memories: &nothing).get()
    }

    /// `memories`: what each language's stages remembered (`stacks serve`), by position.
    static func runSite(taking input: consuming Input, memories: inout [IncrementalPipeline]?) async -> Result<[Prepared], Diagnostics> {
        guard let settings = input.config.languages else {
            // Taken out of the list, not copied: what it remembers is then updated in place.
            var memory = memories.map { $0.isEmpty ? IncrementalPipeline() : memories!.removeFirst() }
            let result = await run(taking: input, memory: &memory)
            if let memory { memories = [memory] }
            return result.map { [$0] }
        }
        var diagnostics = Diagnostics(input.diagnostics)
        var content = SourceDirectory(name: "", relativePath: "")
        swap(&content, &input.content)
        let (languages, splitProblems) = LanguageSplit.split(content, settings: settings, displayRoot: input.contentDisplay)
        content = SourceDirectory(name: "", relativePath: "")
        diagnostics.append(contentsOf: splitProblems)
        if let count = memories?.count, count != languages.count {
            memories = Array(repeating: IncrementalPipeline(), count: languages.count)
        }
        var sites: [ResolvedSite] = []
        var configs: [SiteConfig] = []
        var templateSets: [TemplateSet] = []
        let described = Translations.languages(of: settings)
        for var language in languages {
            if language.position > 0, settings.fallbacks, let defaultSite = sites.first {
                Fallback.add(to: &language.tree, folderPrefix: language.folderPrefix,
                              suffixes: settings.layout == .suffixes ? settings.codes : [],
                              from: defaultSite.catalog, defaultPrefix: languages[0].folderPrefix, language: described[0])
            }
            var config = input.config
            config.language = LanguageSettings.tag(of: settings.codes[language.position])
            config.languageFolder = settings.outputFolder(of: language.position)
            config.languagePosition = language.position
            var languageInput = Input(config: config, content: language.tree, theme: input.theme,
                                      contentDisplay: input.contentDisplay, templatesDisplay: input.templatesDisplay)
            languageInput.spillFolder = input.spillFolder
            languageInput.decodeMemo = input.decodeMemo
            languageInput.parseMemo = input.parseMemo
            languageInput.readSource = input.readSource
            var memory = takeMemory(language.position, from: &memories)
            memory?.startOver(unless: IncrementalPipeline.Settings(languageInput))
            let (site, problems, _) = await resolvedSite(taking: language.tree, config: config, displayRoot: input.contentDisplay,
                                                      spillFolder: input.spillFolder, memos: (input.decodeMemo, input.parseMemo),
                                                      readSource: input.readSource, memory: &memory)
            diagnostics.append(contentsOf: problems)
            let templates = makeTemplates(input.theme, strings: config.strings, displayRoot: input.templatesDisplay,
                                          checksAssets: language.position == 0, memo: input.parseMemo, memory: &memory)
            if var memory { swap(&memory, &memories![language.position]) }
            switch templates {
            case .failure(let problems):
                // The same theme for every language: its problems once.
                diagnostics.append(contentsOf: problems.all)
                return .failure(diagnostics)
            case .success(let set): templateSets.append(set)
            }
            if config.title == nil { config.title = site.catalog.root.frontMatter.title }
            sites.append(site)
            configs.append(config)
        }
        diagnostics.append(contentsOf: folderClashes(sites, settings: settings, displayRoot: input.contentDisplay))
        guard !diagnostics.hasErrors else { return .failure(diagnostics) }
        let translations = Translations(settings: settings, catalogs: sites.map(\.catalog), folderPrefixes: languages.map(\.folderPrefix),
                                        baseURL: input.config.baseURL, portable: input.config.portable)
        var prepared: [Prepared] = []
        for position in sites.indices {
            var memory = takeMemory(position, from: &memories)
            var renderer = await render(sites[position], config: configs[position], templates: templateSets[position],
                                        spillFolder: input.spillFolder, memory: &memory)
            renderer.translations = translations
            if let moved = renderer.tagIndex.warning(displayRoot: input.contentDisplay) { diagnostics.append(moved) }
            prepared.append(Prepared(renderer: renderer, theme: input.theme, warnings: position == 0 ? diagnostics.warnings : [],
                                     earlier: memory?.manifest))
            memory?.manifest = prepared.last!.manifest
            if var memory { swap(&memory, &memories![position]) }
        }
        return .success(prepared)
    }

    /// Language `position`'s memory, taken out of `memories` (left empty in its place) so that
    /// it is updated in place rather than copied.
    private static func takeMemory(_ position: Int, from memories: inout [IncrementalPipeline]?) -> IncrementalPipeline? {
        guard memories != nil else { return nil }
        var memory = IncrementalPipeline()
        swap(&memory, &memories![position])
        return memory
    }

    /// With the default language at the site's root, a root category of its named like another
    /// language's folder (`de`) would share that language's URLs: an error naming both.
    private static func folderClashes(_ sites: [ResolvedSite], settings: LanguageSettings, displayRoot: String) -> [Diagnostic] {
        guard settings.defaultAtRoot, let home = sites.first?.catalog else { return [] }
        var problems: [Diagnostic] = []
        for child in home.pages[Catalog.rootIndex].children {
            let page = home.pages[child]
            guard let other = settings.codes.indices.dropFirst().first(where: { settings.outputFolder(of: $0) == page.slug }) else { continue }
            problems.append(.error(displayPath(page.source ?? page.sourceDirectory, under: displayRoot), line: 1, column: 1,
                "'\(page.slug)/' is the URL of this category and of the pages in \(settings.codes[other]) (languages); rename the folder or give it a 'slug'"))
        }
        return problems
    }

    // MARK: Stages

    /// Load, parse and resolve: the catalog with every page's final body, and the problems found.
    /// With `indexesTags`, a build's tag index too, being made beside the links' resolution.
    private static func resolvedSite(taking content: consuming SourceDirectory, config: SiteConfig, displayRoot: String,
                                     spillFolder: String?, memos: (decode: StageMemo?, parse: StageMemo?),
                                     readSource: (@Sendable (String) -> Result<[UInt8], Diagnostic>)? = nil,
                                     opening gates: [Gate] = [], indexesTags: Bool = false,
                                     memory: inout IncrementalPipeline?) async -> (ResolvedSite, [Diagnostic], Task<TagIndex, Never>?) {
        let loader = CatalogLoader(config, displayRoot: displayRoot)
        let resolver = SiteResolver(portable: config.portable, displayRoot: displayRoot, brokenLinks: config.links.broken,
                                    images: config.images.resize ? ResponsiveImages(layout: config.layout, avif: config.images.avif) : nil)
        let loaded: CatalogLoader.Loaded
        var collisionsAside: Task<[Diagnostic], Never>?
        var collisionProblems: [Diagnostic] = []
        var spilledBodies: SpilledBodies?
        if memory == nil {
            // A build: each file's bytes go once decoded, and its body to a file beside the
            // output until it is parsed.
            var files = content.takeMarkdownFiles()
            spilledBodies = spillFolder.map { SpilledBodies(count: files.count, folder: $0) }
            let optionsKey = ParseMemo.optionsKey(config.markdown), parseMemo = memos.parse
            let unread = readSource.map { read in
                UnreadSources(read: read) { frontMatter, digest, start in
                    parseMemo?.has(ParseMemo.key(fileDigest: digest, bodyStart: start, needs: MarkdownParser.Needs(frontMatter),
                                                 optionsKey: optionsKey)) ?? false
                }
            }
            var documents = await loader.decode(releasing: &files, memo: memos.decode, unread: unread, bodies: &spilledBodies)
            spilledBodies?.finish()
            PhaseTrace.mark("decoded")
            for gate in gates { gate.open() }
            loaded = loader.assemble(content, documents: &documents, findsCollisions: false)
            // The output collisions, on the core the parse leaves idle at times. (The pages are
            // shared with the parse, which changes none of them: `Page.body` set to the nothing
            // a spilled build's pages hold is no change.)
            let (pages, assets) = (loaded.catalog.pages, loaded.catalog.assets)
            collisionsAside = Task.detached { CatalogLoader.collisions(pages: pages, assets: assets, displayRoot: displayRoot) }
            PhaseTrace.mark("assembled")
            // The bytes are needed no more.
            content = SourceDirectory(name: "", relativePath: "")
        } else {
            // `serve`: only the files whose bytes changed are decoded again, only the folders
            // that hold them loaded again.
            loaded = await memory!.load(content, loader: loader)
            PhaseTrace.mark("loaded again")
        }
        let loadProblems = loaded.diagnostics
        let remade = loaded.remade
        // Handed over, so that letting the sources go below copies no page.
        var catalog = (consume loaded).catalog

        var parsed: [ParsedMarkdown]
        var parsedHTML: PageBodies?
        var parseKeys: [Digest]?
        if memory == nil {
            // The Markdown source is not needed past parsing: each page's goes as it is parsed.
            (parsed, parsedHTML, parseKeys) = await parseReleasing(&catalog, bodies: spilledBodies, options: config.markdown,
                                                                   memo: memos.parse, spillFolder: spillFolder, readSource: readSource)
            spilledBodies = nil
            // Done before the resolve changes the pages the collisions read (each page shared
            // with them would be copied); the parse takes far longer.
            collisionProblems = await collisionsAside?.value ?? []
            collisionsAside = nil
            FreedMemory.release()
            PhaseTrace.mark("parsed")
        } else {
            // `serve`: only the bodies that changed are parsed again.
            parsed = await memory!.parse(catalog, remade: remade, options: config.markdown)
            PhaseTrace.mark("parsed again")
        }
        var resolverMemo = memory?.takeResolverMemo()
        // The tag index reads the settled titles and nothing the links change: a build makes it
        // beside their resolution (the preview keeps its own, `render`).
        var tagIndexAside: Task<TagIndex, Never>?
        let indexing = indexesTags && memory == nil
        let (site, resolveProblems) = resolver.resolve(consume catalog, parsed: consume parsed, memo: &resolverMemo,
                                                       remade: remade, spillFolder: spillFolder, parsedHTML: parsedHTML,
                                                       parseKeys: parseKeys) { ordered in
            guard indexing else { return }
            let inputs = TagIndex.Inputs(ordered)
            tagIndexAside = Task.detached { TagIndex(inputs) }
        }
        if let resolverMemo { memory?.remember(resolverMemo: resolverMemo) }
        PhaseTrace.mark("resolved")
        return (site, loadProblems + collisionProblems + resolveProblems, tagIndexAside)
    }

    /// Parse, for a build: every page's Markdown, a few thousand pages at a time, each page's
    /// taken out of the catalog as it is parsed, so that the Markdown and the HTML of a large
    /// catalog are never both held whole. A page whose parse `memo` kept is not parsed again.
    ///
    /// With a `spillFolder`, the HTML goes to a file there as each chunk is parsed, and the
    /// resolve stage reads it back a chunk at a time: held until resolved, it was the largest
    /// part of a 100,000-item build's peak (268 MB). The parsed pages are then returned without
    /// their HTML, and with the file.
    /// `bodies`: the pages' Markdown, where the decode stage kept it in a file (`SpilledBodies`).
    /// With a `memo`, each page's parse key too (`ParseMemo.key`), by page index.
    /// A body left in its file (`UnreadSources`) is read from it, by `readSource`, only when the
    /// memo lacks its parse.
    private static func parseReleasing(_ catalog: inout Catalog, bodies: SpilledBodies?, options: SiteConfig.MarkdownOptions,
                                       memo: StageMemo?, spillFolder: String?,
                                       readSource: (@Sendable (String) -> Result<[UInt8], Diagnostic>)?) async -> ([ParsedMarkdown], PageBodies?, [Digest]?) {
        let optionsKey = ParseMemo.optionsKey(options)
        var parsed: [ParsedMarkdown] = []
        parsed.reserveCapacity(catalog.pages.count)
        var keys: [Digest]? = memo == nil ? nil : []
        keys?.reserveCapacity(catalog.pages.count)
        var html = spillFolder.map { PageBodies.Collector(count: catalog.pages.count, spillingIn: $0) }
        let step = 4096
        for start in stride(from: 0, to: catalog.pages.count, by: step) {
            let range = start..<min(start + step, catalog.pages.count)
            let sources = range.map { index in
                (path: catalog.pages[index].source, inline: catalog.pages[index].body, needs: MarkdownParser.Needs(catalog.pages[index].frontMatter),
                 tail: bodies?.tail(of: catalog.pages[index].source))
            }
            for index in range { catalog.pages[index].body = "" }
            let leavingHTML = html != nil
            let made = await Parallel.map(sources.indices) { position -> (ParsedMarkdown, Digest?, HeldBytes?) in
                let source = sources[position]
                // Kept in the bodies' file since decoding, or left in its own (read only now, and
                // only when it still holds the bytes its key was made from), or in the page.
                func body() -> String? {
                    if let kept = bodies?.body(of: source.path) { return kept }
                    guard let left = bodies?.leftInFile(source.path) else { return source.inline }
                    guard let path = source.path, case .success(let bytes)? = readSource?(path),
                          left.start <= bytes.count, Digest(of: bytes) == left.digest else { return nil }
                    return String(decoding: bytes[left.start...], as: UTF8.self)
                }
                guard let memo else { return (MarkdownParser.parse(body() ?? "", needs: source.needs, options: options), nil, nil) }
                return ParseMemo.parse(needs: source.needs, options: options, optionsKey: optionsKey, tail: source.tail, memo: memo,
                                       leavingHTML: leavingHTML, body: body)
            }
            var chunk = made.map(\.0)
            keys? += made.map { $0.1! }
            if html != nil {
                // A parse the memo kept leaves its HTML there: after an edit, ten thousand
                // bodies are not copied to the bodies' file to be read back for two pages.
                for position in chunk.indices {
                    if let kept = made[position].2 { html!.append(kept) } else { html!.append(chunk[position].html) }
                    chunk[position].html = ""
                }
            }
            parsed += chunk
        }
        return (parsed, html?.finished(), keys)
    }

    /// A build's templates, made once `gate` opens (`nil`: none made here).
    private static func templatesAside(_ theme: Theme, strings: InterfaceStrings, displayRoot: String, memo: StageMemo?,
                                       after gate: Gate?) async -> Result<TemplateSet, Diagnostics>? {
        guard let gate else { return nil }
        await gate.wait()
        var nothing: IncrementalPipeline?
        return makeTemplates(theme, strings: strings, displayRoot: displayRoot, memo: memo, memory: &nothing)
    }

    /// The templates, made again only when the theme changed.
    private static func makeTemplates(_ theme: Theme, strings: InterfaceStrings, displayRoot: String, checksAssets: Bool = true,
                                      memo: StageMemo? = nil, memory: inout IncrementalPipeline?) -> Result<TemplateSet, Diagnostics> {
        if let earlier = memory?.templates(for: theme) { return earlier }
        // The templated assets (the stylesheet) are parsed here only to report their problems
        // before anything is written, and rendered only when their inputs changed. A build
        // whose memo says these very texts parsed does not parse them again: the template
        // library's parse takes time in the square of a template's braces, and the stylesheet's
        // was a tenth of a one-edit build. Rendered, it is parsed then.
        let assetsKey = memo == nil || !checksAssets ? nil : TemplateSet.assetsKey(theme)
        var checks = checksAssets
        if let assetsKey, let memo, let verdict = memo.entry(assetsKey), verdict == TemplateSet.assetsParsed {
            memo.keepFound(assetsKey, verdict)
            checks = false
        }
        let templates: Result<TemplateSet, Diagnostics>
        do throws(Diagnostics) {
            templates = .success(try TemplateSet(theme: theme, strings: strings, displayRoot: displayRoot, checksAssets: checks))
            if checks, let assetsKey { memo?.keep(assetsKey, TemplateSet.assetsParsed) }
        } catch {
            templates = .failure(error)
        }
        memory?.remember(templates: templates, theme: theme)
        return templates
    }

    /// Prepare rendering: for a build, every list and sidebar drawn on all cores; for the
    /// preview (with a memory), each drawn when a page first needs it, and the tag index kept
    /// while what it is made from holds.
    /// `tagIndex`: the site's, when a build made it already.
    private static func render(_ site: ResolvedSite, config: SiteConfig, templates: TemplateSet, tagIndex: TagIndex? = nil,
                               spillFolder: String? = nil, memory: inout IncrementalPipeline?) async -> SiteRenderer {
        // A build draws each list and sidebar when a page it makes first needs it: after an
        // edit, it makes only the pages whose keys changed (`PageKeys`).
        guard memory != nil else {
            return SiteRenderer.drawingOnDemand(site: site, config: config, templates: templates, tagIndex: tagIndex,
                                                spillFolder: spillFolder)
        }
        // The last inputs patched where the catalog's pages are not the last ones' (taken out
        // of the memory, so changed in place); else made anew. The same inputs, the same
        // index; a few titles changed, the same index reordered.
        var last = memory!.tagIndex.take()
        let (pages, assets) = (last?.pages, last?.assets)
        let inputs: TagIndex.Inputs, tagIndex: TagIndex
        if let pages, let assets, let changed = last?.inputs.patch(from: pages, earlierAssets: assets, to: site.catalog) {
            inputs = last!.inputs
            tagIndex = last!.index.reordered(changing: changed, in: inputs) ?? TagIndex(inputs)
        } else {
            inputs = TagIndex.Inputs(site.catalog)
            tagIndex = last.flatMap { $0.index.reordered(from: $0.inputs, to: inputs) } ?? TagIndex(inputs)
        }
        PhaseTrace.mark("tag index")
        memory!.tagIndex = (inputs, tagIndex, site.catalog.pages, site.catalog.assets)
        return SiteRenderer.drawingOnDemand(site: site, config: config, templates: templates, tagIndex: tagIndex)
    }
}
