import Foundation
@testable import StacksCore

/// A catalog in its own temporary folder, so tests never share files and can run in parallel.
struct TemporaryProject {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// Every file under `folder`, as paths from the project's root, sorted.
    func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return found.map { folder + "/" + $0 }
            .filter { var directory: ObjCBool = false; return FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &directory) && !directory.boolValue }
            .sorted()
    }

    var options: BuildOptions { BuildOptions(projectDirectory: root) }

    /// Builds and returns the diagnostics as printed, or `nil` when the build succeeded.
    func buildErrors(_ options: BuildOptions? = nil) async -> [String]? {
        do {
            _ = try await SiteBuilder.build(options ?? self.options)
            return nil
        } catch {
            return error.sorted.map(\.description)
        }
    }

    /// Every file under `folder` with its bytes, to compare an output before and after.
    func snapshot(_ folder: String = "output") -> [String: Data] {
        let base = root.appendingPathComponent(folder)
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return files }
        for case let path as String in enumerator {
            if let data = FileManager.default.contents(atPath: base.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Loads, parses and resolves a catalog given as inline files, without touching the disk.
func resolveInline(_ files: [(String, String)], config: SiteConfig = SiteConfig()) async throws(Diagnostics) -> Pipeline.Prepared {
    try await Pipeline.prepare(Pipeline.Input(config: config, content: SourceDirectory(files: files)))
}

/// The repository's root folder, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `stacks` executable, run in a folder: started, then finished with what it printed.
enum StacksCommand {
    /// `swift build --build-tests` puts the executable beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stacks")
    }

    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// `environment`: variables set for the process on top of the tests' own.
    static func start(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, set in set }
        }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> Outcome {
        let (process, output, error) = started
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                       standardError: String(decoding: errData, as: UTF8.self))
    }

    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Outcome {
        finish(try start(arguments, in: directory, environment: environment))
    }
}
