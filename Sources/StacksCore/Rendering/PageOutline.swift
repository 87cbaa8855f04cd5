/// The "On this page" list of a long item: its `##` headings, each with the `###` headings
/// under it, linking to their ids.
struct PageOutline {
    struct Entry {
        var heading: MarkdownHeading
        var children: [MarkdownHeading]
    }

    var entries: [Entry]

    /// `nil` when the page has fewer than `minimum` `##` headings, or `minimum` is 0 (off).
    init?(_ headings: [MarkdownHeading], minimum: Int) {
        guard minimum > 0, headings.lazy.filter({ $0.level == 2 }).count >= minimum else { return nil }
        var entries: [Entry] = []
        for heading in headings {
            if heading.level == 2 {
                entries.append(Entry(heading: heading, children: []))
            } else if heading.level == 3, !entries.isEmpty {
                // A `###` before the first `##` has no section to sit in, and is left out.
                entries[entries.count - 1].children.append(heading)
            }
        }
        self.entries = entries
    }

    var templateValue: TemplateValue {
        func link(_ heading: MarkdownHeading) -> TemplateObject {
            ["text": .text(heading.text), "url": .text("#" + heading.id)]
        }
        // Objects around the lists, so that the template writes each `<ol>` once, and only when it has entries.
        return .object(["entries": .list(entries.map { entry in
            var values = link(entry.heading)
            if !entry.children.isEmpty { values["sub"] = .object(["entries": .list(entry.children.map { .object(link($0)) })]) }
            return .object(values)
        })])
    }
}
