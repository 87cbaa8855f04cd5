/// `build` and `check` as the command line runs them: problems as `path:line:column: severity:
/// message` on standard error, the summary on standard output, and any error as exit status 1.
public enum Report {
    /// Runs `work` and reports its outcome to `output`; the exit status.
    public static func run(to output: CommandOutput,
                           _ work: () async throws(Diagnostics) -> SiteBuilder.Summary) async -> Int32 {
        do {
            let summary = try await work()
            for note in summary.notes { output.complain(note) }
            for warning in Diagnostics(summary.warnings).sorted { output.complain(warning.description) }
            if let tally = Shortcodes.tally(summary.warnings) { output.complain(tally) }
            output.say(summary.description)
            PhaseTrace.mark("reported")
            return 0
        } catch {
            for diagnostic in error.sorted { output.complain(diagnostic.description) }
            output.complain(BrokenLinks.failureSummary(error.errors))
            return 1
        }
    }

    /// `stacks build`: the site into the output folder.
    public static func build(_ options: BuildOptions, to output: CommandOutput) async -> Int32 {
        await run(to: output) { () async throws(Diagnostics) in try await SiteBuilder.build(options) }
    }

    /// `stacks check`: every problem, nothing written.
    public static func check(_ options: BuildOptions, to output: CommandOutput) async -> Int32 {
        await run(to: output) { () async throws(Diagnostics) in try await SiteBuilder.build(options, write: false) }
    }
}
