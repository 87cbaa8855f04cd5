import Synchronization

/// The parts many pages share — each list's entries and each sidebar — drawn once each.
///
/// Each is drawn when a page first needs it (`SiteRenderer.drawingOnDemand`): the preview shows
/// a few pages after each edit, and a build after an edit makes only the pages whose keys
/// changed (`PageKeys`). Nothing is kept from the last site: what a page is made from is the
/// same either way, so nothing decides what an edit may have changed.
final class SharedParts: Sendable {
    private let lists = Mutex<[Int: SiteRenderer.RenderedList]>([:])
    private let sidebars = Mutex<[SiteRenderer.SidebarSelection: String]>([:])
    /// Where a build's lists' rows go beyond its allowance (`ListRows`).
    private let rowSpill: RowSpill?

    init(rowSpill: RowSpill? = nil) {
        self.rowSpill = rowSpill
    }

    /// `owner`'s list, when it is drawn already.
    func drawnList(_ owner: Int) -> SiteRenderer.RenderedList? {
        lists.withLock { $0[owner] }
    }

    /// Keeps `drawn` as `owner`'s list (its rows in the spill file beyond the allowance), and
    /// gives it back as kept. Drawn outside the lock: two threads that ask at once both draw
    /// it, and both get the same.
    func keep(_ drawn: SiteRenderer.RenderedList, for owner: Int) -> SiteRenderer.RenderedList {
        var drawn = drawn
        if let rowSpill {
            drawn.plain = drawn.plain.spilled(into: rowSpill)
            // The window's slices would hold the rows that went.
            if drawn.plain.isSpilled { drawn.windowed = drawn.windowed.detached() }
        }
        lists.withLock { $0[owner] = drawn }
        return drawn
    }

    /// Lets go of the lists drawn: a later page draws again the one it needs. A build's pages
    /// are done with them before its extras are made, and they were a list row a page, a
    /// tenth of the peak.
    func releaseLists() {
        lists.withLock { $0 = [:] }
    }

    func sidebar(_ selection: SiteRenderer.SidebarSelection, draw: () -> String) -> String {
        if let drawn = sidebars.withLock({ $0[selection] }) { return drawn }
        let drawn = draw()
        sidebars.withLock { $0[selection] = drawn }
        return drawn
    }
}
