/// Where a build keeps its own files: `.NAME.stacks-KIND` beside the output folder `NAME` (the
/// lock, the build cache, the known sources, the memos, the pictures), so that they are never
/// published, never in the content folder, and gone with neither.
enum BesideOutput {
    /// `.output.stacks-KIND` beside `output` (a real path).
    static func path(of output: String, kind: String) -> String {
        let slash = output.lastIndex(of: "/")!
        return String(output[...slash]) + "." + output[output.index(after: slash)...] + ".stacks-" + kind
    }
}
