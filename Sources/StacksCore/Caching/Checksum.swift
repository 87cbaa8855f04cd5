/// What tells a file of the build's own damaged (a memo's entry, the build cache): a 128-bit
/// checksum, not a cryptographic digest. The keys and the pages' digests in them are those;
/// this only has to see a flipped or lost byte, and it does so at several times the speed of
/// BLAKE2b over the tens of megabytes a build's memos hold.
enum Checksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var first: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        func mix(_ word: UInt64) {
            first = ((first ^ word) &* 0xFF51_AFD7_ED55_8CCD)
            first ^= first >> 32
            second = ((second &+ word) &* 0xC4CE_B9FE_1A85_EC53)
            second ^= second >> 29
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var last: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << (8 * shift) }
        mix(last)
        mix(first ^ second)
        return Digest(high: first, low: second)
    }
}
