/// The identity of a page: the destinations from the root, which is not itself in the path.
///
/// Breadcrumbs, the back link, the URL and the split-view selections are all projections of
/// this one value. Categories lead, items follow: an item never contains a category.
/// Like a navigation stack, a path only grows or shrinks at its end.
public struct StackPath: Hashable, Sendable, CustomStringConvertible {
    public private(set) var destinations: [Destination]
    /// The root the stack starts from: in a catalog of several languages each language is a
    /// root with its own stack, under its own folder (`de`); empty for the site's root. Like the
    /// tab a navigation stack belongs to, it never changes as the path grows or shrinks.
    public let language: String

    public static let root = StackPath()

    public init(_ destinations: [Destination] = [], language: String = "") {
        precondition(Self.isWellFormed(destinations), "a category cannot follow an item: \(destinations)")
        self.destinations = destinations
        self.language = language
    }

    /// The home of the language whose folder is `language` (the site's root when empty).
    public static func root(language: String) -> StackPath {
        StackPath(language: language)
    }

    /// Categories first, then items; nothing else is a page.
    public static func isWellFormed(_ destinations: [Destination]) -> Bool {
        guard let firstItem = destinations.firstIndex(where: { !$0.isCategory }) else { return true }
        return destinations[firstItem...].allSatisfy { !$0.isCategory }
    }

    public var count: Int { destinations.count }
    /// Folders below the site's root: the language's folder, then one per destination.
    public var depth: Int { destinations.count + (language.isEmpty ? 0 : 1) }
    public var isRoot: Bool { destinations.isEmpty }
    public var last: Destination? { destinations.last }

    // MARK: Stack operations

    /// Appends a destination. Pushing a category onto an item is a programming error.
    public mutating func push(_ destination: Destination) {
        precondition(!(destination.isCategory && destinations.last.map { !$0.isCategory } == true),
                     "a category cannot be pushed onto an item")
        destinations.append(destination)
    }

    public func pushing(_ destination: Destination) -> StackPath {
        var copy = self
        copy.push(destination)
        return copy
    }

    /// Removes the last destination; the root stays the root.
    @discardableResult
    public mutating func back() -> Destination? {
        destinations.popLast()
    }

    public mutating func backToTop() {
        destinations.removeAll()
    }

    /// Jumps to breadcrumb `index`: 0 is the root, `count` is the current page.
    /// Removes the last `count - index` destinations.
    public mutating func jump(toBreadcrumb index: Int) {
        precondition((0...count).contains(index), "breadcrumb \(index) of a path of \(count)")
        destinations.removeLast(count - index)
    }

    /// The path without its last destination: the page the back link leads to.
    public var parent: StackPath? {
        guard !isRoot else { return nil }
        var copy = self
        copy.back()
        return copy
    }

    /// The root and every prefix of the path, ending with the path itself.
    public var prefixes: [StackPath] {
        (0...count).map { StackPath(unchecked: Array(destinations.prefix($0)), language: language) }
    }

    // MARK: URL

    /// The clean URL relative to the site root, e.g. `weather/rain/` (`de/weather/rain/` in
    /// German); empty for the site's root. Slugs are percent-encoded, so a slug with non-ASCII
    /// letters stays a valid URL.
    public var url: String {
        // Written byte by byte into the string's storage: appended piece by piece, a page's URL
        // took 2,600 instructions, and every page's is spelled when the catalog is assembled.
        // An encoded segment is ASCII, so the string needs no validation beyond the quick one.
        // Its room counted exactly: every page keeps its URL, and room for each byte encoded
        // (three times the slugs) was 60 bytes a page more.
        func encodedCount(_ text: String) -> Int {
            var text = text
            return text.withUTF8 { URLEncoding.encodedCount(ofPathSegment: $0) } + 1
        }
        var capacity = language.isEmpty ? 0 : encodedCount(language)
        for destination in destinations { capacity += encodedCount(destination.slug) }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var end = 0
            func segment(_ text: String) {
                var text = text
                text.withUTF8 { end = URLEncoding.encodePathSegment($0, into: buffer, at: end) }
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            if !language.isEmpty { segment(language) }
            for destination in destinations { segment(destination.slug) }
            return end
        }
    }

    /// `outputDirectory` as it was spelled, piece by piece (the definition, for tests).
    var outputDirectoryByPieces: String {
        var directory = language
        var first = language.isEmpty
        for destination in destinations {
            if !first { directory += "/" }
            first = false
            directory += destination.slug
        }
        return directory
    }

    /// `url` as it was spelled, piece by piece: the definition the quick one is tested against.
    var urlByPieces: String {
        var url = language.isEmpty ? "" : URLEncoding.encodePathSegment(language) + "/"
        for destination in destinations {
            url += URLEncoding.encodePathSegment(destination.slug)
            url += "/"
        }
        return url
    }

    /// The folder the page is written to, e.g. `weather/rain`; empty for the site's root.
    public var outputDirectory: String {
        let capacity = outputDirectoryCount
        guard capacity > 0 else { return "" }
        return String(unsafeUninitializedCapacity: capacity) { spellOutputDirectory(into: $0) }
    }

    /// The bytes of `outputDirectory`, at most (each segment's and a separator).
    var outputDirectoryCount: Int {
        var capacity = language.utf8.count
        for destination in destinations { capacity += destination.slug.utf8.count + 1 }
        return capacity
    }

    /// Writes `outputDirectory`'s bytes into `buffer` (room for `outputDirectoryCount`),
    /// returning how many: a look-up can spell it on the stack without making a string.
    func spellOutputDirectory(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var end = 0
        var first = true
        func segment(_ text: String) {
            if !first {
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            first = false
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return }
                (buffer.baseAddress! + end).update(from: base, count: bytes.count)
                end += bytes.count
            }
        }
        if !language.isEmpty { segment(language) }
        for destination in destinations { segment(destination.slug) }
        return end
    }

    /// The slugs a URL names, undoing percent-encoding; `nil` when the URL is not a clean page URL.
    public static func slugs(fromURL url: String) -> [String]? {
        var trimmed = Substring(url)
        if trimmed.hasSuffix("index.html") { trimmed = trimmed.dropLast("index.html".count) }
        if trimmed.isEmpty { return [] }
        guard trimmed.hasSuffix("/"), !trimmed.hasPrefix("/") else { return nil }
        let segments = trimmed.dropLast().split(separator: "/", omittingEmptySubsequences: false)
        var slugs: [String] = []
        for segment in segments {
            guard let slug = URLEncoding.decodePathSegment(String(segment)), !slug.isEmpty,
                  slug != ".", slug != ".." else { return nil }
            slugs.append(slug)
        }
        return slugs
    }

    public var description: String {
        (language.isEmpty ? "" : language + ":") + "[" + destinations.map(\.description).joined(separator: ", ") + "]"
    }

    init(unchecked destinations: [Destination], language: String = "") {
        self.destinations = destinations
        self.language = language
    }
}
