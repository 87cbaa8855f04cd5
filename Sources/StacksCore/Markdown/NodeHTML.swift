import CCmark

/// The HTML a custom node of libcmark's tree prints (`cmark_node_set_on_enter`), written as
/// bytes into one buffer and handed over as the C string libcmark copies. Made with string
/// interpolation and concatenation, every page's heading tags and code blocks cost about
/// 10,000 instructions each: a dozen appends of a few hundred instructions, and a copy into a
/// C string at the end.
struct NodeHTML {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity + 1)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A number from 0 to 9 (a heading's level).
    mutating func digit(_ value: Int) {
        precondition((0...9).contains(value), "a digit")
        bytes.append(UInt8(ascii: "0") + UInt8(value))
    }

    /// `HTMLEscaping.escape(_:)` of `text`, its runs without an escape copied whole.
    mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { escaped($0) }
    }

    mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in utf8.indices where HTMLEscaping.needsEscape(utf8[index]) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            raw(HTMLEscaping.entity(utf8[index]))
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// Sets the node's opening text to these bytes (libcmark keeps its own copy).
    consuming func setOnEnter(of node: OpaquePointer) {
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_on_enter(node, $0.baseAddress) }
        }
    }
}
