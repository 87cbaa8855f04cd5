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
/// the scalars' general categories made it.
@Suite struct HeadingSlugASCIITests {
    static func byScalars(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                scalars.append("-")
            } else if scalar == "-" {
                scalars.append(scalar)
            } else {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                     .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
                    scalars.append(scalar)
                default:
                    break
                }
            }
        }
        return String(scalars)
    }

    @Test func everyASCIICharacterSlugsAsItsCategorySays() {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(HeadingSlugger.slug(all) == Self.byScalars(all))
        for byte in 0..<128 {
            let text = "A\(Character(Unicode.Scalar(UInt8(byte))))z 9"
            #expect(HeadingSlugger.slug(text) == Self.byScalars(text), "\(byte)")
        }
        #expect(HeadingSlugger.slug("Über uns") == Self.byScalars("Über uns"))
    }
}
