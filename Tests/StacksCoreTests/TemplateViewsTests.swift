import Foundation
import Testing
@testable import StacksCore

/// What the renderer hands each template is what its view type declares (`TemplateViews.swift`):
/// no name more, none less, each of its kind.
@Suite struct TemplateViewsTests {
    typealias Value = TemplateContract.Value

    /// `page.title: text`, `breadcrumbs[].url: text`: a declaration's names with their places
    /// and kinds, down to where it declares no members (`params`, `children`).
    static func paths(_ values: [Value], prefix: String = "") -> Set<String> {
        var paths: Set<String> = []
        for value in values {
            let path = prefix + value.name
            paths.insert(path + ": " + "\(value.kind == .html ? .text : value.kind)")
            if !value.members.isEmpty { paths.formUnion(Self.paths(value.members, prefix: path + (value.kind == .list ? "[]." : "."))) }
        }
        return paths
    }

    /// The same of a context handed to a template, read as far as `declared` has members.
    static func paths(_ object: TemplateObject, declared: [Value], prefix: String = "") -> Set<String> {
        var paths: Set<String> = []
        for (name, value) in object.entries {
            let path = prefix + name
            let kind: TemplateContract.Kind = switch value {
            case .text: .text
            case .number: .number
            case .flag: .flag
            case .list: .list
            case .object: .object
            }
            paths.insert(path + ": \(kind)")
            guard let members = declared.first(where: { $0.name == name })?.members, !members.isEmpty else { continue }
            switch value {
            case .object(let object):
                paths.formUnion(Self.paths(object, declared: members, prefix: path + "."))
            case .list(let elements):
                for element in elements {
                    if case .object(let object) = element {
                        paths.formUnion(Self.paths(object, declared: members, prefix: path + "[]."))
                    } else {
                        paths.insert(path + "[]: not an object")
                    }
                }
            default:
                break
            }
        }
        return paths
    }

    /// Every context the renderer hands a template while rendering the whole site, by template.
    static func handedOver(_ renderer: SiteRenderer) -> [String: [TemplateObject]] {
        let catalog = renderer.site.catalog
        let context = PageContext(catalog: catalog, config: renderer.config, icons: renderer.templates.icons)
        var stamps = TemplateStamps()
        stamps.handedOver = []
        for owner in catalog.pages.indices where !catalog[owner].children.isEmpty {
            _ = SiteRenderer.renderList(owner, context: context, templates: renderer.templates, stamps: &stamps)
        }
        for selection in Set(catalog.pages.indices.map { SiteRenderer.SidebarSelection(of: $0, in: catalog) }) {
            let view = SiteRenderer.sidebarView(selected: selection, tags: SiteRenderer.sidebarTagsLink(renderer.tagIndex, config: renderer.config, current: false), context: context)
            _ = SiteRenderer.renderSidebar(view, templates: renderer.templates, stamps: &stamps)
        }
        for index in catalog.pages.indices { _ = renderer.renderPage(index, listPage: 1, stamps: &stamps) }
        for list in renderer.listPages { _ = renderer.renderPage(list.category, listPage: list.number, stamps: &stamps) }
        let tagParts = renderer.tagPageParts()
        for page in renderer.tagPages { _ = renderer.renderTagPage(page, parts: tagParts, stamps: &stamps) }
        var handed = Dictionary(grouping: stamps.handedOver ?? [], by: \.template).mapValues { $0.map(\.object) }
        // Rendered without stamps, straight from these views.
        handed[NotFoundView.template] = [renderer.notFoundView(context).templateObject]
        handed[RedirectView.template] = catalog.pages.filter { !$0.frontMatter.aliases.isEmpty }
            .map { renderer.redirectView(to: $0, context).templateObject }
        return handed
    }

    /// A site with a value for every optional name: pages of a list and a window (`listWindow`
    /// 2), `baseURL`, an item with an image of known size, an alias, an outline, params, a date,
    /// a theme icon, sub-items.
    /// In two languages (file-name suffixes): the language switcher's values.
    static func everyValueSite() async throws -> [SiteRenderer] {
        var config = SiteConfig()
        config.languages = LanguageSettings(codes: ["en", "de"], layout: .suffixes)
        config.baseURL = "https://example.org/"
        config.layout.listWindow = 2
        // Levels of the sidebar that show only some of their categories.
        config.layout.sidebarWindow = 1
        config.markdown.toc = 2
        // AVIF variants too: the item's picture is then a `<picture>`.
        config.images.avif = true
        let hammer = """
            ---
            title: Hammer
            summary: Hits nails.
            date: 2024-03-02
            tags: [steel, wood]
            attributes:
              Weight: 1 kg
            params: {maker: Acme, sizes: [small, large]}
            image: pic.svg
            aliases: [old-hammer]
            icon: car
            color: "#123456"
            ---
            ## Head

            ### Face

            ## Handle

            Text.
            """
        let files = [
            "content/_index.md": "---\ntitle: Home\n---\nWelcome.\n",
            "content/tools/_index.md": "---\ntitle: Tools\nicon: car\nsummary: Things to hold.\n---\nAll the tools.\n",
            "content/tools/hammer/index.md": hammer,
            "content/tools/hammer/pic.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>"#,
            "content/tools/hammer/claw.md": "---\ntitle: Claw\n---\nPulls nails.\n",
            "content/tools/saw.md": "---\ntitle: Saw\ntags: [wood]\n---\nCuts.\n",
            "content/tools/drill.md": "---\ntitle: Drill\nimage: drill.png\n---\nTurns.\n",
            "content/tools/file.md": "---\ntitle: File\n---\nSmooths.\n",
            // A category with a picture: its sidebar tile shows it.
            "content/empty/_index.md": "---\ntitle: Empty\n---\n![Shelf](../tools/drill.png)\n",
            // Sub-categories, one with an item in a list shown whole (its row carries its tags).
            "content/tools/kits/_index.md": "---\ntitle: Kits\n---\n",
            "content/tools/kits/box.md": "---\ntitle: Box\ntags: [metal]\n---\nHolds.\n",
            "content/tools/sets/_index.md": "---\ntitle: Sets\n---\n",
            // An item at the top: the home has a list of its own, and after it the tag index.
            "content/notes.md": "---\ntitle: Notes\n---\nAt the top.\n",
            "content/tools/saw.de.md": "---\ntitle: Säge\naliases: [/alte-saege/]\n---\nSägt.\n",
        ]
        // On disk: the image's size is read from the file.
        let project = try TemporaryProject(files)
        defer { project.remove() }
        // A picture published at several sizes: the item's image has a `srcset`.
        try project.write("content/tools/drill.png", bytes: ImageFiles.png(width: 900, height: 600))
        var (input, _) = ProjectReader.read(project.options)
        input.config = config
        return try await Pipeline.prepareSite(input).map(\.renderer)
    }

    /// The names each template was handed that it does not declare, and those it declares but
    /// was never handed; empty when the renderer keeps the contract.
    static func differences(_ handed: [String: [TemplateObject]]) -> [String] {
        var problems: [String] = []
        for template in TemplateContract.templates where handed[template.name] != nil {
            let declared = paths(template.values)
            let given = handed[template.name, default: []].reduce(into: Set<String>()) {
                $0.formUnion(paths($1, declared: template.values))
            }
            problems += given.subtracting(declared).sorted().map { "\(template.name): handed but not declared: \($0)" }
            problems += declared.subtracting(given).sorted().map { "\(template.name): declared but never handed: \($0)" }
        }
        return problems
    }

    @Test func theRendererHandsEachTemplateExactlyItsDeclaredValues() async throws {
        var handed = Self.handedOver(try await ExampleCatalogTests.prepared().renderer)
        for renderer in try await Self.everyValueSite() {
            for (template, objects) in Self.handedOver(renderer) { handed[template, default: []] += objects }
        }
        // Partials are not handed anything of their own: they see their includers' values.
        #expect(Set(handed.keys) == ["layout", "sidebar", "content", "list-entry", "detail", "404", "redirect"])
        #expect(Self.differences(handed) == [])
    }

    @Test func aStrayNameIsFound() async throws {
        var handed = Self.handedOver(try await ExampleCatalogTests.prepared().renderer)
        for renderer in try await Self.everyValueSite() {
            for (template, objects) in Self.handedOver(renderer) { handed[template, default: []] += objects }
        }
        #expect(Self.differences(handed) == [])
        handed["list-entry"]![0]["stray"] = .text("x")
        handed["detail"]![0]["item"] = .text("not an object")
        #expect(Self.differences(handed) == [
            "list-entry: handed but not declared: stray: text",
            "detail: handed but not declared: item: text",
        ])
    }

    /// The probe reads names, kinds and members from the types.
    @Test func theContractIsReadFromTheViewTypes() throws {
        let layout = try #require(TemplateContract.template("layout")).values
        #expect(layout.map(\.name) == ["site", "page", "layout", "breadcrumbs", "back", "contentLabel", "sidebar", "content", "detail",
                                       "languages", "alternates", "languageName"])
        #expect(layout.map(\.kind) == [.object, .object, .object, .list, .object, .text, .html, .html, .html, .html, .html, .text])
        #expect(layout[3].members.map(\.name) == ["title", "url", "current"])
        let node = try #require(TemplateContract.template("sidebar-node")).values
        // The icon's values among the node's own; `children` are nodes again, not read twice.
        #expect(node.map(\.name) == ["tile", "iconURL", "iconName", "iconText", "color", "thumbnail", "thumbnail2x", "thumbnailSizes", "title", "url", "current", "selected", "inPath",
                                     "open", "hasChildren", "children", "moreChildren", "childCount"])
        #expect(node.first { $0.name == "children" } == Value(name: "children", kind: .list))
        let categories = try #require(TemplateContract.template("sidebar")?.values.first { $0.name == "categories" })
        #expect(categories.members == node)
        #expect(try #require(TemplateContract.template("breadcrumbs")).values.map(\.name) == ["breadcrumbs"])
        let item = try #require(TemplateContract.template("detail")?.values.first?.members)
        #expect(item.first { $0.name == "tags" } == Value(name: "tags", kind: .list))
        #expect(item.first { $0.name == "params" } == Value(name: "params", kind: .object))
    }
}
