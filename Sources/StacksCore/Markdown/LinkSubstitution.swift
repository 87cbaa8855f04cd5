/// What the resolve stage puts in place of a body's link tokens (`LinkTokens.substitute`): the
/// URL of each link by its number, the attributes after it, and the AVIF `<source>` of each
/// picture. A build keeps it beside the parsed HTML rather than the HTML it makes, so that a
/// body is read and made only when a page or a search text needs it (`PageBodies`): after an
/// edit, a handful of ten thousand.
struct LinkSubstitution: Sendable {
    var urls: [String]
    var attributes: [String]
    var pictures: [Int: String]

    func apply(to html: String) -> String {
        LinkTokens.substitute(in: html, urls: urls, attributes: attributes, pictures: pictures)
    }
}

extension LinkSubstitution {
    /// A substitution as a build keeps it until its body is read: its texts one after another
    /// in one array, each after its length (as two arrays, a dictionary and a string a link,
    /// 150 bytes a page were held to the end of a build). Attributes are kept up to the last
    /// one that is not empty: a link without one reads as empty either way.
    struct Packed: Sendable, Equatable {
        private let bytes: [UInt8]

        init(_ substitution: LinkSubstitution) {
            var bytes: [UInt8] = []
            func number(_ value: Int) {
                var value = UInt(value)
                while value >= 0x80 {
                    bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                    value >>= 7
                }
                bytes.append(UInt8(value))
            }
            func text(_ value: String) {
                var value = value
                value.withUTF8 { utf8 in
                    number(utf8.count)
                    bytes.append(contentsOf: utf8)
                }
            }
            number(substitution.urls.count)
            substitution.urls.forEach(text)
            let attributes = substitution.attributes.prefix(through: substitution.attributes.lastIndex { !$0.isEmpty } ?? -1)
            number(attributes.count)
            attributes.forEach(text)
            number(substitution.pictures.count)
            for (link, source) in substitution.pictures.sorted(by: { $0.key < $1.key }) {
                number(link)
                text(source)
            }
            self.bytes = bytes
        }

        /// A substitution packed before (`withBytes`).
        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            bytes.withUnsafeBufferPointer(body)
        }

        var unpacked: LinkSubstitution {
            bytes.withUnsafeBufferPointer(Self.unpack)
        }

        /// A substitution from its packed bytes (`Table` reads one in place).
        static func unpack(_ bytes: UnsafeBufferPointer<UInt8>) -> LinkSubstitution {
            var position = 0
            func number() -> Int {
                var value: UInt = 0, shift: UInt = 0
                while true {
                    let byte = bytes[position]
                    position += 1
                    value |= UInt(byte & 0x7F) << shift
                    if byte < 0x80 { return Int(value) }
                    shift += 7
                }
            }
            func text() -> String {
                let count = number()
                defer { position += count }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
            }
            let urls = (0..<number()).map { _ in text() }
            let attributes = (0..<number()).map { _ in text() }
            var pictures: [Int: String] = [:]
            for _ in 0..<number() {
                let link = number()
                pictures[link] = text()
            }
            return LinkSubstitution(urls: urls, attributes: attributes, pictures: pictures)
        }

        func apply(to html: String) -> String {
            unpacked.apply(to: html)
        }
    }
}
