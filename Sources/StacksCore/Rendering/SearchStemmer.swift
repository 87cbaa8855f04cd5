import CStemmer

/// A Snowball stemmer for the site's language (libstemmer): the stem the search groups a
/// word's forms by, so that `archive`, `archiving` and `archived` meet.
///
/// Used at build time only: the index lists each word's other forms (`SearchIndex.forms`),
/// and the script needs no stemmer. One stemmer is not safe to share between threads.
final class SearchStemmer {
    private let stemmer: OpaquePointer

    /// The stemmer for a BCP 47 language tag (`en`, `de-CH`, `pt_BR`), by its primary subtag;
    /// `nil` for a language Snowball has none for (Chinese, Japanese, Korean: their terms are
    /// single characters).
    init?(language: String) {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        // Snowball names Norwegian `no`; Bokmål and Nynorsk are written `nb` and `nn`.
        let code = ["nb": "no", "nn": "no"][primary] ?? primary
        // libstemmer knows languages by their ISO 639 codes as well as by name; a name (`porter`)
        // is not a language tag.
        guard code.count == 2 || code.count == 3, let stemmer = sb_stemmer_new(code, nil) else { return nil }
        self.stemmer = stemmer
    }

    deinit { sb_stemmer_delete(stemmer) }

    /// The stem of a folded term (`SearchTerms`: lower case, accents dropped).
    func stem(_ term: String) -> String {
        var bytes = term
        return bytes.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress,
                  let stemmed = sb_stemmer_stem(stemmer, base, Int32(bytes.count)) else { return term }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: stemmed, count: length), as: UTF8.self)
        }
    }
}
