/// The pure middle of a build: load → parse → resolve → prepare rendering.
///
/// Takes what was read from disk and returns a renderer ready to produce every page, or every
/// problem found. `build`, `check` and the preview server all go through here, so what the
/// preview shows is what `build` writes.
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
        public var warnings: [Diagnostic]
    }

    public static func prepare(_ input: Input) async throws(Diagnostics) -> Prepared {
        try await prepare(taking: input)
    }

    /// `prepare(_:)`, letting the content's bytes go once they are loaded, when the caller
    /// hands its input over (`consume`): in a large catalog they are a good part of the peak
    /// memory.
    static func prepare(taking input: consuming Input) async throws(Diagnostics) -> Prepared {
        var diagnostics = Diagnostics(input.diagnostics)
        let loader = CatalogLoader(input.config, displayRoot: input.contentDisplay)
        let (catalog, loadProblems) = await loader.load(input.content)
        diagnostics.append(contentsOf: loadProblems)
        input.content = SourceDirectory(name: "", relativePath: "")

        var config = input.config
        if config.title == nil { config.title = catalog.root.frontMatter.title }
        let options = config.markdown
        let parsed: [ParsedMarkdown]
        do {
            let pages = catalog.pages
            parsed = await Parallel.map(pages.indices) { index in
                MarkdownParser.parse(pages[index].body, needs: MarkdownParser.Needs(pages[index].frontMatter), options: options)
            }
        }
        // The Markdown source is not needed past parsing: let it go before the HTML grows.
        var catalogWithoutSources = consume catalog
        for index in catalogWithoutSources.pages.indices { catalogWithoutSources.pages[index].body = "" }
        let (site, resolveProblems) = SiteResolver(portable: config.portable, displayRoot: input.contentDisplay, brokenLinks: config.links.broken)
            .resolveOnce(consume catalogWithoutSources, parsed: consume parsed)
        diagnostics.append(contentsOf: resolveProblems)

        var templates: TemplateSet?
        do {
            templates = try TemplateSet(theme: input.theme, displayRoot: input.templatesDisplay)
        } catch {
            diagnostics.append(contentsOf: error.all)
        }
        guard let templates, !diagnostics.hasErrors else { throw diagnostics }
        return Prepared(renderer: await SiteRenderer.rendering(site: site, config: config, templates: templates),
                        theme: input.theme, warnings: diagnostics.warnings)
    }
}
