import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// The commands: in process, what `build`, `check` and `init` print and the exit status they
/// return; and a few runs of the `stacks` executable itself, for what only the process shows
/// (its exit status, its real standard output and error, the help, a kill mid-build).
@Suite struct CommandLineTests {
    static var executable: URL { StacksCommand.executable }

    func run(_ arguments: [String], in directory: URL) throws -> StacksCommand.Outcome {
        try StacksCommand.run(arguments, in: directory)
    }

    /// `stacks build` (or `check`) in `directory`, in process.
    func build(in directory: URL, write: Bool = true, brokenLinks: Diagnostic.Severity? = nil) async -> StacksCommand.Outcome {
        let captured = CapturedOutput()
        let options = BuildOptions(projectDirectory: directory, brokenLinks: brokenLinks)
        let status = write ? await Report.build(options, to: captured.command) : await Report.check(options, to: captured.command)
        return StacksCommand.Outcome(status: status, standardOutput: captured.standardOutput, standardError: captured.standardError)
    }

    @Test func buildPrintsASummaryAndExitsZero() throws {
        let project = try TemporaryProject(["content/a/b.md": "Text", "content/a/c.md": "More"])
        defer { project.remove() }
        let outcome = try run(["build"], in: project.root)
        #expect(outcome.status == 0)
        // 404.html, .nojekyll, search-index.json, catalog.json; the search's index.js, one file
        // of its shards (of the terms a, b, c, more and text: small shards share a file), and
        // one file of the records of the pages A, b and c with one of their texts.
        let fileCount = Theme.builtIn.assetPaths.count + 4 + 1 + 1 + 2
        #expect(outcome.standardOutput.hasPrefix("Built 4 pages and \(fileCount) files into output/ in "))
        #expect(outcome.standardOutput.hasSuffix(" ms\n"))
        #expect(outcome.standardError.isEmpty)
    }

    /// The program allocates with mimalloc (Package.swift: with glibc's allocator a clean build
    /// took a tenth to a sixth more CPU). Asked to, mimalloc prints its statistics when the program exits,
    /// with the memory it committed: nothing would be printed under glibc's malloc, and
    /// almost nothing committed if another allocator served the build.
    @Test func theProgramAllocatesWithMimalloc() throws {
        let project = try TemporaryProject(["content/a/b.md": "Text", "content/a/c.md": "More"])
        defer { project.remove() }
        let outcome = try StacksCommand.run(["build"], in: project.root, environment: ["MIMALLOC_SHOW_STATS": "1"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("heap stats"), "\(outcome.standardError)")
        let committed = outcome.standardError.split(separator: "\n").first { $0.contains("committed:") }
        let peak = committed?.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
        #expect(peak?.hasSuffix("MiB") == true, "\(committed ?? "no committed line")")
    }

    @Test func errorsArePrintedAsPathLineColumnAndExitOne() throws {
        let project = try TemporaryProject(["content/a/b.md": "Text"])
        defer { project.remove() }
        #expect(try run(["build"], in: project.root).status == 0)
        let before = project.snapshot()
        try project.write("content/a/b.md", "---\norder: x\n---\nSee [c](c.md).\n")
        try project.write("content/a/d.md", "---\ntitle: [\n---\n")
        let outcome = try run(["build"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == """
            content/a/b.md:2:8: error: 'order' must be a whole number
            content/a/b.md:4:5: error: broken link 'c.md': there is no page or file content/a/c.md
            content/a/d.md:3:1: error: invalid front matter: did not find expected node content
            3 errors; nothing was written (broken links can be warnings: links: { broken: warning } in stacks.yml, or --broken-links warning)

            """)
        #expect(project.snapshot() == before)
    }

    /// Every kind of bad input the loader knows, planted at once: one run reports all of them,
    /// each at its file, line and column, exits 1, and leaves the output as it was.
    @Test func everyPlantedProblemIsReportedInOneRunAndTheOutputIsUntouched() async throws {
        let project = try TemporaryProject(["content/a/b.md": "Text", "content/a/c.md": "More"])
        defer { project.remove() }
        #expect(await build(in: project.root).status == 0)
        let before = project.snapshot()
        try project.write("content/a/yaml.md", "---\ntitle: Fine\ntags: [one, two\n---\nBody\n")
        try project.write("content/a/open.md", "---\ntitle: Never closed\n\nBody\n")
        try project.write("content/a/order.md", "---\norder: \"x\"\n---\n")
        try project.write("content/a/latin1.md", bytes: Array("Caf".utf8) + [0xE9, 0x0A])
        try project.write("content/a/empty.md", "")
        try project.write("content/a/B.md", "Same slug as b.md")
        try project.write("content/a/with space.md", "[gone](missing.md) and ![pic](nope.png)\n")
        try project.write("templates/detail.mustache", "{{> nosuch}}\n")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/a/loop").path,
                                       withDestinationPath: project.root.appendingPathComponent("content/a").path)
        try manager.createSymbolicLink(atPath: project.root.appendingPathComponent("content/a/etc").path,
                                       withDestinationPath: "/etc")
        let outcome = await build(in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.standardError == """
            content/a/b.md:1:1: error: duplicate slug 'b': content/a/B.md has the same URL
            content/a/empty.md:1:1: error: file is empty; an item needs at least a title or some text
            content/a/etc:1:1: warning: symbolic link points outside the content folder; not followed
            content/a/latin1.md:1:4: error: file is not valid UTF-8 text
            content/a/loop:1:1: error: symbolic link loop: leads back to a folder already read
            content/a/open.md:1:1: error: front matter is never closed: add a line '---' after it
            content/a/order.md:2:8: error: 'order' must be a whole number
            content/a/with space.md:1:1: error: broken link 'missing.md': there is no page or file content/a/missing.md
            content/a/with space.md:1:24: error: missing image 'nope.png': there is no file content/a/nope.png
            content/a/yaml.md:4:1: error: invalid front matter: did not find expected ',' or ']'
            templates/detail.mustache:1:1: error: no template named 'nosuch' (looked for templates/nosuch.mustache)
            10 errors; nothing was written (broken links can be warnings: links: { broken: warning } in stacks.yml, or --broken-links warning)

            """)
        #expect(project.snapshot() == before)
    }

    @Test func checkReportsWithoutWriting() async throws {
        let project = try TemporaryProject(["content/a/b.md": "[x](y.md)"])
        defer { project.remove() }
        let outcome = await build(in: project.root, write: false)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("content/a/b.md:1:1: error: broken link 'y.md'"))
        try project.write("content/a/b.md", "Fine")
        let fine = await build(in: project.root, write: false)
        #expect(fine.status == 0)
        #expect(fine.standardOutput.hasPrefix("Checked 3 pages and 0 files in "))
        #expect(fine.standardOutput.hasSuffix(" ms\n"))
        #expect(fine.standardError.isEmpty)
        #expect(!project.exists("output"))
    }

    /// Warnings go to standard error, before the summary on standard output; the build succeeds.
    @Test func warningsArePrintedAndTheBuildSucceeds() async throws {
        let project = try TemporaryProject(["content/a/b.md": "See [c](c.md).\n"])
        defer { project.remove() }
        let outcome = await build(in: project.root, brokenLinks: .warning)
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "content/a/b.md:1:5: warning: broken link 'c.md': there is no page or file content/a/c.md\n")
        #expect(outcome.standardOutput.hasPrefix("Built 3 pages and "))
        #expect(project.exists("output/a/b/index.html"))
    }

    @Test func initCreatesACatalogThatBuilds() async throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let captured = CapturedOutput()
        try InitCommand.run("shop", in: project.root, to: captured.command)
        #expect(captured.standardOutput == "Created a catalog in shop/. Next: cd shop && stacks build\n")
        let shop = project.root.appendingPathComponent("shop")
        let built = await build(in: shop)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(FileManager.default.fileExists(atPath: shop.appendingPathComponent("output/teams/design/ada/index.html").path))
        let refusal = #expect(throws: CatalogTemplate.Refusal.self) {
            try InitCommand.run("shop", in: project.root, to: captured.command)
        }
        #expect(refusal?.description == "\(shop.path) is not empty; choose a new folder")
    }

    @Test func initRefusesAFolderThatIsNotEmpty() throws {
        let project = try TemporaryProject(["shop/notes.txt": "Mine"])
        defer { project.remove() }
        let again = try run(["init", "shop"], in: project.root)
        #expect(again.status != 0)
        #expect(again.standardError.contains("is not empty"))
        #expect(again.standardOutput.isEmpty)
    }

    @Test func helpDescribesTheFlags() throws {
        let outcome = try run(["build", "--help"], in: FileManager.default.temporaryDirectory)
        #expect(outcome.status == 0)
        for flag in ["--content", "--templates", "--output", "--drafts", "--base-url", "--portable"] {
            #expect(outcome.standardOutput.contains(flag))
        }
    }

    /// A build killed at any moment (SIGKILL: no clean-up runs) leaves the previous output
    /// whole: the output is the old site or the new one, never a mix.
    @Test func aBuildKilledAtAnyMomentLeavesThePreviousOutputWhole() throws {
        var files: [String: String] = [:]
        for category in 0..<6 {
            for item in 0..<250 {
                files["content/c\(category)/item-\(item).md"] = "---\ntitle: Item \(item)\nsummary: Number \(item)\n---\n\(String(repeating: "Some *text*. ", count: 60))\n"
            }
        }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        #expect(try run(["build"], in: project.root).status == 0)
        let old = project.snapshot()
        try project.write("content/_index.md", "# Changed home\n")
        var killedMidBuild = 0
        for delay in [0.005, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8] {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["build"]
            process.currentDirectoryURL = project.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = project.snapshot()
            if process.terminationReason == .uncaughtSignal {
                killedMidBuild += 1
                #expect(now == old, "killed after \(delay) s: the output changed")
            } else {
                #expect(now.count == old.count && now["index.html"] != old["index.html"], "finished: the new site, whole")
                break
            }
        }
        #expect(killedMidBuild > 0)
        // The next build clears what the killed ones left beside the output.
        #expect(try run(["build"], in: project.root).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
            .filter { $0.contains("stacks-") && ![".output.stacks-cache", ".output.stacks-known", ".output.stacks-search", ".output.stacks-markdown", ".output.stacks-documents"].contains($0) }
        #expect(leftovers.isEmpty)
    }
}

extension CapturedOutput {
    var command: CommandOutput { CommandOutput(standardOutput: out, standardError: err) }
}
