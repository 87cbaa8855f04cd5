/// What tells a file of the build's own damaged (a memo's entry, the build cache): a 128-bit
/// checksum, not a cryptographic digest. The keys and the pages' digests in them are those;
/// this only has to see a flipped or lost byte, and it does so at several times the speed of
/// BLAKE2b over the tens of megabytes a build's memos hold.
enum Checksum {
    /// Four lanes of eight bytes, each its own multiply, so that they run side by side; the
    /// lanes folded into two words at the end.
    static func of(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count), 0xC2B2_AE3D_27D4_EB4F,
                                                       0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5)
        @inline(__always) func mix(_ lane: inout UInt64, _ word: UInt64, _ multiplier: UInt64) {
            lane = (lane ^ word) &* multiplier
            lane ^= lane >> 29
        }
        var offset = 0
        while offset + 32 <= bytes.count {
            mix(&lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 0xFF51_AFD7_ED55_8CCD)
            mix(&lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), 0xC4CE_B9FE_1A85_EC53)
            mix(&lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self), 0x9E37_79B9_7F4A_7C15)
            mix(&lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self), 0xD6E8_FEB8_6659_FD93)
            offset += 32
        }
        while offset + 8 <= bytes.count {
            mix(&lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 0xFF51_AFD7_ED55_8CCD)
            offset += 8
        }
        var last: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << (8 * shift) }
        mix(&lanes.1, last, 0xC4CE_B9FE_1A85_EC53)
        var first = lanes.0, second = lanes.1
        mix(&first, lanes.2, 0x9E37_79B9_7F4A_7C15)
        mix(&second, lanes.3, 0xD6E8_FEB8_6659_FD93)
        mix(&first, second, 0xFF51_AFD7_ED55_8CCD)
        mix(&second, first, 0xC4CE_B9FE_1A85_EC53)
        return Digest(high: first, low: second)
    }
}
