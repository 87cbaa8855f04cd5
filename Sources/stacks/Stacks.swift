import ArgumentParser
// Links mimalloc, whose malloc and free then serve the whole program (Package.swift).
import CMimalloc
import Foundation
import StacksCore

@main
struct Stacks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stacks",
        abstract: "Build navigable catalog sites from folders of Markdown.",
        subcommands: [Build.self, Check.self, Init.self, Serve.self],
        defaultSubcommand: Build.self)
}

/// Flags shared by `build` and `check`.
struct SiteOptions: ParsableArguments {
    @Option(help: "The content folder (default: content, or paths.content in stacks.yml).")
    var content: String?

    @Option(help: "The templates folder that overrides the built-in theme (default: templates).")
    var templates: String?

    @Option(help: "The output folder (default: output).")
    var output: String?

    @Flag(help: "Include pages marked draft: true.")
    var drafts = false

    @Option(name: .customLong("base-url"), help: "The absolute URL the site is published at (enables sitemap.xml and canonical links).")
    var baseURL: String?

    @Flag(inversion: .prefixedNo, help: "Make every link name its index.html, so the site works opened from disk.")
    var portable: Bool?

    @Option(name: .customLong("broken-links"), help: "error or warning: what a link or image that leads nowhere is, for this run (default: links.broken in stacks.yml, else error).",
            transform: { value in
                guard let severity = Diagnostic.Severity(rawValue: value) else { throw ValidationError("--broken-links must be error or warning") }
                return severity
            })
    var brokenLinks: Diagnostic.Severity?

    var buildOptions: BuildOptions {
        BuildOptions(content: content, templates: templates, output: output, drafts: drafts, baseURL: baseURL, portable: portable,
                     brokenLinks: brokenLinks)
    }
}

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into the output folder.")

    @OptionGroup var site: SiteOptions

    @Flag(help: "Ignore the build cache beside the output: write every file anew.")
    var clean = false

    func run() async throws {
        var options = site.buildOptions
        options.clean = clean
        options.processEndsAfter = true
        try finish(await Report.build(options, to: .terminal))
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build without writing anything and report every problem (broken links, missing files, duplicate slugs).")

    @OptionGroup var site: SiteOptions

    func run() async throws {
        try finish(await Report.check(site.buildOptions, to: .terminal))
    }
}

struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create a new catalog with example content.")

    @Argument(help: "The folder to create; it must not exist or be empty.")
    var directory: String

    func run() async throws {
        do {
            try InitCommand.run(directory, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), to: .terminal)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}

/// A command's exit status, as ArgumentParser ends the process with it.
func finish(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
}
