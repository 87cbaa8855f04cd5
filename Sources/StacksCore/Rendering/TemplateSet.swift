import Mustache

/// The theme's Mustache templates, parsed and checked once per build.
///
/// swift-mustache renders a missing partial as nothing; here a partial that names no template
/// is an error, found before any page is rendered.
public struct TemplateSet: Sendable {
    /// The templates every theme must have (the built-in theme fills gaps).
    public static let required = ["layout", "breadcrumbs", "sidebar", "sidebar-node", "content",
                                  "list-entry", "detail", "icon", "404", "redirect"]

    let library: MustacheLibrary
    public let icons: [String: String]
    /// Whether `TemplateStamps` may render these templates (none uses a feature that would
    /// make a stamp differ from a rendering).
    var allowsStamps: Bool
    /// Whether the sidebar can be drawn node by node (`SidebarParts`).
    var drawsSidebarByNodes = false

    /// `displayRoot` names the templates folder in diagnostics, e.g. `templates`.
    public init(theme: Theme, displayRoot: String = "templates") throws(Diagnostics) {
        var diagnostics = Diagnostics()
        var library = MustacheLibrary()
        var references: [(template: String, partial: String, line: Int, column: Int)] = []
        var sources: [String: String] = [:]
        for path in theme.templateNames {
            let name = String(path.dropLast(".mustache".count))
            let text = theme.text(path) ?? ""
            sources[name] = text
            let file = displayRoot + "/" + path
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error(file, line: error.context.lineNumber, column: max(1, error.context.columnNumber),
                                          "template error: \(Self.describe(error.error))"))
            } catch {
                diagnostics.append(.error(file, "template error: \(error)"))
            }
            references += Self.partialReferences(in: text).map { (file, $0.name, $0.line, $0.column) }
        }
        // Theme assets named `*.mustache` (the stylesheet) are rendered too; check them now.
        for path in theme.assetPaths where path.hasSuffix(".mustache") {
            do {
                _ = try MustacheTemplate(string: theme.text(path) ?? "")
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error(displayRoot + "/" + path, line: error.context.lineNumber,
                                          column: max(1, error.context.columnNumber),
                                          "template error: \(Self.describe(error.error))"))
            } catch {
                diagnostics.append(.error(displayRoot + "/" + path, "template error: \(error)"))
            }
        }
        let names = Set(theme.templateNames.map { String($0.dropLast(".mustache".count)) })
        for reference in references where !names.contains(reference.partial) {
            if reference.partial.hasPrefix("*") {
                // A value that names no template renders as nothing, silently: refuse it up front.
                diagnostics.append(.error(reference.template, line: reference.line, column: reference.column,
                    "dynamic partial '\(reference.partial)' takes its template name from a value, which cannot be checked before rendering; name the template"))
                continue
            }
            diagnostics.append(.error(reference.template, line: reference.line, column: reference.column,
                                      "no template named '\(reference.partial)' (looked for \(displayRoot)/\(reference.partial).mustache)"))
        }
        for name in Self.required where !names.contains(name) {
            diagnostics.append(.error(displayRoot + "/" + name + ".mustache", "missing template '\(name)'"))
        }
        if diagnostics.hasErrors { throw diagnostics }
        self.icons = theme.icons
        self.allowsStamps = theme.templateNames.allSatisfy { TemplateStamps.allowsStamps(theme.text($0) ?? "") }
        if allowsStamps, let parts = SidebarParts.templates(from: sources),
           let sidebar = try? MustacheTemplate(string: parts.sidebar), let node = try? MustacheTemplate(string: parts.node) {
            library.register(sidebar, named: SidebarParts.sidebarName)
            library.register(node, named: SidebarParts.nodeName)
            drawsSidebarByNodes = true
        }
        self.library = library
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

    /// `{{> name}}` and `{{< name}}` tags (`*name` for a dynamic one), with their 1-based positions.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let afterOpen = rest[open.upperBound...]
                let tag = afterOpen.drop { $0 == " " }
                guard let marker = tag.first, marker == ">" || marker == "<" else {
                    rest = afterOpen
                    continue
                }
                let nameStart = tag.dropFirst().drop { $0 == " " }
                let name = nameStart.prefix { $0 != "}" && $0 != " " }
                if !name.isEmpty {
                    let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                    found.append((String(name), lineNumber + 1, column))
                }
                rest = afterOpen
            }
        }
        return found
    }
}

extension TemplateSet {
    /// A stand-alone template, for theme assets such as the stylesheet.
    static func single(_ text: String) throws -> MustacheTemplate {
        try MustacheTemplate(string: text)
    }
}
