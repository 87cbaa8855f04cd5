extension IncrementalPipeline {
    /// The load, parse and resolve stages as a patch of the last site, when the edit changed
    /// only what pages say and not where they are: no file or folder came or went, every
    /// changed file loads as the same page at the same place, with the same headings. `nil`
    /// otherwise: then the stages run over the whole catalog.
    ///
    /// Each changed file's page is made by the loader (`CatalogLoader.reloaded`) and put into
    /// the site by the resolver (`SiteResolver.replacing`), against the unchanged link targets.
    mutating func patched(_ tree: SourceDirectory, loader: CatalogLoader, resolver: SiteResolver,
                          options: SiteConfig.MarkdownOptions) -> (ResolvedSite, [Diagnostic])? {
        // Taken out, so that patching it copies no page; the stages make a new one when this returns `nil`.
        guard var model = self.model else { return nil }
        self.model = nil
        var changed: [SourceFile] = []
        guard Self.collectChangedFiles(model.tree, tree, into: &changed) else { return nil }
        model.tree = tree
        if !changed.isEmpty {
            guard self.resolver.targets != nil, self.resolver.pageProblems.count == model.site.catalog.pages.count
            else { return nil }
            var edits: [(index: Int, page: Page, file: SourceFile, decoded: Document.Decoded, parsed: ParsedMarkdown)] = []
            for file in changed {
                let decoded = Document.decode(file, displayRoot: loader.displayRoot, keys: loader.frontMatterKeys)
                guard let index = model.pageOfSource[file.relativePath],
                      let page = loader.reloaded(decoded, at: model.places[index])
                else { return nil }
                let parsed = MarkdownParser.parse(page.body, needs: MarkdownParser.Needs(page.frontMatter), options: options)
                // Other pages' `#fragment` links may name these headings: check them all again.
                guard parsed.headings.map(\.id) == model.site.catalog.pages[index].headings.map(\.id) else { return nil }
                edits.append((index, page, file, decoded, parsed))
            }
            for edit in edits {
                for problem in documents[edit.file.relativePath]?.decoded.problems ?? [] {
                    if let position = model.loadProblems.firstIndex(of: problem) { model.loadProblems.remove(at: position) }
                }
                model.loadProblems += edit.decoded.problems
                documents[edit.file.relativePath] = DecodedFile(bytes: edit.file.contents, decoded: edit.decoded)
                Self.remember(edit.parsed, of: edit.page, in: &markdown)
                resolver.replacing(edit.index, with: edit.page, parsed: edit.parsed, in: &model.site, memo: &self.resolver)
            }
        }
        self.model = model
        patchedRuns += 1
        let problems: [Diagnostic] = model.loadProblems + Array(self.resolver.pageProblems.joined()) + self.resolver.aliasProblems
        return (model.site, problems)
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
