import Foundation
import Testing
@testable import StacksCore
import StacksTestSupport

/// `stacks` opens libvips when it first resizes a picture (`CVipsLoader`), not when it starts:
/// the binary is not linked against it, and still resizes as the library does in process.
@Suite struct ImageLibraryLoadingTests {
    /// The shared libraries the dynamic linker loads for `binary` before `main`.
    static func linkedLibraries(_ binary: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")))
    func theBinaryDoesNotLinkLibvips() throws {
        let libraries = try Self.linkedLibraries(StacksCommand.executable)
        // The binary's own libraries are listed: libcmark is one.
        #expect(libraries.contains { $0.hasPrefix("libcmark") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libvips") || $0.hasPrefix("libheif") || $0.hasPrefix("libgio") },
                "\(libraries)")
    }

    @Test func theBinaryResizesAPictureByOpeningLibvips() throws {
        let project = try TemporaryProject([
            "content/dishes/_index.md": "---\ntitle: Dishes\n---\n",
            "content/dishes/tofu/index.md": "---\ntitle: Mapo tofu\n---\n\n![The dish](photo.jpg)\n",
        ])
        defer { project.remove() }
        try project.write("content/dishes/tofu/photo.jpg", bytes: try ImageFixtures.encode(ImageFixtures.photo(width: 1000, height: 750), as: .jpeg))
        let outcome = try StacksCommand.run(["build"], in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        let page = try project.read("output/dishes/tofu/index.html")
        #expect(page.contains("srcset=\"../../_stacks/images/dishes/tofu/photo-480.webp 480w"), "\(page)")
        let variant = Array(try Data(contentsOf: project.root.appendingPathComponent("output/_stacks/images/dishes/tofu/photo-480.webp")))
        #expect(ImageSize.read(variant) == ImageSize(width: 480, height: 360))
    }
}
