/// What a link in the content folder can point at: a page (by its Markdown file, its folder or
/// its URL) or a co-located file (by its source path or its published path).
///
/// Links are read the way people write them: relative to the Markdown file (`../rain.md`),
/// from the server's root (`/weather/rain/`, `/weather/rain.md`), or from the content folder
/// as Zola writes them (`@/weather/rain.md`). Every way ends inside the content tree.
struct LinkTargets: Sendable {
    enum Target {
        case page(StackPath, fragment: String)
        case asset(output: String, fragment: String)
    }

    enum Problem: Error {
        case leavesContent
        case missing(String)
        case draft(String)
        case skipped(String, reason: String)

        /// `root`: how the content folder is named in messages.
        func message(_ link: MarkdownLink, root: String) -> String {
            switch self {
            case .leavesContent:
                "link '\(link.destination)' leaves the content folder \(root); only what is inside it is published"
                    + " (--content \(Self.parent(of: root)) would take in the folder above)"
            case .missing(let path):
                link.isImage
                    ? "\(BrokenLinks.missingImage) '\(link.destination)': there is no file \(root)/\(path)"
                    : "\(BrokenLinks.brokenLink) '\(link.destination)': there is no page or file \(root)/\(path)"
            case .draft(let path):
                "\(BrokenLinks.brokenLink) '\(link.destination)': \(root)/\(path) is a draft, which this build leaves out (--drafts includes drafts)"
            case .skipped(let path, let reason):
                "\(link.isImage ? BrokenLinks.missingImage : BrokenLinks.brokenLink) '\(link.destination)': \(root)/\(path) exists but is skipped: \(reason)"
            }
        }

        /// Whether the problem is a link or image that leads nowhere, which `links.broken` may
        /// make a warning; leaving the content folder stays an error.
        var isBroken: Bool {
            if case .leavesContent = self { false } else { true }
        }

        /// A file left out of this build: a root-absolute link to it is broken, not foreign.
        var isLeftOut: Bool {
            switch self {
            case .draft, .skipped: true
            default: false
            }
        }

        /// The folder one level above `folder`, as a `--content` value.
        static func parent(of folder: String) -> String {
            var trimmed = Substring(folder)
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            if trimmed == "." || trimmed.isEmpty { return ".." }
            if trimmed.hasSuffix("/..") || trimmed == ".." { return trimmed + "/.." }
            guard let slash = trimmed.lastIndex(of: "/") else { return "." }
            return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        }
    }

    /// The catalog's pages, which the tables below name by index (only written ones): each
    /// one's stack path, headings and file read from the page. Held in the tables' slots, a
    /// path, a copy of the heading ids and the file each, they were the largest part of the
    /// resolve's memory (at a million pages, tables of two million slots of 40 and 64 bytes and
    /// an array a page); copied into arrays of their own, 48 MB more.
    private var catalogPages = PageList([])
    private var pagePaths: LazyMapCollection<PageList, StackPath> { catalogPages.lazy.map(\.path) }
    /// Pages by Markdown file, and by folder for categories and `index.md` bundles.
    private var pages: [String: Int32] = [:]
    /// Pages by their output folder (`weather/rain`), as a URL names them.
    private var pageURLs = PageURLTable([])
    private var assets: [String: String] = [:]
    /// Co-located files by where they are published, to their published path.
    private var assetOutputs: Set<String> = []
    private var leftOut: [String: LeftOut] = [:]
    /// A page as its URL names it, with its heading ids and its file for `#fragment` checks:
    /// what `changedNames(since:)` compares, so that `stacks serve` checks links again when a
    /// page's headings change.
    private struct URLEntry: Equatable {
        var path: StackPath
        var headings: [MarkdownHeading]
        /// Relative to the content folder: the Markdown file, or a category's folder.
        var file: String

        /// The same path and file, and the same ids in any order.
        static func == (lhs: URLEntry, rhs: URLEntry) -> Bool {
            guard lhs.path == rhs.path, lhs.file == rhs.file else { return false }
            let (one, other) = (lhs.headings.map(\.id), rhs.headings.map(\.id))
            return one == other || Set(one) == Set(other)
        }
    }

    private func entry(_ number: Int32) -> URLEntry {
        URLEntry(path: catalogPages[Int(number)].path, headings: catalogPages[Int(number)].headings, file: file(ofPage: Int(number)))
    }

    /// Page `index`'s Markdown file, or its folder when it has none.
    private func file(ofPage index: Int) -> String {
        catalogPages[index].source ?? catalogPages[index].sourceDirectory
    }

    /// Images' sizes by where they are published: part of what a link resolves to, since the
    /// `<img>` it ends in carries the size.
    private var imageSizes: [String: ImageSize] = [:]
    /// The pictures shown as they are (`Asset.isPlainPicture`), by where they are published.
    private var plainPictures: Set<String> = []

    init(_ catalog: Catalog) {
        // Room for every page at once: grown step by step, the tables were rehashed a dozen times.
        // (A page by its file, a category and a bundle by its folder too, and a category by its
        // `_index.md`: twice the pages was room for twice as many, in tables twice the size.)
        let folders = catalog.pages.indices.reduce(0) { $0 + (catalog.pages[$1].kind == .item && catalog.pages[$1].children.isEmpty ? 0 : 2) }
        pages.reserveCapacity(catalog.pages.count + folders)
        catalogPages = catalog.pages
        // By index: copying each whole page would cost more than the rest of the loop.
        // A fallback row (`Fallback`) is no page of this language to link to.
        let written = catalog.pages.indices.filter { catalog.pages[$0].isWritten }
        for index in written {
            let number = Int32(index)
            let source = catalog.pages[index].source
            let directory = catalog.pages[index].sourceDirectory
            if let source { pages[source] = number }
            let isItem = catalog.pages[index].kind == .item
            if !isItem || source?.hasSuffix("/index.md") == true {
                pages[directory] = number
            }
            if !isItem {
                // A link to a category's `_index.md` works whether or not the file exists.
                pages[directory.isEmpty ? "_index.md" : directory + "/_index.md"] = number
            }
        }
        pageURLs = PageURLTable(pagePaths, including: written)
        for asset in catalog.assets {
            assets[asset.source] = asset.output
            assetOutputs.insert(asset.output)
            if let size = asset.imageSize { imageSizes[asset.output] = size }
            if asset.isPlainPicture { plainPictures.insert(asset.output) }
        }
        leftOut = catalog.leftOut
    }

    /// The target of `destination`, written in a file of `directory`. A relative link is also
    /// tried against the URL of the page it is on, `pageURL` (`weather/rain`), as a browser
    /// would read it; a link from the root (`/x`) or from the content folder (`@/x`) is read
    /// from the top of the tree.
    func resolve(_ destination: String, from directory: String, pageURL: String? = nil) -> Result<Target, Problem> {
        var names: [String] = []
        return resolve(destination, from: directory, pageURL: pageURL, lookingUp: &names)
    }

    /// `resolve(_:from:pageURL:)`, adding to `names` every name it looked up: the answer can only
    /// differ in other targets where one of them does (`changedNames(since:)`).
    func resolve(_ destination: String, from directory: String, pageURL: String?, lookingUp names: inout [String]) -> Result<Target, Problem> {
        var directory = directory
        var pageURL = pageURL
        let (fromTop, path, fragment) = Self.parts(of: destination)
        if fromTop {
            directory = ""
            pageURL = nil
        }
        // Decoded before `..` is worked out, so `%2e%2e` climbs no further than a typed `..`.
        let decoded = URLEncoding.decodePathSegment(path) ?? path
        guard let target = Self.join(directory, decoded) else { return .failure(.leavesContent) }
        names.append(target)
        if let found = lookUp(target, fragment: fragment, names: &names) { return .success(found) }
        if let pageURL, let fromURL = Self.join(pageURL, decoded) {
            names.append(fromURL)
            if let found = lookUpURL(fromURL, fragment: fragment, names: &names) { return .success(found) }
        }
        // The file, or the folder it is in (a draft bundle, a skipped one), as the reason.
        var leftOutPath = Substring(target)
        while !leftOutPath.isEmpty {
            // Named even when nothing is left out: whether one of them is decides the message.
            names.append(String(leftOutPath))
            switch leftOut[String(leftOutPath)] {
            case .draft: return .failure(.draft(String(leftOutPath)))
            case .skipped(let reason): return .failure(.skipped(String(leftOutPath), reason: reason))
            case nil: leftOutPath = leftOutPath[..<(leftOutPath.lastIndex(of: "/") ?? leftOutPath.startIndex)]
            }
        }
        return .failure(.missing(target.isEmpty ? "_index.md" : target))
    }

    /// A destination's parts: whether it is read from the top (`/x`, `@/x`), its path, and its
    /// fragment or query with the mark (`#x`, `?q`), or "".
    static func parts(of destination: String) -> (fromTop: Bool, path: String, fragment: String) {
        let utf8 = destination.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return partsByCharacters(of: destination) }
        // ASCII: each byte a character, so the bytes are looked at (by characters, a link's
        // took 4,000 instructions).
        var start = utf8.startIndex
        let fromTop: Bool
        if utf8.first == UInt8(ascii: "/") {
            start = utf8.index(after: start)
            fromTop = true
        } else if utf8.starts(with: "@/".utf8) {
            start = utf8.index(start, offsetBy: 2)
            fromTop = true
        } else {
            fromTop = false
        }
        let mark = utf8[start...].firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex
        return (fromTop, String(destination[start..<mark]), String(destination[mark...]))
    }

    /// `parts(of:)` by characters: a `#` that a combining mark follows is no fragment's mark.
    static func partsByCharacters(of destination: String) -> (fromTop: Bool, path: String, fragment: String) {
        var path = Substring(destination)
        let fromTop = path.hasPrefix("@/") || path.hasPrefix("/")
        if fromTop { path = path.dropFirst(path.hasPrefix("@/") ? 2 : 1) }
        var fragment = ""
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            fragment = String(path[mark...])
            path = path[..<mark]
        }
        return (fromTop, String(path), fragment)
    }

    /// The names a lookup in `self` may answer differently from one in `earlier`: every name
    /// of a page, file, URL or draft that is in one and not the other or leads elsewhere, and
    /// the URL folder of every page whose headings or file changed (its entry by URL). A link whose lookups name
    /// none of them resolves the same in both.
    func changedNames(since earlier: LinkTargets) -> Set<String> {
        var changed: Set<String> = []
        func compare<Value: Equatable>(_ new: [String: Value], _ old: [String: Value]) {
            for (name, value) in new where old[name] != value { changed.insert(name) }
            for name in old.keys where new[name] == nil { changed.insert(name) }
        }
        // The pages' tables by what their entries stand for, each in its own catalog.
        func compare(_ new: [String: Int32], _ old: [String: Int32], _ same: (Int32, Int32) -> Bool) {
            for (name, value) in new where old[name].map({ same(value, $0) }) != true { changed.insert(name) }
            for name in old.keys where new[name] == nil { changed.insert(name) }
        }
        compare(pages, earlier.pages) { pagePaths[Int($0)] == earlier.pagePaths[Int($1)] }
        // By URL folder, spelled only for a name that changed.
        for number in pageURLs.numbers {
            let path = pagePaths[Int(number)]
            let old = earlier.pageURLs.number(ofFolderOf: path, in: earlier.pagePaths)
            if old.map({ entry(number) == earlier.entry($0) }) != true { changed.insert(path.outputDirectory) }
        }
        for number in earlier.pageURLs.numbers {
            let path = earlier.pagePaths[Int(number)]
            if pageURLs.number(ofFolderOf: path, in: pagePaths) == nil { changed.insert(path.outputDirectory) }
        }
        compare(assets, earlier.assets)
        compare(imageSizes, earlier.imageSizes)
        changed.formUnion(plainPictures.symmetricDifference(earlier.plainPictures))
        changed.formUnion(assetOutputs.symmetricDifference(earlier.assetOutputs))
        compare(leftOut, earlier.leftOut)
        return changed
    }

    /// Whether `fragment` (as `resolve` gives it: `#x`, `?q#x`, `?q` or empty) names a place on
    /// the page at `path`: one of its headings, an id of the page template, or its top.
    func hasAnchor(_ fragment: String, on path: StackPath) -> Bool {
        guard let number = pageURLs.number(ofFolderOf: path, in: pagePaths), pagePaths[Int(number)] == path else { return true }
        let headings = catalogPages[Int(number)].headings
        return Self.hasAnchor(fragment) { id in headings.contains { $0.id == id } }
    }

    /// Read as a browser reads a fragment: as written, else percent-decoded (`#%E5%8E%9F` is `#原`);
    /// an empty one and `top` lead to the top of the page.
    static func hasAnchor(_ fragment: String, ids: Set<String>) -> Bool {
        hasAnchor(fragment, isID: ids.contains)
    }

    /// `hasAnchor(_:ids:)` with the ids asked one by one.
    static func hasAnchor(_ fragment: String, isID: (String) -> Bool) -> Bool {
        guard let mark = fragment.firstIndex(of: "#") else { return true }
        let name = String(fragment[fragment.index(after: mark)...])
        if name.isEmpty || name.lowercased() == "top" || isID(name) || HeadingSlugger.isReserved(name) { return true }
        guard let decoded = URLEncoding.decodePathSegment(name), decoded != name else { return false }
        return isID(decoded) || HeadingSlugger.isReserved(decoded)
    }

    /// The page's Markdown file or folder, relative to the content folder.
    func file(of path: StackPath) -> String? {
        guard let number = pageURLs.number(ofFolderOf: path, in: pagePaths), pagePaths[Int(number)] == path else { return nil }
        return file(ofPage: Int(number))
    }

    /// A link whose fragment names no heading of `page` (a file as messages name it, or "this page").
    static func missingAnchorMessage(_ destination: String, page: String) -> String {
        let fragment = destination.firstIndex(of: "#").map { String(destination[$0...]) } ?? destination
        return "link '\(destination)': '\(fragment)' names no heading of \(page)"
    }

    /// By source first, so a file keeps its page when a URL happens to spell the same path.
    private func lookUp(_ target: String, fragment: String, names: inout [String]) -> Target? {
        if let page = pages[target] { return .page(pagePaths[Int(page)], fragment: fragment) }
        if let output = assets[target] { return .asset(output: output, fragment: fragment) }
        return lookUpURL(target, fragment: fragment, names: &names)
    }

    /// Whether the picture published at `output` is shown as it is (`Asset.isPlainPicture`).
    func isPlainPicture(ofOutput output: String) -> Bool {
        plainPictures.contains(output)
    }

    /// The size of the image published at `output`, when it has one.
    func imageSize(ofOutput output: String) -> ImageSize? {
        imageSizes[output]
    }

    /// A page's URL (`weather/rain`, `weather/rain/index.html`) or a published file's path.
    private func lookUpURL(_ target: String, fragment: String, names: inout [String]) -> Target? {
        if let page = pageURLs.number(of: target, in: pagePaths) { return .page(pagePaths[Int(page)], fragment: fragment) }
        if assetOutputs.contains(target) { return .asset(output: target, fragment: fragment) }
        let folder = target == "index.html" ? "" : target.hasSuffix("/index.html") ? String(target.dropLast("/index.html".count)) : nil
        guard let folder else { return nil }
        names.append(folder)
        if let page = pageURLs.number(of: folder, in: pagePaths) { return .page(pagePaths[Int(page)], fragment: fragment) }
        return nil
    }

    /// `directory` + `relative`, with `.` and `..` worked out; `nil` when it climbs above the root.
    /// ASCII paths (nearly every link) are split by their bytes: split by characters, the
    /// resolve of every link of every page spent a third of its time here.
    static func join(_ directory: String, _ relative: String) -> String? {
        var (directory, relative) = (directory, relative)
        let joined = directory.withUTF8 { head in relative.withUTF8 { tail in joinedASCII(head, tail) } }
        return joined ?? joinedByCharacters(directory, relative)
    }

    /// `join(_:_:)` of ASCII text, byte by byte into the result's storage (split into arrays of
    /// parts, a link's join took 7,700 instructions). `nil`: not ASCII; `.some(nil)`: the path
    /// climbs above the content folder.
    private static func joinedASCII(_ head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>) -> String?? {
        for byte in head where byte >= 0x80 { return nil }
        for byte in tail where byte >= 0x80 { return nil }
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var climbs = false
        // Parts and the slashes between them: at most both texts and one slash more.
        let joined = String(unsafeUninitializedCapacity: head.count + tail.count + 1) { buffer in
            var end = 0
            func each(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) -> Bool {
                var start = 0
                for position in 0...bytes.count where position == bytes.count || bytes[position] == slash {
                    if position > start, !body(start..<position) { return false }
                    start = position + 1
                }
                return true
            }
            func append(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>) {
                if end > 0 { buffer[end] = slash; end += 1 }
                for position in part { buffer[end] = bytes[position]; end += 1 }
            }
            _ = each(head) { part in append(head, part); return true }
            let whole = each(tail) { part in
                if part.count == 1, tail[part.lowerBound] == dot { return true }
                if part.count == 2, tail[part.lowerBound] == dot, tail[part.lowerBound + 1] == dot {
                    guard end > 0 else { return false }
                    // Back to the slash before the last part, or to the start.
                    while end > 0, buffer[end - 1] != slash { end -= 1 }
                    if end > 0 { end -= 1 }
                    return true
                }
                append(tail, part)
                return true
            }
            climbs = !whole
            return whole ? end : 0
        }
        return .some(climbs ? nil : joined)
    }

    /// `join(_:_:)` of any text, split by characters: a `/` that a combining mark follows is
    /// one character with it, not a separator.
    static func joinedByCharacters(_ directory: String, _ relative: String) -> String? {
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
