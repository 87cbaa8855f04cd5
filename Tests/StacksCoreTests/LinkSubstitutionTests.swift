import Testing
import StacksTestSupport
@testable import StacksCore

/// A substitution packed as a build keeps it (`LinkSubstitution.Packed`) puts the same text in
/// place of a body's links as the substitution itself, for any URLs, attributes and pictures.
@Suite struct LinkSubstitutionTests {
    @Test func aPackedSubstitutionAppliesAsTheSubstitution() {
        var random = SplitMix(state: 11)
        let texts = ["", "../rain/", "https://example.com/a?b=c&d", " width=\"640\" height=\"480\"", "页面/", "e\u{301}", "\"quoted\"",
                     "<source type=\"image/avif\" srcset=\"a.avif 640w\">", String(repeating: "long/", count: 40)]
        for round in 0..<300 {
            let links = Int.random(in: 0...12, using: &random)
            let urls = (0..<links).map { _ in texts.randomElement(using: &random)! }
            let attributes = (0..<Int.random(in: 0...links, using: &random)).map { _ in Bool.random(using: &random) ? "" : texts.randomElement(using: &random)! }
            var pictures: [Int: String] = [:]
            for link in 0..<links where Int.random(in: 0..<4, using: &random) == 0 { pictures[link] = texts.randomElement(using: &random)! }
            let substitution = LinkSubstitution(urls: urls, attributes: attributes, pictures: pictures)
            var html = "<p>"
            for link in 0..<(links + 2) {
                html += Bool.random(using: &random)
                    ? "<a href=\"\(MarkdownParser.tokenPrefix)\(link)\">x</a> "
                    : "<img src=\"\(MarkdownParser.tokenPrefix)\(link)\" alt=\"y\"> "
            }
            html += "</p>"
            let packed = LinkSubstitution.Packed(substitution)
            #expect(packed.apply(to: html) == substitution.apply(to: html), "round \(round)")
            let unpacked = packed.unpacked
            #expect(unpacked.urls == urls && unpacked.pictures == pictures)
            #expect(unpacked.attributes == Array(attributes.prefix(through: attributes.lastIndex { !$0.isEmpty } ?? -1)))
        }
    }
}
