import Testing
@testable import StacksCore

/// A sidebar drawn node by node must be the theme's sidebar, byte for byte, for every
/// selection; a theme whose templates could tell the difference is drawn whole.
@Suite struct SidebarPartsTests {
    /// Categories nested three deep beside flat ones, with awkward text and icons.
    static let nested: [(String, String)] = {
        var files: [(String, String)] = [("_index.md", "---\ntitle: Home & \"away\"\n---\n")]
        for (path, title) in [("a", "A & <b>"), ("a/b", "B"), ("a/b/c", "C ü"), ("a/d", "D"), ("e", "E"), ("f", "F {{x}}")] {
            files.append(("\(path)/_index.md", "---\ntitle: \"\(title)\"\nicon: \"\(title.prefix(1))\"\ncolor: \"#a0c\"\n---\n"))
            files.append(("\(path)/item.md", "---\ntitle: Item in \(path)\nicon: sun\n---\nText."))
        }
        return files
    }()

    static func sidebars(_ files: [(String, String)], theme: Theme = .builtIn) async throws
        -> (byNodes: Bool, drawn: [SiteRenderer.SidebarSelection: String], whole: [SiteRenderer.SidebarSelection: String]) {
        let prepared = try await Pipeline.prepare(Pipeline.Input(config: SiteConfig(), content: SourceDirectory(files: files), theme: theme))
        let renderer = prepared.renderer
        var whole = renderer.templates
        whole.drawsSidebarByNodes = false
        let reference = SiteRenderer(site: renderer.site, config: renderer.config, templates: whole)
        return (renderer.templates.drawsSidebarByNodes, renderer.sidebars, reference.sidebars)
    }

    @Test func nestedCategoriesAreDrawnAsTheThemeDrawsThem() async throws {
        let (byNodes, drawn, whole) = try await Self.sidebars(Self.nested)
        #expect(byNodes)
        #expect(drawn.count == whole.count && drawn.count >= 12)
        for (selection, text) in whole {
            #expect(drawn[selection] == text, "\(selection)")
        }
        // The selection shows: the deepest category's own page marks its link as the page.
        #expect(Set(drawn.values).count == drawn.count)
    }

    @Test func theExampleCatalogsSidebarsAreTheThemes() async throws {
        let renderer = try await ExampleCatalogTests.prepared().renderer
        var whole = renderer.templates
        whole.drawsSidebarByNodes = false
        #expect(renderer.templates.drawsSidebarByNodes)
        #expect(renderer.sidebars == SiteRenderer(site: renderer.site, config: renderer.config, templates: whole).sidebars)
    }

    /// Each of these could make a node or the sidebar read something the parts do not carry.
    @Test(arguments: [
        ["sidebar.mustache": "<ul>{{#categories}}<li>{{title}}</li>{{/categories}}</ul>"],
        ["sidebar.mustache": "<ul>{{#categories}}{{> sidebar-node}}{{/categories}}</ul>{{#categories}}{{title}}{{/categories}}"],
        ["sidebar.mustache": "{{> icon}}<ul>{{#categories}}{{> sidebar-node}}{{/categories}}</ul>"],
        ["sidebar.mustache": "<ul>{{^categories}}none{{/categories}}{{#categories}}{{> sidebar-node}}{{/categories}}</ul>"],
        ["sidebar-node.mustache": "<li>{{siteTitle}}: {{title}}{{#children}}{{> sidebar-node}}{{/children}}</li>"],
        ["sidebar-node.mustache": "<li>{{#homeCurrent}}*{{/homeCurrent}}{{title}}</li>"],
        ["sidebar-node.mustache": "<li>{{> icon}}{{title}}</li>", "icon.mustache": "<i>{{home}}</i>"],
        ["sidebar-node.mustache": "<li>{{categories.length}}{{title}}</li>"],
        ["sidebar-node.mustache": "<li>{{title}}\n  {{> icon}}</li>"],
    ])
    func themesThatCouldTellAreDrawnWhole(overrides: [String: String]) async throws {
        let theme = Theme.builtIn.overridden(by: overrides.mapValues { Array($0.utf8) })
        let (byNodes, drawn, whole) = try await Self.sidebars(Self.nested, theme: theme)
        #expect(!byNodes)
        #expect(drawn == whole)
    }

    @Test func aThemeThatNamesNothingOfTheSidebarsIsDrawnByNodes() async throws {
        let overrides = ["sidebar-node.mustache": "<li class=\"{{#selected}}on{{/selected}}\">{{> icon}}{{title}}<ul>{{#children}}{{> sidebar-node}}{{/children}}</ul></li>",
                         "sidebar.mustache": "<h2>{{siteTitle}}</h2>{{#homeCurrent}}(home){{/homeCurrent}}<ul>{{#categories}}{{> sidebar-node}}{{/categories}}</ul>"]
        let theme = Theme.builtIn.overridden(by: overrides.mapValues { Array($0.utf8) })
        let (byNodes, drawn, whole) = try await Self.sidebars(Self.nested, theme: theme)
        #expect(byNodes)
        #expect(drawn == whole)
    }
}
