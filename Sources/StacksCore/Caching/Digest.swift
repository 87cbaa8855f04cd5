import CBlake2

/// The first 128 bits of a BLAKE2b-512: what the build cache compares instead of bytes.
///
/// A cryptographic hash, since content is untrusted: a page crafted to collide with another
/// output's digest could otherwise keep a stale file in place. 128 bits keep the cache small
/// (two words a file) and still need about 2⁶⁴ tries to find any collision. BLAKE2b rather than
/// SHA-256: on processors without SHA instructions (this project's build machines) it hashes
/// about three times as many bytes a second (`openssl speed -evp blake2b512 sha256`), and a
/// build hashes every page's input. Through libb2 rather than OpenSSL's EVP interface, whose
/// set-up took 1.3 µs a digest against 0.45 µs (a build makes a hundred thousand small ones).
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public init(of bytes: [UInt8]) {
        var hasher = Digest.Hasher()
        hasher.add(bytes)
        self = hasher.finish()
    }

    public init(of text: String) {
        var hasher = Digest.Hasher()
        hasher.add(text)
        self = hasher.finish()
    }

    public var description: String {
        String(high, radix: 16) + "/" + String(low, radix: 16)
    }

    /// BLAKE2b over several pieces, each framed by its length, so that `["ab", "c"]` and
    /// `["a", "bc"]` differ. libb2 takes small pieces (lengths, names, short values: most of a
    /// page's input) into its block buffer itself, at a function call each.
    public struct Hasher: ~Copyable {
        private let state: UnsafeMutablePointer<blake2b_state>

        public init() {
            state = .allocate(capacity: 1)
            blake2b_init(state, 64)
        }

        deinit {
            state.deallocate()
        }

        public mutating func add(_ bytes: [UInt8]) {
            add(length: bytes.count)
            bytes.withUnsafeBytes { append($0) }
        }

        public mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                add(length: utf8.count)
                append(UnsafeRawBufferPointer(utf8))
            }
        }

        public mutating func add(_ number: Int) {
            add(length: number)
        }

        public mutating func add(_ digest: Digest) {
            add(length: Int(bitPattern: UInt(digest.high)))
            add(length: Int(bitPattern: UInt(digest.low)))
        }

        private mutating func add(length: Int) {
            var word = UInt64(bitPattern: Int64(length)).littleEndian
            withUnsafeBytes(of: &word) { append($0) }
        }

        private mutating func append(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            blake2b_update(state, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        }

        /// The first 128 bits of the 512, as OpenSSL's `EVP_blake2b512` gave them (the same
        /// digests: a test holds one).
        public consuming func finish() -> Digest {
            var output = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &output) { _ = blake2b_final(state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 64) }
            func word(_ value: UInt64) -> UInt64 { UInt64(bigEndian: value) }
            return Digest(high: word(output.0), low: word(output.1))
        }
    }
}
