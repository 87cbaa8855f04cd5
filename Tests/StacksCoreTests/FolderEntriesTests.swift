import Foundation
import Testing
import StacksTestSupport
@testable import StacksCore

/// The survey's folder listing (`FolderEntries`): every entry once, more than one buffer's
/// worth included, and a folder told from a link to one, which must be looked at.
@Suite struct FolderEntriesTests {
    @Test(arguments: [true, false])
    func everyEntryOnceWithFoldersToldFromLinksToThem(direct: Bool) async throws {
        try await withTemporaryFolder { folder in
            let manager = FileManager.default
            // 2,000 long names: several buffers of 16 KB.
            var expected: [String: FolderEntries.Kind] = [:]
            for number in 0..<2_000 {
                let name = "page-\(number)-" + String(repeating: "é", count: 20)
                if number % 3 == 0 {
                    try manager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
                    expected[name] = .folder
                } else {
                    try Data("x".utf8).write(to: folder.appendingPathComponent(name))
                    expected[name] = .other
                }
            }
            try manager.createSymbolicLink(atPath: folder.appendingPathComponent("link-to-folder").path, withDestinationPath: "page-0-" + String(repeating: "é", count: 20))
            expected["link-to-folder"] = .other
            try manager.createSymbolicLink(atPath: folder.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
            expected["dangling"] = .other
            try Data().write(to: folder.appendingPathComponent(".hidden"))
            expected[".hidden"] = .other

            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var found: [String: FolderEntries.Kind] = [:]
            var twice: [String] = []
            let listed = FolderEntries.forEach(in: descriptor, direct: direct) { name, kind in
                if found.updateValue(kind, forKey: name) != nil { twice.append(name) }
            }
            #expect(listed)
            #expect(twice.isEmpty)
            #expect(found == expected)
            // The descriptor stays open and usable.
            #expect(fcntl(descriptor, F_GETFD) >= 0)
        }
    }

    @Test(arguments: [true, false])
    func aDescriptorThatIsNoFolderIsNotListed(direct: Bool) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var names: [String] = []
            #expect(!FolderEntries.forEach(in: descriptor, direct: direct) { name, _ in names.append(name) })
            #expect(names.isEmpty)
        }
    }
}
