/* What the embedding fixtures share: opening a runtime on a home, and printing one call's outcome
 * as a line `<name> <status> <json or message>`. */
#pragma once
#include <stdio.h>

#include "linkstr.h"

/* Prints a call's outcome and frees its JSON (`json` is read after the call returned); a call that
 * returns no JSON passes NULL and prints `ok`. */
static void report(const char *name, lkh_status status, const lkh_error *err, char **json) {
    printf("%s %d %s\n", name, status, status != LKH_OK ? err->message : json != NULL ? *json : "ok");
    if (json == NULL) return;
    linkstr_string_free(*json);
    *json = NULL;
}

/* A runtime on `home` (API of this header), or NULL after saying why on stderr. */
static linkstr_runtime *open_runtime(const char *home, lkh_error *err) {
    linkstr_runtime_options options = LINKSTR_RUNTIME_OPTIONS_INIT;
    options.home = home;
    linkstr_runtime *runtime = NULL;
    if (linkstr_runtime_open(&options, &runtime, err) != LKH_OK) {
        fprintf(stderr, "open: %s\n", err->message);
        return NULL;
    }
    return runtime;
}
