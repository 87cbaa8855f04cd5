/// A place inside the output folder: the only way the build names a file it writes.
///
/// Made only from checked names, so its text is always relative and never climbs out: no
/// leading `/`, no `.` or `..`, no empty part, no `\` (a separator to Windows and to some
/// servers), no NUL or other control character. A feature that computes a path from
/// something a contributor wrote (an alias, a file name) cannot write outside the output
/// without getting past this type, and it refuses.
public struct OutputPath: Hashable, Sendable, CustomStringConvertible {
    public let segments: [String]
    /// `a/b/index.html`: made once (a build names every file of the site by it).
    public let description: String

    /// `a/b/index.html`; `nil` when any part is not a plain name.
    public init?(_ relative: String) {
        guard let segments = Self.segments(of: relative) else { return nil }
        self.segments = segments
        description = relative
    }

    /// The parts of `relative`, each a plain name, or `nil`. ASCII text is split at its `/`
    /// bytes (split by characters, a file's path took 16,000 instructions, and a build names
    /// every file of the site); other text by characters, where a `/` with a combining mark
    /// after it is no separator, and the part holding it is refused.
    static func segments(of relative: String) -> [String]? {
        // In the string's bytes: through its `String.Index`es and substrings, a page's path
        // still took 7,800 instructions.
        var relative = relative
        let quick: [String]?? = relative.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            var segments: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard isPlainASCIIName(name) else { return .some(nil) }
                segments.append(String(decoding: name, as: UTF8.self))
                start = index + 1
            }
            return .some(segments)
        }
        return quick ?? segmentsByCharacters(of: relative)
    }

    /// `problem(inName:) == nil` for an ASCII name without a slash, by its bytes.
    private static func isPlainASCIIName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= maximumNameBytes else { return false }
        if name.allSatisfy({ $0 == UInt8(ascii: ".") }) && name.count <= 2 { return false }
        return !name.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
    }

    /// `segments(of:)` by characters: the definition the quick way is tested against.
    static func segmentsByCharacters(of relative: String) -> [String]? {
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ Self.problem(inName: $0) == nil }) else { return nil }
        return segments.map(String.init)
    }

    public init?(segments: [String]) {
        guard !segments.isEmpty, segments.allSatisfy({ Self.problem(inName: $0) == nil }) else { return nil }
        self.init(checked: segments)
    }

    /// Why `name` cannot be one part of a path in the output, or `nil` when it can.
    public static func problem(inName name: some StringProtocol) -> NameProblem? {
        if name.isEmpty { return .empty }
        if name == "." { return .currentFolder }
        if name == ".." { return .parentFolder }
        if name.utf8.count > maximumNameBytes { return .tooLong }
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "/"): return .slash
            case UInt8(ascii: "\\"): return .backslash
            case 0..<0x20, 0x7F: return .control
            default: continue
            }
        }
        return nil
    }

    public enum NameProblem: Sendable {
        case empty, currentFolder, parentFolder, tooLong, slash, backslash, control

        /// Said of the name: "'..' names the folder above".
        public var predicate: String {
            switch self {
            case .empty: "is empty"
            case .currentFolder: "names the folder itself"
            case .parentFolder: "names the folder above"
            case .tooLong: "is longer than \(OutputPath.maximumNameBytes) bytes, the most a file name can have"
            case .slash: "has a '/' in it"
            case .backslash: "has a backslash in it"
            case .control: "has a control character in it"
            }
        }
    }

    /// `NAME_MAX` on Linux and macOS.
    public static let maximumNameBytes = 255


    /// This path under `root`, an absolute folder.
    public func inside(_ root: String) -> String {
        root + "/" + description
    }

    /// `index.html` in this folder.
    public var indexFile: OutputPath {
        OutputPath(checked: segments + ["index.html"])
    }

    private init(checked segments: [String]) {
        self.segments = segments
        description = segments.joined(separator: "/")
    }
}
