/// A language as a page states it: a BCP 47 tag, and the direction its script runs.
enum LanguageTag {
    /// `zh_TW` → `zh-TW`, `ZH-hant-tw` → `zh-Hant-TW`: separators as BCP 47 writes them, the
    /// language lower case, a script title case, a region upper case, as `lang` expects.
    static func canonical(_ tag: String) -> String {
        let parts = tag.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first else { return tag }
        var result = [language.lowercased()]
        for (index, part) in parts.dropFirst().enumerated() {
            // Only subtags right after the language or a script are a script or a region.
            let early = index < 2
            if early, part.count == 4, part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if early, part.count == 2, part.allSatisfy(\.isLetter) {
                result.append(part.uppercased())
            } else {
                result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }

    /// Languages written right to left, by primary subtag, and the scripts that run that way.
    private static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku-arab",
                                                            "ps", "sd", "syr", "ug", "ur", "yi"]
    private static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand"]

    /// `rtl` or `ltr`, for `dir`: from the script when the tag names one (`az-Arab`), else
    /// from the language.
    static func direction(of tag: String) -> String {
        let parts = canonical(tag).lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return "ltr" }
        if parts.count > 1, parts[1].count == 4 { return rightToLeftScripts.contains(parts[1]) ? "rtl" : "ltr" }
        return rightToLeftLanguages.contains(language) ? "rtl" : "ltr"
    }
}
