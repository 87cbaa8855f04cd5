/// A bound on the aliases a YAML text may use, checked before Yams composes it.
///
/// Yams composes an alias as its anchor's node, shared, so nine aliases of a list of nine
/// aliases of … ("billion laughs") are a few lines of text but a tree of billions of nodes to
/// anything that walks it: reading the values, or Yams itself hashing a key that is such an
/// alias. Few aliases can only repeat the text a few times (at most 3^(n/3) times for n), so
/// counting them bounds the work. Front matter and `stacks.yml` have little use for aliases.
enum YAMLAliasLimit {
    static let maximum = 8

    /// Where the first alias beyond `maximum` starts (the line within the text and the column
    /// in Unicode scalars, both 1-based), or nil when the text is within the limit.
    ///
    /// The count may be too high, never too low: every `*name` that starts a token counts,
    /// even inside quotes, comments and block scalars, since telling those apart would need
    /// the whole YAML grammar. Only a text with an anchor (`&name`) can use an alias at all.
    static func firstAliasBeyondLimit(_ yaml: String) -> (line: Int, column: Int)? {
        var line = 1
        var column = 0
        var previous: Unicode.Scalar = "\n"
        var hasAnchor = false
        var aliases = 0
        var beyond: (line: Int, column: Int)?
        var scalars = yaml.unicodeScalars.makeIterator()
        var current = scalars.next()
        while let scalar = current {
            let next = scalars.next()
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
            } else if scalar == "&" || scalar == "*", startsToken(after: previous), let next, startsName(next) {
                if scalar == "&" {
                    hasAnchor = true
                } else {
                    aliases += 1
                    if aliases == maximum + 1 { beyond = (line, column) }
                }
            }
            previous = scalar
            current = next
        }
        return hasAnchor ? beyond : nil
    }

    /// What may come just before an anchor or an alias in YAML (or a little more).
    private static func startsToken(after scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "[", "{", ",", ":", "-", "?": true
        default: false
        }
    }

    /// An anchor's name: anything but spaces and flow indicators.
    private static func startsName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "[", "]", "{", "}", ",": false
        default: true
        }
    }
}
