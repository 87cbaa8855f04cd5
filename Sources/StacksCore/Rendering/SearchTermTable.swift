#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terms a run of pages uses, each numbered once: a term's bytes to its number, by open
/// addressing over a hash of the bytes taken eight at a time.
///
/// A build looks up every word of every page (three million at 10,000 pages); doing that in a
/// `Dictionary<String, …>` made a `String` and ran SipHash for each. Here a word is looked up
/// as the bytes it already is, and only a term seen for the first time becomes a `String`.
struct SearchTermTable: Sendable {
    /// Every term's bytes, one after another.
    private var bytes: [UInt8] = []
    /// By term number: where its bytes are, and its hash.
    private var entries: [Entry] = []
    /// Term number + 1 by slot (0: empty); the count of slots is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)

    /// Mixed into every hash: the words come from the content, and with a hash anyone can
    /// compute, a page of words made to share a slot would make each look-up walk them all.
    /// Swift's own per-process seed (`Hasher`), so `SWIFT_DETERMINISTIC_HASHING` fixes it too;
    /// the numbers terms get never depend on it.
    private let seed: UInt64

    private struct Entry {
        var hash: UInt64
        var start: Int32
        var count: Int32
    }

    init() {
        var hasher = Hasher()
        hasher.combine(0x5EA2C4)
        self.init(seed: UInt64(bitPattern: Int64(hasher.finalize())))
    }

    init(seed: UInt64) {
        self.seed = seed
    }

    var count: Int { entries.count }

    /// Term `number` as text.
    func term(_ number: Int) -> String {
        withBytes(of: number) { String(decoding: $0, as: UTF8.self) }
    }

    /// Term `number`'s bytes, handed to `body`.
    func withBytes<Result>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[number]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(entry.start)..<(Int(entry.start) + Int(entry.count))]))
        }
    }

    /// The number of the term spelled by `word`, numbering it if it is new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(word, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        // The tables read through their buffers, taken once for the probe (a term is found
        // far more often than it is new).
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBufferPointer { all in
                    while true {
                        let stored = Int(slots[slot])
                        if stored == 0 { return nil }
                        let entry = entries[stored - 1]
                        if entry.hash == hash, Int(entry.count) == word.count,
                           word.isEmpty || memcmp(word.baseAddress!, all.baseAddress! + Int(entry.start), word.count) == 0 {
                            return stored - 1
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        if let found { return found }
        let number = entries.count
        entries.append(Entry(hash: hash, start: Int32(bytes.count), count: Int32(word.count)))
        bytes.append(contentsOf: word)
        slots[slot] = Int32(number + 1)
        // At most half full, so probes stay short.
        if entries.count * 2 > slots.count { grow() }
        return number
    }

    /// The bytes eight at a time, the last eight (or four, or three) loaded over what came
    /// before rather than byte by byte, each word mixed by a multiply and a shift; the length
    /// is in the seed, so the overlap tells no two words of one length apart wrongly (equality
    /// is the bytes' anyway). FNV-1a, a multiply per byte, was most of a lookup.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let count = word.count
        var value = (UInt64(truncatingIfNeeded: count) ^ seed) &* 0x9E37_79B9_7F4A_7C15
        guard let base = word.baseAddress else { return value }
        let raw = UnsafeRawPointer(base)
        let last: UInt64
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                value = (value ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                value ^= value >> 31
                offset += 8
            }
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            last = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            last = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
        }
        value = (value ^ last) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 29)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for number in entries.indices {
            let hash = entries[number].hash
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
