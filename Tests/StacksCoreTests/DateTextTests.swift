import Testing
@testable import StacksCore

@Suite struct DateTextTests {
    /// The bytes' reading of `YYYY-MM-DD` gives what the characters' reading gives, and declines
    /// whatever it is not sure of: generated strings of digits, dashes, signs, times and marks.
    @Test func theCanonicalShapeReadsAsTheCharactersDo() {
        let pieces = ["0", "1", "2", "9", "12", "31", "-", "--", "+", "T", " ", "x", "\u{301}", "٣", "2024", "13", "00"]
        var generator = SeededRandom(seed: 11)
        var taken = 0
        for round in 0..<20_000 {
            var text = round.isMultiple(of: 3) ? "2024-05-31" : ""
            for _ in 0..<(round % 9) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            guard let fast = DateText.canonicalShape(text) else { continue }
            taken += 1
            let slow = DateText.characterShape(text)
            #expect(slow.map { [$0.year, $0.month, $0.day] } == [fast.year, fast.month, fast.day], "\(text.debugDescription)")
        }
        #expect(taken > 1_000)
        #expect(DateText.canonicalShape("2024-05-31T10:00:00Z").map { [$0.year, $0.month, $0.day] } == [2024, 5, 31])
        #expect(DateText.canonicalShape("2024-13-01") == nil && DateText.canonicalShape("2024-5-31") == nil)
    }

    @Test func datesAreFilledInTheLanguagesWay() {
        #expect(DateText.readable("2024-05-31") == "31 May 2024")
        #expect(InterfaceStrings.fill("{day}. {month} {year} {unknown} {", { ["day": "1", "month": "Mai", "year": "2024"][$0] })
                == "1. Mai 2024 {unknown} {")
        #expect(InterfaceStrings.fill("no braces", { _ in "x" }) == "no braces")
    }
}
