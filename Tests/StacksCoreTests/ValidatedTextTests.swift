import Testing
@testable import StacksCore
import StacksTestSupport

/// `ValidatedText` against `String(validating:as:)`, on bytes built to put valid and invalid
/// sequences at the edges of its stretches: ASCII runs just shorter and just longer than the
/// run it cuts at, characters of every length, and broken sequences at the start, the end and
/// around long runs.
@Suite struct ValidatedTextTests {
    static let pieces: [[UInt8]] = [
        Array("é".utf8), Array("中".utf8), Array("⛓️".utf8), Array("🏺".utf8), Array("\u{FEFF}".utf8),
        Array("\u{2028}".utf8), Array("\u{10FFFF}".utf8),
    ]
    static let broken: [[UInt8]] = [
        [0x80], [0xBF], [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x8F], [0xC0, 0x80], [0xC1, 0xBF], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE0, 0x80, 0x80],
    ]

    static func randomBytes(_ random: inout SplitMix, breaks: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // ASCII runs around the cut-off of 64, and short ones.
                let length = [0, 1, 7, 8, 9, 62, 63, 64, 65, 200].randomElement(using: &random)!
                bytes += (0..<length).map { _ in UInt8.random(in: 0x00...0x7F, using: &random) }
            case 4..<9:
                bytes += pieces.randomElement(using: &random)!
            default:
                if breaks { bytes += broken.randomElement(using: &random)! } else { bytes += pieces[0] }
            }
        }
        return bytes
    }

    @Test(arguments: [false, true])
    func agreesWithTheStandardLibrary(breaks: Bool) {
        var random = SplitMix(state: breaks ? 24 : 42)
        var invalid = 0, mixed = 0
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(&random, breaks: breaks)
            let expected = String(validating: bytes, as: UTF8.self)
            let made = ValidatedText.string(bytes)
            #expect(made == expected, "\(bytes)")
            #expect(made.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(bytes)")
            if expected == nil { invalid += 1 }
            if bytes.contains(where: { $0 >= 0x80 }) && bytes.contains(where: { $0 < 0x80 }) { mixed += 1 }
        }
        // The cases reached what they were built for.
        #expect(breaks ? invalid > 5_000 : invalid == 0)
        #expect(mixed > 10_000)
    }

    @Test func findsTheFirstByteBeyondASCIIFromEveryOffset() {
        var random = SplitMix(state: 7)
        for _ in 0..<300 {
            let bytes = Self.randomBytes(&random, breaks: true)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    let expected = buffer.indices.first { $0 >= start && buffer[$0] >= 0x80 }
                    #expect(ValidatedText.firstNonASCII(buffer, from: start) == expected)
                }
            }
        }
    }

    @Test func plainCases() {
        #expect(ValidatedText.string([]) == "")
        #expect(ValidatedText.string(Array("plain".utf8)) == "plain")
        let long = String(repeating: "a", count: 100)
        #expect(ValidatedText.string(Array((long + "é" + long + "中" + long).utf8)) == long + "é" + long + "中" + long)
        #expect(ValidatedText.string(Array(long.utf8) + [0xC3] + Array(long.utf8)) == nil)
        #expect(ValidatedText.string(Array(long.utf8) + [0xE4, 0xB8]) == nil)
    }
}
