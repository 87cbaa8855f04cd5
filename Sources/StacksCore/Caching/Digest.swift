import CCrypto

/// The first 128 bits of a BLAKE2b-512: what the build cache compares instead of bytes.
///
/// A cryptographic hash, since content is untrusted: a page crafted to collide with another
/// output's digest could otherwise keep a stale file in place. 128 bits keep the cache small
/// (two words a file) and still need about 2⁶⁴ tries to find any collision. BLAKE2b rather than
/// SHA-256: on processors without SHA instructions (this project's build machines) it hashes
/// about three times as many bytes a second (`openssl speed -evp blake2b512 sha256`), and a
/// build hashes every page's input.
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
    /// `["a", "bc"]` differ. Small pieces (lengths, names, short values: most of a page's
    /// input) are gathered in a buffer and handed to the library a few kilobytes at a time,
    /// rather than one call each.
    public struct Hasher: ~Copyable {
        private let context: OpaquePointer
        private let buffer: UnsafeMutableRawPointer
        private var count = 0
        private static let capacity = 4096
        /// Pieces at least this long go to the library directly, after what is buffered.
        private static let direct = 1024

        public init() {
            context = EVP_MD_CTX_new()
            EVP_DigestInit_ex(context, EVP_blake2b512(), nil)
            buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 8)
        }

        deinit {
            EVP_MD_CTX_free(context)
            buffer.deallocate()
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
            if count + 8 > Self.capacity { flush() }
            buffer.storeBytes(of: UInt64(bitPattern: Int64(length)).littleEndian, toByteOffset: count, as: UInt64.self)
            count += 8
        }

        private mutating func append(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            if bytes.count >= Self.direct {
                flush()
                _ = EVP_DigestUpdate(context, base, bytes.count)
                return
            }
            if count + bytes.count > Self.capacity { flush() }
            buffer.advanced(by: count).copyMemory(from: base, byteCount: bytes.count)
            count += bytes.count
        }

        private mutating func flush() {
            if count > 0 { _ = EVP_DigestUpdate(context, buffer, count) }
            count = 0
        }

        public consuming func finish() -> Digest {
            flush()
            var output = [UInt8](repeating: 0, count: 64)
            var size: UInt32 = 0
            _ = output.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress!, &size) }
            func word(_ offset: Int) -> UInt64 {
                output[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
            }
            return Digest(high: word(0), low: word(8))
        }
    }
}
