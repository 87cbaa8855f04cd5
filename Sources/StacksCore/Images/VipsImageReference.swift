import CVipsLoader

/// One reference to a libvips image, given up when the value goes out of scope, on every path
/// out of a function, thrown errors included. Noncopyable, so it is given up exactly once.
///
/// libvips images decoded from a buffer read that buffer lazily, without copying it: one must
/// not outlive the `withUnsafeBytes` it was made in. Keeping them in locals of that closure
/// makes sure.
struct VipsImageReference: ~Copyable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Takes over the image a libvips call made through `out`, or throws what libvips said.
    init(_ kind: ImageError.Kind, _ what: String,
         _ make: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws(ImageError) {
        var out: OpaquePointer?
        let status = make(&out)
        guard status == 0, let out else {
            if let out { stacks_vips_release(out) }
            throw VipsFailure.error(kind, what)
        }
        self.init(out)
    }

    deinit { stacks_vips_release(pointer) }

    var width: Int { Int(stacks_vips_width(pointer)) }
    var height: Int { Int(stacks_vips_height(pointer)) }
}

/// What libvips said about its last failure.
enum VipsFailure {
    /// `what`, then libvips' own words, and its error buffer cleared.
    ///
    /// The buffer is one for the whole process: when two images fail at once on two threads,
    /// one message may carry the other's lines too, or none. `what` is always this call's own.
    static func error(_ kind: ImageError.Kind, _ what: String) -> ImageError {
        var detail = ""
        if let copy = stacks_vips_error_copy() {  // reads and clears, under libvips' lock
            detail = String(cString: copy)
            stacks_vips_free(copy)
        }
        let lines = detail.split(separator: "\n").map { String($0.drop(while: \.isWhitespace)) }.filter { !$0.isEmpty }
        return ImageError(kind, lines.isEmpty ? what : "\(what) (libvips: \(lines.prefix(3).joined(separator: "; ")))")
    }

    /// Forgets a failure that is not reported, so that it is not read as the next one's cause.
    static func clear() {
        stacks_vips_error_clear()
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the error's type. The buffer is lent to libvips: images read from
    /// it must be given up inside `body`.
    func withImageBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(ImageError) -> Result) throws(ImageError) -> Result {
        try withUnsafeBytes { buffer in Swift.Result { () throws(ImageError) in try body(buffer) } }.get()
    }
}
