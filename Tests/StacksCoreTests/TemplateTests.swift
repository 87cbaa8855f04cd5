import Foundation
import Testing
@testable import StacksCore

@Suite struct TemplateTests {
    func problems(_ overrides: [String: String]) -> [String] { Self.problems(overrides) }

    /// The problems of the built-in theme with `overrides` on top, as printed.
    static func problems(_ overrides: [String: String]) -> [String] {
        do {
            _ = try TemplateSet(theme: Theme.builtIn.overridden(by: overrides.mapValues { Array($0.utf8) }))
            return []
        } catch {
            return error.sorted.map(\.description)
        }
    }

    @Test func theBuiltInThemeIsValid() {
        #expect(problems([:]).isEmpty)
    }

    @Test func aSyntaxErrorNamesTheTemplateLineAndColumn() {
        #expect(problems(["detail.mustache": "<p>\n{{#item}}\n{{title}}\n{{/items}}\n"]) == [
            "templates/detail.mustache:4:4: error: template error: a section is closed with a different name than it was opened with",
        ])
    }

    @Test func aPartialThatNamesNoTemplateIsAnError() {
        #expect(problems(["sidebar.mustache": "<ul>\n  {{> sidebar-nodes}}\n</ul>"]) == [
            "templates/sidebar.mustache:2:3: error: no template named 'sidebar-nodes' (looked for templates/sidebar-nodes.mustache)",
        ])
    }

    @Test func aPartialNamedByAValueIsAnError() {
        // `{{>*name}}` would render nothing, silently, when `name` is not a template.
        #expect(problems(["layout.mustache": "X{{>*nosuchvar}}Y"]) == [
            "templates/layout.mustache:1:2: error: dynamic partial '*nosuchvar' takes its template name from a value, which cannot be checked before rendering; name the template",
        ])
    }

    @Test func aBrokenStylesheetTemplateIsAnError() {
        #expect(problems(["assets/stacks.css.mustache": "body { }\n@media (max-width: {{layout.wide}px) {}\n"]) == [
            "templates/assets/stacks.css.mustache:2:33: error: template error: a tag is not closed",
        ])
    }

    @Test func aThemeMissingARequiredTemplateIsAnError() {
        var theme = Theme.builtIn
        theme.files["layout.mustache"] = nil
        #expect(throws: Diagnostics.self) { try TemplateSet(theme: theme) }
        do {
            _ = try TemplateSet(theme: theme)
        } catch {
            #expect(error.sorted.map(\.description) == ["templates/layout.mustache: error: missing template 'layout'"])
        }
    }

    @Test func aCatalogTemplateOverridesTheBuiltInOneFileByFile() async throws {
        let project = try TemporaryProject([
            "content/a/b.md": "Text",
            "templates/breadcrumbs.mustache": "<nav aria-label=\"Breadcrumb\"><ol>{{#breadcrumbs}}<li>[{{title}}]</li>{{/breadcrumbs}}</ol></nav>",
        ])
        defer { project.remove() }
        _ = try await SiteBuilder.build(project.options)
        let page = try project.read("output/a/b/index.html")
        // No title in stacks.yml or on the home page: the project folder's name, made readable.
        let siteTitle = Slug.readable(project.root.lastPathComponent)
        #expect(page.contains("<li>[\(siteTitle)]</li><li>[A]</li><li>[B]</li>"))
        #expect(page.contains("data-column=\"sidebar\""))
    }

    @Test func templateErrorsInACatalogStopTheBuild() async throws {
        let project = try TemporaryProject(["content/a/b.md": "Text", "templates/content.mustache": "{{#category}}\n"])
        defer { project.remove() }
        #expect(await project.buildErrors() == ["templates/content.mustache:2:1: error: template error: a section is never closed"])
    }

    /// The binary carries templates/ and content/; `scripts/embed-theme` keeps them equal.
    @Test func theEmbeddedThemeAndExampleMatchTheRepository() throws {
        for (folder, embedded) in [("templates", DefaultTheme.files), ("content", ExampleCatalog.files)] {
            let root = repositoryRoot.appendingPathComponent(folder)
            let (files, _) = ProjectReader.readTemplates(root, display: folder)
            #expect(Set(files.keys) == Set(embedded.keys), "run scripts/embed-theme")
            for (path, bytes) in files {
                #expect(embedded[path] == String(decoding: bytes, as: UTF8.self), "\(folder)/\(path) differs: run scripts/embed-theme")
            }
        }
    }
}
