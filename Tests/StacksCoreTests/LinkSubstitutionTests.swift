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

    /// Pages' substitutions in one table read back as each was given, none where none was,
    /// and a page let go of reads as none while the others stay.
    @Test func aTableGivesBackEachPagesSubstitution() {
        var random = SplitMix(state: 12)
        let texts = ["", "../rain/", "页面/", String(repeating: "long/", count: 40)]
        var table = LinkSubstitution.Table(pages: 200)
        var given: [LinkSubstitution.Packed?] = []
        for _ in 0..<200 {
            let urls = (0..<Int.random(in: 0...4, using: &random)).map { _ in texts.randomElement(using: &random)! }
            let packed = Int.random(in: 0..<3, using: &random) == 0 ? nil
                : LinkSubstitution.Packed(LinkSubstitution(urls: urls, attributes: [], pictures: [:]))
            table.append(packed)
            given.append(packed)
        }
        table.shrink()
        #expect(table.count == 200 && given.contains { $0 == nil } && given.contains { $0 != nil })
        for index in given.indices { #expect(table[index] == given[index], "page \(index)") }
        #expect(table[200] == nil)
        let removed = given.indices.first { given[$0] != nil }!
        table.remove(removed)
        given[removed] = nil
        for index in given.indices { #expect(table[index] == given[index], "page \(index)") }
    }
}
