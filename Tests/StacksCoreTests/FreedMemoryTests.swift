import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import StacksCore

/// Freed memory goes back to the system only when the build holds much (`FreedMemory`): the
/// resident size it goes by is read right.
@Suite struct FreedMemoryTests {
    @Test func residentMemoryGrowsWithWhatIsTouched() throws {
        // 64 MB written to, so that every page of it is resident while it is read. Other
        // tests may free memory meanwhile: bounds, not a difference.
        let touched = [UInt8](repeating: 1, count: 64 << 20)
        let resident = try #require(FreedMemory.residentBytes())
        #expect(resident >= 64 << 20)
        // Resident, not reserved: within the machine's memory.
        #expect(resident <= sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE)))
        #expect(touched[touched.count / 2] == 1)
    }
}
