// OpenSSL's libcrypto, for BLAKE2b only: the digests of the build cache.
#include <openssl/evp.h>
