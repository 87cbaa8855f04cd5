#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fragments are rendered once for all pages with URLs that start at a marker standing for
/// "the site root"; each page then puts its own way up (`../../`) in place of the marker.
///
/// This keeps every link relative while a category's list is rendered once, not once per page.
enum RootMarker {
    static let character: Character = "\u{1}"
    static let string = "\u{1}"
    private static let byte: UInt8 = 0x01

    /// The marker form of a page URL: `\u{1}weather/rain/`; the root is `\u{1}./`.
    static func page(_ path: StackPath, portable: Bool) -> String {
        marked(path.url, portable: portable)
    }

    /// `page(_:portable:)` of a page, with its URL spelled already.
    static func page(_ page: Page, portable: Bool) -> String {
        marked(page.url, portable: portable)
    }

    /// `page(_:portable:)` of a path whose URL (`StackPath.url`) is spelled already.
    static func page(url: String, portable: Bool) -> String {
        marked(url, portable: portable)
    }

    /// The marker, the URL and what ends it, written into one string made at its size (two
    /// concatenations made two strings for every link of every page).
    private static func marked(_ url: String, portable: Bool) -> String {
        var url = url
        let suffix: StaticString = portable ? "index.html" : url.isEmpty ? "./" : ""
        return url.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: 1 + bytes.count + suffix.utf8CodeUnitCount) { output in
                output[0] = byte
                if let base = bytes.baseAddress { (output.baseAddress! + 1).update(from: base, count: bytes.count) }
                (output.baseAddress! + 1 + bytes.count).update(from: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
                return 1 + bytes.count + suffix.utf8CodeUnitCount
            }
        }
    }

    /// The marker form of a file URL, from its path under the output root.
    static func file(_ outputPath: String) -> String {
        string + URLEncoding.encodePath(outputPath)
    }

    /// Replaces each marker by the way up from `depth`. `\u{1}./` becomes `./` at the root
    /// and `../../` below it.
    static func resolve(_ text: String, depth: Int) -> [UInt8] {
        var text = text
        return text.withUTF8 { resolve($0, depth: depth) }
    }

    static func resolve(_ source: UnsafeBufferPointer<UInt8>, depth: Int) -> [UInt8] {
        let folder = [UInt8](repeating: UInt8(ascii: "/"), count: depth)
        return folder.withUnsafeBufferPointer { resolve(source, folder: $0, shared: false) }
    }

    /// Replaces each marker by the shortest way from the page written in `folder` (its
    /// URL-encoded path under the output root, `weather/rain/`, or "" for the root): a link
    /// climbs only to the folder it shares with its target, so a sibling reads `../sun/`,
    /// not `../../weather/sun/`, and the page itself `./`.
    static func resolve(_ text: String, folder: String) -> [UInt8] {
        var text = text, folder = folder
        return text.withUTF8 { source in folder.withUTF8 { resolve(source, folder: $0, shared: true) } }
    }

    /// `resolve(_:folder:)` of a text's UTF-8 bytes.
    static func resolve(_ bytes: [UInt8], folder: String) -> [UInt8] {
        var folder = folder
        return bytes.withUnsafeBufferPointer { source in folder.withUTF8 { resolve(source, folder: $0, shared: true) } }
    }

    /// `shared`: whether links may stop at a folder shared with their target; without it
    /// `folder` only gives the depth.
    ///
    /// Written into room counted first (the markers found by `memchr`, each at most a way up
    /// and `./` long): appended run by run and byte by byte, the page's hundred markers cost a
    /// generic append each. The folder shared with a target is measured eight bytes at a time.
    private static func resolve(_ source: UnsafeBufferPointer<UInt8>, folder: UnsafeBufferPointer<UInt8>,
                                shared: Bool) -> [UInt8] {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard let base = source.baseAddress else { return [] }
        // Where each of the folder's levels ends (just past its `/`).
        var levelEnds: [Int] = []
        for offset in folder.indices where folder[offset] == slash { levelEnds.append(offset + 1) }
        let depth = levelEnds.count
        var markers = 0
        var next = 0
        while next < source.count, let found = memchr(base + next, Int32(byte), source.count - next) {
            markers += 1
            next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        let capacity = source.count + markers * (3 * depth + 2)
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            let out = output.baseAddress!
            var written = 0
            func copy(_ range: Range<Int>) {
                (out + written).update(from: base + range.lowerBound, count: range.count)
                written += range.count
            }
            func up(_ levels: Int) {
                for _ in 0..<levels {
                    out[written] = dot
                    out[written + 1] = dot
                    out[written + 2] = slash
                    written += 3
                }
            }
            var start = 0
            while start < source.count {
                // Copy the run up to the next marker in one go.
                guard let found = memchr(base + start, Int32(byte), source.count - start) else {
                    copy(start..<source.count)
                    break
                }
                let marker = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                copy(start..<marker)
                start = marker + 1
                guard depth > 0 else { continue }
                // The root, `./`, shares nothing with the folder: all the way up, without the `./`,
                // so it reads `../../`, not `../.././`.
                if start + 1 < source.count, source[start] == dot, source[start + 1] == slash {
                    start += 2
                    up(depth)
                    continue
                }
                // The whole folders the target shares with the page's folder, from the start.
                var sharedFolders = 0, sharedBytes = 0
                if shared {
                    let limit = min(folder.count, source.count - start)
                    let target = UnsafeRawPointer(base + start), own = UnsafeRawPointer(folder.baseAddress!)
                    var common = 0
                    while common + 8 <= limit,
                          target.loadUnaligned(fromByteOffset: common, as: UInt64.self) == own.loadUnaligned(fromByteOffset: common, as: UInt64.self) {
                        common += 8
                    }
                    while common < limit, source[start + common] == folder[common] { common += 1 }
                    for end in levelEnds where end <= common {
                        sharedFolders += 1
                        sharedBytes = end
                    }
                }
                start += sharedBytes
                up(depth - sharedFolders)
                // The page's own folder: `./`, never an empty link.
                if sharedFolders == depth, start == source.count || !isPathByte(source[start]) {
                    out[written] = dot
                    out[written + 1] = slash
                    written += 2
                }
            }
            count = written
        }
    }

    /// Bytes a URL path of a marker goes on with; anything else (a quote, `#`, `?`) ends it.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: ")"), UInt8(ascii: "\n"), UInt8(ascii: "\\"): false
        default: true
        }
    }
}
