/// A list's rows, drawn once for every page that shows them (`SharedParts`): as strings, or,
/// once a build's lists hold more than their allowance, one after another in a file beside
/// the output (`RowSpill`), read back a page's window at a time.
///
/// Every list is drawn by the time the tag pages are made, and held until the last page is
/// written: at a million items its rows were 0.4 KB a page, the largest part of the render's
/// memory. Within the allowance (`RowSpill.allowance`, more than a 100,000-item catalog's
/// rows) nothing is read back, so a catalog of ordinary size renders as before.
struct ListRows: Sendable {
    private enum Storage: Sendable {
        case strings([String])
        /// Where the rows start in the spill file, and where each ends from there.
        case spilled(RowSpill, offset: Int, ends: [Int])
    }

    private var storage: Storage

    init(_ rows: [String]) {
        storage = .strings(rows)
    }

    var count: Int {
        switch storage {
        case .strings(let rows): rows.count
        case .spilled(_, _, let ends): ends.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The rows, when they are in memory.
    var strings: [String]? {
        if case .strings(let rows) = storage { rows } else { nil }
    }

    /// Whether the rows are in the spill file.
    var isSpilled: Bool {
        if case .spilled = storage { true } else { false }
    }

    /// The rows moved to `spill`, unless its allowance still holds their bytes in memory (or
    /// the file could not take them).
    func spilled(into spill: RowSpill) -> ListRows {
        guard case .strings(let rows) = storage, !rows.isEmpty, !spill.holds(byteCount(of: 0..<rows.count)) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount(of: 0..<rows.count))
        var ends: [Int] = []
        ends.reserveCapacity(rows.count)
        for var row in rows {
            row.withUTF8 { bytes.append(contentsOf: $0) }
            ends.append(bytes.count)
        }
        guard let offset = spill.append(bytes) else { return self }
        var moved = self
        moved.storage = .spilled(spill, offset: offset, ends: ends)
        return moved
    }

    subscript(position: Int) -> String {
        switch storage {
        case .strings(let rows): return rows[position]
        case .spilled(let spill, let offset, let ends):
            let start = position == 0 ? 0 : ends[position - 1]
            return spill.read(at: offset + start, count: ends[position] - start)
        }
    }

    /// Every row, one after another.
    func joined() -> String {
        switch storage {
        case .strings(let rows): return rows.joined()
        case .spilled(let spill, let offset, let ends): return spill.read(at: offset, count: ends.last ?? 0)
        }
    }

    /// The bytes of the rows in `range`.
    func byteCount(of range: Range<Int>) -> Int {
        switch storage {
        case .strings(let rows): return range.reduce(0) { $0 + rows[$1].utf8.count }
        case .spilled(_, _, let ends):
            guard !range.isEmpty else { return 0 }
            return ends[range.upperBound - 1] - (range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1])
        }
    }

    /// Each row of `range` with its position, in order: read back in one piece when spilled.
    func forEach(in range: Range<Int>, _ body: (Int, Substring) -> Void) {
        switch storage {
        case .strings(let rows):
            for position in range { body(position, Substring(rows[position])) }
        case .spilled(let spill, let offset, let ends):
            guard !range.isEmpty else { return }
            let first = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
            let text = spill.read(at: offset + first, count: ends[range.upperBound - 1] - first)
            let utf8 = text.utf8
            var start = utf8.startIndex
            for position in range {
                let end = utf8.index(utf8.startIndex, offsetBy: ends[position] - first)
                // A slice of the text is its row, unless the row began with a combining mark,
                // which the slice's bounds round to the character it joins across the rows.
                let slice = text[start..<end]
                body(position, slice.startIndex == start && slice.endIndex == end ? slice : Substring(String(utf8[start..<end])!))
                start = end
            }
        }
    }
}

extension ListRows: Equatable {
    /// The same rows, wherever they are kept.
    static func == (lhs: ListRows, rhs: ListRows) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }
}
