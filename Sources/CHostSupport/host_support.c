#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include "host_support.h"

const char *linkstr_secure_getenv(const char *name) { return secure_getenv(name); }

const char *linkstr_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}
