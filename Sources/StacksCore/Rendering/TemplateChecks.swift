/// What a theme must satisfy before swift-mustache parses or renders it, so that no template
/// can crash or hang a build (or the preview server) — only be reported.
///
/// - Size: swift-mustache's parser measures the distance to the end of the text at every tag,
///   so parsing takes time that grows with the square of a template's size (a 940 KB template
///   took 90 s; 64 KB of nothing but tags takes about a second). Templates are a few
///   kilobytes (the built-in stylesheet, the largest, is 22 KB, with few tags).
/// - Nesting: the parser and the renderer recurse once per nested section; 20,000 levels
///   overflowed the stack.
/// - Inclusion: a partial that includes itself, directly or through others, recurses until the
///   stack overflows — unless every such loop goes through `{{#children}}`: each node of the
///   category tree has its own `children`, so the recursion ends where the tree does. Any other
///   section may show the same value again (`{{#site}}` finds `site` again one level down).
enum TemplateChecks {
    static let maximumBytes = 64 * 1024
    static let maximumSectionDepth = 100
    /// The one key whose sections descend into a finite tree.
    static let descendingKey = "children"

    /// The size problem of a template's text, if any: then it is not scanned or parsed at all.
    static func sizeProblem(_ text: String, file: String) -> Diagnostic? {
        let size = text.utf8.count
        guard size > maximumBytes else { return nil }
        return .error(file, line: 1, column: 1,
                      "template is \(size / 1024) KB; a template may be at most \(maximumBytes / 1024) KB")
    }

    /// The first tag that opens a section deeper than the limit.
    static func depthProblem(_ tags: [MustacheTag], file: String) -> Diagnostic? {
        var depth = 0
        for tag in tags {
            if tag.opensSection {
                depth += 1
                if depth > maximumSectionDepth {
                    return .error(file, line: tag.line, column: tag.column,
                                  "sections nest deeper than \(maximumSectionDepth) levels")
                }
            } else if tag.kind == .close {
                depth = max(0, depth - 1)
            }
        }
        return nil
    }

    /// A partial (`{{> name}}`) or parent (`{{< name}}`) named by a template.
    struct Inclusion {
        var template: String
        var included: String
        var line: Int
        var column: Int
        /// Inside a `{{#children}}` section: a loop through here ends with the category tree.
        var descends: Bool
    }

    static func inclusions(_ tags: [MustacheTag], template: String) -> [Inclusion] {
        var sections: [MustacheTag] = []
        var found: [Inclusion] = []
        for tag in tags {
            switch tag.kind {
            case .partial, .parent:
                let descends = sections.contains { $0.kind == .section && $0.name == descendingKey }
                found.append(Inclusion(template: template, included: tag.name, line: tag.line, column: tag.column,
                                       descends: descends))
                if tag.kind == .parent { sections.append(tag) }
            case .section, .invertedSection, .block:
                sections.append(tag)
            case .close:
                if !sections.isEmpty { sections.removeLast() }
            default:
                break
            }
        }
        return found
    }

    /// Every loop of inclusions that does not go through `{{#children}}`, reported once, at the
    /// inclusion that closes it. `file` names a template's file in diagnostics.
    static func loopProblems(_ inclusions: [Inclusion], file: (String) -> String) -> [Diagnostic] {
        var edges: [String: [Inclusion]] = [:]
        for inclusion in inclusions where !inclusion.descends { edges[inclusion.template, default: []].append(inclusion) }
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var path: [String] = []
        var problems: [Diagnostic] = []
        func visit(_ name: String) {
            marks[name] = .visiting
            path.append(name)
            for edge in edges[name] ?? [] {
                switch marks[edge.included] {
                case .visiting:
                    let loop = path[path.lastIndex(of: edge.included)!...] + [edge.included]
                    let what = loop.count == 2 ? "includes itself" : "includes itself through \(loop.count - 2 == 1 ? "another template" : "other templates")"
                    problems.append(.error(file(edge.template), line: edge.line, column: edge.column,
                        "'\(edge.included)' \(what) (\(loop.joined(separator: " → "))), which never ends; a template may include itself only inside {{#\(descendingKey)}}…{{/\(descendingKey)}}"))
                case .done:
                    break
                case nil:
                    visit(edge.included)
                }
            }
            path.removeLast()
            marks[name] = .done
        }
        for name in edges.keys.sorted() where marks[name] == nil { visit(name) }
        return problems
    }
}
