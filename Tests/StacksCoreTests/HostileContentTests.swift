import Foundation
import Testing
@testable import StacksCore
#if canImport(Glibc)
import Glibc
#endif

/// Content a contributor could send to make a build hang, blow up or publish what it should not:
/// FIFOs, links, nested aliases, very deep folders, impossible dates.
@Suite struct HostileContentTests {
    /// The classic "billion laughs": nine aliases of nine aliases of …, nine levels deep.
    static let billionLaughs: String = {
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        let names = "abcdefghi".map(String.init)
        for level in 1..<names.count {
            lines.append("\(names[level]): &\(names[level]) [" + Array(repeating: "*" + names[level - 1], count: 9).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Runs `body` on a thread of its own and gives up waiting after `seconds`, so a hang fails
    /// the test instead of stopping the suite: a read blocked on a FIFO holds its thread for
    /// good, which must not be one of the few that run the suite's tasks.
    static func finishes<T: Sendable>(within seconds: Int, _ body: @escaping @Sendable () -> T) async -> T? {
        let box = ResultBox<T>()
        Thread { box.set(body()) }.start()
        for _ in 0..<(seconds * 20) {
            if let value = box.value { return value }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return box.value
    }

    /// The diagnostics of reading the project (`stacks.yml`, content, templates), as printed.
    static func readingProblems(_ options: BuildOptions) -> [String] {
        ProjectReader.read(options).0.diagnostics.map(\.description).sorted()
    }

    final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        var value: T? { lock.withLock { stored } }
        func set(_ value: T) { lock.withLock { stored = value } }
    }

    // MARK: Aliases

    @Test func nestedAliasesFailFastAtTheAliasBeyondTheLimit() async {
        let text = "---\n" + Self.billionLaughs + "---\nBody\n"
        let result = await Self.finishes(within: 10) { FrontMatterParser.parse(text, path: "content/x.md").diagnostics.map(\.description) }
        #expect(result == ["content/x.md:3:32: error: front matter uses more than 8 aliases (*name); nested aliases could expand without bound"])
    }

    /// Yams hashes every mapping key to find duplicates: a key that is such an alias would take forever.
    @Test func anAliasUsedAsAKeyIsBoundedToo() async {
        let text = "---\n" + Self.billionLaughs + "? *i\n: x\n---\n"
        let result = await Self.finishes(within: 10) { FrontMatterParser.parse(text, path: "content/x.md").diagnostics.count }
        #expect(result == 1)
    }

    @Test func theConfigurationBoundsAliases() async {
        let result = await Self.finishes(within: 10) { ConfigParser.parse("title: x\n" + Self.billionLaughs).1.map(\.description) }
        #expect(result == ["stacks.yml:3:32: error: the configuration uses more than 8 aliases (*name); nested aliases could expand without bound"])
    }

    @Test func aFewAliasesStillWork() {
        let result = FrontMatterParser.parse("---\ntags: &t [a, b]\nkeywords: *t\nmore: *t\n---\n", path: "content/x.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.frontMatter.tags == ["a", "b"])
        #expect(result.frontMatter.params["keywords"] == .list([.string("a"), .string("b")]))
    }

    // MARK: Duplicate keys and dates

    /// A top-level key written twice is how Ruby's YAML reader takes it, and so the folders
    /// GitHub's generators read: the last one counts, with a warning naming both lines.
    @Test(arguments: [
        ("title: A\nsummary: s\ntitle: B\n", "B"),
        ("title: A\nparams: {title: x, b: 1}\n\"title\": C\n", "C"),
        ("title: |\n  A long\n  text\ntags:\n- a\ntitle: 'B'\n", "B"),
    ])
    func aTopLevelKeyWrittenTwiceIsAWarningAndTheLastCounts(yaml: String, title: String) {
        for fastPath in [true, false] {
            let result = FrontMatterParser.parse("---\n" + yaml + "---\nBody\n", path: "content/a.md", fastPath: fastPath)
            let last = yaml.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.contains("title") }! + 2
            #expect(result.diagnostics.map(\.description) == [
                "content/a.md:\(last):1: warning: 'title' is written again in front matter (first at line 2): the last one counts",
            ])
            #expect(result.frontMatter.title == title && result.body == "Body\n")
        }
        let tags = FrontMatterParser.parse("---\ntitle: |\n  A long\n  text\ntags:\n- a\ntitle: 'B'\n---\n", path: "a.md")
        #expect(tags.frontMatter.tags == ["a"], "the lines under the first one go with it, not those of other keys")
    }

    @Test(arguments: [
        ("attributes:\n  size: 1\n  other: 2\n  size: 3\n", "content/a.md:5:3: error: duplicate key in front matter: size"),
        ("x: {a: 1, b: 2, a: 3}\n", "content/a.md:2:17: error: duplicate key in front matter: a"),
    ])
    func aDuplicateKeyIsReportedWhereItIsRepeated(yaml: String, expected: String) {
        for fastPath in [true, false] {
            let result = FrontMatterParser.parse("---\n" + yaml + "---\n", path: "content/a.md", fastPath: fastPath)
            #expect(result.diagnostics.map(\.description) == [expected])
        }
    }

    @Test(arguments: ["2024-02-30", "2023-02-29", "1900-02-29", "2024-04-31", "2024-06-31T10:00:00Z"])
    func aDayThatIsNotInTheCalendarIsAnError(date: String) {
        let result = FrontMatterParser.parse("---\ntitle: A\ndate: \(date)\n---\n", path: "content/x.md")
        #expect(result.diagnostics.map(\.description) == ["content/x.md:3:7: error: 'date' \(date.prefix(10)) is not a calendar date"])
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "2023-12-31", "2024-04-30"])
    func leapDaysAndMonthEndsAreDates(date: String) {
        #expect(DateText.isValid(date))
    }

    // MARK: Special files

    @Test func fifosAreSkippedWithAWarningAndNeverOpened() async throws {
        let project = try TemporaryProject(BuildTests.catalog)
        defer { project.remove() }
        try project.write("templates/page.mustache.txt", "not a template")
        for path in ["content/weather/fifo.md", "content/weather/rain/pipe.png", "templates/pipe.mustache", "stacks.yml"] {
            #expect(mkfifo(project.root.appendingPathComponent(path).path, 0o644) == 0)
        }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("content/weather/linked.md").path,
                                                   withDestinationPath: "fifo.md")
        let expected = [
            "content/weather/fifo.md:1:1: warning: skipped: not a regular file (a FIFO)",
            "content/weather/linked.md:1:1: warning: skipped: not a regular file (a FIFO)",
            "content/weather/rain/pipe.png:1:1: warning: skipped: not a regular file (a FIFO)",
            "stacks.yml:1:1: warning: skipped: not a regular file (a FIFO)",
            "templates/pipe.mustache:1:1: warning: skipped: not a regular file (a FIFO)",
        ]
        let options = project.options
        let read = await Self.finishes(within: 10) { Self.readingProblems(options) }
        try #require(read == expected)
        for write in [false, true] {
            let summary = try await SiteBuilder.build(options, write: write)
            #expect(summary.warnings.map(\.description).sorted() == expected, "write: \(write)")
        }
        #expect(!project.exists("output/weather/rain/pipe.png"))
        // Read directly, as after a swap between `lstat` and `open`: still no wait.
        let direct = await Self.finishes(within: 10) { [root = project.root] in
            RegularFile.read(atPath: root.appendingPathComponent("content/weather/fifo.md").path).map(\.count)
        }
        #expect(direct == .failure(.notRegular("a FIFO")))
    }

    @Test func aCoLocatedFileThatCannotBeOpenedIsAnErrorWithItsCause() throws {
        let project = try TemporaryProject(["content/x/photo.png": "PNG"])
        defer { project.remove() }
        // Root may open any file, but not a path through a regular file.
        let failure = RegularFile.readingProblem(atPath: project.root.appendingPathComponent("content/x/photo.png/more").path)
        #expect(failure?.diagnostic("content/x/photo.png").description == "content/x/photo.png:1:1: error: cannot read: Not a directory")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file"))
    func anUnreadableCoLocatedFileFailsCheck() async throws {
        let project = try TemporaryProject(BuildTests.catalog)
        defer { project.remove() }
        #expect(chmod(project.root.appendingPathComponent("content/weather/rain/radar.png").path, 0) == 0)
        let errors: [String]?
        do {
            _ = try await SiteBuilder.build(project.options, write: false)
            errors = nil
        } catch {
            errors = error.sorted.map(\.description)
        }
        #expect(errors == ["content/weather/rain/radar.png:1:1: error: cannot read: Permission denied"])
    }

    // MARK: Links among co-located files

    @Test func aCoLocatedLinkPublishesItsTargetsBytesOrIsSkipped() async throws {
        let project = try TemporaryProject(BuildTests.catalog)
        defer { project.remove() }
        try project.write("secret.png", "SECRET")
        try project.write("content/weather/.env", "TOKEN")
        let manager = FileManager.default
        func link(_ path: String, _ destination: String) throws {
            try manager.createSymbolicLink(atPath: project.root.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        try link("content/weather/rain/relative.png", "radar.png")
        try link("content/weather/absolute.png", project.root.appendingPathComponent("content/weather/rain/radar.png").path)
        try link("content/weather/rain/outside.png", project.root.appendingPathComponent("secret.png").path)
        try link("content/weather/rain/dangling.png", "nothing.png")
        try link("content/weather/env.txt", ".env")
        let summary = try await SiteBuilder.build(project.options)
        #expect(summary.warnings.map(\.description).sorted() == [
            "content/weather/env.txt:1:1: warning: symbolic link points to a file that is not published (content/weather/.env); skipped",
            "content/weather/rain/dangling.png:1:1: warning: symbolic link points nowhere; skipped",
            "content/weather/rain/outside.png:1:1: warning: symbolic link points outside the content folder; not followed",
        ])
        for path in ["output/weather/rain/relative.png", "output/weather/absolute.png"] {
            var status = stat()
            #expect(lstat(project.root.appendingPathComponent(path).path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFREG, "\(path) is not a regular file")
            #expect(try project.read(path) == "PNG")
        }
        for path in ["output/weather/rain/outside.png", "output/weather/rain/dangling.png", "output/weather/env.txt"] {
            #expect(!project.exists(path))
        }
    }

    // MARK: Depth

    @Test func foldersNestedTooDeepFailQuicklyAtTheFirstFolderTooDeep() async throws {
        let project = try TemporaryProject(["content/_index.md": "---\ntitle: Home\n---\n"])
        defer { project.remove() }
        var folder = "content"
        for level in 1...600 {
            folder += "/d"
            try project.write(folder + "/x\(level).md", "---\ntitle: Item \(level)\n---\nHello\n")
        }
        let tooDeep = "content" + String(repeating: "/d", count: 64 + 1) + ":1:1: error: folders nested deeper than 64 levels"
        // Read first, on its own thread: a build of such a tree could take minutes.
        let options = project.options
        let read = await Self.finishes(within: 20) { Self.readingProblems(options) }
        try #require(read == [tooDeep])
        #expect(await project.buildErrors() == [tooDeep])
    }
}
