import CVips

/// libvips, started once for the process on first use and made safe for pictures from anyone.
///
/// - Only four loaders may run, each the one that reads from memory: JPEG (libjpeg-turbo),
///   PNG (libpng), GIF (libnsgif) and WebP (libwebp). Every other loader is blocked, so a file
///   that looks like an SVG, a PDF, a TIFF, a HEIC or anything ImageMagick reads is refused
///   rather than handed to a larger parser. (`vips_block_untrusted_set` alone would not do:
///   libvips 8.14 marks the TIFF and HEIF loaders trusted.)
/// - No operation cache: every picture is seen once, and a cache would keep its pixels.
/// - One libvips worker per call: a build already resizes many pictures at once on its own
///   tasks, and libvips' default (a thread per core for each call) would multiply them.
/// - libvips' warnings are not printed: a picture that fails comes back as an `ImageError`,
///   which the build reports with the file's name.
///
/// Every function of this module may be called from several threads at once.
public enum ImageLibrary {
    /// The loaders allowed, by their libvips 8.14 class names (`vips -l foreign` lists them).
    static let allowedLoaders = [
        "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadNsgifBuffer", "VipsForeignLoadWebpBuffer",
    ]

    /// The version of libvips, like "8.14.1": part of the key of cached variants, since
    /// another version may resize or encode differently.
    public static func version() throws(ImageError) -> String {
        try started.get()
    }

    /// Starts libvips, once; every entry point of the module calls it first.
    static func start() throws(ImageError) {
        _ = try started.get()
    }

    /// A `static let` is initialised once, lazily and thread-safely, by the runtime.
    private static let started: Result<String, ImageError> = {
        guard vips_init("stacks") == 0 else {
            return .failure(VipsFailure.error(.failed, "libvips did not start"))
        }
        vips_block_untrusted_set(1)
        vips_operation_block_set("VipsForeignLoad", 1)
        for loader in allowedLoaders where g_type_from_name(loader) != 0 {
            vips_operation_block_set(loader, 0)
        }
        vips_cache_set_max(0)
        vips_concurrency_set(1)
        g_log_set_handler("VIPS", GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue), { _, _, _, _ in }, nil)
        return .success(String(cString: vips_version_string()))
    }()
}
