import Foundation

/// `languages:` in `stacks.yml`: the catalog is written in several languages, each a root with
/// its own stack (`StackPath.language`), its own lists, tags, search and sitemap.
///
///     languages:
///       codes: [en, ar, de, zh_TW]      # the default first
///       folders: "pages.{lang}"         # a folder per language (tldr); "{lang}" as Hugo and Starlight
///       defaultFolder: pages            # the default language's folder, when it has its own name
///       fallbacks: false                # no rows for pages missing in a language (listed by default)
///
///     languages:
///       codes: [en, fr]
///       suffixes: true                  # tar.md and tar.fr.md, as Hugo and Zola
public struct LanguageSettings: Sendable, Equatable {
    public enum Layout: Sendable, Equatable {
        /// A folder per language at the content's root, named by `pattern` (`{lang}` the code).
        case folders(pattern: String, defaultFolder: String?)
        /// One tree; a file's language is the suffix before `.md` (`tar.fr.md`), else the default.
        case suffixes
    }

    /// The codes as the content writes them (`zh_TW`), the default language first.
    public var codes: [String]
    public var layout: Layout
    /// The default language's pages at the site's root, the others under their folder (`/de/`);
    /// `false`: every language under its folder, the default's too.
    public var defaultAtRoot = true
    /// A page missing in a language is listed in that language's lists, leading to the
    /// default language's page and marked so (`Fallback`); `fallbacks: false` leaves it out.
    public var fallbacks = true

    public init(codes: [String], layout: Layout, defaultAtRoot: Bool = true) {
        self.codes = codes
        self.layout = layout
        self.defaultAtRoot = defaultAtRoot
    }

    /// The language as `lang` and `hreflang` write it: BCP 47 (`zh-TW`).
    public static func tag(of code: String) -> String {
        LanguageTag.canonical(code)
    }

    /// The folder a language's pages are under, and the first segment of their URLs: its tag in
    /// lower case (`zh-tw`), as URLs are usually typed.
    public static func urlFolder(of code: String) -> String {
        LanguageTag.canonical(code).lowercased()
    }

    /// Where language `position`'s pages go: empty for the default at the root.
    public func outputFolder(of position: Int) -> String {
        position == 0 && defaultAtRoot ? "" : Self.urlFolder(of: codes[position])
    }

    /// The content folder of a language, in the folder layout.
    func contentFolder(of position: Int) -> String? {
        guard case .folders(let pattern, let defaultFolder) = layout else { return nil }
        if position == 0, let defaultFolder { return defaultFolder }
        return pattern.replacingOccurrences(of: "{lang}", with: codes[position])
    }
}
