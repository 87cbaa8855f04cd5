/// Which plural form a count takes in a language: CLDR's categories for whole numbers, for
/// the languages whose interface strings are built in (`InterfaceStrings`). The script asks the
/// browser (`Intl.PluralRules`), which knows the same rules, so a count reads alike in both.
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (a BCP 47 tag; only its primary subtag matters).
    static func of(_ count: Int, language: String) -> PluralCategory {
        let n = abs(count)
        switch primary(language) {
        case "zh", "ja", "ko", "th", "vi", "id", "ms":
            return .other
        case "fr":
            return n <= 1 ? .one : millions(n) ? .many : .other
        case "pt":
            // Brazilian and European Portuguese agree on whole numbers: 0 and 1 are "one".
            return n <= 1 ? .one : millions(n) ? .many : .other
        case "es", "it", "ca":
            return n == 1 ? .one : millions(n) ? .many : .other
        case "ru", "uk", "be":
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(n % 100) { return .few }
                if (11...99).contains(n % 100) { return .many }
                return .other
            }
        case "he", "iw":
            return n == 1 ? .one : n == 2 ? .two : .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// A whole million, billion …: French, Spanish, Italian and Portuguese say "de" after them.
    private static func millions(_ n: Int) -> Bool {
        n != 0 && n % 1_000_000 == 0
    }

    static func primary(_ language: String) -> String {
        String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
