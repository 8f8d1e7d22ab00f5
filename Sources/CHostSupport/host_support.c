#define _GNU_SOURCE
#include <stdlib.h>
#include "host_support.h"

const char *linkstr_secure_getenv(const char *name) { return secure_getenv(name); }
