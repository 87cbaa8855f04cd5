/// One step on the stack: a category (a folder) or an item (a page, possibly with sub-items).
public enum Destination: Hashable, Sendable, CustomStringConvertible {
    case category(String)
    case item(String)

    public var slug: String {
        switch self {
        case .category(let slug), .item(let slug): slug
        }
    }

    public var isCategory: Bool {
        if case .category = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .category(let slug): "category(\(slug))"
        case .item(let slug): "item(\(slug))"
        }
    }
}
