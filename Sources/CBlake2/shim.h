// libb2, the BLAKE2 authors' library: the digests of the build cache and the stage memos.
#include <blake2.h>
