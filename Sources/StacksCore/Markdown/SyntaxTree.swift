import CCmark

/// Small walks over libcmark's tree shared by the GitHub Flavored Markdown passes.
enum SyntaxTree {
    /// Every node under `root` (itself included), in document order, collected before any
    /// change so that a pass may restructure the tree while visiting them.
    static func nodes(in root: OpaquePointer, where include: (OpaquePointer, cmark_node_type) -> Bool) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var nodes: [OpaquePointer] = []
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            if cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
               include(node, cmark_node_get_type(node)) {
                nodes.append(node)
            }
        }
        return nodes
    }

    /// Paragraphs and headings, and list items, found without visiting any inline node.
    static func leafBlocksAndItems(in document: OpaquePointer) -> (leaves: [OpaquePointer], items: [OpaquePointer]) {
        var leaves: [OpaquePointer] = [], items: [OpaquePointer] = []
        func visit(_ container: OpaquePointer) {
            var child = cmark_node_first_child(container)
            while let node = child {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING: leaves.append(node)
                case CMARK_NODE_ITEM: items.append(node); visit(node)
                case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_CUSTOM_BLOCK: visit(node)
                default: break
                }
                child = cmark_node_next(node)
            }
        }
        visit(document)
        return (leaves, items)
    }

    /// Calls `body` with each text node and its literal, in document order; `body` may not
    /// change the tree.
    static func forEachText(in root: OpaquePointer, _ body: (OpaquePointer, UnsafePointer<CChar>) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT,
               let literal = cmark_node_get_literal(node) {
                body(node, literal)
            }
            event = cmark_iter_next(iterator)
        }
    }

    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        return children
    }

    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    static func text(_ literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        cmark_node_set_literal(node, literal)
        return node
    }

    /// A custom node whose HTML is `enter` before its children and `exit` after them.
    static func custom(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer? {
        guard let node = cmark_node_new(type) else { return nil }
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// Whether `node` sits inside a link or an image, where no link may be made.
    static func isInsideLink(_ node: OpaquePointer) -> Bool {
        var ancestor = cmark_node_parent(node)
        while let current = ancestor {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return true }
            ancestor = cmark_node_parent(current)
        }
        return false
    }

    static func free(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
