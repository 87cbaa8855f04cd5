import Mustache

/// The theme's Mustache templates, parsed and checked once per build.
///
/// swift-mustache renders a missing partial as nothing; here a partial that names no template
/// is an error, found before any page is rendered.
public struct TemplateSet: Sendable {
    /// The templates every theme must have (the built-in theme fills gaps): those `TemplateContract` declares.
    public static let required = TemplateContract.templates.map(\.name)

    let library: MustacheLibrary
    public let icons: [String: String]
    /// Whether `TemplateStamps` may render these templates (none uses a feature that would
    /// make a stamp differ from a rendering).
    var allowsStamps: Bool
    /// The stamps made from these templates, for every thread that renders with them.
    let stampBook = StampBook()
    /// Whether the sidebar can be drawn node by node (`SidebarParts`).
    var drawsSidebarByNodes = false
    /// The theme's templated assets (the stylesheet), by path, as parsed when checked: the
    /// theme's files are rendered from them rather than parsed again (a stylesheet of 50 KB
    /// takes swift-mustache tens of milliseconds).
    var assets: [String: ChunkedTemplate] = [:]
    /// What a page's digest (`PageInput`) holds of the theme: its templates, and the names of
    /// its icons. Not the published files (`assets/`): a page names them by URL only, so an
    /// edit of the stylesheet or the script leaves every page as it was.
    let digest: Digest

    /// `displayRoot` names the templates folder in diagnostics, e.g. `templates`. Each
    /// `{{strings.key}}` of a template becomes `strings`' text for the key (`InterfaceStrings`).
    /// `checksAssets`: whether to check the theme's templated assets (the stylesheet), which do
    /// not depend on the language: once for a catalog of several languages.
    public init(theme: Theme, strings: InterfaceStrings = .english, displayRoot: String = "templates",
                checksAssets: Bool = true) throws(Diagnostics) {
        HTMLEscaping.registered
        var diagnostics = Diagnostics()
        var hasher = Digest.Hasher()
        // The templates as rendered: with the interface strings in them.
        var localized: [String: String] = [:]
        for path in theme.templateNames {
            let text = theme.text(path) ?? ""
            localized[path] = strings.templateText(text) { offset, name in
                let (line, column) = Self.position(of: offset, in: text)
                diagnostics.append(.error(displayRoot + "/" + path, line: line, column: column,
                    "'strings.\(name)' is not an interface string a template can show; see the README's list of strings"))
            }
        }
        for path in theme.files.keys.sorted() where !path.hasPrefix("assets/") {
            hasher.add(path)
            if let text = localized[path] { hasher.add(text) } else { hasher.add(theme.files[path]!) }
        }
        for (name, path) in theme.icons.sorted(by: { $0.key < $1.key }) {
            hasher.add(name)
            hasher.add(path)
        }
        digest = hasher.finish()
        var library = MustacheLibrary()
        var inclusions: [TemplateChecks.Inclusion] = []
        var sources: [String: String] = [:]
        for path in theme.templateNames {
            let name = String(path.dropLast(".mustache".count))
            let text = theme.text(path) ?? ""
            let shown = localized[path] ?? text
            sources[name] = shown
            let file = displayRoot + "/" + path
            // Parsed as shown; a problem is reported where it is written, from the text as written.
            var parsed = Self.parse(shown, file: file)
            if shown != text, case .failure = parsed { parsed = Self.parse(text, file: file) }
            switch parsed {
            case .success(let (template, tags)):
                library.register(template, named: name)
                inclusions += TemplateChecks.inclusions(tags, template: name)
            case .failure(let problem):
                diagnostics.append(problem)
            }
        }
        // Theme assets named `*.mustache` (the stylesheet) are rendered too; check them now.
        var assets: [String: ChunkedTemplate] = [:]
        for path in theme.assetPaths where checksAssets && path.hasSuffix(".mustache") {
            switch Self.parseChunked(theme.text(path) ?? "", file: displayRoot + "/" + path) {
            case .success(let template): assets[path] = template
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        let names = Set(theme.templateNames.map { String($0.dropLast(".mustache".count)) })
        func file(_ template: String) -> String { displayRoot + "/" + template + ".mustache" }
        for inclusion in inclusions where !names.contains(inclusion.included) {
            if inclusion.included.hasPrefix("*") {
                // A value that names no template renders as nothing, silently: refuse it up front.
                diagnostics.append(.error(file(inclusion.template), line: inclusion.line, column: inclusion.column,
                    "dynamic partial '\(inclusion.included)' takes its template name from a value, which cannot be checked before rendering; name the template"))
                continue
            }
            diagnostics.append(.error(file(inclusion.template), line: inclusion.line, column: inclusion.column,
                                      "no template named '\(inclusion.included)' (looked for \(displayRoot)/\(inclusion.included).mustache)"))
        }
        diagnostics.append(contentsOf: TemplateChecks.loopProblems(inclusions, file: file))
        for name in Self.required where !names.contains(name) {
            diagnostics.append(.error(displayRoot + "/" + name + ".mustache", "missing template '\(name)'"))
        }
        if diagnostics.hasErrors { throw diagnostics }
        self.icons = theme.icons
        self.assets = assets
        self.allowsStamps = theme.templateNames.allSatisfy { TemplateStamps.allowsStamps(theme.text($0) ?? "") }
        if allowsStamps, let parts = SidebarParts.templates(from: sources),
           let sidebar = try? MustacheTemplate(string: parts.sidebar), let node = try? MustacheTemplate(string: parts.node) {
            library.register(sidebar, named: SidebarParts.sidebarName)
            library.register(node, named: SidebarParts.nodeName)
            drawsSidebarByNodes = true
        }
        self.library = library
    }

    /// The 1-based line and column (in Unicode scalars) of a UTF-8 offset of `text`.
    static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, counted = 0
        for scalar in text.unicodeScalars {
            if counted >= offset { break }
            counted += UTF8.width(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// Renders a view's template, without stamps.
    func render<View: TemplateView>(_ view: View) -> String {
        render(View.template, view.templateObject.mustacheValue)
    }

    /// Renders a template known to exist (checked in `init`).
    func render(_ name: String, _ context: Any) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// swift-mustache's errors have no description of their own.
    static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not closed"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only blocks may appear inside an inheritance section"
        case .textInsideInheritSection: return "only blocks may appear inside an inheritance section"
        case .invalidConfigVariableSyntax: return "invalid configuration tag"
        case .unrecognisedConfigVariable: return "unknown configuration variable"
        @unknown default: return "\(error)"
        }
    }

    /// Checks a template's size and nesting, then parses it with the one HTML escaper
    /// (`HTMLEscaping.pragma`, a first line that diagnostics do not count).
    /// `parse(_:file:)` for a long template (the stylesheet), in pieces (`ChunkedTemplate`); a
    /// problem is reported from the whole text, where it is written.
    static func parseChunked(_ text: String, file: String) -> Result<ChunkedTemplate, Diagnostic> {
        if TemplateChecks.sizeProblem(text, file: file) == nil {
            let tags = MustacheTag.scan(text)
            let cuts = ChunkedTemplate.cuts(of: text, tags: tags)
            if !cuts.isEmpty, TemplateChecks.depthProblem(tags, file: file) == nil,
               let pieces = try? ChunkedTemplate.pieces(of: text, at: cuts).map({ try MustacheTemplate(string: HTMLEscaping.pragma + $0) }) {
                return .success(ChunkedTemplate(pieces: pieces))
            }
        }
        return parse(text, file: file).map { ChunkedTemplate(pieces: [$0.0]) }
    }

    static func parse(_ text: String, file: String) -> Result<(MustacheTemplate, [MustacheTag]), Diagnostic> {
        if let problem = TemplateChecks.sizeProblem(text, file: file) { return .failure(problem) }
        let tags = MustacheTag.scan(text)
        if let problem = TemplateChecks.depthProblem(tags, file: file) { return .failure(problem) }
        do {
            return .success((try MustacheTemplate(string: HTMLEscaping.pragma + text), tags))
        } catch let error as MustacheTemplate.ParserError {
            let line = max(1, error.context.lineNumber - 1)
            return .failure(.error(file, line: line, column: max(1, error.context.columnNumber),
                                   "template error: \(describe(error.error))"))
        } catch {
            return .failure(.error(file, "template error: \(error)"))
        }
    }
}

extension TemplateSet {
    /// A stand-alone template, for theme assets such as the stylesheet.
    /// The key under which a build's memo keeps that the theme's templated assets parsed
    /// (`Pipeline`): their paths and texts.
    static func assetsKey(_ theme: Theme) -> Digest {
        var hasher = Digest.Hasher()
        hasher.add("templated assets parsed")
        for path in theme.assetPaths where path.hasSuffix(".mustache") {
            hasher.add(path)
            hasher.add(theme.files[path] ?? [])
        }
        return hasher.finish()
    }

    /// What the memo keeps under `assetsKey(_:)`.
    static let assetsParsed: [UInt8] = Array("parsed".utf8)

    static func single(_ text: String) throws -> MustacheTemplate {
        HTMLEscaping.registered
        return try MustacheTemplate(string: HTMLEscaping.pragma + text)
    }

    /// A stand-alone templated asset (the stylesheet) not checked by `init`, in pieces.
    static func asset(_ text: String) -> ChunkedTemplate? {
        HTMLEscaping.registered
        return try? parseChunked(text, file: "").get()
    }
}
