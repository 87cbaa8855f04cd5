import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The tag index counts spellings and pages by number (each spelling and slug numbered when
/// first seen): its outcome must be the one of counting them in dictionaries keyed by text,
/// as the index was first made, whatever the spellings.
@Suite struct TagIndexCountingTests {
    @Test(arguments: [7, 8, 9, 10] as [UInt64])
    func theIndexIsTheOneCountedByText(seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        // Spellings of one slug (case, spaces, composed and decomposed accents), tags that make
        // no slug, and titles equal once folded.
        let tags = ["C++", "c++", " c++ ", "Café", "Cafe\u{301}", "cafe", "!!!", "", "Go", "go", "GO", "日本", "Straße", "strasse",
                    "K\u{212A}", "k"]
        let titles = ["Apple", "apple", "Éclair", "eclair", "Zebra", "ápple", "Mango", "日本"]
        var files: [(String, String)] = [("c0/seed.md", "---\ntitle: Seed\n---\n")]
        for number in 0..<80 {
            files.append(("c\(number % 3)/p\(number).md", "---\ntitle: \"\(titles[number % titles.count])\"\n---\n"))
        }
        let catalog = try await resolveInline(files).renderer.site.catalog
        var inputs = TagIndex.Inputs(catalog)
        let pages = catalog.pages.indices.dropFirst().shuffled(using: &random)
        inputs.tagged = pages.prefix(70).map { index in
            let count = Int.random(in: 1...(index % 9 == 0 ? 40 : 5), using: &random)
            return TagIndex.Inputs.Tagged(index: index, tags: (0..<count).map { _ in tags.randomElement(using: &random)! },
                                          listTitle: titles.randomElement(using: &random)!, url: catalog.pages[index].url)
        }
        let index = TagIndex(inputs)
        let reference = Self.countedByText(inputs)
        #expect(index.tags.count == reference.tags.count)
        #expect(index.tags == reference.tags)
        #expect(index.slugs == reference.slugs)
        // Spellings of one slug are one tag.
        let plusPlus = try #require(index.position(of: "C++"))
        #expect(index.position(of: " c++ ") == plusPlus)
        #expect(index.position(of: "Cafe\u{301}") == index.position(of: "Café"))
        #expect(index.tags.allSatisfy { !$0.pages.isEmpty })
        // The tagged pages, a mark a page: the pages some tag has, as a set of them gives.
        let marks = index.taggedPages(of: catalog.pages.count)
        let tagged = Set(index.tags.flatMap(\.pages))
        #expect(marks.count == catalog.pages.count)
        #expect(Set(marks.indices.filter { marks[$0] }) == tagged)
    }

    /// The index as first made: every use looked up by its text.
    private static func countedByText(_ inputs: TagIndex.Inputs) -> (tags: [TagIndex.Tag], slugs: [String: String]) {
        var spellings: [String: [String: Int]] = [:]
        var pagesBySlug: [String: [Int]] = [:]
        var spelled: [String: (name: String, slug: String)?] = [:]
        for page in inputs.tagged {
            var seen = Set<String>()
            for tag in page.tags {
                let known = spelled[tag] ?? {
                    let name = tag.trimmingCharacters(in: .whitespacesAndNewlines)
                    let made = Slug.make(name).map { (name: name, slug: $0) }
                    spelled[tag] = .some(made)
                    return made
                }()
                guard let (name, slug) = known else { continue }
                spellings[slug, default: [:]][name, default: 0] += 1
                if seen.insert(slug).inserted { pagesBySlug[slug, default: []].append(page.index) }
            }
        }
        let byIndex = Dictionary(uniqueKeysWithValues: inputs.tagged.map { ($0.index, $0) })
        var tags: [TagIndex.Tag] = []
        for (slug, pages) in pagesBySlug {
            let name = (spellings[slug] ?? [:])
                .sorted { ($1.value, TagIndex.sortKey($0.key), $0.key) < ($0.value, TagIndex.sortKey($1.key), $1.key) }
                .first?.key ?? slug
            let ordered = pages.sorted {
                (SortKey.fold(byIndex[$0]!.listTitle), byIndex[$0]!.url) < (SortKey.fold(byIndex[$1]!.listTitle), byIndex[$1]!.url)
            }
            tags.append(TagIndex.Tag(slug: slug, name: name, pages: ordered))
        }
        tags.sort { (TagIndex.sortKey($0.name), $0.slug) < (TagIndex.sortKey($1.name), $1.slug) }
        return (tags, spelled.compactMapValues { $0?.slug })
    }
}
