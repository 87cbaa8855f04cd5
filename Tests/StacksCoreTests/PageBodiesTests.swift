import Foundation
import Testing
@testable import StacksCore

/// A build's page bodies wait for the render in an unlinked file: read back, each is what was
/// put in, and the folder is left as it was.
@Suite struct PageBodiesTests {
    static let bodies = ["", "<p>One</p>", "<p>Café 東京 🍕</p>", String(repeating: "<p>long</p>", count: 5_000), "", "<p>\u{1}x</p>"]

    @Test func spilledBodiesReadBackAsWrittenAndLeaveNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-bodies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var collector = PageBodies.Collector(count: Self.bodies.count, spillingIn: folder.path)
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
            var writer = try #require(BodySpill.Writer(folder: NSTemporaryDirectory()))
            for body in bodies { _ = writer.append(body) }
            if finishing {
                let file = writer.finished()
                #expect(file?.all() == bodies)
            } else {
                #expect(writer.takeAll() == bodies)
            }
        }
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
