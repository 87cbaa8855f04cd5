/// What a relative link in the content folder can point at: a page (by its Markdown file
/// or folder) or a co-located file.
struct LinkTargets: Equatable, Sendable {
    enum Target {
        case page(StackPath, fragment: String)
        case asset(output: String, fragment: String)
    }

    enum Problem: Error {
        case leavesContent
        case missing(String)
        case draft(String)

        /// `root`: how the content folder is named in messages.
        func message(_ link: MarkdownLink, root: String) -> String {
            switch self {
            case .leavesContent:
                "link '\(link.destination)' leaves the content folder"
            case .missing(let path):
                link.isImage
                    ? "missing image '\(link.destination)': there is no file \(root)/\(path)"
                    : "broken link '\(link.destination)': there is no page or file \(root)/\(path)"
            case .draft(let path):
                "broken link '\(link.destination)': \(root)/\(path) is a draft, which this build leaves out (--drafts includes drafts)"
            }
        }
    }

    private var pages: [String: StackPath] = [:]
    private var assets: [String: String] = [:]
    private var drafts: Set<String> = []

    init(_ catalog: Catalog) {
        pages.reserveCapacity(catalog.pages.count)
        // By index: copying each whole page would cost more than the rest of the loop.
        for index in catalog.pages.indices {
            let source = catalog.pages[index].source
            let path = catalog.pages[index].path
            let directory = catalog.pages[index].sourceDirectory
            if let source { pages[source] = path }
            let isItem = catalog.pages[index].kind == .item
            if !isItem || source?.hasSuffix("/index.md") == true {
                pages[directory] = path
            }
            if !isItem {
                // A link to a category's `_index.md` works whether or not the file exists.
                pages[directory.isEmpty ? "_index.md" : directory + "/_index.md"] = path
            }
        }
        for asset in catalog.assets { assets[asset.source] = asset.output }
        drafts = catalog.drafts
    }

    func resolve(_ destination: String, from directory: String) -> Result<Target, Problem> {
        var path = Substring(destination)
        var fragment = ""
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            fragment = String(path[mark...])
            path = path[..<mark]
        }
        let decoded = URLEncoding.decodePathSegment(String(path)) ?? String(path)
        guard let target = Self.join(directory, decoded) else { return .failure(.leavesContent) }
        if let page = pages[target] { return .success(.page(page, fragment: fragment)) }
        if let output = assets[target] { return .success(.asset(output: output, fragment: fragment)) }
        if drafts.contains(target) { return .failure(.draft(target)) }
        return .failure(.missing(target.isEmpty ? "_index.md" : target))
    }

    /// `directory` + `relative`, with `.` and `..` worked out; `nil` when it climbs above the root.
    static func join(_ directory: String, _ relative: String) -> String? {
        var parts = directory.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
