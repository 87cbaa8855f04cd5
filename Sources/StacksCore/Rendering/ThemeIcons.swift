import Foundation

/// The theme's icons (`templates/assets/icons/NAME.svg`) drawn by the stylesheet: a tile names
/// its icon (`data-icon="umbrella"`) and the stylesheet holds every icon as a `data:` URL, so a
/// page loads one stylesheet, cached from page to page, instead of an image per icon it shows
/// (the example's item page made 13 such requests). The SVG files are still published, for
/// themes that show them as images (`iconURL`).
enum ThemeIcons {
    /// Names that are safe as they are in an attribute and in a CSS string: ASCII letters,
    /// digits, `-` and `_`.
    static func drawsByName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// The icons the stylesheet draws, by name.
    static func stylesheetIcons(theme: Theme, icons: [String: String]) -> [StylesheetIconView] {
        icons.keys.filter(drawsByName).sorted().compactMap { name in
            guard let path = icons[name], let bytes = theme.files[path] else { return nil }
            return StylesheetIconView(name: name, image: "data:image/svg+xml;base64," + Data(bytes).base64EncodedString())
        }
    }
}
