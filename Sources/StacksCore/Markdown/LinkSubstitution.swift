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
