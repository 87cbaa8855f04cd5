import Foundation

/// The site's tags: each tag with the pages that carry it, and the folder their pages go in.
///
/// Tags are the second way into a catalog, beside the category tree: `tags/` lists every tag
/// with its count, and `tags/<slug>/` lists the pages of one tag. Tags that make one slug
/// ("C++", "c++") are one tag, called by the spelling most pages use. Pure: a function of the
/// catalog, which holds no draft that is not built, so drafts count only when built.
struct TagIndex: Equatable, Sendable {
    struct Tag: Equatable, Sendable {
        /// Its folder below the tags folder (`Slug.make` of its spellings).
        var slug: String
        /// The spelling most of its pages use; on a tie, the first in sorted order.
        var name: String
        /// The pages that carry it, by catalog index, in list order: by title, then by URL.
        var pages: [Int]
    }

    /// Where the tag pages go at the root of the output: `tags`, or the first of `tags-1`,
    /// `tags-2`, … that nothing else of the site has taken.
    var folder: String
    /// The language root the tag pages are under (`StackPath.language`): each language has its own.
    var language = ""
    /// Sorted by name, without regard to case or accents.
    var tags: [Tag]
    /// When content has the root name `tags`, the page or file that has it: it keeps the name.
    var displaced: String?

    static let preferredFolder = "tags"

    var isEmpty: Bool { tags.isEmpty }

    /// Whether each page of a catalog of `pageCount` pages carries a tag, by catalog index: a
    /// byte a page, where a set of the tagged pages' indexes (made from every tag's pages
    /// joined) was 84 bytes a page of a build's peak at 300,000 items.
    func taggedPages(of pageCount: Int) -> [Bool] {
        var tagged = [Bool](repeating: false, count: pageCount)
        for tag in tags {
            for page in tag.pages {
                if page >= tagged.count { tagged += [Bool](repeating: false, count: page + 1 - tagged.count) }
                tagged[page] = true
            }
        }
        return tagged
    }

    /// Everything the index is made from, read out of a catalog: equal inputs, equal index, so
    /// the preview can keep an index while its inputs hold (`IncrementalPipeline`).
    struct Inputs: Equatable, Sendable {
        /// A page with tags.
        struct Tagged: Equatable, Sendable {
            var index: Int
            var tags: [String]
            var listTitle: String
            var url: String
        }

        /// A name taken at the root of the output, and what takes it (a page's source, a file).
        struct Claim: Equatable, Sendable {
            var name: String
            var owner: String
        }

        var tagged: [Tagged] = []
        var claims: [Claim] = []
        var language = ""

        init(_ catalog: Catalog) {
            language = catalog.pages[Catalog.rootIndex].path.language
            tagged.reserveCapacity(catalog.pages.count)
            for index in catalog.pages.indices.dropFirst() where !catalog.pages[index].frontMatter.tags.isEmpty {
                tagged.append(Tagged(index: index, tags: catalog.pages[index].frontMatter.tags,
                                     listTitle: catalog.pages[index].listTitle, url: catalog.pages[index].url))
            }
            for child in catalog.pages[Catalog.rootIndex].children {
                claims.append(Claim(name: catalog.pages[child].slug,
                                    owner: catalog.pages[child].source ?? catalog.pages[child].sourceDirectory))
            }
            for asset in catalog.assets {
                // The first name of its output path, found by its bytes (`/` is never part of another character).
                let end = asset.output.utf8.firstIndex(of: UInt8(ascii: "/")) ?? asset.output.endIndex
                claims.append(Claim(name: String(asset.output[..<end]), owner: asset.source))
            }
            for index in catalog.pages.indices where !catalog.pages[index].frontMatter.aliases.isEmpty {
                for alias in catalog.pages[index].frontMatter.aliases {
                    guard case .success(let folder) = Alias.folder(alias, of: catalog.pages[index].path),
                          let first = folder.segments.dropFirst(language.isEmpty ? 0 : 1).first else { continue }
                    claims.append(Claim(name: first, owner: catalog.pages[index].source ?? catalog.pages[index].sourceDirectory))
                }
            }
        }
    }

    init(catalog: Catalog) {
        self.init(Inputs(catalog))
    }

    init(_ inputs: Inputs) {
        // Each spelling (a tag as written, trimmed) and each slug gets a number when first seen,
        // so that the tags' thirty thousand uses at 10,000 pages are counted in arrays: the
        // dictionaries keyed by text, five lookups a use, were most of the index's time.
        /// By tag as written: its spelling's number; -1 for one that makes no slug.
        var spelled: [String: Int] = [:]
        /// By trimmed name: its spelling's number.
        var spellingNumbers: [String: Int] = [:]
        var spellingNames: [String] = [], spellingSlugs: [Int] = [], spellingUses: [Int] = []
        /// By slug: its number; and by number, the slug, its spellings and its pages.
        var slugNumbers: [String: Int] = [:]
        var slugTexts: [String] = [], slugSpellings: [[Int]] = [], slugPages: [[Int]] = []
        for page in inputs.tagged {
            // A page has a few tags: a list is quicker than a set, unless it has many (a page
            // may list thousands, and a list would take time in their square).
            var seen: [Int] = []
            var seenMany = Set<Int>()
            let hasMany = page.tags.count > 16
            for tag in page.tags {
                let spelling = spelled[tag] ?? {
                    let name = tag.trimmingCharacters(in: .whitespacesAndNewlines)
                    var number = spellingNumbers[name]
                    if number == nil, let slug = Slug.make(name) {
                        let slugNumber = slugNumbers[slug] ?? {
                            slugNumbers[slug] = slugTexts.count
                            slugTexts.append(slug)
                            slugSpellings.append([])
                            slugPages.append([])
                            return slugTexts.count - 1
                        }()
                        number = spellingNames.count
                        spellingNumbers[name] = number
                        spellingNames.append(name)
                        spellingSlugs.append(slugNumber)
                        spellingUses.append(0)
                        slugSpellings[slugNumber].append(number!)
                    }
                    spelled[tag] = number ?? -1
                    return number ?? -1
                }()
                guard spelling >= 0 else { continue }
                spellingUses[spelling] += 1
                let slug = spellingSlugs[spelling]
                let isNew = hasMany ? seenMany.insert(slug).inserted : !seen.contains(slug)
                if isNew {
                    if !hasMany { seen.append(slug) }
                    slugPages[slug].append(page.index)
                }
            }
        }
        // Every tagged page's place in list order, by folded title and then by URL (URLs are
        // unique): each tag's pages are then ordered by a number. Each title folded once.
        let byTitle = inputs.tagged.indices.map { (title: SortKey.fold(inputs.tagged[$0].listTitle), position: $0) }
            .sorted { ($0.title, inputs.tagged[$0.position].url) < ($1.title, inputs.tagged[$1.position].url) }
        /// By catalog index.
        var rank = [Int](repeating: 0, count: (inputs.tagged.map(\.index).max() ?? 0) + 1)
        for (order, entry) in byTitle.enumerated() { rank[inputs.tagged[entry.position].index] = order }
        var tags: [Tag] = []
        tags.reserveCapacity(slugTexts.count)
        for slug in slugTexts.indices {
            // The spelling most pages use; on a tie, the first in sorted order.
            let name = slugSpellings[slug].map { (uses: spellingUses[$0], name: spellingNames[$0]) }
                .sorted { ($1.uses, Self.sortKey($0.name), $0.name) < ($0.uses, Self.sortKey($1.name), $1.name) }
                .first?.name ?? slugTexts[slug]
            let pages = slugPages[slug].map { (rank: rank[$0], index: $0) }.sorted { $0.rank < $1.rank }.map(\.index)
            tags.append(Tag(slug: slugTexts[slug], name: name, pages: pages))
        }
        // Each name folded once, not once a comparison (Foundation's folding is costly, and a
        // catalog may have many thousands of tags).
        self.tags = tags.map { (key: Self.sortKey($0.name), tag: $0) }
            .sorted { ($0.key, $0.tag.slug) < ($1.key, $1.tag.slug) }
            .map(\.tag)
        positions = Dictionary(uniqueKeysWithValues: self.tags.enumerated().map { ($0.element.slug, $0.offset) })
        slugs = spelled.compactMapValues { $0 >= 0 ? slugTexts[spellingSlugs[$0]] : nil }
        (folder, displaced) = Self.freeFolder(inputs.claims)
        language = inputs.language
    }

    static func sortKey(_ name: String) -> String { SortKey.fold(name) }

    /// The first free folder name, and what took the preferred one. A name is taken by a page
    /// at the root, a co-located file or folder at the root, an alias's first folder, or the
    /// site's own root files; compared as a case-insensitive file system would.
    static func freeFolder(_ claims: [Inputs.Claim]) -> (String, String?) {
        var taken: [String: String] = [:]
        for claim in claims {
            let name = OutputCollisions.fold(claim.name)
            taken[name] = taken[name] ?? claim.owner
        }
        for name in OutputCollisions.reservedRootNames { taken[name] = taken[name] ?? "" }
        guard let owner = taken[preferredFolder] else { return (preferredFolder, nil) }
        var number = 1
        while taken["\(preferredFolder)-\(number)"] != nil { number += 1 }
        return ("\(preferredFolder)-\(number)", owner)
    }

    /// The tags' pages moved aside, as a warning on what kept the name; `nil` when they were not.
    func warning(displayRoot: String) -> Diagnostic? {
        guard let displaced, !isEmpty else { return nil }
        let path = displaced.isEmpty ? displayRoot : displayRoot + "/" + displaced
        return .warning(path, line: 1, column: 1,
                        "'\(Self.preferredFolder)/' is this content's URL, so the tag pages are at '\(folder)/' instead")
    }

    /// The tag pages' place as a stack path: the index, or one tag's page below it. It names
    /// URLs and folders only; the catalog has no such page.
    var indexPath: StackPath { StackPath([.category(folder)], language: language) }

    func path(of tag: Int) -> StackPath { StackPath([.category(folder), .category(tags[tag].slug)], language: language) }

    /// The position of the tag a spelling belongs to.
    func position(of name: String) -> Int? {
        guard let slug = slugs[name] ?? Slug.make(name.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return positions[slug]
    }

    /// Tag positions by slug.
    private(set) var positions: [String: Int] = [:]
    /// The slug of each spelling the catalog's pages use: every page's tags are looked up
    /// when it is rendered, and slugging is the costly part.
    private(set) var slugs: [String: String] = [:]
}
