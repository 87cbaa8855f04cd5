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

    /// The file of the libvips this test process has loaded (it links it): the one `stacks` opens.
    static func loadedLibvips() throws -> String? {
        // Read to its end: the kernel gives the file no size.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last.map(String.init) }
            .first { $0.contains("/libvips.so") }
    }

    /// `unshare -m`: a mount namespace of the process's own, where a file can be hidden from it
    /// alone (root only, as in CI here).
    static let canHideFiles: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(.enabled(if: canHideFiles))
    func withoutLibvipsEachPictureIsAWarningAndPublishedAsItIs() throws {
        let project = try TemporaryProject([
            "content/dishes/_index.md": "---\ntitle: Dishes\n---\n",
            "content/dishes/tofu/index.md": "---\ntitle: Mapo tofu\n---\n\nSpicy.\n\n![The dish](photo.jpg)\n",
        ])
        defer { project.remove() }
        let photo = try ImageFixtures.encode(ImageFixtures.photo(width: 1000, height: 750), as: .jpeg)
        try project.write("content/dishes/tofu/photo.jpg", bytes: photo)
        let library = try #require(try Self.loadedLibvips())
        // libvips replaced by an empty file for this one run of the binary.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "sh", "-c", #"mount --bind /dev/null "$1" && exec "$2" build"#, "sh", library, StacksCommand.executable.path]
        process.currentDirectoryURL = project.root
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let messages = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(messages)")
        #expect(messages.hasPrefix("content/dishes/tofu/photo.jpg: warning: libvips could not be loaded ("), "\(messages)")
        #expect(messages.contains("; published as it is"), "\(messages)")
        // The page still shows the photo, under the names it would have, with the original's bytes.
        let page = try project.read("output/dishes/tofu/index.html")
        #expect(page.contains("Spicy.") && page.contains("photo-800.jpg"), "\(page)")
        #expect(Array(try Data(contentsOf: project.root.appendingPathComponent("output/_stacks/images/dishes/tofu/photo-800.jpg"))) == photo)
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
