import Testing
@testable import StacksCore

/// The table of pages by URL folder finds each page as a dictionary keyed by
/// `StackPath.outputDirectory` would, without keeping the folders.
struct PageURLTableTests {
    @Test func everyPageIsFoundByItsFolderAndItsPath() {
        var paths: [StackPath] = [.root, StackPath([], language: "de")]
        for category in 0..<40 {
            let slug = category % 7 == 0 ? "Kategorie-\(category)-ä" : "c\(category)"
            paths.append(StackPath([.category(slug)]))
            for item in 0..<25 { paths.append(StackPath([.category(slug), .item("item-\(item)-" + String(repeating: "x", count: item * 3))])) }
            paths.append(StackPath([.category(slug), .item("i")], language: "de"))
        }
        let table = PageURLTable(paths)
        var expected: [String: Int32] = [:]
        for (number, path) in paths.enumerated() { expected[path.outputDirectory] = Int32(number) }
        for (folder, number) in expected {
            #expect(table.number(of: folder, in: paths) == number)
        }
        for path in paths {
            #expect(table.number(ofFolderOf: path, in: paths) == expected[path.outputDirectory])
        }
        #expect(Set(table.numbers) == Set(expected.values))
        for missing in ["c1/item-0", "c1/", "/c1", "de", "de/c0/i/x", "zz", "c1/item-1-xxxy"] where expected[missing] == nil {
            #expect(table.number(of: missing, in: paths) == nil)
        }
        #expect(table.number(of: "de", in: paths) == 1)
        #expect(table.number(of: "", in: paths) == 0)
    }

    /// Two pages with one folder (a collision reported elsewhere): the later one answers, as a
    /// dictionary's last write would.
    @Test func ofTwoPagesWithOneFolderTheLaterIsFound() {
        let paths = [StackPath.root, StackPath([.category("a")]), StackPath([.category("b")]), StackPath([.category("a")])]
        let table = PageURLTable(paths)
        #expect(table.number(of: "a", in: paths) == 3)
        #expect(table.number(ofFolderOf: paths[1], in: paths) == 3)
        #expect(Array(table.numbers).sorted() == [0, 2, 3])
    }
}
