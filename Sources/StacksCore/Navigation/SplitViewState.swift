/// A stack path projected onto a NavigationSplitView whose detail column holds a NavigationStack.
///
/// Projecting a path and flattening it back gives the same path: this is the rebuild that
/// happens when a split view collapses into a single stack on a narrow screen and expands again.
public struct SplitViewState: Hashable, Sendable {
    /// The leading category destinations: the sidebar's selection chain.
    public var sidebar: [String]
    /// The first item after the categories: the content column's selection.
    public var content: String?
    /// The items after that: the detail column's own stack.
    public var detail: [String]

    public init(sidebar: [String] = [], content: String? = nil, detail: [String] = []) {
        precondition(content != nil || detail.isEmpty, "a detail stack needs a content selection")
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
    }

    public init(_ path: StackPath) {
        var sidebar: [String] = []
        var items: [String] = []
        for destination in path.destinations {
            switch destination {
            case .category(let slug): sidebar.append(slug)
            case .item(let slug): items.append(slug)
            }
        }
        self.init(sidebar: sidebar, content: items.first, detail: Array(items.dropFirst()))
    }

    /// Back to one stack: categories, then the selected item, then the detail stack.
    public var path: StackPath {
        var destinations = sidebar.map(Destination.category)
        if let content { destinations.append(.item(content)) }
        destinations += detail.map(Destination.item)
        return StackPath(unchecked: destinations)
    }

    /// The detail column shows its own back button once its stack is deeper than one item.
    public var detailHasBackButton: Bool { !detail.isEmpty }

    /// Choosing a category in the sidebar clears the item selection, as in a split view.
    public mutating func selectCategory(_ chain: [String]) {
        sidebar = chain
        content = nil
        detail = []
    }
}
