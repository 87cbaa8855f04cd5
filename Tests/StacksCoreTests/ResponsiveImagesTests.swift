import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// Pictures at the size they are shown (`images.resize`): a page's co-located JPEG, PNG or WebP
/// is published with WebP variants for `srcset` and a re-encoding without metadata for `src`;
/// GIFs, SVGs and remote pictures as they are; a second build resizes nothing.
@Suite struct ResponsiveImagesTests {
    static func project(_ extra: [String: String] = [:]) throws -> TemporaryProject {
        var files = [
            "content/dishes/_index.md": "---\ntitle: Dishes\n---\n",
            "content/dishes/tofu/index.md": "---\ntitle: Mapo tofu\nimage: photo.jpg\n---\n\nSpicy.\n\n![The dish](photo.jpg)\n\n![Chart](chart.png) ![Badge](badge.png) ![Bowl](bowl.webp) ![Dance](dance.gif) ![Logo](logo.svg) ![Far](https://example.org/a.jpg)\n",
            "content/dishes/tofu/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"></svg>"#,
        ]
        files.merge(extra) { $1 }
        let project = try TemporaryProject(files)
        // A 1,300 × 900 photo turned a quarter by its EXIF (shown 900 × 1,300), with a GPS position.
        try project.write("content/dishes/tofu/photo.jpg",
                          bytes: try ImageFixtures.jpegWithMetadata(ImageFixtures.photo(width: 1300, height: 900), orientation: 6))
        // A small PNG with an ICC profile and text in it, and one with nothing but pixels.
        try project.write("content/dishes/tofu/chart.png", bytes: try ImageFixtures.pngWithMetadata(ImageFixtures.photo(width: 400, height: 300)))
        try project.write("content/dishes/tofu/badge.png", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 120, height: 40), as: .png))
        try project.write("content/dishes/tofu/bowl.webp", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 600, height: 400), as: .webp))
        try project.write("content/dishes/tofu/dance.gif", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 64, height: 64), as: .gif))
        return project
    }

    static func images(_ html: String) -> [String] {
        html.matches(of: /<img [^>]*>/).map { String($0.0) }
    }

    static func bytes(_ project: TemporaryProject, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: project.root.appendingPathComponent(path)))
    }

    @Test func aPhotoIsPublishedAtTheSizesTheLayoutShowsIt() async throws {
        let project = try Self.project()
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.picturesResized == 3)
        let page = try project.read("output/dishes/tofu/index.html")
        let images = Self.images(page)
        // Upright: 900 wide, so variants at 480 and 800 and one at its own width, never wider.
        let stem = "../../_stacks/images/dishes/tofu/photo"
        let photo = images.first { $0.contains("alt=\"The dish\"") }!
        #expect(photo.contains("src=\"\(stem)-800.jpg\" width=\"900\" height=\"1300\""))
        #expect(photo.contains("srcset=\"\(stem)-480.webp 480w, \(stem)-800.webp 800w, \(stem)-900.webp 900w\""))
        #expect(photo.contains("sizes=\"(min-width: 720px) 46rem, 100vw\""))
        // The item's own picture (front matter `image`) too.
        #expect(images.first { $0.contains("class=\"item-image\"") }!.contains("srcset=\"\(stem)-480.webp 480w"))
        for width in [480, 800, 900] {
            let webp = try Self.bytes(project, "output/_stacks/images/dishes/tofu/photo-\(width).webp")
            #expect(webp.starts(with: Array("RIFF".utf8)) && Array(webp[8..<12]) == Array("WEBP".utf8))
            let size = try #require(ImageSize.read(webp))
            #expect(size.width == width && size.height == (width * 1300 + 450) / 900)
        }
        // The re-encoding is a JPEG with no EXIF (no camera, no place) left in it.
        let fallback = try Self.bytes(project, "output/_stacks/images/dishes/tofu/photo-800.jpg")
        #expect(fallback.starts(with: [0xFF, 0xD8]) && ImageSize.read(fallback) == ImageSize(width: 800, height: 1156))
        #expect(fallback.firstRange(of: Array("Exif".utf8)) == nil)
        // A PNG narrower than the narrowest width: only re-encoded, a PNG at its own size.
        let chart = images.first { $0.contains("alt=\"Chart\"") }!
        #expect(chart.contains("src=\"../../_stacks/images/dishes/tofu/chart-400.png\" width=\"400\" height=\"300\"") && !chart.contains("srcset"))
        #expect(project.exists("output/_stacks/images/dishes/tofu/chart-400.png") && !project.exists("output/_stacks/images/dishes/tofu/chart-400.webp"))
        // A small one with nothing but pixels in it is shown as it is (`PlainPicture`).
        #expect(images.first { $0.contains("alt=\"Badge\"") }!.contains("src=\"badge.png\" width=\"120\" height=\"40\""))
        #expect(!project.exists("output/_stacks/images/dishes/tofu/badge-120.png"))
        // A WebP narrower than 800: its re-encoding is its widest variant, one file under one name.
        let bowl = images.first { $0.contains("alt=\"Bowl\"") }!
        #expect(bowl.contains("src=\"../../_stacks/images/dishes/tofu/bowl-600.webp\" width=\"600\" height=\"400\""))
        #expect(bowl.contains("srcset=\"../../_stacks/images/dishes/tofu/bowl-480.webp 480w, ../../_stacks/images/dishes/tofu/bowl-600.webp 600w\""))
        #expect(ImageSize.read(try Self.bytes(project, "output/_stacks/images/dishes/tofu/bowl-600.webp")) == ImageSize(width: 600, height: 400))
        // A GIF, an SVG and a remote picture are shown as they are; the originals stay published.
        #expect(images.first { $0.contains("alt=\"Dance\"") }!.contains("src=\"dance.gif\"") && !page.contains("dance-"))
        #expect(!images.first { $0.contains("alt=\"Logo\"") }!.contains("srcset"))
        #expect(images.first { $0.contains("alt=\"Far\"") }!.contains("src=\"https://example.org/a.jpg\""))
        #expect(project.exists("output/dishes/tofu/photo.jpg"))
    }

    @Test func aSecondBuildResizesNothingEvenWithoutTheBuildCache() async throws {
        let project = try Self.project()
        defer { project.remove() }
        #expect(try await SiteBuilder.build(project.options).picturesResized == 3)
        let first = try Self.bytes(project, "output/_stacks/images/dishes/tofu/photo-800.webp")
        // In place, then from nothing but the pictures' cache (a new Stacks drops the build cache).
        #expect(try await SiteBuilder.build(project.options).picturesResized == 0)
        try FileManager.default.removeItem(at: project.root.appendingPathComponent(".output.stacks-cache"))
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("output"))
        #expect(try await SiteBuilder.build(project.options).picturesResized == 0)
        #expect(try Self.bytes(project, "output/_stacks/images/dishes/tofu/photo-800.webp") == first)
        // A changed picture is resized again.
        try project.write("content/dishes/tofu/photo.jpg", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 1000, height: 700), as: .jpeg))
        #expect(try await SiteBuilder.build(project.options).picturesResized == 1)
        #expect(try project.read("output/dishes/tofu/index.html").contains("photo-1000.webp 1000w"))
    }

    @Test func resizingCanBeTurnedOff() async throws {
        let project = try Self.project(["stacks.yml": "images:\n  resize: false\n"])
        defer { project.remove() }
        #expect(await project.buildErrors() == nil)
        let page = try project.read("output/dishes/tofu/index.html")
        #expect(!page.contains("srcset") && page.contains("src=\"photo.jpg\" width=\"900\" height=\"1300\""))
        #expect(!project.exists("output/_stacks/images"))
    }

    /// The size an AVIF file's `ispe` box gives (its image's width and height).
    static func avifSize(_ bytes: [UInt8]) -> ImageSize? {
        guard let box = bytes.firstRange(of: Array("ispe".utf8)), box.upperBound + 12 <= bytes.count else { return nil }
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return ImageSize(width: number(box.upperBound + 4), height: number(box.upperBound + 8))
    }

    @Test func avifVariantsAreOfferedFirstInAPictureWhenAsked() async throws {
        let project = try Self.project([
            "stacks.yml": "images:\n  avif: true\n",
            "content/dishes/bowl.md": "---\ntitle: Bowl\n---\n\n<p>Raw: <img alt=\"Raw bowl\" src=\"tofu/bowl.webp\"></p>\n",
        ])
        defer { project.remove() }
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let page = try project.read("output/dishes/tofu/index.html")
        let stem = "../../_stacks/images/dishes/tofu/photo"
        let avif = "<source type=\"image/avif\" srcset=\"\(stem)-480.avif 480w, \(stem)-800.avif 800w, \(stem)-900.avif 900w\" sizes=\"(min-width: 720px) 46rem, 100vw\">"
        // The Markdown picture: the AVIF source first, then the `<img>` as without AVIF, closed.
        let picture = try #require(page.firstMatch(of: /<picture><source [^>]*><img [^>]*alt="The dish"[^>]*><\/picture>/).map { String($0.0) },
                                   "\(page)")
        #expect(picture.contains(avif), "\(picture)")
        #expect(picture.contains("srcset=\"\(stem)-480.webp 480w"))
        // The item's own picture too, and only pictures with variants are wrapped.
        #expect(page.contains("<picture>\(avif)<img class=\"item-image\""))
        #expect(page.matches(of: /<picture>/).count == 3, "the dish, the item's picture, the bowl")
        #expect(!page.contains("chart-400.avif") && !page.contains("dance-"))
        // A raw `<img>` is wrapped like a Markdown one.
        let raw = try project.read("output/dishes/bowl/index.html")
        #expect(raw.contains("<p>Raw: <picture><source type=\"image/avif\" srcset=\"../../_stacks/images/dishes/tofu/bowl-480.avif 480w, ../../_stacks/images/dishes/tofu/bowl-600.avif 600w\""), "\(raw)")
        #expect(raw.contains("alt=\"Raw bowl\"") && raw.contains("</picture></p>"))
        for width in [480, 800, 900] {
            let file = try Self.bytes(project, "output/_stacks/images/dishes/tofu/photo-\(width).avif")
            #expect(Array(file[4..<12]) == Array("ftypavif".utf8))
            #expect(Self.avifSize(file) == ImageSize(width: width, height: (width * 1300 + 450) / 900))
            // No EXIF: no camera, no place.
            #expect(file.firstRange(of: Array("Exif".utf8)) == nil)
        }
        // Without `images.avif`, the same pictures have no AVIF and the cache keeps them apart.
        let request = ImageVariants.Request(widths: [480, 800], fallbackWidth: 800)
        var withAVIF = request
        withAVIF.avif = true
        #expect(ImageCache.key(of: [1, 2, 3], request: request, library: "8.14.1") != ImageCache.key(of: [1, 2, 3], request: withAVIF, library: "8.14.1"))
        try project.write("stacks.yml", "images:\n  avif: false\n")
        #expect(await project.buildErrors() == nil)
        #expect(!(try project.read("output/dishes/tofu/index.html")).contains("<picture>"))
        #expect(!project.exists("output/_stacks/images/dishes/tofu/photo-480.avif"))
        #expect(project.exists("output/_stacks/images/dishes/tofu/photo-480.webp"))
    }

    /// A damaged picture whose header still reads: a warning naming it, and the page still shows it.
    @Test func aDamagedPhotoIsPublishedAsItIsWithAWarning() async throws {
        let project = try Self.project()
        defer { project.remove() }
        let photo = try ImageFixtures.encode(ImageFixtures.photo(width: 1300, height: 900), as: .jpeg)
        try project.write("content/dishes/tofu/photo.jpg", bytes: Array(photo.prefix(photo.count / 3)) + [UInt8](repeating: 0x55, count: 4000))
        let summary = try await SiteBuilder.build(project.options)
        let warning = try #require(summary.warnings.first { $0.path == "content/dishes/tofu/photo.jpg" })
        #expect(warning.description.hasSuffix("published as it is"), "\(warning)")
        // Every name the page gives is there, with the original's bytes.
        let page = try project.read("output/dishes/tofu/index.html")
        for name in ["photo-480.webp", "photo-800.webp", "photo-1200.webp", "photo-1300.webp", "photo-800.jpg"] {
            #expect(page.contains(name))
            #expect(try Self.bytes(project, "output/_stacks/images/dishes/tofu/" + name) == Self.bytes(project, "content/dishes/tofu/photo.jpg"))
        }
    }

    /// A name as long as a file name may be still has room for its variants' endings.
    @Test func variantsOfALongNameAreFileNames() throws {
        let long = String(repeating: "é", count: 120) + "x"  // 241 bytes
        let plan = try #require(ResponsiveImages.plan(output: "dishes/\(long).png", size: ImageSize(width: 2000, height: 1000), thumbnail: true))
        let other = try #require(ResponsiveImages.plan(output: "dishes/\(long)y.png", size: ImageSize(width: 2000, height: 1000)))
        #expect(plan.paths.count == 7)
        for path in plan.paths {
            #expect(path.split(separator: "/").last!.utf8.count <= 255, "\(path)")
            #expect(path.hasPrefix("_stacks/images/dishes/éé"))
        }
        #expect(Set(plan.paths).isDisjoint(with: other.paths))
        // A short name keeps its name.
        #expect(ResponsiveImages.plan(output: "a/b.png", size: ImageSize(width: 500, height: 100))?.fallback.path == "_stacks/images/a/b-500.png")
    }

    /// A build that fails keeps nothing beside its output: not even the pictures it made.
    @Test func aFailedBuildKeepsNoPictures() async throws {
        let project = try Self.project(["content/dishes/broken.md": "---\ntitle: Broken\n---\n[nowhere](missing.md)\n"])
        defer { project.remove() }
        #expect(await project.buildErrors() != nil)
        #expect(!project.exists(".output.stacks-images") && !project.exists("output"))
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("content/dishes/broken.md"))
        #expect(try await SiteBuilder.build(project.options).picturesResized == 3)
        #expect(project.exists(".output.stacks-images"))
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("output"))
        #expect(try await SiteBuilder.build(project.options).picturesResized == 0)
    }
}
