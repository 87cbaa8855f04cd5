/// One Hugo shortcode as written: `{{< name "positional" key="named" >}}`, `{{% name %}}`, a
/// closing `{{< /name >}}`, or a self-closing `{{< name />}}`. Values are quoted with `"` (with
/// `\"` inside), with backticks (raw), or bare.
struct ShortcodeCall: Equatable {
    var name: String
    var isClosing: Bool
    var positional: [String] = []
    var named: [String: String] = [:]
    /// Where the call ends in the text it was read from: just past its `>}}` or `%}}`.
    var end: Substring.Index

    /// The value of `key`, else the positional value at `position`.
    func value(_ key: String, or position: Int? = nil) -> String? {
        if let value = named[key] { return value }
        guard let position, position < positional.count else { return nil }
        return positional[position]
    }

    /// The call `text` starts with (`{{<` or `{{%`), or nil when it is not one (an escaped
    /// `{{</* … */>}}` is not a call). A call is at most 1,000 characters long and holds no
    /// other `{{`: the search for its end is bounded.
    static func read(_ text: Substring) -> ShortcodeCall? {
        guard text.hasPrefix("{{<") || text.hasPrefix("{{%") else { return nil }
        let closer = text.hasPrefix("{{<") ? ">}}" : "%}}"
        var index = text.index(text.startIndex, offsetBy: 3)
        let limit = text.index(index, offsetBy: 1000, limitedBy: text.endIndex) ?? text.endIndex
        func skipSpace() { while index < limit, text[index].isWhitespace { index = text.index(after: index) } }
        skipSpace()
        guard index < limit, text[index] != "*" else { return nil }
        var isClosing = false
        if text[index] == "/" {
            isClosing = true
            index = text.index(after: index)
            skipSpace()
        }
        let nameStart = index
        while index < limit, text[index].isLetter || text[index].isNumber || "_-/.".contains(text[index]) {
            // A `/` that starts `/>}}` closes a self-closing call.
            if text[index] == "/", text[index...].hasPrefix("/" + closer) { break }
            index = text.index(after: index)
        }
        guard index > nameStart else { return nil }
        var call = ShortcodeCall(name: String(text[nameStart..<index]), isClosing: isClosing, end: index)
        while true {
            skipSpace()
            guard index < limit else { return nil }
            if text[index...].hasPrefix(closer) {
                call.end = text.index(index, offsetBy: 3)
                return call
            }
            if text[index...].hasPrefix("/" + closer) {
                call.end = text.index(index, offsetBy: 4)
                return call
            }
            // Another call starting inside this one: this one is not a call (and the scan stays linear).
            if text[index...].hasPrefix("{{") { return nil }
            guard let (first, afterFirst) = value(in: text, at: index, limit: limit) else { return nil }
            index = afterFirst
            if index < limit, text[index] == "=", let (second, afterSecond) = value(in: text, at: text.index(after: index), limit: limit) {
                call.named[first] = second
                index = afterSecond
            } else {
                call.positional.append(first)
            }
        }
    }

    /// A quoted, raw or bare value at `index`, and where it ends.
    private static func value(in text: Substring, at start: Substring.Index, limit: Substring.Index) -> (String, Substring.Index)? {
        guard start < limit else { return nil }
        var index = start
        let quote = text[index]
        if quote == "\"" || quote == "`" {
            var value = ""
            index = text.index(after: index)
            while index < limit, text[index] != quote {
                if quote == "\"", text[index] == "\\", text.index(after: index) < limit {
                    index = text.index(after: index)
                }
                value.append(text[index])
                index = text.index(after: index)
            }
            guard index < limit else { return nil }
            return (value, text.index(after: index))
        }
        while index < limit, !text[index].isWhitespace, text[index] != "=",
              !text[index...].hasPrefix(">}}"), !text[index...].hasPrefix("%}}"), !text[index...].hasPrefix("/>}}") {
            index = text.index(after: index)
        }
        guard index > start else { return nil }
        return (String(text[start..<index]), index)
    }
}
