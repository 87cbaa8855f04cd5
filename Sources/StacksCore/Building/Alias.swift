import Foundation

/// A redirect's old URL, from a page's `aliases`.
public enum Alias {
    /// The output folder an alias names, or why it names none.
    ///
    /// `/old/path`, `/old/path/` and `/old/path/index.html` all name the folder `old/path/`.
    /// Without its leading `/`, an alias is relative to the folder that holds the page's URL,
    /// as Hugo reads it: `3d-graphics` on `topics/3d/` names `topics/3d-graphics/`, and a
    /// written `./` or `../` moves within the site (never above its root).
    ///
    /// Each part is percent-decoded once and checked in its decoded form, which is the name the
    /// redirect is written under: an encoded `%2e%2e` or `%2F` is caught like a typed `..` or `/`.
    /// Names are composed (NFC), so `caf%C3%A9` and a `café` typed on another system are one alias.
    public static func folder(_ alias: String, of page: StackPath) -> Result<OutputPath, Problem> {
        var text = Substring(alias)
        // In a catalog of several languages, `/` is the root of the page's language.
        let root = page.language.isEmpty ? [] : [page.language]
        var names = root
        if text.hasPrefix("/") {
            text = text.dropFirst()
        } else {
            names += page.destinations.dropLast().map(\.slug)
        }
        if text.hasSuffix("/") { text = text.dropLast() }
        var parts = text.isEmpty ? [] : text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "index.html" { parts.removeLast() }
        let relative = !alias.hasPrefix("/")
        while relative, let first = parts.first, first == "." || first == ".." {
            parts.removeFirst()
            if first == ".." {
                guard names.count > root.count else { return .failure(Problem("'..' leads above the root of the site")) }
                names.removeLast()
            }
        }
        guard !parts.isEmpty || names.count > root.count else { return .failure(Problem("it names the root of the site, the home page")) }
        for part in parts {
            guard !part.isEmpty else { return .failure(Problem("it has an empty part ('//')")) }
            guard let decoded = URLEncoding.decodePathSegment(part) else {
                return .failure(Problem("'\(part)' is not valid percent-encoded UTF-8"))
            }
            let name = Slug.composed(decoded)
            if let problem = OutputPath.problem(inName: name) {
                let subject = part == decoded
                    ? "'\(part)'"
                    : "'\(part)' decodes to '\(visible(decoded))', which"
                return .failure(Problem("\(subject) \(problem.predicate)"))
            }
            names.append(name)
        }
        return .success(OutputPath(segments: names)!)
    }

    /// Control characters as U+FFFD, so that a message stays one line of plain text.
    private static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
    }

    /// Why an alias is not a path inside the site, said after "is not a path inside the site: ".
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }
}
