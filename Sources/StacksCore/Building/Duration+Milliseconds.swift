extension Duration {
    /// Whole milliseconds, rounded down: what the build summary, the serve log and `poll`'s
    /// timeout count in.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
