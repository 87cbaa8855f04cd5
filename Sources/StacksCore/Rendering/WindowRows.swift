/// The rows of a list shown in parts as an item page's window shows them: without their ids
/// (`ListPlace.rowID`), which only the list's own pages carry.
///
/// Kept as where one run of bytes (` id="…"` in the built-in theme) is in the list's plain row,
/// when each is its plain row without such a run: 8 bytes a row, rather than a second copy of
/// it (the copies were half the lists' rows, a tenth of a 100,000-item build's peak), or two
/// slices of it (64 bytes); appending two slices instead of one row costs a build about 1 %
/// more instructions (`Benchmarks/README.md`). A theme whose rows differ
/// otherwise keeps the rows themselves. Either way each window row is the one its template
/// renders: the cut is found by comparing the two.
struct WindowRows: Sendable, Equatable {
    /// Where each row's cut is in its plain row; empty when `rows` serve.
    private var cuts: [Cut] = []
    private var rows: [String] = []

    private struct Cut: Sendable, Equatable {
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
            cuts.append(Cut(start: UInt32(start), count: UInt32(count)))
        }
        self.cuts = cuts
    }

    /// Whether the list's plain rows serve in its windows too.
    var isEmpty: Bool { cuts.isEmpty && rows.isEmpty }
    /// Whether the window's rows are kept as they are, not as cuts of the plain ones.
    var keepsRows: Bool { !rows.isEmpty }

    /// Appends the window's row at `position`, whose plain row is `row`.
    func append(_ position: Int, of row: Substring, to text: inout String) {
        guard !cuts.isEmpty else { return text += rows[position] }
        // Both ends of a cut fall between ASCII characters: the slices are exactly its bytes.
        let utf8 = row.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: Int(cuts[position].start))
        text.append(contentsOf: row[..<from])
        text.append(contentsOf: row[utf8.index(from, offsetBy: Int(cuts[position].count))...])
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
