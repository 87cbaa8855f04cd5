import Testing
@testable import StacksCore
import StacksTestSupport

/// The fast path (`SimpleFrontMatter`) must read front matter exactly as Yams does, or decline:
/// every input here is parsed both ways and the results compared.
@Suite struct SimpleFrontMatterTests {
    /// Whether the fast path took the YAML, after checking that parsing with it gives what
    /// Yams alone gives: front matter, diagnostics, body and body line.
    @discardableResult
    static func expectSameAsYams(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let text = "---\n" + yaml + "\n---\nBody\n"
        let fast = FrontMatterParser.parse(text, path: "a.md", fastPath: true)
        let yams = FrontMatterParser.parse(text, path: "a.md", fastPath: false)
        #expect(fast.frontMatter == yams.frontMatter, "\(yaml.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast.diagnostics == yams.diagnostics, "\(yaml.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast.body == yams.body && fast.bodyLine == yams.bodyLine, sourceLocation: sourceLocation)
        return accepts(yaml)
    }

    static func accepts(_ yaml: String) -> Bool {
        SimpleFrontMatter.compose(yaml.split(separator: "\n", omittingEmptySubsequences: false)) != nil
    }

    /// Plain scalars that YAML or `KeyReader` may read as something other than their text, and
    /// texts around the edges of the subset.
    static let trickyScalars = [
        "yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "OFF", "True", "FALSE", "true", "false", "tRuE", "oN",
        "NULL", "null", "Null", "~", "", "0x1F", "0o17", "017", "0b101", "1e3", "1E-3", ".5", "1.", ".inf", "-.inf",
        ".NaN", "=", "<<", "1_000", "01", "+3", "-2", "3.0", "12", "0", "-0", "190:20:30", "9223372036854775808",
        "2019-04-02", "2019-4-2", "2019-04-02T10:00:00Z", "2019-04-02 10:00:00", "2019-04-02t10:00:00.5+02:00",
        "2019-13-01", "2019-04-02x", "2019-04-0", "- x", "-x", "--x", "-", "---", "...", "a: b", "a:b", "a:", ":a",
        "? a", "?a", "a #b", "a#b", "#a", "a # b", "'", "\"", "'a'", "\"a\"", "'a", "\"a", "a'", "a\"", "'it''s'",
        "\"a\\\"b\"", "\"a\\nb\"", "\"\\x01\"", "\"tab\\tx\"", "'a\\b'", "[", "]", "{", "}", "[a]", "{a: b}", "&a",
        "*a", "!t", "!!str x", "|", ">", "|-", "%", "@a", "`a`", "a & b", "R&D", "Tom & Jerry!", "100%", "C#",
        "x  y", "x   ", "  x", "a\tb", "a,b", "a, b", "a]b", "a}b", "a{b", "https://example.com/a?b=c#d",
        "C:\\dir", "a\\b", "\"quoted\" tail", "'single' tail", "café", "e\u{301}", "数据", "🌧", "🕯️",
        "👩‍👩‍👧", "\u{A0}nbsp\u{A0}", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "\u{FEFF}bom", "a\u{FEFF}",
        "a\u{7F}", "a\u{1}", "a\u{9F}", "\u{FFFD}", "a\u{FFFE}", "\"a\u{2028}b\"", "'a\u{85}b'",
        "\"a # b\"", "'a: b'", "\"[x]\"", "\"\"", "''", "\" \"", "' spaced '",
        String(repeating: "long value ", count: 200), String(repeating: "é", count: 600),
    ]

    /// Each tricky scalar in each place a value can be.
    static let scalarTemplates = [
        "title: S", "summary: S", "order: S", "draft: S", "date: S", "tags: S", "aliases: S", "mood: S",
        "attributes: S", "tags: [S]", "tags: [a, S]", "tags: [S, b]", "mood: [S]", "tags:\n  - S", "tags:\n- S",
        "mood:\n  - S\n  - x", "attributes:\n  a: S", "attributes:\n  S: v", "mood:\n  k: S", "S: v", "title: x\nS: v",
        "title: S\nsummary: x", "attributes:\n  a: S\n  b: c",
    ]

    @Test func trickyScalarsReadAsYamsReadsThem() {
        var accepted = 0
        for template in Self.scalarTemplates {
            for scalar in Self.trickyScalars {
                let yaml = template.replacingOccurrences(of: "S", with: scalar)
                if Self.expectSameAsYams(yaml) { accepted += 1 }
            }
        }
        // Not everything declined: the comparison tested the fast path too.
        #expect(accepted > Self.scalarTemplates.count * Self.trickyScalars.count / 3)
    }

    @Test(arguments: [
        // Shapes the fast path takes.
        "title: Rain gauge 12\nsummary: A short sentence, with commas and an apostrophe's.\norder: 17\n"
            + "tags: [wet, grey]\nicon: 🌧\ncolor: \"#3366aa\"\ndate: 2019-04-02\ndraft: false\n"
            + "attributes:\n  Material: Brass\n  Weight: 120 g",
        "tags:\n  - wet\n  - grey\ntitle: x", "tags:\n- wet\n- grey\ntitle: x", "tags:\n    -   wet\n    -   grey",
        "", " ", "# only a comment", "\n\n", "title:", "title:\nsummary:", "title:   \nsummary: x", "tags:", "tags: []",
        "tags: [ ]", "tags: [ a ,b  ,  c ]", "tags: [\"a, b\", 'c]', d e]", "tags: [a  b]", "order: 3   ", "draft: false  ",
        "title: Rain\r\nsummary: Sky\r\norder: 2\r", "title: \"Rain\"\r\ntags:\r\n  - a\r\n  - b\r", "title: Rain\r\r",
        "title: a\n\n# comment\n  # indented comment\nsummary: b", "attributes:\n  a: b\n\n  c: d\n# x\n  e: f",
        "attributes:\n  # first\n  a: b", "title:\n# c\nsummary: x", "title:\n  # c\nsummary: x",
        "attributes:\n  a: b\n      # c\n  d: e", "attributes:\n  a: []\n  b: [x, 'y']", "tags:\n  # c\n  - a", "attributes:\n\n  a: b", "attributes:\n  a: b\nattributes2: c",
        "attributes:\n    a: b\n    c: d", "attributes:\n  Country of origin: Portugal\n  Größe: 3 cm",
        "attributes:\n  a: [x, y]", "attributes:\n  a: b\n  c: [x]", "attributes: [a]", "attributes:\n  - a",
        "tags:\n  a: b", "tags: {a: b}", "title:\n  - a", "title:\n  a: b", "order:\n  - 1", "date:\n  a: b",
        "mood:\n  a: 1\n  b: [x, y]", "mood:\n  - a\n  - 'b'", "draft:", "order:", "date:", "slug: ''",
        "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6", "_private: x", "a-b: c", "A9_-: d", "true: a", "null: b", "y: c",
        String(repeating: "k", count: 600) + ": v", "attributes:\n  " + String(repeating: "k", count: 1100) + ": v",
        // Shapes it declines, compared all the same.
        "title: a\ntitle: b", "title: a\nTitle: b", "attributes:\n  a: 1\n  a: 2", "attributes:\n  é: 1\n  e\u{301}: 2",
        "title: Rain\n  continued", "title:\n  Rain", "title:\n  Rain\n  more", "tags:\n  - a\n    b",
        "tags:\n  - a\n   - b", "tags:\n  - a\n - b", "tags:\n  - a\n- b", "tags:\n- a\n  - b", "tags:\n  - a\n  b: c",
        "attributes:\n  a: b\n   c: d", "attributes:\n  a: b\n  - c", "attributes:\n  a:\n  b: c", "attributes:\n  a:\n    b: c",
        "  title: indented", " title: x\n summary: y", "title: x\n- a", "- a\n- b", "just text", "title x",
        "title : x", "title:x", "\ttitle: x", "title:\tx", "title: x\t", "title: x # comment", "title: # empty",
        "title: |\n  block\n  text", "title: >\n  folded", "title: \"multi\n  line\"", "title: 'multi\n  line'",
        "tags: [a,\n  b]", "tags: [a, [b]]", "tags: [a, {b: c}]", "tags: [a, ]", "tags: [, a]", "tags: [a b: c]",
        "tags: [a] x", "tags: [a] # c", "tags:\n  - [a]", "tags:\n  - a: b", "tags:\n  - - a", "tags:\n  -", "tags:\n  -a",
        "title: &x Rain\nsummary: *x", "title: !!str Rain", "? title\n: x", "%YAML 1.2\n", "...", "--- \ntitle: x",
        "title: a\n...\n", "<<: {a: b}", "\u{FEFF}title: x", "title: x\u{85}summary: y", "title: x\u{2028}y",
        "\"title\": x", "'title': x", "title: \"x\" y", "title: 'x' y", "title: \"x\"y",
    ])
    func shapesReadAsYamsReadsThem(yaml: String) {
        Self.expectSameAsYams(yaml)
    }

    @Test(arguments: [
        "title: a\ntitle: b", "attributes:\n  a: 1\n  a: 2", "title: Rain\n  continued", "title:\n  Rain",
        "tags:\n  - a\n    b", "tags:\n  - a\n   - b", "attributes:\n  a: b\n  - c", "attributes:\n  a:\n    b: c",
        "  title: indented", "title: x\n- a", "just text", "title:x", "title : x", "title: x\t", "\ttitle: x",
        "title: x # comment", "title: #x", "title: |\n  block", "title: >\n  folded", "title: \"multi\n  line\"",
        "title: \"a\\nb\"", "title: 'it''s'", "title: 'unterminated", "title: \"unterminated", "title: a: b",
        "title: a:", "title: - a", "title: ? a", "title: :a", "title: &x Rain", "title: *x", "title: !t x",
        "title: %", "title: @x", "title: `x`", "title: [a", "tags: [a, ]", "tags: [a, [b]]", "tags: [a: b]",
        "tags: [a#b]", "tags: [\"a\\\"\"]", "tags: {a: b}", "tags:\n  - [a]", "tags:\n  -", "? title\n: x",
        "%YAML 1.2", "...", "--- x", "<<: {a: b}", "\u{FEFF}title: x", "title: x\u{85}y", "title: x\u{2028}y",
        "title: x\u{1}", "title: x\r\r", "\"title\": x", "title.sub: x", "9lives: x", "-key: x",
        String(repeating: "k", count: 600) + ": v",
    ])
    func declinesOutsideTheSubset(yaml: String) {
        #expect(!Self.accepts(yaml))
        Self.expectSameAsYams(yaml)
    }

    // MARK: Generated front matter

    static let words = ["amber", "brass", "Lantern", "harbor", "of", "the", "with", "and", "it's", "Gdańsk", "1820s",
                        "Hale & Sons", "12.5 kg", "café", "数据", "R&D", "100%", "C#", "a/b", "x-y", "no", "on"]
    static let icons = ["🧭", "⚓", "🔔", "🕯️", "🔑", "🪝", "🧰", "🔨", "🪚", "🪓", "🔭", "🔬", "⚖️", "🕰️", "🏺", "🧺",
                        "🗺️", "📜", "🖋️", "🪶", "⚙️", "⛓️", "🌡️", "🧯"]
    static let attributeNames = ["material", "origin", "period", "condition", "weight", "length", "maker"]

    static func phrase(_ count: Int, _ random: inout SplitMix) -> String {
        (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
    }

    /// Front matter as `Benchmarks/generate.py` writes it: items, categories and the home page.
    static func benchmarkFrontMatter(_ random: inout SplitMix) -> String {
        func quoted(_ text: String) -> String { "\"" + text + "\"" }
        let title = phrase(Int.random(in: 1...3, using: &random), &random).capitalized
        var lines = ["title: " + quoted(title)]
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            return lines[0]
        case 1:
            lines += ["summary: " + quoted(phrase(12, &random) + "."), "order: \(Int.random(in: 1...50, using: &random))",
                      "icon: " + quoted(icons.randomElement(using: &random)!),
                      "color: " + quoted("#" + String(Int.random(in: 0..<0x1000000, using: &random), radix: 16))]
        default:
            let tags = (0..<Int.random(in: 2...4, using: &random)).map { _ in quoted(words.randomElement(using: &random)!) }
            lines += ["summary: " + quoted(phrase(12, &random) + "."), "order: \(Int.random(in: 1...500, using: &random))",
                      "tags: [" + tags.joined(separator: ", ") + "]",
                      "icon: " + quoted(icons.randomElement(using: &random)!),
                      "color: " + quoted("#" + String(Int.random(in: 0..<0x1000000, using: &random), radix: 16)),
                      "date: 20\(Int.random(in: 15...23, using: &random))-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))",
                      "attributes:"]
            for name in attributeNames.shuffled(using: &random).prefix(Int.random(in: 3...5, using: &random)) {
                lines.append("  \(name): " + quoted(phrase(Int.random(in: 1...2, using: &random), &random)))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Front matter as people write it by hand: every key, scalars plain or quoted, lists in
    /// either style, indentation of two or four, comments and blank lines.
    static func handWrittenFrontMatter(_ random: inout SplitMix) -> String {
        func scalar() -> String {
            let text = phrase(Int.random(in: 1...4, using: &random), &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return "\"" + text + "\""
            case 1: return "'" + text.replacingOccurrences(of: "'", with: "") + "'"
            default: return text
            }
        }
        let indent = String(repeating: " ", count: [2, 2, 4, 1].randomElement(using: &random)!)
        func list() -> String {
            let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in scalar() }
            if Bool.random(using: &random) { return " [" + items.joined(separator: ", ") + "]" }
            let dash = Bool.random(using: &random) ? indent : ""
            return items.map { "\n" + dash + "- " + $0 }.joined()
        }
        var entries: [String] = [
            "title: " + scalar(), "summary: " + scalar(), "order: " + ["3", "-1", "+2", "07", "x"].randomElement(using: &random)!,
            "draft: " + ["false", "true", "yes", "No", "\"true\""].randomElement(using: &random)!,
            "date: " + ["2024-05-31", "2024-05-31T10:00:00Z", "2024-5-31", "soon"].randomElement(using: &random)!,
            "tags:" + list(), "aliases:" + list(), "icon: " + icons.randomElement(using: &random)!,
            "color: \"#2c3e50\"", "image: figure.png", "slug: " + scalar(), "mood: " + scalar(), "extra:" + list(),
            "attributes:" + attributeNames.shuffled(using: &random).prefix(3).map { "\n" + indent + $0 + ": " + scalar() }.joined(),
            "# a comment", "",
        ]
        entries.shuffle(using: &random)
        return entries.prefix(Int.random(in: 3...entries.count, using: &random)).joined(separator: "\n")
    }

    @Test func benchmarkShapedFrontMatterTakesTheFastPath() {
        var random = SplitMix(state: 7)
        for _ in 0..<500 {
            let yaml = Self.benchmarkFrontMatter(&random)
            #expect(Self.expectSameAsYams(yaml), "\(yaml.debugDescription)")
        }
    }

    @Test func handWrittenFrontMatterReadsAsYamsReadsIt() {
        var random = SplitMix(state: 42)
        var accepted = 0
        for _ in 0..<500 {
            if Self.expectSameAsYams(Self.handWrittenFrontMatter(&random)) { accepted += 1 }
        }
        #expect(accepted > 400)
    }

    /// Generated front matter with random damage: characters that mean something to YAML put
    /// anywhere, characters dropped, lines indented, repeated or swapped.
    @Test func damagedFrontMatterReadsAsYamsReadsIt() {
        var random = SplitMix(state: 2024)
        let inserts = [":", ": ", " ", "#", " #", "-", "- ", "\t", "\"", "'", "[", "]", "{", "}", ",", "&", "*", "!", "|",
                       ">", "?", "%", "@", "`", "~", "\r", "\\", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{1}", "é", "🌧",
                       "\n", "\n  ", "\n- ", "e\u{301}", "yes", "..."]
        var accepted = 0
        for round in 0..<3000 {
            var yaml = round.isMultiple(of: 2) ? Self.benchmarkFrontMatter(&random) : Self.handWrittenFrontMatter(&random)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var scalars = Array(yaml.unicodeScalars)
                var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1:
                    let at = Int.random(in: 0...scalars.count, using: &random)
                    scalars.insert(contentsOf: inserts.randomElement(using: &random)!.unicodeScalars, at: at)
                    yaml = String(String.UnicodeScalarView(scalars))
                case 2:
                    guard !scalars.isEmpty else { continue }
                    scalars.remove(at: Int.random(in: 0..<scalars.count, using: &random))
                    yaml = String(String.UnicodeScalarView(scalars))
                case 3:
                    let at = Int.random(in: 0..<lines.count, using: &random)
                    lines[at] = Substring(String(repeating: " ", count: Int.random(in: 1...3, using: &random))) + lines[at]
                    yaml = lines.joined(separator: "\n")
                case 4:
                    lines.insert(lines.randomElement(using: &random)!, at: Int.random(in: 0...lines.count, using: &random))
                    yaml = lines.joined(separator: "\n")
                default:
                    lines.swapAt(Int.random(in: 0..<lines.count, using: &random), Int.random(in: 0..<lines.count, using: &random))
                    yaml = lines.joined(separator: "\n")
                }
            }
            if Self.expectSameAsYams(yaml) { accepted += 1 }
        }
        #expect(accepted > 500)
    }
}
