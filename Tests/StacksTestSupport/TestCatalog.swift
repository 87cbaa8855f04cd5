import Foundation
import StacksCore

/// A small catalog that exercises what incremental rebuilds must get right: categories with
/// and without `_index.md`, a list long enough to be windowed and paginated (`listWindow: 4`),
/// a bundle with a sub-item and a co-located image, links between pages, an alias.
public struct TestCatalog {
    /// By path relative to the content folder.
    public var files: [String: String]

    public init(files: [String: String]) {
        self.files = files
    }

    public static let config = """
        title: Test Catalog
        layout:
          listWindow: 4

        """

    public static var standard: TestCatalog {
        var files: [String: String] = [
            "_index.md": "---\ntitle: Test Catalog\n---\nWelcome to the **test** catalog.\n",
            "tools/_index.md": "---\ntitle: Tools\nsummary: Things to make things with\nicon: \"🔨\"\ncolor: \"#aa5500\"\n---\nThe tools.\n",
            "tools/saw/index.md": "---\ntitle: Saw\nsummary: Cuts wood\norder: 1\n---\nSee the [blade](blade.md) and ![photo](photo.png).\n",
            "tools/saw/blade.md": "---\ntitle: Blade\n---\nSharp. Back to the [saw](index.md).\n",
            "kitchen/_index.md": "---\ntitle: Kitchen\n---\n",
            "kitchen/spoon.md": "---\ntitle: Spoon\nsummary: For soup\n---\nCompare with the [fork](fork.md).\n\n## Part 1\n",
            "kitchen/fork.md": "# Fork\n\nFor pasta; see the [spoon](spoon.md#top) and [its first part](spoon.md#part-1).\n",
            "notes/first.md": "---\ntitle: First note\naliases: [\"/old/first\"]\n---\nA note in a category without _index.md.\n",
        ]
        for (number, name) in ["hammer", "chisel", "drill", "file", "level", "mallet", "pliers", "rasp", "wrench"].enumerated() {
            files["tools/\(name).md"] = "---\ntitle: \(name.capitalized)\nsummary: A \(name)\norder: \(number + 2)\ntags: [\"steel\"]\n---\nThe \(name) is useful.\n"
        }
        return TestCatalog(files: files)
    }

    /// The co-located files that are not Markdown, with their bytes.
    public static let binaries: [String: [UInt8]] = [
        "tools/saw/photo.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0],
        "tools/manual.pdf": Array("%PDF-1.4\n".utf8),
    ]

    /// The content as `ContentReader` would read it: each folder's files and folders by name.
    public var tree: SourceDirectory {
        let all = files.map { ($0.key, $0.value) } + Self.binaries.keys.map { ($0, "") }
        let sorted = all.sorted { $0.0.split(separator: "/").lexicographicallyPrecedes($1.0.split(separator: "/")) }
        return SourceDirectory(files: sorted)
    }

    /// Writes the project (configuration, content, co-located files) into `folder`.
    public func write(to folder: URL) throws {
        try Data(Self.config.utf8).write(to: folder.appendingPathComponent(ProjectReader.configName))
        let content = folder.appendingPathComponent("content")
        for (path, text) in files { try Self.write(Array(text.utf8), to: content.appendingPathComponent(path)) }
        for (path, bytes) in Self.binaries { try Self.write(bytes, to: content.appendingPathComponent(path)) }
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    // MARK: Random edits

    /// One random edit of the kinds an author makes, applied to `files`; returns what it did.
    /// Some edits break the build (a broken link, bad front matter), later ones may fix it.
    public mutating func randomEdit(using random: inout some RandomNumberGenerator) -> String {
        let markdown = files.keys.sorted()
        let items = markdown.filter { !$0.hasSuffix("_index.md") && !$0.hasSuffix("/index.md") }
        let path = markdown.randomElement(using: &random)!
        let item = items.randomElement(using: &random) ?? path
        switch Int.random(in: 0..<23, using: &random) {
        case 21:
            // Tags: spellings that slug alike, none at all, a tag shared or alone.
            let tags = [[], ["steel"], ["Steel", "wood"], ["wood"], ["c++"], ["C++", "steel"]].randomElement(using: &random)!
            files[item] = Self.setting("tags", to: "[" + tags.map { "\"\($0)\"" }.joined(separator: ", ") + "]", in: files[item]!)
            return "tags of \(item)"
        case 22:
            // Content at the root named `tags` moves the tag pages aside, and back when it goes.
            if files["tags.md"] == nil {
                files["tags.md"] = "---\ntitle: About tags\ntags: [meta]\n---\nHow tags are used here.\n"
                return "added tags.md"
            }
            files["tags.md"] = nil
            return "removed tags.md"
        case 17...20:
            repair()
            return "repairs"
        case 0:
            // Headings come and go too, so that `#part-N` links are checked again (the first
            // paragraph is the summary of pages that write none).
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                files[path]! += "\n## Part \(Int.random(in: 0..<3, using: &random))\n"
                return "heading in \(path)"
            case 1:
                files[path] = files[path]!.components(separatedBy: "\n").filter { !$0.hasPrefix("## Part") }.joined(separator: "\n")
                return "headings removed from \(path)"
            default:
                files[path]! += "\nAnother paragraph \(Int.random(in: 0..<1000, using: &random)).\n"
                return "body of \(path)"
            }
        case 1:
            files[path] = Self.setting("title", to: "\"Title \(Int.random(in: 0..<100, using: &random))\"", in: files[path]!)
            return "title of \(path)"
        case 2:
            files[item] = Self.setting("summary", to: "\"Summary \(Int.random(in: 0..<100, using: &random))\"", in: files[item]!)
            return "summary of \(item)"
        case 3:
            files[item] = Self.setting("order", to: "\(Int.random(in: -3..<20, using: &random))", in: files[item]!)
            return "order of \(item)"
        case 4:
            files[path] = Self.setting("icon", to: ["\"⭐️\"", "\"🔧\"", "\"tools\""].randomElement(using: &random)!, in: files[path]!)
            return "icon of \(path)"
        case 5:
            files[path] = Self.setting("color", to: ["\"#123456\"", "\"teal\""].randomElement(using: &random)!, in: files[path]!)
            return "color of \(path)"
        case 6:
            let folder = ["tools", "kitchen", "notes", "garden"].randomElement(using: &random)!
            let name = "\(folder)/new-\(Int.random(in: 0..<50, using: &random)).md"
            files[name] = "---\ntitle: New \(name)\n---\nJust added.\n"
            return "added \(name)"
        case 7:
            guard files.count > 6 else { return "nothing" }
            files[item] = nil
            return "removed \(item)"
        case 8:
            let text = files.removeValue(forKey: item)!
            let renamed = (item as NSString).deletingLastPathComponent + "/renamed-\(Int.random(in: 0..<50, using: &random)).md"
            files[renamed.hasPrefix("/") ? String(renamed.dropFirst()) : renamed] = text
            return "renamed \(item)"
        case 9:
            let target = items.randomElement(using: &random)!
            let broken = Bool.random(using: &random) && Bool.random(using: &random)
            let fragment = Bool.random(using: &random) ? "#part-\(Int.random(in: 0..<3, using: &random))" : ""
            files[item]! += "\nSee [\(target)](\(Self.relative(from: item, to: broken ? "missing.md" : target))\(fragment)).\n"
            return "link from \(item)"
        case 10:
            files[item] = Self.setting("draft", to: Bool.random(using: &random) ? "true" : "false", in: files[item]!)
            return "draft of \(item)"
        case 11:
            files[item] = Self.setting("slug", to: "slug-\(Int.random(in: 0..<9, using: &random))", in: files[item]!)
            return "slug of \(item)"
        case 12:
            files[path] = "---\ntitle: [unclosed\n---\nBroken front matter.\n"
            return "broke \(path)"
        case 13:
            files[path] = Self.removing("title", from: files[path]!) + "\n# Heading \(Int.random(in: 0..<9, using: &random))\n"
            return "title from heading in \(path)"
        case 14:
            let category = ["tools", "kitchen", "garden"].randomElement(using: &random)!
            files["\(category)/_index.md"] = "---\ntitle: \(category.capitalized) \(Int.random(in: 0..<9, using: &random))\nsummary: S\n---\nIntro \(Int.random(in: 0..<9, using: &random)).\n"
            return "category \(category)"
        case 15:
            files["tools/saw/extra-\(Int.random(in: 0..<4, using: &random)).md"] = "---\ntitle: Extra part\n---\nA sub-item.\n"
            return "sub-item of saw"
        default:
            files[item] = Self.setting("aliases", to: "[\"moved/\(Int.random(in: 0..<5, using: &random))\"]", in: files[item]!)
            return "alias of \(item)"
        }
    }

    /// Undoes what breaks builds: links (which may lead to removed pages), slugs (which may
    /// collide), broken front matter.
    public mutating func repair() {
        for (path, text) in files {
            var lines = text.components(separatedBy: "\n").filter { !$0.contains("](") && !$0.hasPrefix("slug:") }
            lines = lines.map { $0 == "title: [unclosed" ? "title: Repaired" : $0 }
            files[path] = lines.joined(separator: "\n")
        }
    }

    /// The text with front matter key `key` set to `value` (front matter added if missing).
    public static func setting(_ key: String, to value: String, in text: String) -> String {
        var lines = removing(key, from: text).components(separatedBy: "\n")
        if lines.first == "---", lines.dropFirst().contains("---") {
            lines.insert("\(key): \(value)", at: 1)
            return lines.joined(separator: "\n")
        }
        return "---\n\(key): \(value)\n---\n" + text
    }

    public static func removing(_ key: String, from text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return text }
        lines.replaceSubrange(1..<end, with: lines[1..<end].filter { !$0.hasPrefix(key + ":") })
        return lines.joined(separator: "\n")
    }

    public static func relative(from source: String, to target: String) -> String {
        let from = source.split(separator: "/").dropLast()
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[from.startIndex + common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}

/// A temporary folder for one test, removed afterwards.
public func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("stacks-preview-tests-\(UUID().uuidString)").resolvingSymlinksInPath()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}
