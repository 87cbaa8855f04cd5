import Foundation
import Testing
@testable import StacksCore

/// `TemplateContract` is what a theme author reads: the built-in theme must agree with it.
@Suite struct TemplateContractTests {
    /// Every name a template's values and their members have, at any depth.
    static func names(_ templates: [String]) -> Set<String> {
        Set(templates.flatMap { TemplateContract.template($0)?.values.flatMap(\.allNames) ?? [] })
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
            let named = MustacheTag.scan(text ?? "").filter {
                [.variable, .unescaped, .section, .invertedSection].contains($0.kind) && $0.name != "."
            }
            #expect(named.filter { !known.contains(String($0.rootName)) }.map(\.name) == [], "undeclared in \(contract.name)")
        }
    }

    @Test func theSidebarsFixedNamesComeFromTheContract() {
        #expect(SidebarParts.rootKeys == ["siteTitle", "home", "homeCurrent", "categories"])
        #expect(TemplateSet.required == TemplateContract.templates.map(\.name))
    }
}
