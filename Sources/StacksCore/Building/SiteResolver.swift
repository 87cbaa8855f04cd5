import Foundation

/// The resolve stage: settles titles and order, and turns every relative link in the
/// Markdown into a URL relative to its page. Pure.
public struct SiteResolver: Sendable {
    /// Links name `index.html`, for sites opened from disk.
    public var portable: Bool
    public var displayRoot: String
    /// What a link or image that leads nowhere is (`links.broken` in `stacks.yml`).
    public var brokenLinks: Diagnostic.Severity
    /// Pictures shown at the sizes the layout shows them at (`images.resize`); `nil`: as they are.
    public var images: ResponsiveImages?

    public init(portable: Bool, displayRoot: String = "content", brokenLinks: Diagnostic.Severity = .error,
                images: ResponsiveImages? = nil) {
        self.portable = portable
        self.displayRoot = displayRoot
        self.brokenLinks = brokenLinks
        self.images = images
    }

    public func resolve(_ catalog: Catalog, parsed: [ParsedMarkdown]) -> (ResolvedSite, [Diagnostic]) {
        var memo: Memo?
        return resolve(catalog, parsed: parsed, memo: &memo)
    }

    /// What a resolve computed, kept by `stacks serve`: resolving an edited catalog then redoes
    /// only the pages the load stage made again, and the pages one of whose links' lookups
    /// gives another answer (`LinkTargets.changedNames(since:)`).
    struct Memo: Sendable {
        var portable: Bool?
        var displayRoot: String?
        var brokenLinks: Diagnostic.Severity?
        var images: ResponsiveImages?
        /// Titles as the order compares them, by title.
        var foldedTitles: [String: String] = [:]
        var targets: LinkTargets?
        /// Bodies with their links resolved, by `pageKey`.
        var bodies: [String: ResolvedBody] = [:]
        /// The last result's link problems, by page index, and its alias problems.
        var pageProblems: [[Diagnostic]] = []
        var aliasProblems: [Diagnostic] = []
        /// The last result, which a run over a catalog of the same shape updates in place.
        var site: ResolvedSite?
        /// How many bodies the last run resolved the links of.
        var lastResolved = 0

        static func pageKey(_ page: Page) -> String {
            page.source ?? page.sourceDirectory + "/"
        }
    }

    struct ResolvedBody: Sendable {
        var markdown: ParsedMarkdown
        var sourceDirectory: String
        var source: String?
        var bodyLine: Int
        /// The page's URL folder, against which relative links are tried too.
        var outputDirectory: String
        var html: String
        var diagnostics: [Diagnostic]
        /// Every name the links' resolution looked up in the link targets.
        var lookups: [String]

        /// Whether resolving `markdown`'s links for `page` gives this again, where the link
        /// targets changed only in the names `changed`.
        func isResult(of markdown: ParsedMarkdown, for page: Page, changed: Set<String>) -> Bool {
            bodyLine == page.bodyLine && sourceDirectory == page.sourceDirectory && source == page.source
                && outputDirectory == page.path.outputDirectory && self.markdown == markdown
                && (changed.isEmpty || !lookups.contains(where: changed.contains))
        }
    }

    /// `resolve(_:parsed:)`, reusing what `memo` holds from an earlier resolve and leaving in it
    /// what this one computed. The result is the same as without a memo.
    ///
    /// `remade`: which pages the load stage made again (`CatalogLoader.Remade`); every other
    /// page is the one loaded last time at its index, with the same Markdown. When the catalog
    /// kept its shape, the last result is updated at those pages only.
    ///
    /// Without a memo (a one-off build) nothing is kept for later: each parsed body is let go
    /// as soon as its links are resolved, so a large catalog never holds its HTML twice.
    ///
    /// `spillFolder`: where a one-off build may keep the bodies in a file rather than in memory
    /// (`PageBodies`). `parsedHTML`: a one-off build's parsed HTML, by page index, when the
    /// parse stage kept it in a file (`Pipeline.parseReleasing`): `parsed` then holds none.
    ///
    /// `parseKeys`: each page's parse key (`ParseMemo.key`), when the parse stage had them: each
    /// body's digest is then made from it and what its links resolved to, not from its bytes.
    ///
    /// `whenOrdered`: given the catalog as the result will have it, once every page is settled
    /// and ordered and before the links are resolved, when every page is resolved anew (a build
    /// starts its tag index there, on the core the link table leaves idle).
    func resolve(_ catalog: consuming Catalog, parsed: consuming [ParsedMarkdown], memo: inout Memo?,
                 remade: CatalogLoader.Remade? = nil, spillFolder: String? = nil,
                 parsedHTML: PageBodies? = nil, parseKeys: [Digest]? = nil,
                 whenOrdered: (Catalog) -> Void = { _ in }) -> (ResolvedSite, [Diagnostic]) {
        if let earlier = memo, earlier.portable != portable || earlier.displayRoot != displayRoot || earlier.brokenLinks != brokenLinks
            || earlier.images != images {
            memo = Memo(portable: portable, displayRoot: displayRoot, brokenLinks: brokenLinks, images: images)
        }
        var previous = memo?.site
        memo?.site = nil
        memo?.lastResolved = 0
        let keepsShape = remade?.sameShape == true && memo?.targets != nil
            && previous?.catalog.pages.count == catalog.pages.count && memo?.pageProblems.count == catalog.pages.count
        guard keepsShape, let remade, var site = previous.take(), var kept = memo.take() else {
            let (site, problems) = resolveAll(catalog, parsed: parsed, memo: &memo, spillFolder: spillFolder, parsedHTML: parsedHTML,
                                              parseKeys: parseKeys, whenOrdered: whenOrdered)
            if memo != nil { memo!.site = site }
            return (site, problems)
        }
        let problems = update(&site, to: catalog, parsed: parsed, remade: remade.pages, memo: &kept)
        kept.site = site
        memo = kept
        return (site, problems)
    }

    /// Every page settled, ordered and resolved, reusing `memo`'s bodies whose inputs are the same.
    private func resolveAll(_ catalog: consuming Catalog, parsed: consuming [ParsedMarkdown], memo: inout Memo?,
                            spillFolder: String?, parsedHTML: PageBodies?, parseKeys: [Digest]?,
                            whenOrdered: (Catalog) -> Void) -> (ResolvedSite, [Diagnostic]) {
        var catalog = catalog
        let pictures = images == nil ? nil : PagePictures(catalog.assets)
        for index in catalog.pages.indices {
            Self.settle(&catalog.pages[index], parsed: parsed[index])
            // Field by field: the page handed over whole was copied.
            if let pictures {
                catalog.pages[index].picture = pictures.picture(image: catalog.pages[index].frontMatter.image,
                                                                sourceDirectory: catalog.pages[index].sourceDirectory,
                                                                links: parsed[index].links)
            }
        }
        // Each page's children by their keys, made for one parent at a time: every page's at
        // once were 48 MB at a million pages, beside a table of folded titles, which only
        // `stacks serve` keeps (`Memo.foldedTitles`).
        var folded: [String: String] = [:]
        let keepsFolds = memo != nil
        if keepsFolds { folded.reserveCapacity(catalog.pages.count) }
        for index in catalog.pages.indices where !catalog.pages[index].children.isEmpty {
            var keyed = catalog.pages[index].children.map { child in
                let title = catalog.pages[child].title
                let foldedTitle = folded[title] ?? memo?.foldedTitles[title] ?? SortKey.fold(title)
                if keepsFolds { folded[title] = foldedTitle }
                return (child: child, key: SortKey(of: catalog.pages, child, foldedTitle: foldedTitle))
            }
            keyed.sort { $0.key < $1.key }
            catalog.pages[index].children = keyed.map(\.child)
        }
        memo?.foldedTitles = folded
        whenOrdered(catalog)
        return resolveBodies(of: catalog, parsed: parsed, memo: &memo, spillFolder: spillFolder, parsedHTML: parsedHTML,
                             parseKeys: parseKeys)
    }

    /// Every page's links resolved, in a settled and ordered catalog; bodies from `memo` whose
    /// inputs are the same are kept.
    private func resolveBodies(of catalog: Catalog, parsed: consuming [ParsedMarkdown], memo: inout Memo?,
                               spillFolder: String?, parsedHTML: PageBodies? = nil, parseKeys: [Digest]? = nil) -> (ResolvedSite, [Diagnostic]) {
        let targets = LinkTargets(catalog)
        // What a link may now resolve to otherwise: a page none of whose links looked one of
        // these up keeps its resolved body.
        let changed = memo?.targets.map { targets.changedNames(since: $0) } ?? []
        let reusable = memo?.targets == nil ? [:] : memo?.bodies ?? [:]
        var resolvedBodies: [String: ResolvedBody] = [:]
        var pageProblems = [[Diagnostic]](repeating: [], count: catalog.pages.count)
        let keepsBodies = memo != nil
        var bodies = PageBodies.Collector(count: catalog.pages.count, spillingIn: keepsBodies ? nil : spillFolder)
        var resolvedCount = 0
        if !keepsBodies, let parsedHTML {
            // A build whose parsed HTML is in a file: the links resolved on all cores, and each
            // body's substitution kept beside it, applied when the body is read (`PageBodies`).
            var substitutions = LinkSubstitution.Table(pages: catalog.pages.count)
            var digests = [Digest?](repeating: nil, count: parseKeys == nil ? 0 : catalog.pages.count)
            // A few thousand pages at a time: every page's result at once, with the parts it
            // was joined from, was held at the stage's peak.
            let step = 4096
            for start in stride(from: 0, to: catalog.pages.count, by: step) {
                let range = start..<min(start + step, catalog.pages.count)
                let resolved = Parallel.mapBlocking(range) { index -> (LinkSubstitution.Packed, [Diagnostic], Digest?)? in
                    let markdown = parsed[index]
                    guard !markdown.links.isEmpty || !markdown.shortcodes.isEmpty else { return nil }
                    let resolution = linkSubstitution(of: catalog.pages[index], markdown: markdown, targets: targets,
                                                      parseKey: parseKeys?[index])
                    return (LinkSubstitution.Packed(resolution.0), resolution.problems, resolution.digest)
                }
                for (position, index) in range.enumerated() {
                    substitutions.append(resolved[position]?.0)
                    if let (_, problems, digest) = resolved[position] {
                        pageProblems[index] = problems
                        if parseKeys != nil { digests[index] = digest }
                    } else if let parseKeys {
                        digests[index] = Self.bodyDigest(parseKey: parseKeys[index])
                    }
                }
            }
            substitutions.shrink()
            let bodies = parsedHTML.substituting(substitutions, digests: digests)
            return (ResolvedSite(catalog: catalog, bodies: bodies), Self.joined(pageProblems) + aliasProblems(catalog, targets: targets))
        }
        guard keepsBodies else {
            // A build: the links resolved on all cores, a few thousand pages at a time, each
            // page's parsed HTML let go once its resolved HTML is in the collector (in order).
            let step = 4096
            for start in stride(from: 0, to: catalog.pages.count, by: step) {
                let range = start..<min(start + step, catalog.pages.count)
                var markdowns = Array(parsed[range])
                if let parsedHTML {
                    // Back from the parse stage's file, a chunk at a time.
                    for (position, index) in range.enumerated() { markdowns[position].html = parsedHTML[index] }
                }
                let resolved = Parallel.mapBlocking(markdowns.indices) { [markdowns] position -> (html: String, problems: [Diagnostic], digest: Digest?)? in
                    let markdown = markdowns[position]
                    guard !markdown.links.isEmpty || !markdown.shortcodes.isEmpty else { return nil }
                    let resolution = resolveLinks(of: catalog.pages[start + position], markdown: markdown, targets: targets,
                                                  parseKey: parseKeys?[start + position])
                    return (resolution.html, resolution.problems, resolution.digest)
                }
                for (position, index) in range.enumerated() {
                    if let (html, problems, digest) = resolved[position] {
                        bodies.append(html, digest: digest)
                        pageProblems[index] = problems
                        resolvedCount += 1
                    } else {
                        bodies.append(markdowns[position].html, digest: parseKeys.map { Self.bodyDigest(parseKey: $0[index]) })
                    }
                    parsed[index].html = ""
                }
            }
            return (ResolvedSite(catalog: catalog, bodies: bodies.finished()), Self.joined(pageProblems) + aliasProblems(catalog, targets: targets))
        }
        for index in catalog.pages.indices {
            let markdown = parsed[index]
            guard !markdown.links.isEmpty || !markdown.shortcodes.isEmpty else {
                bodies.append(markdown.html)
                continue
            }
            let page = catalog.pages[index]
            let key = Memo.pageKey(page)
            if let earlier = reusable[key], earlier.isResult(of: markdown, for: page, changed: changed) {
                bodies.append(earlier.html)
                pageProblems[index] = earlier.diagnostics
                resolvedBodies[key] = earlier
                continue
            }
            resolvedCount += 1
            let resolved = resolvedBody(of: page, markdown: markdown, targets: targets)
            bodies.append(resolved.html)
            pageProblems[index] = resolved.diagnostics
            resolvedBodies[key] = resolved
        }
        let aliasProblems = aliasProblems(catalog, targets: targets)
        memo?.targets = targets
        memo?.bodies = resolvedBodies
        memo?.pageProblems = pageProblems
        memo?.aliasProblems = aliasProblems
        memo?.lastResolved = resolvedCount
        return (ResolvedSite(catalog: catalog, bodies: bodies.finished()), Self.joined(pageProblems) + aliasProblems)
    }

    /// The last result `site` brought up to date with `catalog`, which has the same shape
    /// (`CatalogLoader.Remade.sameShape`): pages are where they were, each with the same
    /// children, so only the remade pages are settled, only their parents ordered again, and,
    /// while their headings stay (so every link target does), only their links resolved.
    private func update(_ site: inout ResolvedSite, to catalog: consuming Catalog, parsed: [ParsedMarkdown],
                        remade: [Int], memo: inout Memo) -> [Diagnostic] {
        var headingsMoved = false, aliasesMoved = false
        var parents: Set<Int> = []
        let pictures = images == nil ? nil : PagePictures(catalog.assets)
        for index in remade {
            var page = catalog.pages[index]
            Self.settle(&page, parsed: parsed[index])
            page.picture = pictures?.picture(of: page, links: parsed[index].links)
            let before = site.catalog.pages[index]
            // The same children (a child's place names its parent), in the order they had.
            page.children = before.children
            if page.headings.map(\.id) != before.headings.map(\.id) { headingsMoved = true }
            if AliasInputs(page) != AliasInputs(before) { aliasesMoved = true }
            if let parent = page.parent, !SortKey.sameOrder(page, before) { parents.insert(parent) }
            // The last site is still served and shares its pages: a page that came out the same is not written.
            if page != before { site.catalog.pages[index] = page }
        }
        for parent in parents.sorted() { Self.orderChildren(of: parent, in: &site.catalog, folded: &memo.foldedTitles) }
        if headingsMoved {
            // A `#fragment` may now find its heading, or lose it: check every page's links.
            var kept: Memo? = memo
            let (resolved, problems) = resolveBodies(of: site.catalog, parsed: parsed, memo: &kept, spillFolder: nil)
            site = resolved
            memo = kept!
            return problems
        }
        var resolvedCount = 0
        for index in remade {
            let page = site.catalog.pages[index]
            let markdown = parsed[index]
            guard !markdown.links.isEmpty || !markdown.shortcodes.isEmpty else {
                if site.bodies[index] != markdown.html { site.bodies.replace(index, with: markdown.html) }
                if !memo.pageProblems[index].isEmpty { memo.pageProblems[index] = [] }
                continue
            }
            let key = Memo.pageKey(page)
            if let earlier = memo.bodies[key], earlier.isResult(of: markdown, for: page, changed: []) {
                if site.bodies[index] != earlier.html { site.bodies.replace(index, with: earlier.html) }
                if memo.pageProblems[index] != earlier.diagnostics { memo.pageProblems[index] = earlier.diagnostics }
                continue
            }
            let resolved = resolvedBody(of: page, markdown: markdown, targets: memo.targets!)
            resolvedCount += 1
            site.bodies.replace(index, with: resolved.html)
            memo.pageProblems[index] = resolved.diagnostics
            memo.bodies[key] = resolved
        }
        memo.lastResolved = resolvedCount
        if aliasesMoved { memo.aliasProblems = aliasProblems(site.catalog) }
        return Self.joined(memo.pageProblems) + memo.aliasProblems
    }
    /// Every page's problems, in page order. (`flatMap` made a new array for each page's,
    /// even an empty one: a hundred thousand allocations a rebuild of a large catalog.)
    static func joined(_ pageProblems: [[Diagnostic]]) -> [Diagnostic] {
        var all: [Diagnostic] = []
        for problems in pageProblems where !problems.isEmpty { all += problems }
        return all
    }

    /// Title, summary and headings: what of a page its parsed Markdown settles.
    static func settle(_ page: inout Page, parsed: ParsedMarkdown) {
        settleTitle(of: &page, parsed: parsed)
        settleSummary(of: &page, parsed: parsed)
        page.headings = parsed.headings
    }

    /// A title from the first heading, when the front matter has none.
    static func settleTitle(of page: inout Page, parsed: ParsedMarkdown) {
        if page.frontMatter.title == nil, let heading = parsed.headingTitle, !heading.isEmpty {
            page.title = heading
        }
    }

    /// The written summary, else the first paragraph's start that does not merely repeat the title.
    static func settleSummary(of page: inout Page, parsed: ParsedMarkdown) {
        if let written = page.frontMatter.summary {
            page.summary = written
            return
        }
        let title = SummaryText.shortened(page.title)
        page.summary = parsed.summaries.first { $0 != title }
    }

    /// Orders one page's children as `resolve` orders every page's; `folded`: titles as the
    /// order compares them, by title.
    static func orderChildren(of index: Int, in catalog: inout Catalog, folded: inout [String: String]) {
        var keys: [Int: SortKey] = [:]
        for child in catalog.pages[index].children {
            let title = catalog.pages[child].title
            let foldedTitle = folded[title] ?? SortKey.fold(title)
            folded[title] = foldedTitle
            keys[child] = SortKey(of: catalog.pages, child, foldedTitle: foldedTitle)
        }
        catalog.pages[index].children.sort { keys[$0]! < keys[$1]! }
    }

    /// `resolveLinks`, kept with what it was computed from.
    private func resolvedBody(of page: Page, markdown: ParsedMarkdown, targets: LinkTargets) -> ResolvedBody {
        let (html, problems, lookups, _) = resolveLinks(of: page, markdown: markdown, targets: targets)
        return ResolvedBody(markdown: markdown, sourceDirectory: page.sourceDirectory, source: page.source,
                            bodyLine: page.bodyLine, outputDirectory: page.path.outputDirectory, html: html,
                            diagnostics: problems, lookups: lookups)
    }

    /// The page's body with each link made a URL, and the links that lead nowhere.
    ///
    /// A link from the server's root that names a page or file of the tree is written relative
    /// like any other, so the site still works under a sub-path; one that names nothing of the
    /// tree is left as written, with a warning, since it may name something else on the server.
    /// Also every name looked up in `targets` (`LinkTargets.resolve(_:from:pageURL:lookingUp:)`).
    ///
    /// With the parse's key (`ParseMemo.key`), the digest that stands for the HTML made: made from
    /// that key and every URL, attribute and picture put in place of the links, since the HTML
    /// is made of nothing else (`LinkTokens.substitute`). Hashing the resolved HTML itself was
    /// most of what page keys cost a build.
    func resolveLinks(of page: Page, markdown: ParsedMarkdown, targets: LinkTargets,
                      parseKey: Digest? = nil) -> (html: String, problems: [Diagnostic], lookups: [String], digest: Digest?) {
        let (substitution, problems, lookups, digest) = linkSubstitution(of: page, markdown: markdown, targets: targets, parseKey: parseKey)
        return (substitution.apply(to: markdown.html), problems, lookups, digest)
    }

    /// `resolveLinks` without making the HTML: what goes in place of the links (the parse's
    /// HTML is not read).
    func linkSubstitution(of page: Page, markdown: ParsedMarkdown, targets: LinkTargets,
                          parseKey: Digest? = nil) -> (LinkSubstitution, problems: [Diagnostic], lookups: [String], digest: Digest?) {
        var urls: [String] = []
        var attributes: [String] = []
        // The AVIF `<source>` of a picture's `<picture>`, by its link's number (`images.avif`).
        var pictures: [Int: String] = [:]
        var problems: [Diagnostic] = []
        var lookups: [String] = []
        // Named only by a problem: most pages have none.
        var file: String { displayRoot + "/" + (page.source ?? page.sourceDirectory) }
        // The folder relative links start from, once for all the page's links.
        let pageURL = markdown.links.isEmpty ? "" : page.path.outputDirectory
        urls.reserveCapacity(markdown.links.count)
        attributes.reserveCapacity(markdown.links.count)
        if let first = markdown.shortcodes.first {
            problems.append(.warning(file, line: first.line + page.bodyLine - 1, column: first.column,
                                     Shortcodes.message(markdown.shortcodes)))
        }
        let ownIDs = markdown.links.contains { MarkdownParser.isFragment($0.destination) }
            ? Set(page.headings.map(\.id)).union(markdown.userContentIDs).union(markdown.footnoteIDs) : []
        for link in markdown.links {
            let line = link.line + page.bodyLine - 1
            attributes.append("")
            if MarkdownParser.isFragment(link.destination) {
                // A place on this page: the URL stays as written, only its heading is checked.
                if !LinkTargets.hasAnchor(link.destination, ids: ownIDs) {
                    problems.append(.warning(file, line: line, column: link.column,
                                             LinkTargets.missingAnchorMessage(link.destination, page: "this page")))
                }
                urls.append(link.destination)
                continue
            }
            switch targets.resolve(link.destination, from: page.sourceDirectory, pageURL: pageURL, lookingUp: &lookups) {
            case .success(let target):
                // Its headings and file (`hasAnchor`, `file(of:)`) are looked up by its URL folder;
                // a file's size by where it is published (a name `resolve` recorded).
                switch target {
                case .page(let path, _) where !link.isImage: lookups.append(path.outputDirectory)
                case .asset(let output, _) where link.isImage: lookups.append(output)
                default: break
                }
                if case .page(let path, let fragment) = target, !link.isImage, !targets.hasAnchor(fragment, on: path) {
                    let name = targets.file(of: path).map { displayRoot + "/" + $0 } ?? path.url
                    problems.append(.warning(file, line: line, column: link.column,
                                             LinkTargets.missingAnchorMessage(link.destination, page: name)))
                }
                if link.isImage, case .asset(let output, let fragment) = target, let images,
                   let plan = ResponsiveImages.plan(output: output, size: targets.imageSize(ofOutput: output),
                                                    plain: targets.isPlainPicture(ofOutput: output), avif: images.avif) {
                    // Its variants for `srcset`, its re-encoding for `src`.
                    urls.append(RootMarker.file(plan.fallback.path) + fragment)
                    attributes[attributes.count - 1] = images.attributes(plan, size: !link.hasWrittenSize)
                    if let source = images.source(plan) { pictures[urls.count - 1] = source }
                    continue
                }
                urls.append(url(for: target))
                if link.isImage, !link.hasWrittenSize, case .asset(let output, _) = target, let size = targets.imageSize(ofOutput: output) {
                    attributes[attributes.count - 1] = Self.sizeAttributes(size)
                }
            case .failure(let problem) where MarkdownParser.isRootAbsolute(link.destination) && !problem.isLeftOut:
                problems.append(.warning(file, line: line, column: link.column,
                    "link '\(link.destination)' starts at the server's root and names no page or file of \(displayRoot), so it breaks when the site is published under a sub-path; use a relative link"))
                urls.append(link.destination)
            case .failure(let problem):
                problems.append(Diagnostic(severity(of: problem), file, line: line, column: link.column, problem.message(link, root: displayRoot)))
                urls.append(link.destination)
            }
        }
        var digest: Digest?
        if let parseKey {
            var hasher = Digest.Hasher()
            hasher.add("resolved body")
            hasher.add(parseKey)
            hasher.add(urls.count)
            for url in urls { hasher.add(url) }
            for attribute in attributes { hasher.add(attribute) }
            for (number, source) in pictures.sorted(by: { $0.key < $1.key }) {
                hasher.add(number)
                hasher.add(source)
            }
            digest = hasher.finish()
        }
        return (LinkSubstitution(urls: urls, attributes: attributes, pictures: pictures), problems, lookups, digest)
    }

    /// The digest that stands for a body without links: its parse's HTML as it is.
    static func bodyDigest(parseKey: Digest) -> Digest {
        var hasher = Digest.Hasher()
        hasher.add("parsed body")
        hasher.add(parseKey)
        return hasher.finish()
    }

    /// What an `<img>` of an image of this size says, so that its place is kept while it loads.
    static func sizeAttributes(_ size: ImageSize) -> String {
        " width=\"\(size.width)\" height=\"\(size.height)\""
    }

    private func severity(of problem: LinkTargets.Problem) -> Diagnostic.Severity {
        problem.isBroken ? brokenLinks : .error
    }

    /// In root-marker form: the renderer puts each page's way up in place of the marker.
    private func url(for target: LinkTargets.Target) -> String {
        switch target {
        case .page(let path, let fragment): RootMarker.page(path, portable: portable) + fragment
        case .asset(let output, let fragment): RootMarker.file(output) + fragment
        }
    }

    /// Aliases become redirect pages, so they must not land on a real page, on a file of the
    /// site or on each other. Problems of the front-matter keys that point somewhere: `aliases`
    /// must be free URLs inside the site, a relative `image` must be a co-located file.
    ///
    /// Places are compared as `OutputCollisions` folds them (case and Unicode form), as on
    /// the file systems of macOS and Windows where two such names are one file.
    /// `targets`: the catalog's, when the caller has them already.
    func aliasProblems(_ catalog: Catalog, targets known: LinkTargets? = nil) -> [Diagnostic] {
        let hasImages = catalog.pages.contains { $0.frontMatter.image.map(MarkdownParser.isRelative) == true }
        guard hasImages || catalog.pages.contains(where: { !$0.frontMatter.aliases.isEmpty || $0.frontMatter.image != nil })
        else { return [] }
        let targets = hasImages ? known ?? LinkTargets(catalog) : nil
        let taken = catalog.pages.contains(where: { !$0.frontMatter.aliases.isEmpty }) ? TakenPlaces(catalog, displayRoot: displayRoot) : nil
        var aliasFolders: Set<String> = []
        var problems: [Diagnostic] = []
        for page in catalog.pages where !page.frontMatter.aliases.isEmpty || page.frontMatter.image != nil {
            let file = displayRoot + "/" + (page.source ?? page.sourceDirectory)
            let matter = AliasInputs(page)
            for alias in matter.aliases {
                let line = matter.aliasesLine
                let folder: OutputPath
                switch Alias.folder(alias, of: page.path) {
                case .success(let found): folder = found
                case .failure(let problem):
                    problems.append(.error(file, line: line, column: 1, "alias '\(alias)' is not a path inside the site: \(problem.reason)"))
                    continue
                }
                let key = OutputCollisions.fold(folder.description)
                // Hugo's sites list a page's own URL among its aliases (in another case, or with
                // a slash more): nothing to redirect. Another page's URL stays that page's.
                if key == OutputCollisions.fold(page.path.outputDirectory) { continue }
                if taken?.pageFolders.contains(key) == true {
                    problems.append(.warning(file, line: line, column: 1,
                        "alias '\(alias)' is the URL of another page, which keeps it: no redirect is written"))
                } else if !aliasFolders.insert(key).inserted {
                    problems.append(.error(file, line: line, column: 1, "alias '\(alias)' is already another alias"))
                } else if let clash = taken?.clash(with: folder) {
                    problems.append(.error(file, line: line, column: 1, "alias '\(alias)' is not free: \(clash)"))
                }
            }
            if let image = matter.image, !ExternalURL.isAllowed(image) {
                problems.append(.error(file, line: matter.imageLine, column: 1,
                                       "image '\(image)' must be a co-located file or an http(s) URL"))
            } else if let image = matter.image, MarkdownParser.isRelative(image), let targets {
                if case .failure(let problem) = targets.resolve(image, from: page.sourceDirectory) {
                    let link = MarkdownLink(destination: image, isImage: true, line: 0, column: 0)
                    problems.append(Diagnostic(severity(of: problem), file, line: matter.imageLine, column: 1,
                                               problem.message(link, root: displayRoot)))
                }
            }
        }
        return problems
    }

    /// What `aliasProblems` reads of a page besides its place: when a run changes none of it
    /// (nor any place), the last problems stand.
    struct AliasInputs: Equatable {
        var aliases: [String]
        var aliasesLine: Int
        var image: String?
        var imageLine: Int

        init(_ page: Page) {
            aliases = page.frontMatter.aliases
            image = page.frontMatter.image
            aliasesLine = aliases.isEmpty ? 1 : page.frontMatter.keyLines["aliases"] ?? 1
            imageLine = image == nil ? 1 : page.frontMatter.keyLines["image"] ?? 1
        }
    }

    /// What the site writes besides its redirects, so that an alias can be checked against it.
    private struct TakenPlaces {
        /// Page folders, and files (pages' `index.html`, co-located files) with their sources; folded.
        var pageFolders: Set<String> = []
        var files: [String: String] = [:]

        init(_ catalog: Catalog, displayRoot: String) {
            for page in catalog.pages {
                let folder = OutputCollisions.fold(page.path.outputDirectory)
                pageFolders.insert(folder)
                files[folder.isEmpty ? "index.html" : folder + "/index.html"] = displayRoot + "/" + (page.source ?? page.sourceDirectory)
            }
            for asset in catalog.assets {
                files[OutputCollisions.fold(asset.output)] = displayRoot + "/" + asset.source
            }
        }

        /// Why the redirect at `folder` cannot be written, or `nil` when its place is free.
        func clash(with folder: OutputPath) -> String? {
            let first = OutputCollisions.fold(folder.segments[0])
            if OutputCollisions.reservedRootNames.contains(first) {
                return "'\(folder.segments[0])' at the root of the output is reserved for the site's own files"
            }
            let segments = folder.indexFile.segments
            for end in 1...segments.count {
                if let owner = files[OutputCollisions.fold(segments[..<end].joined(separator: "/"))] {
                    return "'\(segments[..<end].joined(separator: "/"))' is a file of the site (from \(owner))"
                }
            }
            return nil
        }
    }
}

/// Titles compared as a reader would: without regard to case or accents.
struct SortKey: Comparable {
    /// Sub-categories come before items.
    var isItem: Bool
    var order: Int
    var title: String
    var slug: String

    init(_ page: Page, foldedTitle: String) {
        isItem = page.kind == .item
        order = page.frontMatter.order ?? Int.max
        title = foldedTitle
        slug = page.slug
    }

    /// Page `index`'s key, read field by field: handing the page over whole copied it (every
    /// field retained and released, for every page of the catalog).
    init(of pages: PageList, _ index: Int, foldedTitle: String) {
        isItem = pages[index].kind == .item
        order = pages[index].frontMatter.order ?? Int.max
        title = foldedTitle
        slug = pages[index].slug
    }

    static func fold(_ title: String) -> String {
        // ASCII has no accents, and its case folding is its lower case: most titles take this
        // way, without Foundation's Unicode tables.
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return title.lowercased() }
        return title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether two pages sort alike against any other page.
    static func sameOrder(_ a: Page, _ b: Page) -> Bool {
        SortKey(a, foldedTitle: a.title) == SortKey(b, foldedTitle: b.title)
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if lhs.isItem != rhs.isItem { return rhs.isItem }
        return (lhs.order, lhs.title, lhs.slug) < (rhs.order, rhs.title, rhs.slug)
    }
}

/// The catalog after the resolve stage: ordered, titled, with each page's final body HTML.
public struct ResolvedSite: Sendable {
    public var catalog: Catalog
    /// Indexed like `catalog.pages`; links in root-marker form.
    public var bodies: PageBodies
}
