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
    /// `links.broken` for this run.
    public var brokenLinks: Diagnostic.Severity?
    /// Ignore the build cache: write the whole output anew (and a new cache).
    public var clean = false
    /// The process ends with the build (`stacks build`): the site's values are left for the
    /// system to take back at exit rather than freed one by one (a fiftieth of a one-edit
    /// build's instructions), when the process holds less than `FreedMemory.threshold`.
    public var processEndsAfter = false
    /// How many bytes of Markdown the reader holds at most before the pipeline decodes them
    /// (`ContentReader.heldMarkdown`); the others are read again as they are decoded.
    public var heldMarkdown: Int? = ContentReader.heldMarkdownLimit

    public init(projectDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                content: String? = nil, templates: String? = nil, output: String? = nil,
                drafts: Bool = false, baseURL: String? = nil, portable: Bool? = nil,
                brokenLinks: Diagnostic.Severity? = nil, clean: Bool = false) {
        self.projectDirectory = projectDirectory
        self.content = content
        self.templates = templates
        self.output = output
        self.drafts = drafts
        self.baseURL = baseURL
        self.portable = portable
        self.brokenLinks = brokenLinks
        self.clean = clean
    }

    /// A path from `stacks.yml` or the command line, relative to the project folder.
    public func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : projectDirectory.appendingPathComponent(path)
    }
}
