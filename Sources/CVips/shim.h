// libvips: the site's pictures resized, turned upright and stripped of their metadata.
#include <vips/vips.h>

// libvips takes its optional arguments as NULL-terminated varargs, which Swift cannot call.
// These wrappers fix the few arguments Stacks uses, so the Swift side passes only what varies.

/// Reads an image's header only: its pixels are decoded later, when something asks for them.
/// A damaged or truncated file then fails instead of decoding as grey.
static inline VipsImage *stacks_vips_open(const void *bytes, size_t length) {
    return vips_image_new_from_buffer(bytes, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// Decodes at the smallest size that still covers `width` × `height` (libjpeg and libwebp shrink
/// while they decode), turned upright by its EXIF orientation; never enlarged. The loader's
/// `fail_on` goes in its option string: libvips 8.14's thumbnail does not pass its own on.
static inline int stacks_vips_thumbnail_buffer(const void *bytes, size_t length, VipsImage **out,
                                               int width, int height) {
    return vips_thumbnail_buffer((void *) bytes, length, out, width, "height", height,
                                 "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL);
}

/// Converts to sRGB by the image's embedded ICC profile, device to device. (Thumbnail's
/// `export_profile` would go through the profile connection space, where libvips 8.14 writes
/// past its buffer on images wider than 12,746 pixels with alpha.)
static inline int stacks_vips_icc_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_icc_transform(in, out, "srgb", "embedded", TRUE, "depth", 8, NULL);
}

/// Opens a JPEG to be decoded at 1/`shrink` of its size (1, 2, 4 or 8): libjpeg scales while it
/// decodes, which costs a fraction of a full decode and a resize from full size.
static inline VipsImage *stacks_vips_open_jpeg(const void *bytes, size_t length, int shrink) {
    return vips_image_new_from_buffer(bytes, length, "", "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL,
                                      "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// Resizes an image already open, turned upright by its EXIF orientation and never enlarged;
/// `crop` fills `width` × `height` and cuts off the rest.
static inline int stacks_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height,
                                              VipsInteresting crop) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "crop", crop, NULL);
}

// Savers: every one strips all metadata (EXIF, GPS, XMP, IPTC, ICC), so what a site publishes
// tells nothing about the camera or the place.

static inline int stacks_vips_webpsave(VipsImage *in, void **bytes, size_t *length, int quality, int effort) {
    return vips_webpsave_buffer(in, bytes, length, "Q", quality, "effort", effort, "strip", TRUE, NULL);
}

static inline int stacks_vips_jpegsave(VipsImage *in, void **bytes, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, bytes, length, "Q", quality, "optimize_coding", TRUE, "strip", TRUE, NULL);
}

static inline int stacks_vips_pngsave(VipsImage *in, void **bytes, size_t *length) {
    return vips_pngsave_buffer(in, bytes, length, "strip", TRUE, NULL);
}

static inline int stacks_vips_gifsave(VipsImage *in, void **bytes, size_t *length) {
    return vips_gifsave_buffer(in, bytes, length, "strip", TRUE, NULL);
}
