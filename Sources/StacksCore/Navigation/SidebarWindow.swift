/// Which categories one level of the sidebar shows: all of them up to `layout.sidebarWindow`,
/// else that many around the one on the page's path (the first ones when none is), so that a
/// page's sidebar does not grow with the number of categories. The level then ends with a link
/// to the page listing all of them: the home page for the top level (whose own sidebar shows
/// them all), the parent category for the others (which lists its sub-categories first).
enum SidebarWindow {
    /// The positions shown among `count` categories, `selected` the position of the one on the
    /// page's path.
    static func range(count: Int, selected: Int?, limit: Int) -> Range<Int> {
        let limit = max(1, limit)
        guard count > limit else { return 0..<count }
        let start = max(0, min((selected ?? 0) - limit / 2, count - limit))
        return start..<(start + limit)
    }
}
