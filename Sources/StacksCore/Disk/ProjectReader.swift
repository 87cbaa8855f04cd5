import Foundation

/// The input end of the pipeline: reads `stacks.yml`, the content folder and the templates.
public enum ProjectReader {
    public static let configName = "stacks.yml"

    /// `known`: given the output folder, the last build's Markdown files (`KnownSources`),
    /// which are left unread where their `stat` is the same. `heldMarkdown`: how many bytes of
    /// Markdown to hold at most (`ContentReader.heldMarkdown`); the pipeline then reads the
    /// others again (`Pipeline.Input.readSource`).
    public static func read(_ options: BuildOptions, heldMarkdown: Int? = nil, known: (URL) -> KnownSources? = { _ in nil })
        -> (Pipeline.Input, outputDirectory: URL) {
        let (config, configProblems) = readConfig(options)
        let (content, contentProblems) = readContent(options, config: config, known: known(options.url(config.paths.output)),
                                                     heldMarkdown: heldMarkdown)
        let (theme, themeProblems) = readTheme(options, config: config)
        let input = Pipeline.Input(config: config, content: content, theme: theme,
                                   diagnostics: configProblems + contentProblems + themeProblems,
                                   contentDisplay: config.paths.content, templatesDisplay: config.paths.templates)
        return (input, options.url(config.paths.output))
    }

    // The three parts of `read`, which `stacks serve` reads again one at a time as files change.

    /// `stacks.yml`, with the command line's options on top.
    public static func readConfig(_ options: BuildOptions) -> (SiteConfig, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var config = SiteConfig()
        let configURL = options.projectDirectory.appendingPathComponent(configName)
        switch RegularFile.read(atPath: configURL.path) {
        case .failure(.system(ENOENT)):
            break
        case .failure(let failure):
            diagnostics.append(failure.diagnostic(configName))
        case .success(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) {
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
        if let baseURL = options.baseURL {
            if ExternalURL.isWebAddress(baseURL) {
                config.baseURL = baseURL
            } else {
                diagnostics.append(.error("--base-url", "must be an http(s) URL, such as https://example.org/catalog/"))
            }
        }
        if let portable = options.portable { config.portable = portable }
        if let brokenLinks = options.brokenLinks { config.links.broken = brokenLinks }
        config.includeDrafts = options.drafts || config.includeDrafts
        let folder = options.projectDirectory.standardizedFileURL.lastPathComponent
        if !folder.isEmpty, folder != "/" { config.projectName = Slug.readable(folder) }
        return (config, diagnostics)
    }

    /// The content folder `config` names.
    public static func readContent(_ options: BuildOptions, config: SiteConfig,
                                   known: KnownSources? = nil, heldMarkdown: Int? = nil) -> (SourceDirectory, [Diagnostic]) {
        let contentURL = options.url(config.paths.content)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (SourceDirectory(name: "", relativePath: ""), [.error(config.paths.content, "content folder not found")])
        }
        var reader = ContentReader(root: contentURL, displayRoot: config.paths.content)
        reader.known = known
        reader.heldMarkdown = heldMarkdown
        return reader.read()
    }

    /// The built-in theme with the templates folder `config` names on top.
    public static func readTheme(_ options: BuildOptions, config: SiteConfig) -> (Theme, [Diagnostic]) {
        let root = options.url(config.paths.templates)
        var isDirectory: ObjCBool = false
        if options.templates != nil,
           !(FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            // Asked for by name: building with the built-in theme instead would hide a typo.
            return (Theme.builtIn, [.error(config.paths.templates, "templates folder not found")])
        }
        let (overrides, problems) = readTemplates(root, display: config.paths.templates)
        return (Theme.builtIn.overridden(by: overrides), problems)
    }

    /// Every file of the catalog's `templates/` folder, if it has one. Only regular files are
    /// read (a link is followed to one): opening a FIFO or a device could wait forever.
    static func readTemplates(_ root: URL, display: String) -> ([String: [UInt8]], [Diagnostic]) {
        var files: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
            return (files, diagnostics)
        }
        for case let path as String in enumerator {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let fullPath = root.path + "/" + path
            var status = stat()
            // `stat`, not `lstat`: a link is read as what it leads to.
            guard stat(fullPath, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            switch RegularFile.read(atPath: fullPath) {
            case .success(let bytes):
                files[path] = bytes
            case .failure(let failure):
                diagnostics.append(failure.diagnostic(display + "/" + path))
            }
        }
        return (files, diagnostics)
    }
}
