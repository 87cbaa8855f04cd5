import CVipsLoader

/// libvips, opened and started once for the process on first use, and made safe for pictures
/// from anyone (`CVipsLoader`).
///
/// - Opened then, not linked: a run of `stacks` that resizes no picture never loads it (nor
///   needs it installed), and starts 28 ms sooner.
/// - Only four loaders may run, each the one that reads from memory: JPEG (libjpeg-turbo),
///   PNG (libpng), GIF (libnsgif) and WebP (libwebp). Every other loader is blocked, so a file
///   that looks like an SVG, a PDF, a TIFF, a HEIC or anything ImageMagick reads is refused
///   rather than handed to a larger parser.
/// - No operation cache: every picture is seen once, and a cache would keep its pixels.
/// - One libvips worker per call: a build already resizes many pictures at once on its own
///   tasks, and libvips' default (a thread per core for each call) would multiply them.
/// - libvips' warnings are not printed: a picture that fails comes back as an `ImageError`,
///   which the build reports with the file's name.
///
/// Every function of this module may be called from several threads at once.
public enum ImageLibrary {
    /// The version of libvips, like "8.14.1": part of the key of cached variants, since
    /// another version may resize or encode differently.
    public static func version() throws(ImageError) -> String {
        try started.get()
    }

    /// Opens and starts libvips, once; every entry point of the module calls it first.
    static func start() throws(ImageError) {
        _ = try started.get()
    }

    /// A `static let` is initialised once, lazily and thread-safely, by the runtime.
    private static let started: Result<String, ImageError> = {
        guard stacks_vips_load() == 0 else {
            return .failure(ImageError(.failed, "libvips could not be loaded (\(String(cString: stacks_vips_load_error())))"))
        }
        guard stacks_vips_start() == 0 else {
            return .failure(VipsFailure.error(.failed, "libvips did not start"))
        }
        return .success(String(cString: stacks_vips_version()))
    }()
}
