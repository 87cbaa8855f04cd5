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

    var view: OutlineView {
        func link(_ heading: MarkdownHeading) -> OutlineLinkView {
            OutlineLinkView(text: heading.text, url: "#" + heading.id)
        }
        // Objects around the lists, so that the template writes each `<ol>` once, and only when it has entries.
        return OutlineView(entries: entries.map { entry in
            OutlineEntryView(text: entry.heading.text, url: "#" + entry.heading.id,
                             sub: entry.children.isEmpty ? nil : OutlineSubView(entries: entry.children.map(link)))
        })
    }
}
