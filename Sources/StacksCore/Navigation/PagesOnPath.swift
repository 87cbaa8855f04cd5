extension Catalog {
    /// The page of each prefix of page `index`'s stack path (`StackPath.prefixes`, position for
    /// position): the home page first, `index` last. A page's path is its parent's with one more
    /// destination, so the parent links are the lookup from a prefix to its page.
    func pagesOnPath(of index: Int) -> [Int] {
        chain(to: index)
    }

    /// The deepest category on the page's path, the sidebar's selection (`SplitViewState.sidebar`);
    /// `nil` when the path has none.
    func selectedCategory(of index: Int, pagesOnPath: [Int]? = nil) -> Int? {
        let categories = SplitViewState(self[index].path).sidebar.count
        guard categories > 0 else { return nil }
        return (pagesOnPath ?? self.pagesOnPath(of: index))[categories]
    }
}
