import Foundation
import Testing
@testable import StacksCore

/// What the writer guarantees around the output folder: one build at a time, never a moment
/// without an output, never a deletion through a symbolic link, and failures that say which
/// file and why.
@Suite struct OutputSafetyTests {
    func start(_ arguments: [String], in directory: URL) throws -> (Process, Pipe, Pipe) {
        try StacksCommand.start(arguments, in: directory)
    }

    func finish(_ started: (Process, Pipe, Pipe)) -> StacksCommand.Outcome {
        StacksCommand.finish(started)
    }

    func catalog(items: Int) -> [String: String] {
        var files: [String: String] = ["content/_index.md": "# Home\n\nWelcome.\n"]
        for category in 0..<4 {
            for item in 0..<items {
                files["content/c\(category)/item-\(item).md"] =
                    "---\ntitle: Item \(item)\n---\nSee [the next](item-\((item + 1) % items).md) and [home](../_index.md).\n"
            }
        }
        return files
    }

    // MARK: Finding 6: one build at a time

    /// Two builds started together, or one while the other writes, both finish with the whole
    /// site: the same files and bytes as one build alone, and nothing left beside the output.
    @Test func twoBuildsAtOnceBothPublishTheWholeSite() throws {
        let project = try TemporaryProject(catalog(items: 100))
        defer { project.remove() }
        #expect(finish(try start(["build"], in: project.root)).status == 0)
        let alone = project.snapshot()
        for (round, delay) in [0, 0.1, 0.25].enumerated() {
            // The first paragraph stays: it is the home's summary in catalog.json.
            try project.write("content/_index.md", "# Home\n\nWelcome.\n\nRound \(round).\n")
            let first = try start(["build"], in: project.root)
            Thread.sleep(forTimeInterval: delay)
            let second = try start(["build"], in: project.root)
            // When the first is done, what it published is whole, though the second still runs.
            first.0.waitUntilExit()
            #expect(project.snapshot().keys.sorted() == alone.keys.sorted(), "round \(round): the first build published a broken site")
            let outcomes = [finish(first), finish(second)]
            #expect(outcomes.map(\.status) == [0, 0], "\(outcomes.map(\.standardError))")
            let now = project.snapshot()
            #expect(now.keys.sorted() == alone.keys.sorted(), "round \(round): the files differ from one build's")
            #expect(now.filter { $0.key != "index.html" } == alone.filter { $0.key != "index.html" })
            #expect(try project.read("output/index.html").contains("Round \(round)."))
            let beside = try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted()
            #expect(beside == [".output.stacks-cache", ".output.stacks-documents", ".output.stacks-known", ".output.stacks-markdown", ".output.stacks-search", "content", "output"])
        }
    }

    /// While another process holds the lock, a build says it waits and leaves the output
    /// alone; when the lock is given back, it builds.
    @Test func aBuildWaitsForTheOneRunning() throws {
        let project = try TemporaryProject(["content/a.md": "Text"])
        defer { project.remove() }
        let lockPath = project.root.appendingPathComponent(".output.stacks-lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(flock(descriptor, LOCK_EX) == 0)
        let started = try start(["build"], in: project.root)
        var said = ""
        let deadline = Date().addingTimeInterval(20)
        while !said.contains("\n"), Date() < deadline {
            said += String(decoding: started.2.fileHandleForReading.availableData, as: UTF8.self)
        }
        #expect(said == "waiting for another build of output/ to finish\n")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(started.0.isRunning)
        #expect(!project.exists("output"))
        close(descriptor)
        let outcome = finish(started)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("Built 2 pages"))
        #expect(project.exists("output/a/index.html"))
        // The lock file goes with the build that held it last; the build cache stays for the next.
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted()
            == [".output.stacks-cache", ".output.stacks-documents", ".output.stacks-known", ".output.stacks-markdown", ".output.stacks-search", "content", "output"])
    }

    // MARK: Finding 7: an output that is a symbolic link

    @Test func anOutputThatIsASymbolicLinkIsRefusedAndItsTargetKept() async throws {
        let project = try TemporaryProject(["content/a.md": "Text"])
        defer { project.remove() }
        _ = try await SiteBuilder.build(BuildOptions(projectDirectory: project.root, output: "site"))
        try project.write("site/notes.txt", "mine")
        let target = project.root.appendingPathComponent("site").resolvingSymlinksInPath().path
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("output").path, withDestinationPath: "site")
        let before = project.snapshot("site")
        #expect(await project.buildErrors() == [
            "output: error: refusing to write the site here: it is a symbolic link (to \(target)); name the folder itself, as --output \(target)",
        ])
        #expect(project.snapshot("site") == before)
        #expect(try project.read("site/notes.txt") == "mine")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.root.appendingPathComponent("output").path) == "site")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted()
            == [".site.stacks-cache", ".site.stacks-documents", ".site.stacks-known", ".site.stacks-markdown", ".site.stacks-search", "content", "output", "site"])
    }

    /// A link higher up is resolved: the build writes in the real folder, and the link stays.
    @Test func anOutputInsideALinkedFolderIsBuiltInTheRealFolder() async throws {
        let project = try TemporaryProject(["content/a.md": "Text", "real/keep.txt": "mine"])
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("public").path, withDestinationPath: "real")
        let options = BuildOptions(projectDirectory: project.root, output: "public/site")
        _ = try await SiteBuilder.build(options)
        _ = try await SiteBuilder.build(options)
        #expect(project.exists("real/site/a/index.html"))
        #expect(try project.read("real/keep.txt") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("real").path).sorted()
            == [".site.stacks-cache", ".site.stacks-documents", ".site.stacks-known", ".site.stacks-markdown", ".site.stacks-search", "keep.txt", "site"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.root.appendingPathComponent("public").path) == "real")
    }

    @Test func anOutputUnderAFileIsRefused() async throws {
        let project = try TemporaryProject(["content/a.md": "Text", "notes": "a file"])
        defer { project.remove() }
        let file = project.root.appendingPathComponent("notes").resolvingSymlinksInPath().path
        #expect(await project.buildErrors(BuildOptions(projectDirectory: project.root, output: "notes/site")) == [
            "notes/site: error: refusing to write the site here: \(file) is a file",
        ])
    }

    /// A co-located file whose name the writer would refuse is an error of the loader, so that
    /// `check` finds it too.
    @Test func aCoLocatedFileWithABackslashInItsNameIsAnError() async throws {
        let project = try TemporaryProject(["content/a.md": "Text", "content/x\\y.png": "PNG"])
        defer { project.remove() }
        let expected = ["content/x\\y.png:1:1: error: cannot be published: its name has a backslash in it"]
        #expect(await project.buildErrors() == expected)
        do {
            _ = try await SiteBuilder.build(project.options, write: false)
            Issue.record("check passed")
        } catch {
            #expect(error.sorted.map(\.description) == expected)
        }
    }

    // MARK: Finding 8: the swap is one step

    /// The two folders trade places in one call: each inode is found under the other name.
    @Test func theSwapExchangesTheTwoFoldersInOneStep() throws {
        let project = try TemporaryProject(["old/index.html": "old", "new/index.html": "new"])
        defer { project.remove() }
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return lstat(project.root.appendingPathComponent(path).path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        let (old, new) = (inode("old"), inode("new"))
        #expect(POSIX.exchange(project.root.appendingPathComponent("new").path, project.root.appendingPathComponent("old").path) == 0)
        #expect(inode("old") == new && inode("new") == old)
        #expect(try project.read("old/index.html") == "new")
    }

    /// Watched from another thread through many rebuilds, the output is always there.
    @Test func atNoMomentOfARebuildIsTheOutputMissing() async throws {
        let project = try TemporaryProject(catalog(items: 5))
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let output = project.root.appendingPathComponent("output/index.html").path
        let watcher = Watcher(path: output)
        let thread = Thread { watcher.run() }
        thread.start()
        for round in 0..<12 {
            try project.write("content/_index.md", "# Home\n\nRound \(round).\n")
            _ = try await SiteBuilder.build(project.options)
        }
        watcher.stop()
        #expect(watcher.looks > 1000)
        #expect(watcher.misses == 0)
    }

    final class Watcher: @unchecked Sendable {
        let path: String
        private let lock = NSLock()
        private var stopped = false
        private(set) var looks = 0
        private(set) var misses = 0

        init(path: String) {
            self.path = path
        }

        func run() {
            var info = stat()
            while !lock.withLock({ stopped }) {
                let missing = stat(path, &info) != 0
                lock.withLock {
                    looks += 1
                    if missing { misses += 1 }
                }
            }
        }

        func stop() {
            lock.withLock { stopped = true }
        }
    }

    // MARK: Finding 12: failures that name the file and the reason

    /// A name longer than a file system takes, from a `slug:`: the file and the reason.
    /// A slug is a folder of the output, so it is held to the file system's limit on a name,
    /// in `check` too; the writer refuses such a name as well, should another way lead to it.
    @Test func aSlugTooLongForAFileNameIsAnErrorAtItsLine() throws {
        let slug = String(repeating: "a", count: 300)
        let project = try TemporaryProject(["content/x.md": "---\ntitle: X\nslug: \(slug)\n---\nText\n"])
        defer { project.remove() }
        let outcome = finish(try start(["check"], in: project.root))
        #expect(outcome.status == 1)
        #expect(outcome.standardError == """
            content/x.md:3:1: error: 'slug' is 300 bytes long; a slug may be at most 255 bytes
            1 error; nothing was written

            """)
        do {
            _ = try SiteWriter.place(slug + "/index.html")
            Issue.record("the writer took the name")
        } catch {
            #expect(error.diagnostic(output: "output", content: "content").description
                == "output: error: cannot write \(slug)/index.html: a name in it is longer than 255 bytes, the most a file name can have; it is not a path inside the output")
        }
    }

    /// The system's reason, as `strerror` says it, for a file the writer cannot make.
    @Test func aFailedWriteSaysTheSystemsReason() throws {
        let project = try TemporaryProject(["file": "not a folder"])
        defer { project.remove() }
        let root = project.root.appendingPathComponent("file").path
        do {
            try SiteWriter.write(Array("body{}".utf8), to: OutputPath("assets/x.css")!, in: root)
            Issue.record("the write succeeded")
        } catch {
            #expect(error.diagnostic(output: "output", content: "content").description
                == "output: error: cannot write assets/x.css: Not a directory")
        }
    }

    /// A co-located file that cannot be read when it is copied: its own path, and why.
    @Test func anUnreadableCoLocatedFileNamesItselfAndTheReason() async throws {
        let project = try TemporaryProject(["content/x/index.md": "![photo](photo.png)", "content/x/photo.png": "PNG"])
        defer { project.remove() }
        let (input, outputURL) = ProjectReader.read(project.options)
        let prepared = try await Pipeline.prepare(taking: input)
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("content/x/photo.png"))
        let writer = OutputWriter(output: outputURL, protected: [], display: "output")
        do {
            _ = try await writer.replace { staging, previous in
                try await SiteWriter(root: staging, previous: previous).write(prepared, contentRoot: project.root.appendingPathComponent("content"))
            }
            Issue.record("the build succeeded")
        } catch let failure as WriteFailure {
            #expect(failure.diagnostic(output: "output", content: "content").description
                == "content/x/photo.png:1:1: error: cannot read: No such file or directory")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path) == ["content"])
    }
}
