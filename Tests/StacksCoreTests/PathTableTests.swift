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

    /// The parts of a write, taken one after another (their runs joined, not copied), answer as
    /// the dictionary of all of them; a table with a path already there is merged instead; the
    /// table goes on taking entries and finding them in every run, and keeps their order.
    @Test func takingPartsAnswersAsMergingThem() {
        let paths = Self.paths(6_000, seed: 11)
        var parts = Array(repeating: PathTable<Int>(), count: 5)
        var expected: [[UInt8]: Int] = [:], order: [[UInt8]] = []
        for (number, path) in paths.enumerated() {
            // Each path in one part only (the first part that gets it), as a write's chunks are.
            let key = Array(path.utf8)
            if expected[key] == nil { order.append(key) }
            let part = expected[key].map { $0 % 5 } ?? number % 5
            parts[part].updateValue(number * 5 + part, forKey: path)
            expected[key] = number * 5 + part
        }
        order = parts.flatMap { $0.keys.map { Array($0.utf8) } }
        var joined = PathTable<Int>(minimumCapacity: 10)
        for index in parts.indices {
            joined.take(&parts[index])
            #expect(parts[index].isEmpty)
        }
        #expect(joined.count == expected.count)
        #expect(joined.map { Array($0.key.utf8) } == order, "the parts' entries in turn")
        for (path, value) in expected { #expect(joined[String(decoding: path, as: UTF8.self)] == value) }
        for path in Self.paths(1_000, seed: 12) where expected[Array(path.utf8)] == nil { #expect(joined[path] == nil) }
        // Entries set after the taking land in the last run and are found with the others.
        var model = expected
        for (number, path) in Self.paths(2_000, seed: 13).enumerated() {
            #expect(joined.updateValue(-number, forKey: path) == model.updateValue(-number, forKey: Array(path.utf8)))
        }
        #expect(Dictionary(uniqueKeysWithValues: joined.map { (Array($0.key.utf8), $0.value) }) == model)
        // A part sharing a path is merged: its values replace the table's.
        var overlapping: PathTable<Int> = [String(decoding: order[0], as: UTF8.self): 7, "new/index.html": 8]
        joined.take(&overlapping)
        model[order[0]] = 7
        model[Array("new/index.html".utf8)] = 8
        #expect(overlapping.isEmpty && joined.count == model.count)
        #expect(Dictionary(uniqueKeysWithValues: joined.map { (Array($0.key.utf8), $0.value) }) == model)
        var copy = PathTable<Int>()
        for (path, value) in joined { copy.updateValue(value, forKey: path) }
        #expect(copy == joined && joined == copy)
    }

    @Test func aCacheAndKnownSourcesWithTheirTablesReadBackEqual() throws {
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
                               pages: 3, summaryFiles: 4, bytes: 5, warnings: [], files: files)
        let decoded = try BuildCache.decode(cache.encoded(), binary: "b").get()
        #expect(decoded == cache)
        let decodedKnown = try #require(KnownSources.decode(known.encoded(binary: "b"), binary: "b"))
        #expect(decodedKnown == known)
        #expect(distinct > 1_000 && decoded.files.count == distinct && decodedKnown.files.count == distinct)
    }
}
