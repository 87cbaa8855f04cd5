import Foundation

extension ImageSize {
    /// Files whose size pages give to `<img>`, by extension (lowercased).
    static let readableExtensions: Set<String> = ["png", "apng", "jpg", "jpeg", "jpe", "jfif", "gif", "webp", "svg"]

    /// Whether the reader should read the size of a file of this name.
    package static func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return readableExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The size of the image in a regular file, reading only what its format needs; the file
    /// is opened as `RegularFile` opens it, so a FIFO cannot block. A failure to open is the
    /// caller's to report.
    package static func read(atPath path: String) -> Result<ImageSize?, RegularFile.Failure> {
        let descriptor: Int32
        switch RegularFile.open(path) {
        case .success(let opened): descriptor = opened.descriptor
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        return .success(read { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
                if got > 0 {
                    filled += got
                } else if got < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return Array(bytes[..<filled])
        })
    }
}
