import Testing
import StacksTestSupport
@testable import StacksCore

/// `PathTable`, the build cache's table of records by path, answers as the dictionary it
/// replaced: the same values for the same paths, nothing for others, whatever was set,
/// replaced or merged, through every growth of its table.
@Suite struct PathTableTests {
    /// Paths shaped like an output's and a content folder's, with neighbours that differ in one
    /// byte, a prefix of another, non-ASCII names, a combining accent, and the empty path.
    static func paths(_ count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(state: seed)
        let parts = ["weather", "rain", "index.html", "_stacks", "search", "pages", "页面", "café", "cafe\u{301}", "a", "ab", "b"]
        var paths: [String] = [""]
        while paths.count < count {
            let depth = Int.random(in: 1...4, using: &generator)
            var path = (0..<depth).map { _ in parts.randomElement(using: &generator)! }.joined(separator: "/")
            if Bool.random(using: &generator) { path += "/\(Int.random(in: 0..<count, using: &generator))" }
            paths.append(path)
        }
        return paths
    }

    /// Against a dictionary keyed by the paths' bytes: a table's paths are names on a file
    /// system, which compares bytes (a `String` key takes a precomposed and a decomposed `café`
    /// for one path).
    @Test func answersAsADictionaryOfBytesThroughEveryGrowth() {
        for seed: UInt64 in [1, 2, 3] {
            var table = PathTable<Int>()
            var dictionary: [[UInt8]: Int] = [:]
            for (number, path) in Self.paths(5_000, seed: seed).enumerated() {
                #expect(table.updateValue(number, forKey: path) == dictionary.updateValue(number, forKey: Array(path.utf8)))
                if number.isMultiple(of: 97) {
                    #expect(table.count == dictionary.count)
                    #expect(table[path] == number)
                }
            }
            #expect(table.count == dictionary.count)
            for (path, value) in dictionary { #expect(table[String(decoding: path, as: UTF8.self)] == value, "\(path)") }
            for path in Self.paths(2_000, seed: seed + 100) where dictionary[Array(path.utf8)] == nil {
                #expect(table[path] == nil, "\(path) was never set")
            }
            #expect(Dictionary(uniqueKeysWithValues: table.map { (Array($0.key.utf8), $0.value) }) == dictionary)
            #expect(Set(table.keys.map { Array($0.utf8) }) == Set(dictionary.keys) && table.keys.count == dictionary.count)
        }
    }

    @Test func pathsEqualAsTextButNotAsBytesAreTwoEntries() {
        var table = PathTable<Int>()
        table.updateValue(1, forKey: "menu/caf\u{E9}.md")
        table.updateValue(2, forKey: "menu/cafe\u{301}.md")
        #expect(table.count == 2)
        #expect(table["menu/caf\u{E9}.md"] == 1 && table["menu/cafe\u{301}.md"] == 2)
    }

    @Test func keepsTheOrderEntriesWereFirstSetIn() {
        var table: PathTable<Int> = ["b/index.html": 1, "a/index.html": 2]
        table.updateValue(3, forKey: "c")
        table.updateValue(4, forKey: "b/index.html")
        #expect(table.map(\.key) == ["b/index.html", "a/index.html", "c"])
        #expect(table.map(\.value) == [4, 2, 3])
    }

    @Test func equalityIgnoresOrderButNotValuesOrPaths() {
        let one: PathTable<Int> = ["a": 1, "b": 2, "": 3]
        #expect(one == ["b": 2, "": 3, "a": 1])
        #expect(one != ["a": 1, "b": 2, "": 4])
        #expect(one != ["a": 1, "b": 2, "c": 3])
        #expect(one != ["a": 1, "b": 2])
        #expect(PathTable<Int>() == [:])
    }

    @Test func mergeSetsEveryEntryOfTheOther() {
        let paths = Self.paths(3_000, seed: 9)
        var left = PathTable<Int>(), right = PathTable<Int>(), expected: [[UInt8]: Int] = [:]
        for (number, path) in paths.enumerated() {
            if number.isMultiple(of: 3) { left.updateValue(number, forKey: path) } else { right.updateValue(-number, forKey: path) }
        }
        for (path, value) in left { expected[Array(path.utf8)] = value }
        for (path, value) in right { expected[Array(path.utf8)] = value }
        left.merge(right)
        #expect(Dictionary(uniqueKeysWithValues: left.map { (Array($0.key.utf8), $0.value) }) == expected)
        for (path, value) in expected { #expect(left[String(decoding: path, as: UTF8.self)] == value) }
    }

    @Test func aCacheWithItsTablesReadsBackEqual() throws {
        var files = PathTable<BuildCache.Record>()
        var known = KnownSources(readStart: 42)
        let paths = Self.paths(1_500, seed: 5)
        let distinct = Set(paths.map { Array($0.utf8) }).count
        for (number, path) in paths.enumerated() {
            let identity = FileIdentity(device: 1, inode: UInt64(number), size: Int64(number), modified: 7, changed: 8)
            files.updateValue(BuildCache.Record(content: Digest(high: UInt64(number), low: 1), file: identity,
                                                input: number.isMultiple(of: 2) ? Digest(high: 3, low: UInt64(number)) : nil),
                              forKey: path)
            known.files.updateValue(KnownSources.Record(file: identity, digest: Digest(high: 9, low: UInt64(number))), forKey: path + ".md")
        }
        let cache = BuildCache(binary: "b", sources: Digest(high: 1, low: 2),
                               output: FileIdentity(device: 1, inode: 1, size: 0, modified: 0, changed: 0),
                               pages: 3, summaryFiles: 4, bytes: 5, warnings: [], files: files, known: known)
        let decoded = try BuildCache.decode(cache.encoded(), binary: "b").get()
        #expect(decoded == cache)
        #expect(distinct > 1_000 && decoded.files.count == distinct && decoded.known.files.count == distinct)
    }
}
