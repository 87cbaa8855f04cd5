import CCmark
import Foundation

/// Images and code blocks as pages need them, in place of libcmark's own HTML: custom nodes
/// whose text is written here.
///
/// - An image loads lazily and decodes off the main thread (`loading="lazy"`,
///   `decoding="async"`); the resolve stage adds its `width` and `height` when its token names
///   a co-located image of known size, so the page keeps its place before it loads.
/// - A code block is focusable (`tabindex="0"`): it scrolls sideways inside its column, and a
///   region that scrolls must be reachable from the keyboard. Its `language-…` class is the
///   info string's first word, as libcmark writes it.
enum MediaRendering {
    static let imageLoading = #" loading="lazy" decoding="async""#

    /// Runs after the link walk, so an image's URL is already a token (or emptied when unsafe).
    static func apply(to document: OpaquePointer, unsafe: Bool) {
        var images: [OpaquePointer] = []
        var codeBlocks: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_IMAGE where !isInsideImage(node): images.append(node)
            case CMARK_NODE_CODE_BLOCK: codeBlocks.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)
        for image in images { replace(image, with: CMARK_NODE_CUSTOM_INLINE, html: imageHTML(image, unsafe: unsafe)) }
        for block in codeBlocks { replace(block, with: CMARK_NODE_CUSTOM_BLOCK, html: codeBlock(block)) }
    }

    /// An image inside another's description is part of that one's `alt` text, as in libcmark.
    static func isInsideImage(_ node: OpaquePointer) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            if cmark_node_get_type(current) == CMARK_NODE_IMAGE { return true }
            parent = cmark_node_parent(current)
        }
        return false
    }

    /// `<img src="…" alt="…" title="…" loading="lazy" decoding="async" />`. The `src` and
    /// `title` are libcmark's own rendering of the image without its description, so its URL
    /// escaping and its safe mode's dropping of dangerous URLs stay as they were.
    static func imageHTML(_ image: OpaquePointer, unsafe: Bool) -> String {
        let alt = HTMLEscaping.escape(MarkdownText.altText(of: image))
        while let child = cmark_node_first_child(image) {
            cmark_node_unlink(child)
            cmark_node_free(child)
        }
        var options = CMARK_OPT_DEFAULT
        if unsafe { options |= CMARK_OPT_UNSAFE }
        guard let rendered = cmark_render_html(image, options) else { return "" }
        defer { free(rendered) }
        var html = String(cString: rendered)
        // `<img src="URL" alt="" title="TITLE" />`: the URL is percent-encoded, so the first
        // `" alt="` is the attribute's.
        guard let altRange = html.range(of: "\" alt=\""), html.hasSuffix(#"" />"#) else { return html }
        html.removeLast(3)
        html.insert(contentsOf: alt, at: altRange.upperBound)
        return html + imageLoading + " />"
    }

    /// `<pre tabindex="0"><code class="language-WORD">…</code></pre>`, straight from libcmark's strings.
    private static func codeBlock(_ block: OpaquePointer) -> NodeHTML {
        func bytes(_ text: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
            guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        }
        let literal = bytes(cmark_node_get_literal(block)), info = bytes(cmark_node_get_fence_info(block))
        // libcmark's first word: up to the first ASCII space, tab, line feed, vertical tab,
        // form feed or carriage return.
        let language = UnsafeBufferPointer(rebasing: info.prefix { ![0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains($0) })
        var html = NodeHTML(capacity: 64 + language.count * 2 + literal.count + literal.count / 8)
        html.raw(#"<pre tabindex="0"><code"#)
        if !language.isEmpty {
            html.raw(#" class="language-"#)
            html.escaped(language)
            html.raw(#"""#)
        }
        html.raw(">")
        html.escaped(literal)
        html.raw("</code></pre>")
        return html
    }

    private static func replace(_ node: OpaquePointer, with type: cmark_node_type, html: String) {
        replace(node, with: type) { cmark_node_set_on_enter($0, html) }
    }

    private static func replace(_ node: OpaquePointer, with type: cmark_node_type, html: NodeHTML) {
        replace(node, with: type) { html.setOnEnter(of: $0) }
    }

    /// `node` replaced by a custom node of `type`, whose opening text `setText` sets.
    private static func replace(_ node: OpaquePointer, with type: cmark_node_type, setText: (OpaquePointer) -> Void) {
        guard let custom = cmark_node_new(type) else { return }
        setText(custom)
        cmark_node_set_on_exit(custom, "")
        guard cmark_node_insert_before(node, custom) == 1 else {
            cmark_node_free(custom)
            return
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
