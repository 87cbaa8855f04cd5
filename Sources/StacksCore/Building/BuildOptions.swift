import Foundation

/// What the user asked for on the command line; `nil` means "as `stacks.yml` says".
public struct BuildOptions: Sendable {
    /// The folder paths are relative to, and where `stacks.yml` is looked for.
    public var projectDirectory: URL
    public var content: String?
    public var templates: String?
    public var output: String?
    public var drafts = false
    public var baseURL: String?
    public var portable: Bool?

    public init(projectDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                content: String? = nil, templates: String? = nil, output: String? = nil,
                drafts: Bool = false, baseURL: String? = nil, portable: Bool? = nil) {
        self.projectDirectory = projectDirectory
        self.content = content
        self.templates = templates
        self.output = output
        self.drafts = drafts
        self.baseURL = baseURL
        self.portable = portable
    }

    func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : projectDirectory.appendingPathComponent(path)
    }
}

/// The input end of the pipeline: reads `stacks.yml`, the content folder and the templates.
public enum ProjectReader {
    public static let configName = "stacks.yml"

    public static func read(_ options: BuildOptions) -> (Pipeline.Input, outputDirectory: URL) {
        var diagnostics: [Diagnostic] = []
        var config = SiteConfig()
        let configURL = options.projectDirectory.appendingPathComponent(configName)
        if let data = FileManager.default.contents(atPath: configURL.path) {
            if let text = String(validating: [UInt8](data), as: UTF8.self) {
                let (parsed, problems) = ConfigParser.parse(text, path: configName)
                config = parsed
                diagnostics += problems
            } else {
                diagnostics.append(.error(configName, "file is not valid UTF-8 text"))
            }
        }
        if let content = options.content { config.paths.content = content }
        if let templates = options.templates { config.paths.templates = templates }
        if let output = options.output { config.paths.output = output }
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        if let portable = options.portable { config.portable = portable }
        config.includeDrafts = options.drafts || config.includeDrafts

        let contentURL = options.url(config.paths.content)
        var isDirectory: ObjCBool = false
        var content = SourceDirectory(name: "", relativePath: "")
        if FileManager.default.fileExists(atPath: contentURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let (tree, problems) = ContentReader(root: contentURL, displayRoot: config.paths.content).read()
            content = tree
            diagnostics += problems
        } else {
            diagnostics.append(.error(config.paths.content, "content folder not found"))
        }
        let (overrides, themeProblems) = readTemplates(options.url(config.paths.templates), display: config.paths.templates)
        diagnostics += themeProblems
        let input = Pipeline.Input(config: config, content: content, theme: Theme.builtIn.overridden(by: overrides),
                                   diagnostics: diagnostics, contentDisplay: config.paths.content,
                                   templatesDisplay: config.paths.templates)
        return (input, options.url(config.paths.output))
    }

    /// Every file of the catalog's `templates/` folder, if it has one.
    static func readTemplates(_ root: URL, display: String) -> ([String: [UInt8]], [Diagnostic]) {
        var files: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return (files, diagnostics)
        }
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if let data = FileManager.default.contents(atPath: url.path) {
                files[path] = [UInt8](data)
            } else {
                diagnostics.append(.error(display + "/" + path, "cannot read file"))
            }
        }
        return (files, diagnostics)
    }
}
