/// URLs from one page to another, always relative, so a site works under any sub-path.
///
/// Every URL climbs to the site root and descends again (`../../weather/rain/`), so that
/// a fragment rendered once serves every page (see `RootMarker`).
public enum RelativeURL {
    /// From a page at `depth` to the site root.
    public static func toRoot(fromDepth depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    /// `portable` links name `index.html`, for sites opened from disk.
    public static func page(_ target: StackPath, fromDepth depth: Int, portable: Bool = false) -> String {
        String(decoding: RootMarker.resolve(RootMarker.page(target, portable: portable), depth: depth), as: UTF8.self)
    }

    /// A file by its path under the output root, e.g. `assets/stacks.css`.
    public static func file(_ outputPath: String, fromDepth depth: Int) -> String {
        String(decoding: RootMarker.resolve(RootMarker.file(outputPath), depth: depth), as: UTF8.self)
    }
}
