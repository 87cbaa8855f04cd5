/// A language's name in itself, as a language switcher shows it ("Deutsch", "العربية").
enum LanguageNames {
    /// By BCP 47 tag, then by primary subtag; the tag itself for a language not listed.
    static func name(of tag: String) -> String {
        if let name = names[tag] { return name }
        let primary = String(tag.prefix { $0 != "-" })
        if primary == "zh" { return InterfaceStrings.tableName(for: tag) == "zh-Hant" ? names["zh-Hant"]! : names["zh-Hans"]! }
        return names[primary] ?? tag
    }

    private static let names: [String: String] = [
        "ar": "العربية", "bg": "Български", "bn": "বাংলা", "bs": "Bosanski", "ca": "Català", "cs": "Čeština",
        "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά", "en": "English", "eo": "Esperanto", "es": "Español",
        "et": "Eesti", "fa": "فارسی", "fi": "Suomi", "fr": "Français", "ga": "Gaeilge", "gl": "Galego",
        "he": "עברית", "hi": "हिन्दी", "hr": "Hrvatski", "hu": "Magyar", "id": "Bahasa Indonesia", "it": "Italiano",
        "ja": "日本語", "ka": "ქართული", "kk": "Қазақ", "km": "ខ្មែរ", "ko": "한국어", "lo": "ລາວ", "lt": "Lietuvių",
        "lv": "Latviešu", "ml": "മലയാളം", "mr": "मराठी", "ms": "Bahasa Melayu", "ne": "नेपाली", "nl": "Nederlands",
        "no": "Norsk", "nb": "Norsk bokmål", "pl": "Polski", "pt": "Português", "pt-BR": "Português (Brasil)",
        "pt-PT": "Português (Portugal)", "ro": "Română", "ru": "Русский", "sk": "Slovenčina", "sl": "Slovenščina",
        "sr": "Српски", "sv": "Svenska", "sw": "Kiswahili", "ta": "தமிழ்", "te": "తెలుగు", "th": "ไทย",
        "tl": "Tagalog", "tr": "Türkçe", "uk": "Українська", "ur": "اردو", "uz": "Oʻzbek", "vi": "Tiếng Việt",
        "zh-Hans": "简体中文", "zh-Hant": "繁體中文",
    ]
}
