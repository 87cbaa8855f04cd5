/// The files of a theme by their path inside `templates/`: Mustache templates at the top,
/// icons under `icons/`, files to publish under `assets/`.
///
/// A catalog's own `templates/` folder overrides the built-in theme file by file.
public struct Theme: Sendable, Equatable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    /// The theme compiled into the binary, so a catalog without `templates/` builds.
    public static var builtIn: Theme {
        Theme(files: DefaultTheme.files.mapValues { Array($0.utf8) })
    }

    /// This theme with `overrides` replacing files of the same path.
    public func overridden(by overrides: [String: [UInt8]]) -> Theme {
        Theme(files: files.merging(overrides) { _, override in override })
    }

    public var templateNames: [String] {
        files.keys.filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("assets/") }.sorted()
    }

    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// Icons by name, from `assets/icons/NAME.svg`, each with the path it is published at.
    /// Pages refer to icons rather than inline them: a list of 50 entries would otherwise
    /// carry 50 copies of the same drawings on every page.
    public var icons: [String: String] {
        var icons: [String: String] = [:]
        for path in files.keys where path.hasPrefix("assets/icons/") && path.hasSuffix(".svg") {
            icons[String(path.dropFirst("assets/icons/".count).dropLast(".svg".count))] = path
        }
        return icons
    }

    /// The theme's files to publish (`assets/` in the theme), by their path in the theme.
    public var assetPaths: [String] {
        files.keys.filter { $0.hasPrefix("assets/") }.sorted()
    }

    /// The one folder of the output that holds what Stacks publishes of its own: the theme's
    /// files, the search index, the catalog's description. Content cannot take it (names
    /// starting with `_` are skipped), and the output's `.nojekyll` keeps GitHub Pages from
    /// leaving it out.
    public static let siteFolder = "_stacks"
    /// The theme's script, which starts with the English interface strings when published.
    static let scriptPath = "assets/stacks.js"

    /// Where a theme file (`assets/NAME`) is published: `_stacks/NAME`, a `NAME.mustache`
    /// rendered first and published without its extension.
    public static func publishedPath(of path: String) -> String {
        let inside = path.hasPrefix("assets/") ? String(path.dropFirst("assets/".count)) : path
        let name = inside.hasSuffix(".mustache") ? String(inside.dropLast(".mustache".count)) : inside
        return siteFolder + "/" + name
    }
}
