#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a folder open at a descriptor, each with the type its folder records for it.
///
/// On Linux they are read by `getdents64` a buffer at a time: `fdopendir` and `readdir` cost a
/// `fstat` and a `fcntl` a folder more, and the recorded type spares the caller a `fstatat` for
/// each folder (the output of a 10,000-item catalog is 10,000 folders of one page each, which
/// the survey before every build in place walks).
enum FolderEntries {
    enum Kind {
        /// A folder, not a link to one.
        case folder
        /// Anything else, or a type the file system did not record: look at it (`fstatat`).
        case other
    }

    /// Calls `each` with every entry but `.` and `..`, in the order the folder lists them;
    /// `false` when the folder could not be read. `descriptor` stays open. `direct`: by
    /// `getdents64` where there is one (tests read both ways).
    static func forEach(in descriptor: Int32, direct: Bool = true, _ each: (String, Kind) -> Void) -> Bool {
        #if canImport(Glibc)
        if direct, let getdents64 {
            let size = 16 << 10
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let filled = getdents64(descriptor, buffer, size)
                if filled == 0 { return true }
                if filled < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                var offset = 0
                while offset < filled {
                    // struct linux_dirent64: inode (8), offset (8), record length (2), type (1), name.
                    let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
                    // A record shorter than its header, or past what was read, is no listing.
                    guard length > 19, offset + length <= filled else { return false }
                    let type = buffer.load(fromByteOffset: offset + 18, as: UInt8.self)
                    let name = buffer.advanced(by: offset + 19).assumingMemoryBound(to: UInt8.self)
                    let nameLength = strnlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), length - 19)
                    offset += length
                    let bytes = UnsafeBufferPointer(start: name, count: nameLength)
                    if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) { continue }
                    each(String(decoding: bytes, as: UTF8.self), type == UInt8(DT_DIR) ? .folder : .other)
                }
            }
        }
        #endif
        // Elsewhere, and without the call: the C library's reading, of a copy of the descriptor
        // (`closedir` closes the one it is given).
        let copy = dup(descriptor)
        guard copy >= 0 else { return false }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return false
        }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            each(name, entry.pointee.d_type == UInt8(DT_DIR) ? .folder : .other)
        }
        return true
    }

    #if canImport(Glibc)
    // Glibc has `getdents64` since 2.30, but its header hides it from Swift.
    private typealias GetDents64 = @convention(c) (Int32, UnsafeMutableRawPointer, Int) -> Int
    private static let getdents64: GetDents64? = dlsym(nil, "getdents64").map { unsafeBitCast($0, to: GetDents64.self) }
    #endif
}
