import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// A build's page bodies wait for the render in an unlinked file: read back, each is what was
/// put in, and the folder is left as it was.
@Suite struct PageBodiesTests {
    static let bodies = ["", "<p>One</p>", "<p>Café 東京 🍕</p>", String(repeating: "<p>long</p>", count: 5_000), "", "<p>\u{1}x</p>"]

    /// All in the file (no allowance), the first in memory and the rest in the file, all in memory.
    @Test(arguments: [0, 20, BodySpill.allowance])
    func spilledBodiesReadBackAsWrittenAndLeaveNoFile(allowance: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-bodies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var collector = PageBodies.Collector(count: Self.bodies.count, spillingIn: folder.path, allowance: allowance)
        for body in Self.bodies { collector.append(body) }
        let bodies = collector.finished()
        #expect(bodies.count == Self.bodies.count)
        for index in Self.bodies.indices { #expect(bodies[index] == Self.bodies[index], "body \(index)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the spill file is unlinked")
        // Read from several threads at once, as the render does.
        let copies = bodies
        DispatchQueue.concurrentPerform(iterations: 64) { round in
            let index = round % Self.bodies.count
            precondition(copies[index] == Self.bodies[index])
        }
    }

    /// Bodies are written a megabyte at a time; those written and those still waiting come back
    /// alike, in order, when the file is given up (a full disk) and when it is finished.
    @Test func bodiesWrittenAndWaitingReadBackAlike() throws {
        let big = (0..<3).map { String(repeating: "<p>\($0)</p>", count: 70_000) }
        let bodies = big + ["<p>small</p>", "", "<p>Café</p>"]
        for finishing in [false, true] {
            var writer = BodySpill.Writer(folder: NSTemporaryDirectory(), allowance: 0)
            #expect(Self.append(bodies, to: &writer).allSatisfy { $0 })
            if finishing {
                let file = writer.finished()
                #expect(file?.all() == bodies)
            } else {
                #expect(writer.takeAll() == bodies)
            }
        }
    }

    /// After an edit, most bodies stay in the parse memo where the build found them
    /// (`HeldBytes`): mixed with bodies written to the spill file, each reads back as its own,
    /// in the spill, when the spill is given up (a full disk) and without a spill file; and
    /// still after the next build's writer has put a new memo in the old one's place.
    @Test func bodiesLeftInTheMemoReadBackAmongWrittenOnes() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("output").path
            let parses = Self.bodies.map { MarkdownParser.parse($0.isEmpty ? "" : "Text: " + $0, needs: .init(title: false, summary: false), options: .init()) }
            let keys = parses.indices.map { Digest(of: Array("page \($0)".utf8)) }
            let writer = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one"))
            for (key, parsed) in zip(keys, parses) { writer.add(key, parsed.encoded()) }
            writer.finish()
            let memo = try #require(MemoFile.read(forOutput: output, kind: .markdown, binary: "one"))
            // Every other page parsed anew; the others left in the memo.
            let written = parses.indices.map { "<p>new \($0) Café</p>" }
            func left(_ index: Int) throws -> HeldBytes {
                let (bytes, place) = try #require(memo.located(keys[index]))
                var range = 0..<0
                let parsed = try #require(ParsedMarkdown(encoded: bytes, leavingHTML: &range))
                #expect(parsed.html.isEmpty && parsed.links == parses[index].links)
                return HeldBytes(file: place.file, offset: place.offset + range.lowerBound, count: range.count)
            }
            let expected = parses.indices.map { $0 % 2 == 0 ? parses[$0].html : written[$0] }
            for mode in ["spilled", "given up", "held"] {
                var collector = PageBodies.Collector(count: parses.count, spillingIn: mode == "held" ? "/nonexistent-\(UUID().uuidString)" : folder.path,
                                                     allowance: 0)
                var spill = mode == "given up" ? BodySpill.Writer(folder: folder.path, allowance: 0) : nil
                for index in parses.indices {
                    if index % 2 == 0 {
                        let kept = try left(index)
                        if spill != nil { spill!.append(kept) } else { collector.append(kept) }
                    } else if spill != nil {
                        _ = spill!.append(written[index])
                    } else {
                        collector.append(written[index])
                    }
                }
                if let spill {
                    #expect(spill.takeAll() == expected, "\(mode)")
                } else {
                    let bodies = collector.finished()
                    #expect(bodies.count == expected.count)
                    for index in expected.indices { #expect(bodies[index] == expected[index], "\(mode), body \(index)") }
                }
            }
            // The next build's memo, written whole and renamed over this one: what this build
            // left where it was is read from the file it holds open.
            var collector = PageBodies.Collector(count: 1, spillingIn: folder.path)
            collector.append(try left(2))
            let bodies = collector.finished()
            let next = try #require(MemoFile.Writer(forOutput: output, kind: .markdown, binary: "one"))
            next.add(keys[0], Array(repeating: 0xFF, count: 10_000))
            next.finish()
            #expect(MemoFile.read(forOutput: output, kind: .markdown, binary: "one")?.entry(keys[2]) == nil)
            #expect(bodies[0] == parses[2].html && !parses[2].html.isEmpty)
        }
    }

    /// Within the allowance no file is made; past it, each body after goes to the file, in order,
    /// whatever its size; and where no file can be made, the writer says so and gives every body.
    @Test func theAllowanceKeepsTheFirstBodiesInMemory() throws {
        let bodies = ["<p>one</p>", "<p>two</p>", String(repeating: "x", count: 100), "<p>3</p>", "<p>4</p>"]
        var within = BodySpill.Writer(folder: NSTemporaryDirectory(), allowance: 1_000)
        #expect(Self.append(bodies, to: &within).allSatisfy { $0 })
        let finished = within.finished()
        let memory = try #require(finished)
        #expect(memory.descriptor == BodySpill.inMemory && memory.all() == bodies)

        var past = BodySpill.Writer(folder: NSTemporaryDirectory(), allowance: 25)
        #expect(Self.append(bodies, to: &past).allSatisfy { $0 })
        let written = past.finished()
        let file = try #require(written)
        #expect(file.descriptor != BodySpill.inMemory && file.all() == bodies)
        #expect(file.spans.map { $0.descriptor == BodySpill.inMemory } == [true, true, false, false, false])

        var nowhere = BodySpill.Writer(folder: "/nonexistent-\(UUID().uuidString)", allowance: 25)
        #expect(Self.append(Array(bodies[..<3]), to: &nowhere) == [true, true, false])
        #expect(nowhere.takeAll() == Array(bodies[..<3]))
    }

    /// What `append` said of each body.
    private static func append(_ bodies: [String], to writer: inout BodySpill.Writer) -> [Bool] {
        bodies.map { writer.append($0) }
    }

    @Test func withoutAPlaceForTheFileTheBodiesAreHeld() {
        var collector = PageBodies.Collector(count: 2, spillingIn: "/nonexistent-\(UUID().uuidString)")
        collector.append("<p>a</p>")
        collector.append("<p>b</p>")
        let bodies = collector.finished()
        #expect(bodies.count == 2 && bodies[0] == "<p>a</p>" && bodies[1] == "<p>b</p>")
        var held = bodies
        held.replace(1, with: "<p>c</p>")
        #expect(held[1] == "<p>c</p>" && bodies[1] == "<p>b</p>")
    }

    /// A build (which keeps the Markdown, the parsed HTML and the resolved HTML in files)
    /// writes what the pipeline without them makes: every page has its own body, whatever
    /// its kind, whether it has links, front matter or a body at all.
    @Test func aBuildWithSpilledBodiesWritesTheSamePages() async throws {
        var files = [
            "content/tools/_index.md": "---\ntitle: Tools\n---\nAll the tools, see [saw](saw.md).\n",
            "content/tools/saw.md": "---\ntitle: Saw\n---\nCuts wood. Café 🍕.\n",
            "content/tools/awl.md": "---\ntitle: Awl\n---\n",
            "content/tools/plane/index.md": "---\ntitle: Plane\n---\n# Plane\n\nA bundle; its part: [blade](blade.md).\n",
            "content/tools/plane/blade.md": "The blade, without front matter.\n",
            "content/garden/_index.md": "",
            "content/garden/rake.md": "---\ntitle: Rake\n---\n",
            "content/tools/draft.md": "---\ntitle: Draft\ndraft: true\n---\nNot published.\n",
            "content/kitchen/index.md": "The kitchen's own text, no front matter.\n",
        ]
        for number in 0..<40 {
            files["content/kitchen/spoon-\(number).md"] = "---\ntitle: Spoon \(number)\n---\nSpoon number \(number), see [spoon 0](spoon-0.md).\n"
        }
        let project = try TemporaryProject(files)
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let (input, _) = ProjectReader.read(project.options)
        let renderer = try await Pipeline.prepare(input).renderer
        for index in 0..<renderer.pageCount {
            #expect(Array(try project.read("output/" + renderer.outputPath(of: index)).utf8) == renderer.renderPage(index))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".stacks-bodies") }
        #expect(leftovers.isEmpty)
    }
}
