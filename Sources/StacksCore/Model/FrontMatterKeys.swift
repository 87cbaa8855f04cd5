/// Which front-matter keys are read as which Stacks key: the names other generators use, and
/// the `frontMatter` mapping of `stacks.yml`. A key named here counts only when the Stacks key
/// itself is absent from the file; otherwise it is an unknown key, passed on under `params`.
public struct FrontMatterKeys: Sendable, Equatable {
    /// A key as written in the file → the Stacks key it stands for.
    public private(set) var stacksKey: [String: String]

    /// Hugo's and Zola's names, understood without configuration.
    public static let neighbours = FrontMatterKeys(stacksKey: ["description": "summary", "weight": "order"])

    /// The keys a mapping may name on its left: every key `FrontMatter` reads.
    public static let readable = ["title", "linkTitle", "summary", "order", "draft", "date", "tags", "icon", "color",
                                  "image", "attributes", "slug", "aliases"]

    /// The neighbours' names plus `mapping` (Stacks key → key in the files), which wins where both
    /// name the same key in the files.
    public init(mapping: [String: String] = [:]) {
        var keys = Self.neighbours.stacksKey
        for (stacks, written) in mapping { keys[written] = stacks }
        self.stacksKey = keys
    }

    private init(stacksKey: [String: String]) {
        self.stacksKey = stacksKey
    }
}
