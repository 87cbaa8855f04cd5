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
        if portable { return string + path.url + "index.html" }
        return string + (path.isRoot ? "./" : path.url)
    }

    /// The marker form of a file URL, from its path under the output root.
    static func file(_ outputPath: String) -> String {
        string + outputPath.split(separator: "/").map { URLEncoding.encodePathSegment(String($0)) }.joined(separator: "/")
    }

    /// Replaces each marker by the way up from `depth`. `\u{1}./` becomes `./` at the root
    /// and `../../` below it.
    static func resolve(_ text: String, depth: Int) -> [UInt8] {
        var text = text
        return text.withUTF8 { resolve($0, depth: depth) }
    }

    static func resolve(_ source: UnsafeBufferPointer<UInt8>, depth: Int) -> [UInt8] {
        let up = Array(RelativeURL.toRoot(fromDepth: depth).utf8)
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 512)
        guard let base = source.baseAddress else { return output }
        var start = 0
        while start < source.count {
            // Copy the run up to the next marker in one go.
            guard let found = memchr(base + start, Int32(byte), source.count - start) else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[start...]))
                break
            }
            let marker = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<marker]))
            start = marker + 1
            guard depth > 0 else { continue }
            output.append(contentsOf: up)
            // Drop a `./` that follows, so the root reads `../../`, not `../.././`.
            if start + 1 < source.count, source[start] == UInt8(ascii: "."), source[start + 1] == UInt8(ascii: "/") {
                start += 2
            }
        }
        return output
    }
}
