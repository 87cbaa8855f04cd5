import Testing
import Yams
@testable import StacksCore

/// `FrontMatterParser.compose` must give what `Yams.compose(yaml:)` gives: the same nodes (as
/// the reader sees them) or the same error.
@Suite struct FrontMatterComposeTests {
    /// A node as `KeyReader` reads it: kinds, strings, styles, marks, and what `bool` makes of
    /// a scalar (it looks at the tag).
    static func dump(_ node: Node) -> String {
        let mark = node.mark.map { "@\($0.line):\($0.column)" } ?? ""
        switch node {
        case .scalar(let scalar):
            return "s\(mark)(\(scalar.string.debugDescription) \(scalar.style) \(node.bool.map(String.init) ?? "-"))"
        case .sequence(let sequence):
            return "q\(mark)[" + sequence.map(dump).joined(separator: ", ") + "]"
        case .mapping(let mapping):
            return "m\(mark){" + mapping.map { dump($0.key) + ": " + dump($0.value) }.joined(separator: ", ") + "}"
        case .alias:
            return "alias"
        }
    }

    static func outcome(_ compose: () throws -> Node?) -> String {
        do {
            return try compose().map(dump) ?? "nothing"
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: [
        "title: Rain\nsummary: \"Water & sky\"\norder: 4\ndraft: false\ntags: [wet, grey]\nattributes:\n  a: b\n  c: \"1\"",
        "",
        "# only a comment",
        "draft: yes\nother: On\nquoted: \"true\"",
        "a: 1\na: 2",
        "true: a\n\"true\": b",
        "1: a\n01: b\n\"1\": c",
        "~: a\nnull: b\n\"\": c",
        "attributes:\n  x: 1\n  x: 2",
        "!!int 1: a\n1: b",
        "!!str true: a\ntrue: b",
        "draft: !!str true",
        "draft: &a true\n*a : x",
        "base: &b {k: v}\nother: *b",
        "a: *missing",
        "title: R&D\nsummary: Tom & Jerry &",
        "title: [unclosed",
        "title: 'unterminated",
        "\ttitle: tab",
        "? [a, b]\n: complex",
        "<<: {a: b}\nc: d",
    ])
    func composesLikeYams(yaml: String) {
        #expect(Self.outcome { try FrontMatterParser.compose(yaml) } == Self.outcome { try Yams.compose(yaml: yaml) })
    }

    @Test(arguments: [
        ("title: Tom & Jerry", false), ("title: R&D", true), ("a: &x 1", true), ("a: !!str 1", true), ("plain: text", false),
    ])
    func textThatMayHaveTagsOrAnchorsIsComposedTheDefaultWay(yaml: String, flagged: Bool) {
        #expect(FrontMatterParser.mayHaveTagsOrAnchors(yaml) == flagged)
    }
}
