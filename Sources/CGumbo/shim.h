// Gumbo, an HTML5 parser: raw HTML in Markdown is parsed as a browser would before it is sanitized.
#include <gumbo.h>
