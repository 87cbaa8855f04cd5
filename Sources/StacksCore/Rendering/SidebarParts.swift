import Foundation

/// The sidebar drawn node by node, so that `TemplateStamps` can draw it.
///
/// Every page's sidebar is the same tree with a different selection, and each selection is a
/// shape of its own: drawn whole, stamps cannot share a rendering between two sidebars, and
/// 50 categories cost 100 sidebars of 50 nodes through swift-mustache (a tenth of a
/// 10,000-page build, growing with the square of the number of categories). Drawn as the
/// theme's `sidebar` around separately rendered top-level nodes, what counts is the nodes'
/// shapes, and they are few.
///
/// This gives the theme's text exactly when its templates are shaped for it, which `init`
/// checks on their sources (a theme that is not drawn the plain way):
/// - `sidebar` shows the tree only as `{{#categories}}{{> sidebar-node}}{{/categories}}`, and
///   has no other tag naming `categories` and no other partial. So each top-level node is
///   seen only by `sidebar-node`, on the stack [sidebar context, node].
/// - `sidebar-node` and the partials it includes name none of the sidebar context's keys
///   (`rootKeys`) nor this type's. So a name a node does not have is found nowhere on either
///   stack below it, and the node renders the same on [`{oneKey: [node]}`, node] (the node
///   template) as on [sidebar context, node].
/// - Every template allows stamps (`TemplateStamps.allowsStamps`), which rules out indented
///   partials, delimiter changes and transforms.
/// Then `sidebar` with `{{{nodeKey}}}` in place of the partial, over nodes rendered by the
/// node template, is the theme's `sidebar` over the nodes.
struct SidebarParts: Sendable {
    /// What the sidebar context holds besides the nodes' own values: `sidebar`'s declared values.
    static let rootKeys = Set(TemplateContract.template("sidebar")?.values.map { Substring($0.name) } ?? [])
    static let sidebarName = "__stacks_sidebar"
    static let nodeName = "__stacks_sidebar_node"
    static let nodeKey = "__stacks_node"
    static let oneKey = "__stacks_one"

    /// The two templates to register, from the theme's template sources by name (without
    /// `.mustache`); nil when the theme is not shaped for them.
    static func templates(from sources: [String: String]) -> (sidebar: String, node: String)? {
        guard let sidebar = sources["sidebar"], sources["sidebar-node"] != nil,
              sources[sidebarName] == nil, sources[nodeName] == nil else { return nil }
        let call = "{{#categories}}{{> sidebar-node}}{{/categories}}"
        let drawn = "{{#categories}}{{{\(nodeKey)}}}{{/categories}}"
        guard sidebar.contains(call) else { return nil }
        let rest = sidebar.replacingOccurrences(of: call, with: "")
        guard !MustacheTag.scan(rest).contains(where: {
            $0.kind == .partial || $0.kind == .parent || $0.kind == .block || $0.rootName == "categories"
        }) else { return nil }

        // `sidebar-node` and every partial it reaches.
        var reached: Set<String> = ["sidebar-node"], pending = ["sidebar-node"]
        while let name = pending.popLast() {
            guard let source = sources[name] else { return nil }
            for tag in MustacheTag.scan(source) where tag.kind == .partial || tag.kind == .parent {
                guard !reached.contains(tag.name) else { continue }
                reached.insert(tag.name)
                pending.append(tag.name)
            }
        }
        let forbidden = rootKeys.union([Substring(nodeKey), Substring(oneKey)])
        for name in reached {
            guard !MustacheTag.scan(sources[name] ?? "").contains(where: { $0.kind != .comment && forbidden.contains($0.rootName) })
            else { return nil }
        }
        return (sidebar.replacingOccurrences(of: call, with: drawn), "{{#\(oneKey)}}{{> sidebar-node}}{{/\(oneKey)}}")
    }
}
