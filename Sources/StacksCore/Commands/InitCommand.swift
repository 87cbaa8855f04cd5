import Foundation

/// `stacks init DIRECTORY`: a new catalog, and what to do next.
public enum InitCommand {
    /// Creates the catalog in `directory` (relative to `workingDirectory`) and says so; throws
    /// `CatalogTemplate`'s refusal or the file system's error, for the command line to report.
    public static func run(_ directory: String, in workingDirectory: URL, to output: CommandOutput) throws {
        let base = URL(fileURLWithPath: workingDirectory.path, isDirectory: true)
        try CatalogTemplate.create(at: URL(fileURLWithPath: directory, relativeTo: base))
        output.say("Created a catalog in \(directory)/. Next: cd \(directory) && stacks build")
    }
}
