// libvips through `dlopen`: see CVipsLoader.h for why.
#include "CVipsLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <vips/vips.h>

// The constants Swift passes are libvips' own.
_Static_assert(STACKS_VIPS_MAX_COORD == VIPS_MAX_COORD, "VIPS_MAX_COORD");
_Static_assert((int) STACKS_VIPS_CROP_NONE == (int) VIPS_INTERESTING_NONE, "VIPS_INTERESTING_NONE");
_Static_assert((int) STACKS_VIPS_CROP_CENTRE == (int) VIPS_INTERESTING_CENTRE, "VIPS_INTERESTING_CENTRE");
_Static_assert((int) STACKS_VIPS_CROP_ATTENTION == (int) VIPS_INTERESTING_ATTENTION, "VIPS_INTERESTING_ATTENTION");

#ifdef __APPLE__
#define STACKS_VIPS_LIBRARY "libvips.42.dylib"
#else
#define STACKS_VIPS_LIBRARY "libvips.so.42"
#endif

// Every function called, with the type its header gives it.
#define STACKS_VIPS_FUNCTIONS(F) \
    F(vips_init) F(vips_version_string) F(vips_block_untrusted_set) F(vips_operation_block_set) \
    F(vips_cache_set_max) F(vips_concurrency_set) F(g_type_from_name) F(g_log_set_handler) \
    F(vips_image_new_from_buffer) F(vips_thumbnail_buffer) F(vips_thumbnail_image) F(vips_icc_transform) \
    F(vips_image_get_typeof) F(vips_image_copy_memory) F(vips_image_get_width) F(vips_image_get_height) \
    F(vips_image_get_page_height) F(vips_image_get_n_pages) F(vips_image_get_orientation) F(g_object_unref) \
    F(vips_webpsave_buffer) F(vips_heifsave_buffer) F(vips_jpegsave_buffer) F(vips_pngsave_buffer) F(vips_gifsave_buffer) F(g_free) \
    F(vips_error_buffer_copy) F(vips_error_clear)

#define STACKS_DECLARE(name) static __typeof__(&name) call_##name;
STACKS_VIPS_FUNCTIONS(STACKS_DECLARE)

static char load_error[512];

int stacks_vips_load(void) {
    void *library = dlopen(STACKS_VIPS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return -1;
    }
#define STACKS_RESOLVE(name) \
    if (!(call_##name = (__typeof__(&name)) dlsym(library, #name))) { \
        snprintf(load_error, sizeof load_error, "%s has no function %s", STACKS_VIPS_LIBRARY, #name); \
        return -1; \
    }
    STACKS_VIPS_FUNCTIONS(STACKS_RESOLVE)
    return 0;
}

const char *stacks_vips_load_error(void) {
    return load_error;
}

// The loaders allowed, by their libvips 8.14 class names (`vips -l foreign` lists them). Every
// other loader is blocked, so a file that looks like an SVG, a PDF, a TIFF, a HEIC or anything
// ImageMagick reads is refused rather than handed to a larger parser. (`vips_block_untrusted_set`
// alone would not do: libvips 8.14 marks the TIFF and HEIF loaders trusted.)
static const char *const allowed_loaders[] = {
    "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadNsgifBuffer", "VipsForeignLoadWebpBuffer",
};

static void ignore_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain; (void) level; (void) message; (void) data;
}

int stacks_vips_start(void) {
    if (call_vips_init("stacks") != 0) return -1;
    call_vips_block_untrusted_set(TRUE);
    call_vips_operation_block_set("VipsForeignLoad", TRUE);
    for (size_t i = 0; i < sizeof allowed_loaders / sizeof *allowed_loaders; i++) {
        if (call_g_type_from_name(allowed_loaders[i]) != 0) call_vips_operation_block_set(allowed_loaders[i], FALSE);
    }
    call_vips_cache_set_max(0);
    call_vips_concurrency_set(1);
    call_g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, ignore_message, NULL);
    return 0;
}

const char *stacks_vips_version(void) {
    return call_vips_version_string();
}

StacksVipsImage *stacks_vips_open(const void *bytes, size_t length) {
    return (StacksVipsImage *) call_vips_image_new_from_buffer(bytes, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

StacksVipsImage *stacks_vips_open_jpeg(const void *bytes, size_t length, int shrink) {
    return (StacksVipsImage *) call_vips_image_new_from_buffer(bytes, length, "", "shrink", shrink,
        "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

int stacks_vips_thumbnail_buffer(const void *bytes, size_t length, StacksVipsImage **out, int width, int height) {
    return call_vips_thumbnail_buffer((void *) bytes, length, (VipsImage **) out, width, "height", height,
        "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL);
}

int stacks_vips_thumbnail_image(StacksVipsImage *in, StacksVipsImage **out, int width, int height, StacksVipsCrop crop) {
    return call_vips_thumbnail_image((VipsImage *) in, (VipsImage **) out, width, "height", height,
        "size", VIPS_SIZE_DOWN, "crop", (VipsInteresting) crop, NULL);
}

int stacks_vips_icc_to_srgb(StacksVipsImage *in, StacksVipsImage **out) {
    return call_vips_icc_transform((VipsImage *) in, (VipsImage **) out, "srgb", "embedded", TRUE, "depth", 8, NULL);
}

int stacks_vips_has_icc_profile(StacksVipsImage *image) {
    return call_vips_image_get_typeof((VipsImage *) image, VIPS_META_ICC_NAME) != 0;
}

StacksVipsImage *stacks_vips_copy_memory(StacksVipsImage *image) {
    return (StacksVipsImage *) call_vips_image_copy_memory((VipsImage *) image);
}

int stacks_vips_width(StacksVipsImage *image) { return call_vips_image_get_width((VipsImage *) image); }
int stacks_vips_height(StacksVipsImage *image) { return call_vips_image_get_height((VipsImage *) image); }
int stacks_vips_page_height(StacksVipsImage *image) { return call_vips_image_get_page_height((VipsImage *) image); }
int stacks_vips_pages(StacksVipsImage *image) { return call_vips_image_get_n_pages((VipsImage *) image); }
int stacks_vips_orientation(StacksVipsImage *image) { return call_vips_image_get_orientation((VipsImage *) image); }

void stacks_vips_release(StacksVipsImage *image) {
    call_g_object_unref(image);
}

int stacks_vips_webpsave(StacksVipsImage *in, void **bytes, size_t *length, int quality, int effort) {
    return call_vips_webpsave_buffer((VipsImage *) in, bytes, length, "Q", quality, "effort", effort, "strip", TRUE, NULL);
}

int stacks_vips_avifsave(StacksVipsImage *in, void **bytes, size_t *length, int quality, int effort) {
    return call_vips_heifsave_buffer((VipsImage *) in, bytes, length, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
        "Q", quality, "effort", effort, "strip", TRUE, NULL);
}

int stacks_vips_jpegsave(StacksVipsImage *in, void **bytes, size_t *length, int quality) {
    return call_vips_jpegsave_buffer((VipsImage *) in, bytes, length, "Q", quality, "optimize_coding", TRUE, "strip", TRUE, NULL);
}

int stacks_vips_pngsave(StacksVipsImage *in, void **bytes, size_t *length) {
    return call_vips_pngsave_buffer((VipsImage *) in, bytes, length, "strip", TRUE, NULL);
}

int stacks_vips_gifsave(StacksVipsImage *in, void **bytes, size_t *length) {
    return call_vips_gifsave_buffer((VipsImage *) in, bytes, length, "strip", TRUE, NULL);
}

void stacks_vips_free(void *bytes) {
    if (bytes) call_g_free(bytes);
}

char *stacks_vips_error_copy(void) {
    return call_vips_error_buffer_copy();
}

void stacks_vips_error_clear(void) {
    call_vips_error_clear();
}
