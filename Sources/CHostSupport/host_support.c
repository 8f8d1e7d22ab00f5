#define _GNU_SOURCE
#include <sys/prctl.h>
#include <sys/resource.h>
#include <dlfcn.h>
#include <stdlib.h>
#include "host_support.h"

const char *linkstr_secure_getenv(const char *name) { return secure_getenv(name); }

const char *linkstr_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}

int linkstr_forbid_core_dumps(void) {
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -1;
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int linkstr_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}
