import Foundation

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

    /// Icons by name, from `icons/NAME.svg`.
    public var icons: [String: String] {
        var icons: [String: String] = [:]
        for (path, bytes) in files where path.hasPrefix("icons/") && path.hasSuffix(".svg") {
            let name = String(path.dropFirst("icons/".count).dropLast(".svg".count))
            icons[name] = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return icons
    }

    /// Published under `assets/`; `NAME.mustache` files are rendered first and lose the extension.
    public var assetPaths: [String] {
        files.keys.filter { $0.hasPrefix("assets/") }.sorted()
    }
}
