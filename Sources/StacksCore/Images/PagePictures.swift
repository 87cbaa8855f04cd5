import Foundation

/// Which co-located picture stands for a page in the lists and the sidebar (`Page.picture`,
/// `layout.thumbnails`): the front matter's `image`, else the first of the body's images that
/// can be cut to a tile. A GIF (mostly an animation), an SVG drawing or a remote picture is
/// passed over: a recipe whose first image is a diagram shows its photo.
///
/// Destinations are read as the front matter's `image` is: relative to the page's folder, or to
/// the content folder after Zola's `@/`, without their `#fragment` or `?query`.
struct PagePictures {
    /// The pictures that can be cut, by their path in the content folder.
    private let pictures: [String: Int]

    init(_ assets: [Asset]) {
        var pictures: [String: Int] = [:]
        for (index, asset) in assets.enumerated()
        where asset.imageSize != nil && ResponsiveImages.hasThumbnail(output: asset.output, size: asset.imageSize) {
            pictures[asset.source] = index
        }
        self.pictures = pictures
    }

    /// The picture of `page`, whose body links to `links` (in the order they are written).
    func picture(of page: Page, links: [MarkdownLink]) -> Int? {
        picture(image: page.frontMatter.image, sourceDirectory: page.sourceDirectory, links: links)
    }

    /// `picture(of:links:)` of a page whose front matter's `image` and folder are these.
    func picture(image: String?, sourceDirectory: String, links: [MarkdownLink]) -> Int? {
        guard !pictures.isEmpty else { return nil }
        if let image, let index = asset(image, from: sourceDirectory) { return index }
        for link in links where link.isImage {
            if let index = asset(link.destination, from: sourceDirectory) { return index }
        }
        return nil
    }

    /// The picture whose thumbnail fills `page`'s tile, if the site shows one: a page's own
    /// `icon:` comes first, and `layout.thumbnails: none` or `images.resize: false` shows none.
    static func thumbnail(of page: Page, config: SiteConfig) -> Int? {
        guard let picture = page.picture, page.frontMatter.icon == nil, config.layout.thumbnails == .auto, config.images.resize
        else { return nil }
        return picture
    }

    private func asset(_ destination: String, from directory: String) -> Int? {
        guard MarkdownParser.isRelative(destination) else { return nil }
        var path = Substring(destination)
        if let end = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<end] }
        let (start, relative) = path.hasPrefix("@/") ? ("", String(path.dropFirst(2))) : (directory, String(path))
        let decoded = relative.contains("%") ? relative.removingPercentEncoding ?? relative : relative
        return LinkTargets.join(start, decoded).flatMap { pictures[$0] }
    }
}
