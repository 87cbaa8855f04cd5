import Testing
@testable import StacksCore

/// The attribute table packed in one buffer gives back every attribute as it was appended.
struct AttributesTests {
    @Test func attributesComeBackInOrderWhateverTheirLength() {
        let written = [
            Attribute(name: "Zeta", value: "last written first"),
            Attribute(name: "", value: ""),
            Attribute(name: "Gdańsk 🧭", value: "ä\u{301}"),
            Attribute(name: String(repeating: "n", count: 127), value: String(repeating: "v", count: 128)),
            Attribute(name: "long", value: String(repeating: "é", count: 20_000)),
        ]
        let packed = Attributes(written)
        #expect(Array(packed).map(\.name) == written.map(\.name))
        #expect(Array(packed).map(\.value) == written.map(\.value))
        #expect(packed.count == written.count)
        #expect(packed.map(\.name) == written.map(\.name))
        var appended = Attributes()
        for attribute in written { appended.append(attribute) }
        #expect(appended == packed)
        #expect(appended != Attributes(written.dropLast()))
        #expect(Attributes().isEmpty)
        #expect(!packed.isEmpty)
    }

    @Test func aFrontMatterTableIsPackedAsWritten() {
        let result = FrontMatterParser.parse("---\nattributes:\n  Serves: \"4\"\n  Time: 1 h\n  Zone: \"\"\n---\nBody\n", path: "a.md")
        #expect(result.frontMatter.attributes == [
            Attribute(name: "Serves", value: "4"), Attribute(name: "Time", value: "1 h"), Attribute(name: "Zone", value: ""),
        ])
    }
}
