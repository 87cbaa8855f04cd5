/// Puts resolved URLs in place of the `stacks-link:N` tokens the parser left in the HTML.
enum LinkTokens {
    /// `urls[N]` replaces token N. A single pass over the HTML, since pages can be large.
    static func substitute(in html: String, urls: [String]) -> String {
        guard !urls.isEmpty else { return html }
        let prefix = Array(MarkdownParser.tokenPrefix.utf8)
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + urls.count * 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == prefix[0], bytes.count - index > prefix.count,
               bytes[index..<(index + prefix.count)].elementsEqual(prefix) {
                var end = index + prefix.count
                var number = 0
                while end < bytes.count, let digit = digitValue(bytes[end]) {
                    number = number * 10 + digit
                    end += 1
                }
                if end > index + prefix.count, number < urls.count {
                    output.append(contentsOf: HTMLEscaping.escape(urls[number]).utf8)
                    index = end
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }
}
