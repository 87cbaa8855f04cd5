extension LinkSubstitution {
    /// Every page's substitution as a build keeps it until the page's body is read, in one
    /// buffer: each packed (`Packed`'s bytes) after the one before, and where each ends. As a
    /// `Packed` a page, a page's twenty-odd bytes were an array of their own (64 bytes of the
    /// heap and 8 of the table: 72 MB at a million pages).
    struct Table: Sendable, Equatable {
        private var bytes: [UInt8] = []
        /// By page index, where its bytes end (they start where the page before's end);
        /// negative, `-(end + 1)`, for a page without one.
        private var ends: [Int] = []

        init() {}

        /// Room for `pages` pages, made at once.
        init(pages: Int) {
            ends.reserveCapacity(pages)
        }

        /// The pages given so far, with or without a substitution.
        var count: Int { ends.count }

        /// The next page's substitution, or none.
        mutating func append(_ substitution: Packed?) {
            if let substitution {
                substitution.withBytes { bytes.append(contentsOf: $0) }
                ends.append(bytes.count)
            } else {
                ends.append(-(bytes.count + 1))
            }
        }

        /// Page `index`'s substitution, if it has one.
        subscript(index: Int) -> Packed? {
            range(of: index).map { Packed(bytes: Array(bytes[$0])) }
        }

        /// `html` with page `index`'s substitution applied, read where it is; `nil` when the
        /// page has none.
        func apply(_ index: Int, to html: String) -> String? {
            guard let range = range(of: index) else { return nil }
            return bytes.withUnsafeBufferPointer { Packed.unpack(UnsafeBufferPointer(rebasing: $0[range])) }.apply(to: html)
        }

        private func range(of index: Int) -> Range<Int>? {
            guard index < ends.count, ends[index] >= 0 else { return nil }
            return (index == 0 ? 0 : Self.end(ends[index - 1]))..<ends[index]
        }

        /// Page `index` without a substitution from now on.
        mutating func remove(_ index: Int) {
            guard index < ends.count, ends[index] >= 0 else { return }
            ends[index] = -(ends[index] + 1)
        }

        /// The buffer in room of its size, when appending left more than an eighth unused.
        mutating func shrink() {
            guard bytes.capacity - bytes.count > bytes.count / 8 + 16 else { return }
            bytes = bytes.withUnsafeBufferPointer { Array($0) }
        }

        private static func end(_ stored: Int) -> Int { stored >= 0 ? stored : -stored - 1 }
    }
}
