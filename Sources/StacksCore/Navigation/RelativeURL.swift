/// URLs from one page to another, always relative, so a site works under any sub-path.
///
/// Fragments are rendered once for every page with URLs from the site root (see `RootMarker`);
/// each page's links then climb only as far as the folder they share with their target
/// (`../sun/` from `weather/rain/`, `../../traffic/` from there).
public enum RelativeURL {
    /// From a page at `depth` to the site root.
    public static func toRoot(fromDepth depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    /// `portable` links name `index.html`, for sites opened from disk.
    public static func page(_ target: StackPath, fromDepth depth: Int, portable: Bool = false) -> String {
        page(url: target.url, fromDepth: depth, portable: portable)
    }

    /// `page(_:fromDepth:portable:)` of a page whose URL (`StackPath.url`) is spelled already:
    /// the way up, the URL and what ends it written into one string, as `RootMarker` would
    /// resolve its marker form (through the marker, each breadcrumb of every page made three
    /// arrays and two strings).
    static func page(url: String, fromDepth depth: Int, portable: Bool) -> String {
        var url = url
        let suffix: StaticString = portable ? "index.html" : url.isEmpty ? "./" : ""
        return url.withUTF8 { bytes in
            // What follows the marker: the URL and its suffix. Below the root, a leading `./`
            // (the root's own link) becomes the way up alone.
            let skipped = depth > 0 && startsWithDotSlash(bytes, suffix) ? 2 : 0
            let count = 3 * depth + bytes.count + suffix.utf8CodeUnitCount - skipped
            return String(unsafeUninitializedCapacity: count) { output in
                var written = 0
                for _ in 0..<depth {
                    output[written] = UInt8(ascii: ".")
                    output[written + 1] = UInt8(ascii: ".")
                    output[written + 2] = UInt8(ascii: "/")
                    written += 3
                }
                // The URL, then its suffix, without the bytes skipped at their start.
                var toSkip = skipped
                func copy(_ source: UnsafeBufferPointer<UInt8>) {
                    for byte in source {
                        if toSkip > 0 {
                            toSkip -= 1
                            continue
                        }
                        output[written] = byte
                        written += 1
                    }
                }
                copy(bytes)
                copy(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
                return written
            }
        }
    }

    /// Whether `bytes` followed by `suffix` starts with `./`.
    private static func startsWithDotSlash(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let suffixBytes = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        var first = bytes.makeIterator()
        var second = suffixBytes.makeIterator()
        func next() -> UInt8? { first.next() ?? second.next() }
        return next() == UInt8(ascii: ".") && next() == UInt8(ascii: "/")
    }

    /// A file by its path under the output root, e.g. `assets/stacks.css`.
    public static func file(_ outputPath: String, fromDepth depth: Int) -> String {
        String(decoding: RootMarker.resolve(RootMarker.file(outputPath), depth: depth), as: UTF8.self)
    }

    /// The shortest link from the page at `page` (a list page: its folder, `weather/page/2/`).
    public static func page(_ target: StackPath, from page: StackPath, portable: Bool = false) -> String {
        self.page(target, fromFolder: page.url, portable: portable)
    }

    public static func page(_ target: StackPath, fromFolder folder: String, portable: Bool = false) -> String {
        String(decoding: RootMarker.resolve(RootMarker.page(target, portable: portable), folder: folder), as: UTF8.self)
    }
}
