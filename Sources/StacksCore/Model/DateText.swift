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
        let datePart = text.prefix(10)
        let parts = datePart.split(separator: "-")
        guard datePart.count == 10, parts.count == 3,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, (1...12).contains(month), (1...31).contains(day) else { return nil }
        let rest = text.dropFirst(10)
        guard rest.isEmpty || rest.first == "T" || rest.first == " " else { return nil }
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
