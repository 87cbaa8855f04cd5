/// Links and images that lead nowhere: errors by default, warnings when `links.broken` in
/// `stacks.yml` (or `--broken-links` for one run) asks, so that a large collection can be
/// published while its links are being fixed.
public enum BrokenLinks {
    /// How a broken link's message starts.
    static let brokenLink = "broken link"
    /// How a missing image's message starts.
    static let missingImage = "missing image"

    /// Whether `diagnostic` reports a link or image that leads nowhere.
    public static func isBroken(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.message.hasPrefix(brokenLink + " '") || diagnostic.message.hasPrefix(missingImage + " '")
    }

    /// The line that ends a failed build; it names the setting when broken links are among
    /// the errors, since they are the one rule that can be relaxed.
    public static func failureSummary(_ errors: [Diagnostic]) -> String {
        let count = errors.count
        var line = "\(count) error\(count == 1 ? "" : "s"); nothing was written"
        if errors.contains(where: isBroken) {
            line += " (broken links can be warnings: links: { broken: warning } in stacks.yml, or --broken-links warning)"
        }
        return line
    }
}
