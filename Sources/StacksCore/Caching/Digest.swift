import CCrypto

/// The first 128 bits of a SHA-256: what the build cache compares instead of bytes.
///
/// A cryptographic hash, since content is untrusted: a page crafted to collide with another
/// output's digest could otherwise keep a stale file in place. 128 bits keep the cache small
/// (two words a file) and still need about 2⁶⁴ tries to find any collision.
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

    public var description: String {
        String(high, radix: 16) + "/" + String(low, radix: 16)
    }

    /// SHA-256 over several pieces, each framed by its length, so that `["ab", "c"]` and
    /// `["a", "bc"]` differ.
    public struct Hasher: ~Copyable {
        private let context: OpaquePointer

        public init() {
            context = EVP_MD_CTX_new()
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
        }

        deinit { EVP_MD_CTX_free(context) }

        public mutating func add(_ bytes: [UInt8]) {
            add(length: bytes.count)
            bytes.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { _ = EVP_DigestUpdate(context, base, buffer.count) }
            }
        }

        public mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { buffer in
                add(length: buffer.count)
                if let base = buffer.baseAddress { _ = EVP_DigestUpdate(context, base, buffer.count) }
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
            _ = withUnsafeBytes(of: &word) { EVP_DigestUpdate(context, $0.baseAddress!, 8) }
        }

        public consuming func finish() -> Digest {
            var output = [UInt8](repeating: 0, count: 32)
            var size: UInt32 = 0
            _ = output.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress!, &size) }
            func word(_ offset: Int) -> UInt64 {
                output[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
            }
            return Digest(high: word(0), low: word(8))
        }
    }
}
