import CCmark
import Foundation

/// GitHub Flavored Markdown strikethrough ("Strikethrough (extension)"): text between a pair
/// of `~` or `~~` runs of the same length becomes `<del>`, with cmark-gfm's rules: a run that
/// is left-flanking may open, a right-flanking one may close, three or more never count, and
/// pairs form among the inlines of one container (never across a code span's edge).
enum GFMStrikethrough {
    /// `containers`: the inline containers holding text with a `~`, each once.
    static func apply(to containers: [OpaquePointer]) {
        var seen = Set<UnsafeMutableRawPointer>()
        for container in containers where seen.insert(UnsafeMutableRawPointer(container)).inserted {
            strike(in: container)
        }
    }

    private struct Run {
        var child: Int
        var start: Int
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    private static let tilde: Unicode.Scalar = "~"

    private static func strike(in container: OpaquePointer) {
        let children = SyntaxTree.children(of: container)
        var scalarsOf: [Int: [Unicode.Scalar]] = [:]
        for (index, child) in children.enumerated() where cmark_node_get_type(child) == CMARK_NODE_TEXT {
            scalarsOf[index] = Array(SyntaxTree.literal(of: child).unicodeScalars)
        }
        let edge: Unicode.Scalar = switch cmark_node_get_type(container) {
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE: "*"
        default: " "
        }
        // The character written next to a node, as far as flanking cares.
        func neighbour(_ index: Int, last: Bool) -> Unicode.Scalar {
            guard index >= 0, index < children.count else { return edge }
            if let scalars = scalarsOf[index] { return (last ? scalars.last : scalars.first) ?? edge }
            let type = cmark_node_get_type(children[index])
            return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ? "\n" : "*"
        }

        var runs: [Run] = []
        for index in children.indices {
            guard let scalars = scalarsOf[index] else { continue }
            var position = 0
            while position < scalars.count {
                guard scalars[position] == tilde else { position += 1; continue }
                var end = position
                while end < scalars.count, scalars[end] == tilde { end += 1 }
                let length = end - position
                if length <= 2 {
                    let before = position > 0 ? scalars[position - 1] : neighbour(index - 1, last: true)
                    let after = end < scalars.count ? scalars[end] : neighbour(index + 1, last: false)
                    let left = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before))
                    let right = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after))
                    if left || right { runs.append(Run(child: index, start: position, length: length, canOpen: left, canClose: right)) }
                }
                position = end
            }
        }
        guard runs.count >= 2 else { return }

        // As cmark-gfm: a closer meets the nearest opener; of another length, the closer is text.
        var openers: [Int] = []
        var pairs: [(Int, Int)] = []
        for (index, run) in runs.enumerated() {
            if run.canClose, let nearest = openers.last {
                if runs[nearest].length == run.length {
                    pairs.append((nearest, index))
                    openers.removeLast()
                }
                continue
            }
            if run.canOpen { openers.append(index) }
        }
        guard !pairs.isEmpty else { return }
        var marks: [Int: [(start: Int, length: Int, opens: Bool)]] = [:]
        for (opener, closer) in pairs {
            marks[runs[opener].child, default: []].append((runs[opener].start, runs[opener].length, true))
            marks[runs[closer].child, default: []].append((runs[closer].start, runs[closer].length, false))
        }

        var stack = [container]
        for (index, child) in children.enumerated() {
            guard let childMarks = marks[index]?.sorted(by: { $0.start < $1.start }), let scalars = scalarsOf[index] else {
                cmark_node_unlink(child)
                cmark_node_append_child(stack[stack.count - 1], child)
                continue
            }
            var position = 0
            func appendText(upTo end: Int) {
                guard end > position, let node = SyntaxTree.text(String(String.UnicodeScalarView(scalars[position..<end]))) else { return }
                cmark_node_append_child(stack[stack.count - 1], node)
            }
            for mark in childMarks {
                appendText(upTo: mark.start)
                position = mark.start + mark.length
                if mark.opens {
                    guard let strike = SyntaxTree.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<del>", exit: "</del>") else { continue }
                    cmark_node_append_child(stack[stack.count - 1], strike)
                    stack.append(strike)
                } else if stack.count > 1 {
                    stack.removeLast()
                }
            }
            appendText(upTo: scalars.count)
            SyntaxTree.free(child)
        }
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
            || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}
