import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// An entry with a picture shows it in its tile (`layout.thumbnails`): its front matter's
/// `image`, else the first of its body's pictures that can be cut, at 64 and 128 pixels square;
/// its own `icon:` comes first, and entries without a picture keep their monogram.
@Suite struct ThumbnailTilesTests {
    static func project(_ config: String = "layout:\n  listWindow: 2\n") throws -> TemporaryProject {
        let project = try TemporaryProject([
            "stacks.yml": config,
            "content/dishes/_index.md": "---\ntitle: Dishes\n---\n",
            "content/dishes/tofu/index.md": "---\ntitle: Mapo tofu\nimage: photo.jpg\n---\n\n![Chart](chart.png)\n",
            "content/dishes/ramen/index.md": "---\ntitle: Ramen\n---\n\n![Far](https://example.org/a.jpg) ![Steam](steam.gif)\n\n![The bowl](./bowl%20top.png#top)\n",
            "content/dishes/salad/index.md": "---\ntitle: Salad\nicon: 🥗\n---\n\n![Leaves](leaves.jpg)\n",
            "content/dishes/soup.md": "---\ntitle: Soup\n---\n\nNo picture.\n",
        ])
        try project.write("content/dishes/tofu/photo.jpg",
                          bytes: try ImageFixtures.jpegWithMetadata(ImageFixtures.photo(width: 1300, height: 900), orientation: 6))
        try project.write("content/dishes/tofu/chart.png", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 400, height: 300), as: .png))
        try project.write("content/dishes/ramen/steam.gif", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 64, height: 64), as: .gif))
        try project.write("content/dishes/ramen/bowl top.png", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 300, height: 100), as: .png))
        try project.write("content/dishes/salad/leaves.jpg", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 600, height: 400), as: .jpeg))
        return project
    }

    static func row(_ html: String, _ title: String) -> String? {
        html.matches(of: /<li[^>]*><a [^>]*>.*?<\/a><\/li>/.dotMatchesNewlines()).map { String($0.0) }.first { $0.contains("<b>\(title)</b>") }
    }

    static func bytes(_ project: TemporaryProject, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: project.root.appendingPathComponent(path)))
    }

    @Test func anEntryWithAPictureShowsItInItsTile() async throws {
        let project = try Self.project()
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        // Two entries a list page: Mapo tofu and Ramen, then Salad and Soup.
        let list = try project.read("output/dishes/index.html")
        let second = try project.read("output/dishes/page/2/index.html")
        let images = "../_stacks/images/dishes"
        // The front matter's image.
        let tofu = try #require(Self.row(list, "Mapo tofu"))
        #expect(tofu.contains("<i aria-hidden=\"true\" class=\"picture\""))
        #expect(tofu.contains("<img src=\"\(images)/tofu/photo-tile.webp\" srcset=\"\(images)/tofu/photo-tile.webp 64w, \(images)/tofu/photo-tile-2x.webp 128w\" sizes=\"2rem\" alt=\"\" width=\"64\" height=\"64\" loading=\"lazy\" decoding=\"async\">"))
        // The body's first picture that can be cut: not the remote one, nor the GIF; its name decoded, its fragment dropped.
        let ramen = try #require(Self.row(list, "Ramen"))
        #expect(ramen.contains("src=\"\(images)/ramen/bowl%20top-tile.webp\""), "\(ramen)")
        // `icon:` comes first; without a picture, the monogram.
        #expect(try #require(Self.row(second, "Salad")).contains(">🥗</i>"))
        #expect(try #require(Self.row(second, "Soup")).contains(">S</i>"))
        #expect(!project.exists("output/_stacks/images/dishes/salad/leaves-tile.webp"))
        // The tiles: WebP, square, cut upright from the picture; a picture narrower than 128 gives what it has.
        for (path, side) in [("tofu/photo-tile.webp", 64), ("tofu/photo-tile-2x.webp", 128), ("ramen/bowl top-tile.webp", 64)] {
            let tile = try Self.bytes(project, "output/_stacks/images/dishes/" + path)
            #expect(tile.starts(with: Array("RIFF".utf8)) && Array(tile[8..<12]) == Array("WEBP".utf8))
            #expect(ImageSize.read(tile) == ImageSize(width: side, height: side), "\(path)")
        }
        #expect(project.exists("output/_stacks/images/dishes/ramen/bowl top-tile-2x.webp"))
        // The item's own header shows it at twice a row's size.
        let page = try project.read("output/dishes/tofu/index.html")
        #expect(page.contains("photo-tile-2x.webp 128w\" sizes=\"4rem\""))
        // The list's index gives the script the same tile.
        let index = try project.read("output/dishes/page/entries.json")
        #expect(index.contains("\"picture2x\"]"))
        #expect(index.contains("\"../_stacks/images/dishes/tofu/photo-tile.webp\",\"#"), "\(index)")
        #expect(index.contains("\"../_stacks/images/dishes/tofu/photo-tile-2x.webp\"]"))
    }

    @Test func thumbnailsCanBeTurnedOff() async throws {
        for config in ["layout:\n  thumbnails: none\n", "images:\n  resize: false\n"] {
            let project = try Self.project(config)
            defer { project.remove() }
            #expect(await project.buildErrors() == nil)
            let list = try project.read("output/dishes/index.html")
            #expect(!list.contains("class=\"picture\"") && !list.contains("-tile"))
            #expect(try #require(Self.row(list, "Mapo tofu")).contains(">M</i>"))
            #expect(!project.exists("output/_stacks/images/dishes/tofu/photo-tile.webp"))
        }
    }

    @Test func unknownThumbnailsSettingIsAnError() async throws {
        let project = try Self.project("layout:\n  thumbnails: always\n")
        defer { project.remove() }
        let errors = await project.buildErrors()
        #expect(errors?.contains { $0.contains("layout.thumbnails") } == true, "\(errors ?? [])")
    }
}
