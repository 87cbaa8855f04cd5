import Testing
@testable import StacksCore

/// A window's rows kept as cuts of the plain rows (`WindowRows`) are the rows the template
/// renders for the window, byte for byte, whatever the two are; the built-in theme's are cuts.
@Suite struct WindowRowsTests {
    /// Each window row as the slices give it, checked to be the one the places give once the
    /// plain rows are read back from the spill file (`detached()`).
    static func appended(_ rows: WindowRows, plain: [String]) -> [String] {
        plain.indices.map { position in
            var text = "<ul>", detached = "<ul>"
            rows.append(position, to: &text)
            rows.detached().append(position, of: Substring(plain[position]), to: &detached)
            #expect(Array(detached.utf8) == Array(text.utf8), "row \(position) read back")
            return String(text.dropFirst(4))
        }
    }

    @Test func theBuiltInThemesWindowRowsAreCutsThatGiveTheRenderedRows() async throws {
        var config = SiteConfig()
        config.layout.listWindow = 2
        let renderer = try await resolveInline(TemplateStampsTests.awkwardCatalog, config: config).renderer
        var drawn = 0
        for (owner, list) in renderer.lists where !list.windowed.isEmpty {
            drawn += 1
            #expect(!list.windowed.keepsRows, "list of \(owner)")
            let context = renderer.context
            var stamps = TemplateStamps()
            let rendered = context.catalog[owner].children.map {
                stamps.render(context.entry($0, selected: false, current: false, inWindow: true), with: renderer.templates)
            }
            let plain = (0..<list.plain.count).map { list.plain[$0] }
            #expect(Self.appended(list.windowed, plain: plain) == rendered, "list of \(owner)")
            #expect(rendered != plain, "the window's rows have no ids")
        }
        #expect(drawn > 0, "the standard catalog has a list shown in parts")
    }

    /// Random rows, the window's either the plain row with one run taken out or something else:
    /// the appended row is the window's every time; kept as cuts only when it can be.
    @Test func anyRowsComeOutAsTheWindowsRows() {
        var random = SeededRandom(seed: 24)
        let pieces = ["<li", " id=\"entry-a\"", " class=\"x\"", "é", "\r", "\n", "<b>", "x", "xx", "🔧", " ", "\"", "ü"]
        var compact = 0, kept = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 1...5, using: &random)
            var plain: [String] = [], windowed: [String] = []
            for _ in 0..<count {
                let parts = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                let whole = parts.joined()
                var window: String
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1:
                    // One run of the row's parts taken out.
                    let start = Int.random(in: 0..<parts.count, using: &random), end = Int.random(in: (start + 1)...parts.count, using: &random)
                    window = (parts[..<start] + parts[end...]).joined()
                case 2:
                    // One run of bytes taken out, anywhere (perhaps inside a character).
                    let bytes = Array(whole.utf8), start = Int.random(in: 0..<bytes.count, using: &random)
                    let end = Int.random(in: (start + 1)...bytes.count, using: &random)
                    window = String(decoding: bytes[..<start] + bytes[end...], as: UTF8.self)
                default:
                    window = parts.shuffled(using: &random).joined()
                }
                plain.append(whole)
                windowed.append(window)
            }
            let rows = WindowRows(plain: plain, windowed: windowed)
            #expect(Self.appended(rows, plain: plain) == windowed, "\(plain) → \(windowed)")
            // Byte for byte, not only as equal strings (canonical equivalence).
            #expect(Self.appended(rows, plain: plain).map { Array($0.utf8) } == windowed.map { Array($0.utf8) })
            if rows.keepsRows { kept += 1 } else { compact += 1 }
        }
        #expect(compact > 300 && kept > 300, "both forms tried: \(compact) as cuts, \(kept) kept")
    }

    @Test func aRowCutOnlyWhereItsEndsAreBetweenASCIICharacters() {
        let id = " id=\"entry-a\""
        #expect(!WindowRows(plain: ["<li\(id)>x</li>"], windowed: ["<li>x</li>"]).keepsRows)
        // An end between a letter and a combining accent, or inside a CR LF: kept as it is.
        #expect(WindowRows(plain: ["<li>e\u{301}</li>"], windowed: ["<li>e</li>"]).keepsRows)
        #expect(WindowRows(plain: ["a\r\nb"], windowed: ["a\nb"]).keepsRows)
        #expect(WindowRows(plain: ["a\r\nb"], windowed: ["a\rb"]).keepsRows)
        // The whole row taken out (a theme that shows nothing in windows), long and short.
        for whole in ["<li id=\"a\">x</li>", String(repeating: "<li id=\"a\">x</li>", count: 9)] {
            let rows = WindowRows(plain: [whole], windowed: [""])
            #expect(Self.appended(rows, plain: [whole]) == [""])
        }
        // Nothing taken out, or a row longer than its plain one: kept.
        #expect(WindowRows(plain: ["<li>x</li>"], windowed: ["<li>x</li>"]).keepsRows)
        #expect(WindowRows(plain: ["<li>x</li>"], windowed: ["<li>xy</li>"]).keepsRows)
    }
}
