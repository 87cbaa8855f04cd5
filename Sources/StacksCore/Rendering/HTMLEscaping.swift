import Mustache

/// The one HTML escaper: every value a page shows goes through it, in templates (registered as
/// Mustache's `HTML` content type), in stamps, in link targets, in the preview's overlay.
///
/// It works on UTF-8 bytes, not on `Character`s: a quote followed by a combining mark
/// (`"` U+0301) is one `Character` that is not equal to `"`, so an escaper comparing
/// `Character`s lets the quote through and a value can end its attribute. The five bytes
/// escaped here never occur inside a multi-byte sequence, so a byte-wise pass is exact.
public enum HTMLEscaping {
    /// Escapes text for element content and double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var copy = text
        let escaped: String? = copy.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
            var result = [UInt8]()
            result.reserveCapacity(bytes.count + 32)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                if needsEscape(byte) {
                    entity(byte).withUTF8Buffer { result.append(contentsOf: $0) }
                } else {
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// `escape(_:)` of UTF-8 `bytes`, written into `output` from `start` (room for six bytes
    /// each); where it ends.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var end = start
        func put(_ text: StaticString) {
            text.withUTF8Buffer { (output.baseAddress! + end).update(from: $0.baseAddress!, count: $0.count) }
            end += text.utf8CodeUnitCount
        }
        for byte in bytes {
            guard needsEscape(byte) else {
                output[end] = byte
                end += 1
                continue
            }
            // Each entity a constant of its own: through `entity(_:)` the copies were not made
            // inline, and this escapes every value of every page (36 -> 47 M instructions at
            // 2,000 items).
            switch byte {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            default: put("&#39;")
            }
        }
        return end
    }

    static func needsEscape(_ byte: UInt8) -> Bool {
        byte <= 0x3E && (byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27)
    }

    /// What a byte that `needsEscape` is written as.
    static func entity(_ byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
    }

    /// The escaper as swift-mustache's content type. `TemplateSet` registers it as `HTML` and
    /// opens every template with `{{% CONTENT_TYPE: HTML}}`: the library's built-in HTML type
    /// compares `Character`s, and a partial starts again with the built-in type.
    struct ContentType: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }
    }

    static let contentTypeName = "HTML"

    /// Registers the content type once per process, before the first template is parsed.
    static let registered: Void = MustacheContentTypes.register(ContentType(), named: contentTypeName)

    /// The line put before every template's text (a standalone tag: it renders nothing, and
    /// diagnostics subtract its line).
    static let pragma = "{{% CONTENT_TYPE: \(contentTypeName)}}\n"
}
