/// Pages by their output folder (`weather/rain`), as a URL names them: a table of page
/// numbers found by the hash of the folder's bytes, spelled from each page's stack path when
/// it is looked at. As a dictionary keyed by the folders, a million pages' folders were 64 MB
/// of strings kept only to be keys, beside 40 MB of table, through the links' resolution.
///
/// The hash is Swift's, seeded anew in each process: the slugs come from the content, and with
/// a hash anyone can compute, pages made to share a slot would make each look-up walk them all.
struct PageURLTable: Sendable {
    /// Page numbers, `-1` where none; a power of two of them, at most half full.
    private var slots: [Int32]

    /// The table of `paths` by number; of two pages with one folder, the later.
    init(_ paths: [StackPath]) {
        self.init(paths, including: paths.indices)
    }

    /// The table of the `paths` numbered `numbers` (ascending); of two pages with one folder,
    /// the later.
    init<Paths: RandomAccessCollection<StackPath>>(_ paths: Paths, including numbers: some Collection<Int>) where Paths.Index == Int {
        var capacity = 8
        while capacity < numbers.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: -1, count: capacity)
        for number in numbers {
            Self.withFolder(of: paths[number]) { folder in
                let slot = place(of: folder, in: paths)
                slots[slot] = Int32(number)
            }
        }
    }

    /// The page whose folder is `folder`.
    func number<Paths: RandomAccessCollection<StackPath>>(of folder: String, in paths: Paths) -> Int32? where Paths.Index == Int {
        var folder = folder
        return folder.withUTF8 { bytes in
            let number = slots[place(of: bytes, in: paths)]
            return number < 0 ? nil : number
        }
    }

    /// The page whose folder is `path`'s (that page's path may differ, in a catalog where two
    /// pages share a folder).
    func number<Paths: RandomAccessCollection<StackPath>>(ofFolderOf path: StackPath, in paths: Paths) -> Int32? where Paths.Index == Int {
        Self.withFolder(of: path) { folder in
            let number = slots[place(of: folder, in: paths)]
            return number < 0 ? nil : number
        }
    }

    /// Every page number the table holds, in no order.
    var numbers: some Sequence<Int32> { slots.lazy.filter { $0 >= 0 } }

    /// The slot of `folder`'s page, or the empty slot where it would go.
    private func place<Paths: RandomAccessCollection<StackPath>>(of folder: UnsafeBufferPointer<UInt8>, in paths: Paths) -> Int where Paths.Index == Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(folder))
        let mask = slots.count - 1
        var slot = hasher.finalize() & mask
        while slots[slot] >= 0 {
            let matches = Self.withFolder(of: paths[Int(slots[slot])]) { $0.elementsEqual(folder) }
            if matches { return slot }
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// `path.outputDirectory`'s bytes, spelled in room on the stack (one allocation a look-up
    /// in a dictionary keyed by the folder).
    static func withFolder<Result>(of path: StackPath, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(path.outputDirectoryCount, 1)) { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[..<path.spellOutputDirectory(into: buffer)]))
        }
    }
}
