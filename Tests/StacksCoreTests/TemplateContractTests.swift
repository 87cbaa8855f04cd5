import Foundation
import Testing
@testable import StacksCore

/// The view types of `TemplateViews.swift` are what a theme author reads: README's table and the
/// built-in theme must agree with the names `TemplateContract` reads from them.
@Suite struct TemplateContractTests {
    /// Every name a template's values and their members have, at any depth.
    static func names(_ templates: [String]) -> Set<String> {
        Set(templates.flatMap { TemplateContract.template($0)?.values.flatMap(\.allNames) ?? [] })
    }

    /// README's template table: the templates of each row, and the names its values column
    /// shows in code spans outside parentheses (which explain, not declare).
    static func readmeRows() throws -> [(templates: [String], names: Set<String>)] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        guard let header = lines.firstIndex(of: "| template | renders | main values |") else { return [] }
        let spans = /`([^`]*)`/, identifiers = /[A-Za-z][A-Za-z0-9]*/
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let templates = columns[1].matches(of: spans).map { String($0.1) }
            let values = columns[3...].joined(separator: "|").replacing(/\([^()]*\)/, with: "")
            let names = values.matches(of: spans).flatMap { $0.1.matches(of: identifiers).map { String($0.0) } }
            return (templates, Set(names))
        }
    }

    @Test func readmesTableListsEveryTemplateOnce() throws {
        let listed = try Self.readmeRows().flatMap(\.templates)
        #expect(listed == TemplateContract.templates.map(\.name))
    }

    @Test func readmesTableNamesWhatTheContractDeclares() throws {
        for row in try Self.readmeRows() {
            let declared = Self.names(row.templates)
            #expect(declared.subtracting(row.names).sorted() == [], "declared but not in README's row for \(row.templates)")
            #expect(row.names.subtracting(declared).sorted() == [], "in README's row for \(row.templates) but not declared")
        }
    }

    /// A tag of the built-in theme names a value its template receives, or one of a template
    /// that includes it (a partial sees its includer's values).
    @Test func theBuiltInThemeNamesOnlyDeclaredValues() {
        let theme = Theme.builtIn
        var includers: [String: Set<String>] = [:]
        for contract in TemplateContract.templates {
            for tag in MustacheTag.scan(theme.text(contract.name + ".mustache") ?? "") where tag.kind == .partial {
                includers[tag.name, default: []].insert(contract.name)
            }
        }
        func visible(_ name: String, _ seen: Set<String> = []) -> Set<String> {
            var names = Self.names([name])
            for includer in includers[name, default: []] where !seen.contains(includer) {
                names.formUnion(visible(includer, seen.union([name])))
            }
            return names
        }
        for contract in TemplateContract.templates {
            let text = theme.text(contract.name + ".mustache")
            #expect(text != nil, "the built-in theme has \(contract.name)")
            let known = visible(contract.name)
            let tags = MustacheTag.scan(text ?? "")
            // `{{strings.key}}` is the interface string itself, put in before the template is parsed.
            for tag in tags where tag.rootName == "strings" {
                let key = String(tag.name.dropFirst("strings.".count))
                if case .template = InterfaceStrings.keys[key] {} else {
                    Issue.record("\(contract.name) names '\(tag.name)', not a template's interface string")
                }
            }
            let named = tags.filter {
                [.variable, .unescaped, .section, .invertedSection].contains($0.kind) && $0.name != "." && $0.rootName != "strings"
            }
            #expect(named.filter { !known.contains(String($0.rootName)) }.map(\.name) == [], "undeclared in \(contract.name)")
        }
    }

    @Test func theSidebarsFixedNamesComeFromTheContract() {
        #expect(SidebarParts.rootKeys == ["siteTitle", "home", "homeCurrent", "categories", "moreCategories", "categoryCount", "tags"])
        #expect(TemplateSet.required == TemplateContract.templates.map(\.name))
    }
}
