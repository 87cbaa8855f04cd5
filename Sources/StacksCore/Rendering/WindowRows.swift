/// The rows of a list shown in parts as an item page's window shows them: without their ids
/// (`ListPlace.rowID`), which only the list's own pages carry.
///
/// Kept as the two slices of the list's plain row around one run of bytes (` id="…"` in the
/// built-in theme), when each is its plain row without such a run: 64 bytes a row sharing the
/// plain row's storage, rather than a second copy of it (the copies were half the lists' rows, a
/// tenth of a 100,000-item build's peak); appending two slices instead of one row costs a
/// build about 1 % more instructions (`Benchmarks/README.md`). Once the plain rows go to the
/// spill file (`ListRows`), only where each cut is: 8 bytes a row, the row read back sliced. A theme whose rows differ
/// otherwise keeps the rows themselves. Either way each window row is the one its template
/// renders: the cut is found by comparing the two.
struct WindowRows: Sendable, Equatable {
    /// Each row as the plain row's slices before and after its cut; empty when `rows` or
    /// `places` serve.
    private var cuts: [Cut] = []
    /// Where each row's cut is in its plain row, once the rows are read back (`detached()`).
    private var places: [Place] = []
    private var rows: [String] = []

    private struct Cut: Sendable, Equatable {
        var before: Substring
        var after: Substring

        /// The same bytes (the slices compare as characters).
        static func == (a: Cut, b: Cut) -> Bool {
            a.before.utf8.elementsEqual(b.before.utf8) && a.after.utf8.elementsEqual(b.after.utf8)
        }
    }

    private struct Place: Sendable, Equatable {
        var start: UInt32
        var count: UInt32
    }

    /// None: the plain rows serve (a list shown whole).
    init() {}

    /// `windowed`, each the rendering of the row at its position in `plain` without its id.
    init(plain: [String], windowed: [String]) {
        precondition(plain.count == windowed.count)
        var cuts: [Cut] = []
        cuts.reserveCapacity(plain.count)
        for (whole, window) in zip(plain, windowed) {
            guard let (start, count) = Self.cut(from: whole, leaving: window), whole.utf8.count <= UInt32.max else {
                rows = windowed
                return
            }
            let utf8 = whole.utf8
            let from = utf8.index(utf8.startIndex, offsetBy: start), to = utf8.index(from, offsetBy: count)
            cuts.append(Cut(before: whole[..<from], after: whole[to...]))
        }
        self.cuts = cuts
    }

    /// Whether the list's plain rows serve in its windows too.
    var isEmpty: Bool { cuts.isEmpty && places.isEmpty && rows.isEmpty }
    /// Whether the window's rows are kept as they are, not as cuts of the plain ones.
    var keepsRows: Bool { !rows.isEmpty }

    /// The cuts as places, holding none of the plain rows (which then go to the spill file).
    func detached() -> WindowRows {
        guard !cuts.isEmpty else { return self }
        var detached = WindowRows()
        detached.places = cuts.map { cut in
            let start = cut.before.utf8.count
            return Place(start: UInt32(start), count: UInt32(cut.before.base.utf8.count - start - cut.after.utf8.count))
        }
        return detached
    }

    /// Appends the window's row at `position` (its plain row held in the slices).
    func append(_ position: Int, to text: inout String) {
        guard !cuts.isEmpty else { return text += rows[position] }
        text.append(contentsOf: cuts[position].before)
        text.append(contentsOf: cuts[position].after)
    }

    /// Appends the window's row at `position`, whose plain row is `row`.
    func append(_ position: Int, of row: Substring, to text: inout String) {
        guard !places.isEmpty else {
            guard !cuts.isEmpty else { return text += rows[position] }
            text.append(contentsOf: cuts[position].before)
            text.append(contentsOf: cuts[position].after)
            return
        }
        // Both ends of a cut fall between ASCII characters: the slices are exactly its bytes.
        let utf8 = row.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: Int(places[position].start))
        text.append(contentsOf: row[..<from])
        text.append(contentsOf: row[utf8.index(from, offsetBy: Int(places[position].count))...])
    }

    /// The one run of bytes that `window` lacks of `whole`, when `window` is `whole` without
    /// it and both ends of the run fall between two ASCII characters of `whole` (so between
    /// characters, where its slices are then exactly those bytes).
    private static func cut(from whole: String, leaving window: String) -> (start: Int, count: Int)? {
        var whole = whole, window = window
        return whole.withUTF8 { whole in
            window.withUTF8 { window -> (start: Int, count: Int)? in
                let removed = whole.count - window.count
                guard removed > 0 else { return nil }
                // Eight bytes at a time, then byte by byte: drawn for every row of every list.
                // (`whole` holds a byte at least; an empty `window` may have no address, and is not read.)
                let a = UnsafeRawPointer(whole.baseAddress!), b = UnsafeRawPointer(window.baseAddress ?? whole.baseAddress!)
                var prefix = 0
                while prefix + 8 <= window.count,
                      a.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == b.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) {
                    prefix += 8
                }
                while prefix < window.count, whole[prefix] == window[prefix] { prefix += 1 }
                var suffix = 0
                while suffix + 8 <= window.count - prefix,
                      a.loadUnaligned(fromByteOffset: whole.count - suffix - 8, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: window.count - suffix - 8, as: UInt64.self) {
                    suffix += 8
                }
                while suffix < window.count - prefix, whole[whole.count - 1 - suffix] == window[window.count - 1 - suffix] { suffix += 1 }
                guard prefix + suffix == window.count else { return nil }
                // Both ends between ASCII characters that are not a CR before an LF.
                func isBoundary(_ offset: Int) -> Bool {
                    guard offset > 0, offset < whole.count else { return true }
                    let before = whole[offset - 1], after = whole[offset]
                    return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
                }
                guard isBoundary(prefix), isBoundary(prefix + removed) else { return nil }
                return (prefix, removed)
            }
        }
    }
}
