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

    /// Published under `assets/`; `NAME.mustache` files are rendered first and lose the extension.
    public var assetPaths: [String] {
        files.keys.filter { $0.hasPrefix("assets/") }.sorted()
    }
}
