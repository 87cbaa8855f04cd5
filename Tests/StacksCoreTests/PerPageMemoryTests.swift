import Testing
import StacksTestSupport
@testable import StacksCore

/// What a build holds once for every file or page stays small: at 100,000 items each byte of
/// these is 100 kB of the peak, and the dictionary of decoded documents has 262,144 slots.
/// Each bound is today's size; a field that makes one of them larger is a choice to measure.
@Suite struct PerPageMemoryTests {
    @Test func aDecodedDocumentIsOneReference() {
        // `indirect`: inline, its document and problems were 464 bytes a slot.
        #expect(MemoryLayout<Document.Decoded>.size == 8)
    }

    @Test func aFallbackIsHeldByReference() {
        // Few files have one; inline it was 248 bytes of every source file and document.
        #expect(MemoryLayout<Fallback?>.size == 8)
        #expect(MemoryLayout<SourceFile>.size <= 160, "\(MemoryLayout<SourceFile>.size)")
        // 216 and `unreadBodyStart` (9 bytes a document, boxed: 0.9 MB at 100,000 items), which
        // lets an edit build leave every unchanged file unread.
        #expect(MemoryLayout<Document>.size <= 225, "\(MemoryLayout<Document>.size)")
    }

    /// A page's stored fields fit the allocator's 256-byte class (at 320 they took the next).
    @Test func aPagesStoredFieldsTakeTwoHundredFiftySixBytes() {
        #expect(MemoryLayout<Page.Fields.Stored>.size <= 256, "\(MemoryLayout<Page.Fields.Stored>.size)")
    }

    /// What most pages lack is in the box only when a page has it: a folder other than its
    /// source file's, a fallback's language, Markdown not parsed yet. Each reads back as set,
    /// and a page without them has no box.
    @Test func whatFewPagesHaveIsBoxedOnlyWhenThere() {
        var page = Page(kind: .item, path: StackPath([.item("a")]), source: "tools/a.md", sourceDirectory: "tools", title: "A", parent: 0)
        #expect(page.storedFields.rare == nil && page.sourceDirectory == "tools" && page.body.isEmpty && page.fallback == nil)
        #expect(page.parent == 0 && page.picture == nil && page.bodyLine == 1)
        page.body = "Text"
        #expect(page.storedFields.rare != nil && page.body == "Text" && page.sourceDirectory == "tools")
        page.body = ""
        #expect(page.storedFields.rare == nil)
        // A bundle's folder is its file's; a category without `_index.md` has its own.
        let category = Page(kind: .category, path: StackPath([.category("c")]), source: nil, sourceDirectory: "c", title: "C", parent: 0)
        #expect(category.sourceDirectory == "c" && category.storedFields.rare != nil)
        let home = Page(kind: .home, path: .root, source: "_index.md", sourceDirectory: "", title: "", parent: nil)
        #expect(home.sourceDirectory == "" && home.storedFields.rare == nil && home.parent == nil)
        // The folder stays when the file changes.
        page.source = "elsewhere/b.md"
        #expect(page.sourceDirectory == "tools" && page.source == "elsewhere/b.md")
        page.sourceDirectory = "elsewhere"
        #expect(page.storedFields.rare == nil)
        page.picture = 3
        page.parent = nil
        page.bodyLine = 40
        #expect(page.picture == 3 && page.parent == nil && page.bodyLine == 40)
        var copy = page
        copy.fallback = Translations.Language(tag: "fr", name: "Français", folder: "fr")
        #expect(copy.fallback?.tag == "fr" && !copy.isWritten && page.isWritten && copy != page && copy.sourceDirectory == "elsewhere")
    }

    @Test func keyLinesAreOneArray() {
        #expect(MemoryLayout<KeyLines>.size == 8)
        var lines = KeyLines()
        lines["title"] = 2
        lines["slug"] = 3
        lines["title"] = 4
        #expect(lines["title"] == 4 && lines["slug"] == 3 && lines["image"] == nil && lines.count == 2)
        #expect(lines.keys == ["slug", "title"], "in the order of their bytes")
        var reordered = KeyLines()
        reordered["slug"] = 3
        reordered["title"] = 4
        #expect(lines == reordered)
        reordered["title"] = nil
        #expect(lines != reordered && reordered.count == 1)
    }

    /// Pairs taken whole (as a memo reads them back, in key order) give what the subscript
    /// gives, and pairs out of order or repeated are set as it sets them.
    @Test func keyLinesTakenWholeAsTheSubscriptSetsThem() {
        for keys in [["a", "b", "c"], ["c", "a", "b"], ["a", "a", "b"], ["b", "b"], [], ["x", "a", "x"]] {
            var bySubscript = KeyLines()
            for (line, key) in keys.enumerated() { bySubscript[key] = line + 1 }
            let inOrder = KeyLines(keys.enumerated().map { (key: $0.element, line: $0.offset + 1) })
            #expect(inOrder == bySubscript && inOrder.keys == bySubscript.keys, "\(keys)")
        }
    }

    /// A page's usual keys (the generated catalogs' nine) take under a hundred bytes (224 as pairs).
    @Test func aPagesKeyLinesTakeUnderAHundredBytes() {
        var lines = KeyLines()
        for (line, key) in ["title", "summary", "order", "tags", "icon", "color", "date", "attributes", "slug"].enumerated() {
            lines[key] = line + 2
        }
        #expect(lines.count == 9 && lines["attributes"] == 9)
        #expect(lines.heldBytes < 100, "\(lines.heldBytes)")
    }

    /// A page of the generated catalogs (nine keys, none of them named by a diagnostic after
    /// loading) keeps no key lines at all; `slug`, `aliases` and `image` keep theirs.
    @Test func onlyTheKeysALaterDiagnosticNamesKeepTheirLines() {
        let usual = FrontMatterParser.parse("""
            ---
            title: "Emerald Loom"
            summary: "A loom."
            order: 100
            tags: ["anchor", "modern"]
            icon: "🪑"
            color: "#2c3293"
            date: 2016-02-16
            attributes:
              maker: "Hale & Sons"
            ---
            Body
            """, path: "content/a.md", fastPath: true)
        #expect(usual.diagnostics.isEmpty && usual.frontMatter.title == "Emerald Loom")
        #expect(usual.frontMatter.keyLines.count == 0 && usual.frontMatter.keyLines.heldBytes == 0)
        for fastPath in [true, false] {
            let rare = FrontMatterParser.parse("---\ntitle: T\nslug: s\naliases: [old/]\nimage: a.png\norder: 2\n---\n",
                                               path: "content/b.md", fastPath: fastPath)
            #expect(rare.frontMatter.keyLines.keys == ["aliases", "image", "slug"], "\(fastPath)")
            #expect(rare.frontMatter.keyLines["slug"] == 3 && rare.frontMatter.keyLines["aliases"] == 4 && rare.frontMatter.keyLines["image"] == 5)
        }
    }

    /// Keys set, changed and removed at random (long keys, keys beyond ASCII, lines of every
    /// size) read back as a dictionary gives them, in the order of their bytes.
    @Test func keyLinesAreWhatAPlainModelGives() {
        var random = SplitMix(state: 5)
        let names = ["title", "slug", "image", "aliases", "é", "日本語", String(repeating: "k", count: 200), "", "a"]
        for _ in 0..<300 {
            var lines = KeyLines(), reference: [String: Int] = [:], order: [String] = []
            for _ in 0..<Int.random(in: 0...14, using: &random) {
                let key = names.randomElement(using: &random)!
                let line: Int? = Int.random(in: 0..<6, using: &random) == 0 ? nil : [1, 127, 128, 16_384, 1 << 40].randomElement(using: &random)! + Int.random(in: 0...3, using: &random)
                lines[key] = line
                if let line {
                    if reference[key] == nil { order.append(key) }
                    reference[key] = line
                } else if reference.removeValue(forKey: key) != nil {
                    order.removeAll { $0 == key }
                }
            }
            #expect(lines.keys == order.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(lines.count == reference.count)
            for name in names { #expect(lines[name] == reference[name]) }
            #expect(KeyLines(lines.pairsByKey) == lines)
            #expect(lines.pairsByKey.map(\.key) == lines.keys)
        }
    }
}

