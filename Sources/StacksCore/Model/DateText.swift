/// Dates as front matter writes them (`2024-05-31`, optionally followed by a time),
/// shown to readers as their language writes it (`31 May 2024`, `2024年5月31日`). Kept as text: templates cannot format a `Date`.
public enum DateText {
    /// The date, if it is one of the calendar: `2024-02-30` has the shape but is not.
    static func components(_ text: String) -> (year: Int, month: Int, day: Int)? {
        guard let (year, month, day) = shape(text), day <= daysIn(month: month, year: year) else { return nil }
        return (year, month, day)
    }

    /// Written like a date, whether or not the day exists.
    static func hasDateShape(_ text: String) -> Bool {
        shape(text) != nil
    }

    /// In the proleptic Gregorian calendar, as `<time datetime>` reads it.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func shape(_ text: String) -> (year: Int, month: Int, day: Int)? {
        canonicalShape(text) ?? characterShape(text)
    }

    /// `shape(_:)` read character by character: the definition `canonicalShape` is tested against.
    static func characterShape(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let datePart = text.prefix(10)
        let parts = datePart.split(separator: "-")
        guard datePart.count == 10, parts.count == 3,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, (1...12).contains(month), (1...31).contains(day) else { return nil }
        let rest = text.dropFirst(10)
        guard rest.isEmpty || rest.first == "T" || rest.first == " " else { return nil }
        return (year, month, day)
    }

    /// `shape(_:)` of a date written `YYYY-MM-DD` (nearly every one), read from its bytes; nil
    /// for anything else, which `shape(_:)` reads character by character. Every item's date is
    /// read as its page is made.
    static func canonicalShape(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let bytes = text.utf8
        guard bytes.count >= 10 else { return nil }
        var digits: [Int] = []
        digits.reserveCapacity(8)
        for (offset, byte) in bytes.prefix(11).enumerated() {
            switch offset {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            case 10:
                guard byte == UInt8(ascii: "T") || byte == UInt8(ascii: " ") else { return nil }
                // `T` with a combining mark after it is another character.
                if bytes.count > 11, bytes[bytes.index(bytes.startIndex, offsetBy: 11)] >= 0x80 { return nil }
            default:
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                digits.append(Int(byte &- UInt8(ascii: "0")))
            }
        }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        let month = digits[4] * 10 + digits[5], day = digits[6] * 10 + digits[7]
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (year, month, day)
    }

    public static func isValid(_ text: String) -> Bool {
        components(text) != nil
    }

    /// The machine-readable form for `<time datetime>`.
    public static func machine(_ text: String) -> String {
        String(text.prefix(10))
    }

    /// As the site's language writes a date (`InterfaceStrings.date`).
    public static func readable(_ text: String, strings: InterfaceStrings = .english) -> String {
        guard let (year, month, day) = components(text) else { return text }
        return strings.date(year: year, month: month, day: day)
    }
}
