/// Why a file of the content is not in the site, for a link that names it: the link is still
/// broken, but its message says what is true ("is a draft", "is skipped because …") rather than
/// "there is no page or file".
public enum LeftOut: Sendable, Hashable {
    /// A draft, which a build without `--drafts` leaves out.
    case draft
    /// Skipped with a warning or an error of its own; `reason` completes "skipped: ".
    case skipped(reason: String)
}
