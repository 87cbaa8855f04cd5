import Testing
@testable import StacksCore

/// `Digest` is BLAKE2b-512 cut to its first 128 bits, over length-framed pieces: the values
/// any other BLAKE2b gives (these from Python's `hashlib.blake2b`), so that a change of library
/// keeps every memo and cache key.
@Suite struct DigestTests {
    @Test func aTextIsItsLengthAndBytesHashed() {
        // hashlib.blake2b(struct.pack('<q', 3) + b'abc').digest()[:16]
        #expect(Digest(of: "abc") == Digest(high: 0x1395_54ef_5d16_9498, low: 0x9eff_aaea_7c7d_cd8b))
        // hashlib.blake2b(struct.pack('<q', 0)).digest()[:16]
        #expect(Digest(of: [UInt8]()) == Digest(high: 0x482a_e5a2_9fbe_856c, low: 0x7272_f207_1b8b_0f03))
    }

    @Test func piecesAreFramed() {
        var first = Digest.Hasher()
        first.add("ab")
        first.add("c")
        var second = Digest.Hasher()
        second.add("a")
        second.add("bc")
        let (one, other) = (first.finish(), second.finish())
        #expect(one != other)
    }

    @Test func aLongInputIsHashedWhole() {
        // Longer than libb2's two blocks: the compression runs several times.
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var changed = bytes
        changed[9_999] ^= 1
        #expect(Digest(of: bytes) != Digest(of: changed))
        #expect(Digest(of: bytes) == Digest(of: bytes))
    }

    /// Many small pieces (gathered in the hasher's buffer past its size) and a long one (handed
    /// to libb2 directly) hash as the same bytes in one stream.
    @Test func bufferedAndDirectPiecesAreOneStream() {
        var hasher = Digest.Hasher()
        for _ in 0..<300 { hasher.add("x") }
        hasher.add(String(repeating: "y", count: 500))
        hasher.add(7)
        // hashlib.blake2b(b''.join([pack('<q', 1) + b'x'] * 300) + pack('<q', 500) + b'y' * 500 + pack('<q', 7))
        #expect(hasher.finish() == Digest(high: 0xb513_a49e_f715_693b, low: 0x8eeb_0d8f_9c1b_c855))
    }
}
