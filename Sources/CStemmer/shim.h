// Snowball's stemmers (libstemmer), for the site search's word forms.
#include <libstemmer.h>
