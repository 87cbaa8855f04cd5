// OpenSSL's libcrypto, for SHA-256 only: the digests of the build cache.
#include <openssl/evp.h>
