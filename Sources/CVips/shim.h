// libvips' headers, for the loader (`CVipsLoader`) and the tests; nothing here is linked
// against libvips: the loader opens it when a picture is first resized.
#include <vips/vips.h>
