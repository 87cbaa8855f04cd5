import Foundation
import StacksCore

/// The input end of the pipeline for `stacks serve`: the project as last read, read again
/// part by part as files change. Reading goes through `ProjectReader`, as `stacks build`'s
/// does; a content edit reads only the files that changed.
struct ProjectSource: Sendable {
    let options: BuildOptions
    private(set) var config: SiteConfig
    private var configProblems: [Diagnostic]
    private(set) var content: SourceDirectory
    private var contentProblems: [Diagnostic]
    private var theme: Theme
    private var themeProblems: [Diagnostic]

    /// How the last `apply` read the disk: for the terminal.
    enum Reading: Sendable, Equatable {
        case nothing
        case files(Int)
        case contentFolder
        case templates
        case everything
    }

    init(_ options: BuildOptions) {
        self.options = options
        (config, configProblems) = ProjectReader.readConfig(options)
        (content, contentProblems) = ProjectReader.readContent(options, config: config)
        (theme, themeProblems) = ProjectReader.readTheme(options, config: config)
    }

    var input: Pipeline.Input {
        Pipeline.Input(config: config, content: content, theme: theme,
                       diagnostics: configProblems + contentProblems + themeProblems,
                       contentDisplay: config.paths.content, templatesDisplay: config.paths.templates)
    }

    var folders: WatchedFolders { WatchedFolders(options, config: config) }

    /// Reads again what `changes` touched; returns how, and the non-Markdown content files
    /// that were written.
    mutating func apply(_ changes: FileChanges) -> (Reading, changedFiles: [String]) {
        if changes.everything || changes.config {
            self = ProjectSource(options)
            return (.everything, [])
        }
        var reading = Reading.nothing
        var changedFiles: [String] = []
        if !changes.content.isEmpty {
            let root = options.url(config.paths.content)
            if let outcome = SourceTreePatch.apply(changes.content, to: content, root: root, problems: contentProblems,
                                                   displayRoot: config.paths.content) {
                content = outcome.tree
                changedFiles = outcome.changedFiles
                reading = .files(changes.content.count)
            } else {
                (content, contentProblems) = ProjectReader.readContent(options, config: config)
                changedFiles = changes.content.sorted()
                reading = .contentFolder
            }
        }
        if changes.templates {
            (theme, themeProblems) = ProjectReader.readTheme(options, config: config)
            reading = reading == .nothing ? .templates : .everything
        }
        return (reading, changedFiles)
    }
}
