// libvips, opened when the first picture is resized rather than when `stacks` starts.
//
// Linked, libvips and the hundred libraries it needs cost every run of `stacks` about 28 ms
// before `main` (relocations and their constructors), pictures or not: twice what the rest
// of the binary costs, and a fifth of a build with nothing changed. So `stacks` is not linked
// against it: `stacks_vips_load` opens it with `dlopen`, and each call below goes through the
// function it found. libvips' optional arguments are NULL-terminated varargs, which Swift
// cannot call; these wrappers also fix the few that Stacks uses.
#ifndef STACKS_VIPS_LOADER_H
#define STACKS_VIPS_LOADER_H

#include <stddef.h>

/// A libvips image (`VipsImage *`), opaque to Swift.
typedef struct StacksVipsImage StacksVipsImage;

/// libvips' largest coordinate (`VIPS_MAX_COORD`): a height that does not constrain.
#define STACKS_VIPS_MAX_COORD 10000000

/// What a thumbnail keeps when it is cut to its box (`VipsInteresting`).
typedef enum {
    STACKS_VIPS_CROP_NONE = 0,
    STACKS_VIPS_CROP_CENTRE = 1,
    STACKS_VIPS_CROP_ATTENTION = 3,
} StacksVipsCrop;

/// Opens libvips and finds every function below, once for the process (not thread-safe: the
/// caller calls it once). 0 when done; otherwise -1, and `stacks_vips_load_error` says why.
int stacks_vips_load(void);
const char *stacks_vips_load_error(void);

/// Starts libvips, allows only the JPEG, PNG, GIF and WebP loaders that read from memory,
/// turns off its operation cache, runs one worker per call and silences its warnings.
/// 0 when done.
int stacks_vips_start(void);
const char *stacks_vips_version(void);

/// Reads an image's header only: its pixels are decoded later, when something asks for them.
/// A damaged or truncated file then fails instead of decoding as grey.
StacksVipsImage *stacks_vips_open(const void *bytes, size_t length);

/// Opens a JPEG to be decoded at 1/`shrink` of its size (1, 2, 4 or 8): libjpeg scales while it
/// decodes, which costs a fraction of a full decode and a resize from full size.
StacksVipsImage *stacks_vips_open_jpeg(const void *bytes, size_t length, int shrink);

/// Decodes at the smallest size that still covers `width` × `height` (libjpeg and libwebp shrink
/// while they decode), turned upright by its EXIF orientation; never enlarged. The loader's
/// `fail_on` goes in its option string: libvips 8.14's thumbnail does not pass its own on.
int stacks_vips_thumbnail_buffer(const void *bytes, size_t length, StacksVipsImage **out, int width, int height);

/// Resizes an image already open, turned upright by its EXIF orientation and never enlarged;
/// a `crop` other than none fills `width` × `height` and cuts off the rest.
int stacks_vips_thumbnail_image(StacksVipsImage *in, StacksVipsImage **out, int width, int height, StacksVipsCrop crop);

/// Converts to sRGB by the image's embedded ICC profile, device to device. (Thumbnail's
/// `export_profile` would go through the profile connection space, where libvips 8.14 writes
/// past its buffer on images wider than 12,746 pixels with alpha.)
int stacks_vips_icc_to_srgb(StacksVipsImage *in, StacksVipsImage **out);
/// Whether the image carries an ICC profile.
int stacks_vips_has_icc_profile(StacksVipsImage *image);

/// The image's pixels computed into memory (where a damaged file fails); NULL on failure.
StacksVipsImage *stacks_vips_copy_memory(StacksVipsImage *image);

int stacks_vips_width(StacksVipsImage *image);
int stacks_vips_height(StacksVipsImage *image);
/// The height of one frame of an animation (the height when there is one frame).
int stacks_vips_page_height(StacksVipsImage *image);
int stacks_vips_pages(StacksVipsImage *image);
/// The EXIF orientation, 1 to 8.
int stacks_vips_orientation(StacksVipsImage *image);

/// Gives up one reference to an image.
void stacks_vips_release(StacksVipsImage *image);

// Savers: every one strips all metadata (EXIF, GPS, XMP, IPTC, ICC), so what a site publishes
// tells nothing about the camera or the place. The bytes are the caller's, given up with
// `stacks_vips_free`.

int stacks_vips_webpsave(StacksVipsImage *in, void **bytes, size_t *length, int quality, int effort);
/// AV1 in HEIF (AVIF), by libheif and libaom.
int stacks_vips_avifsave(StacksVipsImage *in, void **bytes, size_t *length, int quality, int effort);
int stacks_vips_jpegsave(StacksVipsImage *in, void **bytes, size_t *length, int quality);
int stacks_vips_pngsave(StacksVipsImage *in, void **bytes, size_t *length);
int stacks_vips_gifsave(StacksVipsImage *in, void **bytes, size_t *length);
void stacks_vips_free(void *bytes);

/// What libvips said about its last failures, read and cleared under its lock; the caller
/// gives it up with `stacks_vips_free`. NULL when it said nothing.
char *stacks_vips_error_copy(void);
void stacks_vips_error_clear(void);

#endif
