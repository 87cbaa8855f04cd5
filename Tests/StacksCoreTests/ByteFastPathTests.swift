import Testing
@testable import StacksCore
import StacksTestSupport

/// `ExternalURL.scheme` reads bytes; it must give what reading Unicode scalars gave (the
/// reference below, the implementation it replaced), for links written by people and for
/// random ones.
@Suite struct ExternalURLSchemeTests {
    static func byScalars(_ url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if scheme.isEmpty, scalar.value <= 0x20 { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            guard scalar.isASCII, scalar.properties.isAlphabetic || (!scheme.isEmpty && "0123456789+-.".unicodeScalars.contains(scalar))
            else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    @Test(arguments: ["page.md", "../a/b.md", "#top", "/about/", "?q", "", ":", " :x", "https://example.com", "HTTPS://x",
                      "java\tscript:alert(1)", " \u{1}javascript:x", "mailto:a@b", "a b:c.md", "%C3%BC:x", "ü:x", "x-y.z+1:rest",
                      "1http:x", "h1:x", "data:image/png;base64,", "\u{0B}x:y", "jav\u{0}a:x", "a\u{301}:x", "C:\\file"])
    func aLinkHasTheSchemeScalarsGave(_ url: String) {
        #expect(ExternalURL.scheme(url) == Self.byScalars(url), "\(url.debugDescription)")
    }

    @Test func randomLinksHaveTheSchemeScalarsGave() {
        var random = SplitMix(state: 24)
        let pieces = ["a", "Z", "h", "t", "p", "s", ":", "/", ".", "+", "-", "0", "9", " ", "\t", "\n", "\r", "\u{1}", "é", "ü",
                      "漢", "%", "#", "?", "\u{0}", "\u{7F}", "\u{A0}"]
        for _ in 0..<20_000 {
            let url = (0..<Int.random(in: 0...9, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(ExternalURL.scheme(url) == Self.byScalars(url), "\(url.debugDescription)")
        }
    }
}

/// `HeadingSlugger.slug` reads ASCII headings by bytes; every ASCII character must come out as
/// the scalars' general categories make it (`slugByScalars`, the way of other text).
@Suite struct HeadingSlugASCIITests {
    @Test func everyASCIICharacterSlugsAsItsCategorySays() {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(HeadingSlugger.slug(all) == HeadingSlugger.slugByScalars(all))
        for byte in 0..<128 {
            let text = "A\(Character(Unicode.Scalar(UInt8(byte))))z 9"
            #expect(HeadingSlugger.slug(text) == HeadingSlugger.slugByScalars(text), "\(byte)")
        }
        #expect(HeadingSlugger.slug("Über uns") == HeadingSlugger.slugByScalars("Über uns"))
    }
}

/// `PageContext.safeColor` reads ASCII colours by bytes; it must pass and refuse what reading
/// scalars does (`safeColorByScalars`, the way of other text), for colours written by people
/// and random ones.
@Suite struct SafeColorBytesTests {
    @Test(arguments: ["#abc", "#ABCD", "#a1b2c3", "#a1b2c3d4", "#abg", "#12345", "teal", "Teal", "te al", "", "#", "rgb(1, 2, 3)",
                      "RGB(1 2 3 / 50%)", "oklch(0.7 0.1 200)", "url(x)", "rgb()", "rgb(1,2", "rgb(1;2)", "var(--x)", "rgb((1))",
                      "o\u{212A}lab(1 2 3)", "t\u{e9}al", "rgb(1\u{301})", "\"teal\"", "rgb(1)\"", "color(srgb 1 0 0)"])
    func aColorIsJudgedAsScalarsJudgedIt(_ color: String) {
        #expect(PageContext.safeColor(color) == PageContext.safeColorByScalars(color), "\(color.debugDescription)")
    }

    @Test func randomColorsAreJudgedAsScalarsJudgedThem() {
        var random = SplitMix(state: 29)
        let pieces = ["#", "a", "F", "0", "9", "g", "rgb", "oklch", "(", ")", " ", ",", "%", "/", "-", ".", ";", "\"", "é", "\u{212A}", "url"]
        for _ in 0..<20_000 {
            let color = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(PageContext.safeColor(color) == PageContext.safeColorByScalars(color), "\(color.debugDescription)")
        }
    }
}

/// Whether a picture can be a page's thumbnail is told by its extension alone; it must agree
/// with whether the library plans its files.
@Suite struct ThumbnailCheckTests {
    @Test(arguments: ["a/photo.jpg", "photo.JPEG", "a/b.c/photo.png", "a/.png", ".webp", "photo", "a/photo.gif",
                      "a/photo.svg", "a/photo.jpg.txt", "été/phöto.Jpe", "a/photo.", "a/b.jpg/c", "x/\u{301}.png",
                      "x\u{600}.jpg", "x/.\u{301}png", "photo.jfif", "photo.pNg"])
    func theCheckIsWhetherThereIsAPlan(output: String) {
        for size in [nil, ImageSize(width: 8, height: 8), ImageSize(width: 2000, height: 1000)] {
            #expect(ResponsiveImages.hasThumbnail(output: output, size: size)
                    == (ResponsiveImages.plan(output: output, size: size, thumbnail: true) != nil), "\(output) \(String(describing: size))")
        }
    }
}

/// A sibling's name spelled as its slug is told by bytes for ASCII names; it must agree with
/// lower-casing the composed name, and names equal as strings coincide.
@Suite struct SlugSpellingTests {
    @Test func randomNamesAreJudgedAsLowerCasingJudgesThem() {
        var random = SplitMix(state: 31)
        let pieces = ["a", "z", "A", "Z", "-", "_", ".", "0", "9", " ", "@", "[", "`", "{", "é", "É", "e\u{301}", "\u{212A}", "ß", "漢"]
        for _ in 0..<20_000 {
            let name = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let slug = Slug.make(name) ?? ""
            for candidate in [slug, name, name.lowercased(), slug.uppercased()] {
                #expect(Slug.isLowercased(name, spelling: candidate) == (candidate == Slug.composed(name).lowercased()),
                        "\(name.debugDescription) \(candidate.debugDescription)")
            }
            #expect(Slug.coincide(name, name))
        }
    }
}
