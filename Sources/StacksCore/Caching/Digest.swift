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
    /// `["a", "bc"]` differ. Small pieces (lengths, names, short values: most of a page's
    /// input) are gathered in a buffer and handed to libb2 a kilobyte at a time: a call each
    /// made a tag page's key at 100,000 items cost more than the digest saved.
    public struct Hasher: ~Copyable {
        /// libb2's state, then the buffer, in one allocation.
        private let state: UnsafeMutablePointer<blake2b_state>
        private let buffer: UnsafeMutableRawPointer
        private var count = 0
        private static let capacity = 1024
        /// Pieces at least this long go to libb2 directly, after what is buffered.
        private static let direct = 256
        private static let stateSize = (MemoryLayout<blake2b_state>.stride + 63) / 64 * 64

        public init() {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.stateSize + Self.capacity, alignment: 64)
            state = memory.bindMemory(to: blake2b_state.self, capacity: 1)
            buffer = memory + Self.stateSize
            blake2b_init(state, 64)
        }

        deinit {
            UnsafeMutableRawPointer(state).deallocate()
        }

        public mutating func add(_ bytes: [UInt8]) {
            add(length: bytes.count)
            bytes.withUnsafeBytes { append($0) }
        }

        /// As `add(_:)` takes the same bytes as an array or a text.
        mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
            add(length: bytes.count)
            append(UnsafeRawBufferPointer(bytes))
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
                blake2b_update(state, base.assumingMemoryBound(to: UInt8.self), bytes.count)
                return
            }
            if count + bytes.count > Self.capacity { flush() }
            buffer.advanced(by: count).copyMemory(from: base, byteCount: bytes.count)
            count += bytes.count
        }

        private mutating func flush() {
            if count > 0 { blake2b_update(state, buffer.assumingMemoryBound(to: UInt8.self), count) }
            count = 0
        }

        /// The first 128 bits of the 512, as OpenSSL's `EVP_blake2b512` gave them (the same
        /// digests: a test holds one).
        public consuming func finish() -> Digest {
            flush()
            var output = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &output) { _ = blake2b_final(state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 64) }
            func word(_ value: UInt64) -> UInt64 { UInt64(bigEndian: value) }
            return Digest(high: word(output.0), low: word(output.1))
        }
    }
}

/// A digest takes the memos' encodings field by field, each framed as `add` frames it.
extension Digest.Hasher: MemoBytesSink {
    mutating func number(_ value: Int) { add(value) }
    mutating func text(_ value: String) { add(value) }
    mutating func text(bytes: UnsafeBufferPointer<UInt8>) { add(bytes: bytes) }
}
