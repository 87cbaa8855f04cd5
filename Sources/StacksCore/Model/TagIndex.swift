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
    /// Sorted by name, without regard to case or accents.
    var tags: [Tag]
    /// When content has the root name `tags`, the page or file that has it: it keeps the name.
    var displaced: String?

    static let preferredFolder = "tags"

    var isEmpty: Bool { tags.isEmpty }

    init(catalog: Catalog) {
        var spellings: [String: [String: Int]] = [:]
        var pagesBySlug: [String: [Int]] = [:]
        // A catalog has far fewer spellings than tagged pages: each is trimmed and slugged once.
        var spelled: [String: (name: String, slug: String)?] = [:]
        for index in catalog.pages.indices.dropFirst() {
            // A page has a few tags: a list is quicker than a set.
            var seen: [String] = []
            for tag in catalog.pages[index].frontMatter.tags {
                let known = spelled[tag] ?? {
                    let name = tag.trimmingCharacters(in: .whitespacesAndNewlines)
                    let made = Slug.make(name).map { (name: name, slug: $0) }
                    spelled[tag] = .some(made)
                    return made
                }()
                guard let (name, slug) = known else { continue }
                spellings[slug, default: [:]][name, default: 0] += 1
                if !seen.contains(slug) {
                    seen.append(slug)
                    pagesBySlug[slug, default: []].append(index)
                }
            }
        }
        var tags: [Tag] = []
        tags.reserveCapacity(pagesBySlug.count)
        // Each page's folded title, made once: a page is compared in every tag it has. Its URL,
        // slow to spell out, only breaks ties.
        var foldedTitles = [String?](repeating: nil, count: catalog.pages.count)
        func foldedTitle(_ index: Int) -> String {
            if let title = foldedTitles[index] { return title }
            let title = SortKey.fold(catalog.pages[index].listTitle)
            foldedTitles[index] = title
            return title
        }
        var urls = [String?](repeating: nil, count: catalog.pages.count)
        func url(_ index: Int) -> String {
            if let url = urls[index] { return url }
            let url = catalog.pages[index].url
            urls[index] = url
            return url
        }
        /// By folded title, then by URL among equal titles (each URL spelled once).
        func ordered(_ pages: [Int]) -> [Int] {
            var keyed = pages.map { (title: foldedTitle($0), index: $0) }
            keyed.sort { $0.title < $1.title }
            var start = 0
            while start < keyed.count {
                var end = start + 1
                while end < keyed.count, keyed[end].title == keyed[start].title { end += 1 }
                if end - start > 1 { keyed[start..<end].sort { url($0.index) < url($1.index) } }
                start = end
            }
            return keyed.map(\.index)
        }
        for (slug, pages) in pagesBySlug {
            let counts = spellings[slug] ?? [:]
            let name = counts.sorted { ($1.value, Self.sortKey($0.key), $0.key) < ($0.value, Self.sortKey($1.key), $1.key) }
                .first?.key ?? slug
            let sorted = ordered(pages)
            tags.append(Tag(slug: slug, name: name, pages: sorted))
        }
        self.tags = tags.sorted { (Self.sortKey($0.name), $0.slug) < (Self.sortKey($1.name), $1.slug) }
        positions = Dictionary(uniqueKeysWithValues: self.tags.enumerated().map { ($0.element.slug, $0.offset) })
        (folder, displaced) = Self.freeFolder(in: catalog)
    }

    static func sortKey(_ name: String) -> String { SortKey.fold(name) }

    /// The first free folder name, and what took the preferred one. A name is taken by a page
    /// at the root, a co-located file or folder at the root, an alias's first folder, or the
    /// site's own root files; compared as a case-insensitive file system would.
    static func freeFolder(in catalog: Catalog) -> (String, String?) {
        var taken: [String: String] = [:]
        for child in catalog.root.children {
            let page = catalog[child]
            taken[OutputCollisions.fold(page.slug)] = taken[OutputCollisions.fold(page.slug)] ?? (page.source ?? page.sourceDirectory)
        }
        for asset in catalog.assets {
            let first = String(asset.output.split(separator: "/").first ?? "")
            taken[OutputCollisions.fold(first)] = taken[OutputCollisions.fold(first)] ?? asset.source
        }
        for (index, page) in catalog.pages.enumerated() {
            for alias in page.frontMatter.aliases {
                guard case .success(let folder) = Alias.folder(alias), let first = folder.segments.first else { continue }
                taken[OutputCollisions.fold(first)] = taken[OutputCollisions.fold(first)] ?? (catalog[index].source ?? catalog[index].sourceDirectory)
            }
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
    var indexPath: StackPath { StackPath([.category(folder)]) }

    func path(of tag: Int) -> StackPath { StackPath([.category(folder), .category(tags[tag].slug)]) }

    /// The position of the tag a spelling belongs to.
    func position(of name: String) -> Int? {
        guard let slug = Slug.make(name.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return positions[slug]
    }

    /// Tag positions by slug.
    private var positions: [String: Int] = [:]
}
