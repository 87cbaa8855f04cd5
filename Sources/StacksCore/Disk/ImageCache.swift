import Foundation

/// The pictures made for a site's images, kept between builds in `.NAME.stacks-images` beside
/// the output folder `NAME`: one folder per original's bytes, image library and sizes asked,
/// so a second build (or a build after the build cache was dropped for a new Stacks) decodes
/// nothing it decoded before. Never published, never in the content folder.
package struct ImageCache: Sendable {
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// `.output.stacks-images` beside `output` (a real path).
    package static func folder(forOutput output: String) -> String {
        BesideOutput.path(of: output, kind: "images")
    }

    /// What a picture's files are kept under: its bytes, the library that made them and what
    /// was asked of it.
    static func key(of bytes: [UInt8], request: ImageVariants.Request, library: String) -> String {
        var hasher = Digest.Hasher()
        hasher.add(Digest(of: bytes))
        hasher.add(library)
        hasher.add(request.widths.map(String.init).joined(separator: ","))
        hasher.add(request.fallbackWidth ?? 0)
        hasher.add(request.thumbnail.map { "\($0.width)x\($0.height)" } ?? "")
        // Added only when asked, so that the keys of the pictures kept before AVIF stay theirs.
        if request.avif { hasher.add("avif") }
        let digest = hasher.finish()
        return hex(digest.high) + hex(digest.low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The files kept under `key`, in the order they were kept; `nil` when not all are there.
    func files(_ key: String, count: Int) -> [[UInt8]]? {
        var files: [[UInt8]] = []
        for number in 0..<count {
            guard case .success(let bytes) = RegularFile.read(atPath: "\(folder)/\(key)/\(number)") else { return nil }
            files.append(bytes)
        }
        return files
    }

    /// Keeps `files` under `key`: written into a folder of their own, renamed into place, so a
    /// build stopped meanwhile leaves either all of them or none. A failure only costs the next
    /// build the work.
    func keep(_ files: [[UInt8]], key: String) {
        keep(key) { staging in
            for (number, bytes) in files.enumerated() {
                try Data(bytes).write(to: URL(fileURLWithPath: "\(staging)/\(number)"))
            }
        }
    }

    /// Keeps the published files at `paths` (in `Plan.paths` order) under `key`, as links to
    /// them (copies where a link cannot be made): what a build that succeeded made, kept only
    /// then, so that a build that fails writes nothing beside its output.
    package func keep(publishedAt paths: [String], key: String) {
        keep(key) { staging in
            for (number, path) in paths.enumerated() where link(path, "\(staging)/\(number)") != 0 {
                try FileManager.default.copyItem(atPath: path, toPath: "\(staging)/\(number)")
            }
        }
    }

    private func keep(_ key: String, _ fill: (String) throws -> Void) {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: "\(folder)/\(key)") else { return }
        let staging = "\(folder)/.\(key).\(UUID().uuidString)"
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try fill(staging)
            if rename(staging, "\(folder)/\(key)") != 0 { try? manager.removeItem(atPath: staging) }
        } catch {
            try? manager.removeItem(atPath: staging)
        }
    }
}
