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
        String(decoding: RootMarker.resolve(RootMarker.page(target, portable: portable), depth: depth), as: UTF8.self)
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
