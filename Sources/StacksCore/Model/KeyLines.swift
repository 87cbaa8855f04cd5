/// The line of the file each front matter key is on, for diagnostics found after loading
/// (a `slug` taken twice, an `image` that is not there).
///
/// The pairs in one array, in the order written, looked up by going through them: a page has
/// a handful of keys. A dictionary per page was 457 bytes and four allocations as it grew (46
/// MB of a 100,000-item catalog's peak); this is one allocation of a fifth of that.
public struct KeyLines: Sendable, Equatable {
    private var pairs: [(key: String, line: Int)] = []

    public init() {}

    public subscript(key: String) -> Int? {
        get { pairs.first { $0.key == key }?.line }
        set {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].line = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                if pairs.isEmpty { pairs.reserveCapacity(8) }
                pairs.append((key, newValue))
            }
        }
    }

    /// The pairs, each key on its line as the subscript would set them one after another:
    /// taken as they are when their keys increase (as a memo writes them, sorted), each
    /// compared with the next only.
    init(_ given: [(key: String, line: Int)]) {
        if zip(given, given.dropFirst()).allSatisfy({ $0.key < $1.key }) {
            pairs = given
        } else {
            for (key, line) in given { self[key] = line }
        }
    }

    /// The pairs in the order of their keys, as a memo and a page's key write them: as they are
    /// when written in that order (a page read from the memo), else sorted.
    var pairsByKey: [(key: String, line: Int)] {
        zip(pairs, pairs.dropFirst()).allSatisfy({ $0.key < $1.key }) ? pairs : pairs.sorted { $0.key < $1.key }
    }

    public var count: Int { pairs.count }
    /// In the order written.
    public var keys: [String] { pairs.map(\.key) }

    /// Equal when each key is on the same line, whatever order they were recorded in.
    public static func == (a: KeyLines, b: KeyLines) -> Bool {
        a.pairs.count == b.pairs.count && a.pairs.allSatisfy { b[$0.key] == $0.line }
    }
}
