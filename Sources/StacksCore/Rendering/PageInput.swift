/// Everything one page of the site is made from: the values its templates are given (the
/// layout's, the content column's and the detail column's), the folder its relative links
/// start from, and the templates themselves, by digest.
///
/// A page is a pure function of this value (`SiteRenderer.render(_:stamps:)`), so two pages
/// with the same `digest` are the same bytes: a build keeps a page whose digest is the one it
/// recorded, and the preview keeps the pages it rendered. Nothing needs to know *why* a page
/// changed — a new template value is in the views, so in the digest, without a rule to add.
public struct PageInput {
    /// The values of `LayoutView`, with the content and detail columns left empty: they are
    /// rendered from `content` (`ContentView`'s) and `detail` (`DetailView`'s). Kept as the
    /// objects the templates read, made once for both the digest and the page.
    var layout: TemplateObject
    var content: TemplateObject
    var detail: TemplateObject
    /// The page's folder, which its relative links start from (`RootMarker.resolve`).
    var folder: String
    var templates: Digest
    /// The catalog page's body as its detail column shows it, when it has one: read once for
    /// the page and for the search's text of it. Not part of the digest (`detail` holds it).
    var body: String? = nil

    public var digest: Digest {
        var hasher = Digest.Hasher()
        hasher.add(templates)
        hasher.add(folder)
        hasher.add(layout)
        hasher.add(content)
        hasher.add(detail)
        return hasher.finish()
    }
}

extension Digest.Hasher {
    /// A template object, names and values in their order, each framed with its kind.
    mutating func add(_ object: TemplateObject) {
        add(object.entries.count)
        for (name, value) in object.entries {
            add(name)
            add(value)
        }
    }

    mutating func add(_ value: TemplateValue) {
        switch value {
        case .text(let text):
            add(1)
            add(text)
        case .number(let number):
            add(2)
            add(number)
        case .flag(let flag):
            add(flag ? 3 : 4)
        case .list(let values):
            add(5)
            add(values.count)
            for element in values { add(element) }
        case .object(let object):
            add(6)
            add(object)
        }
    }
}
