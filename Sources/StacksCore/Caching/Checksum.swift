/// What tells a file of the build's own damaged (a memo's entry, the build cache): a 128-bit
/// checksum, not a cryptographic digest. The keys and the pages' digests in them are those;
/// this only has to see a flipped or lost byte, and it does so at several times the speed of
/// BLAKE2b over the tens of megabytes a build's memos hold.
///
/// Four lanes of eight bytes, each its own multiply, so that they run side by side; the bytes
/// past the last whole 32, and their count, mixed in at the end, where the lanes are folded
/// into two words. So the bytes can be given a part at a time (`add`), as the build cache is
/// written to its file: whole, a 100,000-page cache was 25 MB more at the end of the build.
/// (The files are every binary's own, so this is free to differ from what an older one wrote.)
struct Checksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F,
                                                          0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5)
    private var count = 0
    /// The bytes given past the last whole block of 32, at most 31 of them.
    private var rest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var restCount = 0

    init() {}

    static func of(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var checksum = Checksum()
        checksum.add(bytes)
        return checksum.finished()
    }

    @inline(__always) private static func mix(_ lane: inout UInt64, _ word: UInt64, _ multiplier: UInt64) {
        lane = (lane ^ word) &* multiplier
        lane ^= lane >> 29
    }

    @inline(__always) private mutating func block(_ bytes: UnsafeRawPointer) {
        Self.mix(&lanes.0, bytes.loadUnaligned(as: UInt64.self), 0xFF51_AFD7_ED55_8CCD)
        Self.mix(&lanes.1, bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self), 0xC4CE_B9FE_1A85_EC53)
        Self.mix(&lanes.2, bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self), 0x9E37_79B9_7F4A_7C15)
        Self.mix(&lanes.3, bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self), 0xD6E8_FEB8_6659_FD93)
    }

    /// The next bytes: the checksum of parts given one after another is the checksum of them whole.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        count += bytes.count
        var offset = 0
        if restCount > 0 {
            let taken = min(32 - restCount, bytes.count)
            withUnsafeMutableBytes(of: &rest) { $0.baseAddress!.advanced(by: restCount).copyMemory(from: base, byteCount: taken) }
            restCount += taken
            offset = taken
            guard restCount == 32 else { return }
            let full = rest
            withUnsafeBytes(of: full) { block($0.baseAddress!) }
            restCount = 0
        }
        while offset + 32 <= bytes.count {
            block(base + offset)
            offset += 32
        }
        let left = bytes.count - offset
        if left > 0 {
            withUnsafeMutableBytes(of: &rest) { $0.baseAddress!.copyMemory(from: base + offset, byteCount: left) }
            restCount = left
        }
    }

    func finished() -> Digest {
        var lanes = self.lanes
        let rest = self.rest, restCount = self.restCount
        withUnsafeBytes(of: rest) { bytes in
            var offset = 0
            while offset + 8 <= restCount {
                Self.mix(&lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 0xFF51_AFD7_ED55_8CCD)
                offset += 8
            }
            var last: UInt64 = 0
            for shift in 0..<(restCount - offset) { last |= UInt64(bytes[offset + shift]) << (8 * shift) }
            Self.mix(&lanes.1, last, 0xC4CE_B9FE_1A85_EC53)
        }
        // The count tells apart inputs that differ only by trailing zeros.
        Self.mix(&lanes.2, UInt64(count), 0x9E37_79B9_7F4A_7C15)
        var first = lanes.0, second = lanes.1
        Self.mix(&first, lanes.2, 0x9E37_79B9_7F4A_7C15)
        Self.mix(&second, lanes.3, 0xD6E8_FEB8_6659_FD93)
        Self.mix(&first, second, 0xFF51_AFD7_ED55_8CCD)
        Self.mix(&second, first, 0xC4CE_B9FE_1A85_EC53)
        return Digest(high: first, low: second)
    }
}
