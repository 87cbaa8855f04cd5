#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terms a run of pages uses, each numbered once: a term's bytes to its number, by open
/// addressing over an FNV-1a hash of the bytes.
///
/// A build looks up every word of every page (three million at 10,000 pages); doing that in a
/// `Dictionary<String, …>` made a `String` and ran SipHash for each. Here a word is looked up
/// as the bytes it already is, and only a term seen for the first time becomes a `String`.
struct SearchTermTable: Sendable {
    /// Every term's bytes, one after another; term `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Term number + 1 by slot (0: empty); the count of slots is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)

    init() {}

    var count: Int { hashes.count }

    /// Term `number` as text.
    func term(_ number: Int) -> String {
        String(decoding: bytes[starts[number]..<starts[number + 1]], as: UTF8.self)
    }

    /// Term `number`'s bytes, handed to `body`.
    func withBytes<Result>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[starts[number]..<starts[number + 1]])) }
    }

    /// The number of the term spelled by `word`, numbering it if it is new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        // The tables read through their buffers, taken once for the probe.
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                starts.withUnsafeBufferPointer { starts in
                    bytes.withUnsafeBufferPointer { all in
                        while true {
                            let stored = Int(slots[slot])
                            if stored == 0 { return nil }
                            let number = stored - 1
                            if hashes[number] == hash, starts[number + 1] - starts[number] == word.count,
                               word.isEmpty || memcmp(word.baseAddress!, all.baseAddress! + starts[number], word.count) == 0 {
                                return number
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
        if let found { return found }
        let number = hashes.count
        bytes.append(contentsOf: word)
        starts.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(number + 1)
        // At most half full, so probes stay short.
        if hashes.count * 2 > slots.count { grow() }
        return number
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number] ^ (hashes[number] >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
