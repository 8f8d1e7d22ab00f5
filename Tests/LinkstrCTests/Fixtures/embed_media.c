/* The media calls of the runtime API on a home without an account. Prints one line per call:
 * `<name> <status> <json or message>`.
 * Usage: embed_media HOME PAGE_URL UNREACHABLE_URL */
#include "embed_calls.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: embed_media HOME PAGE_URL UNREACHABLE_URL\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = open_runtime(argv[1], &err);
    if (runtime == NULL) return 1;
    char *json = NULL;
    report("resolve", linkstr_media_resolve(runtime, argv[2], 0, &json, &err), &err, &json);
    report("metadata", linkstr_media_metadata(runtime, argv[2], 0, &json, &err), &err, &json);
    report("metadata-unreachable", linkstr_media_metadata(runtime, argv[3], 2000, &json, &err), &err, &json);
    report("resolve-bad", linkstr_media_resolve(runtime, "javascript:alert(1)", 0, &json, &err), &err, &json);
    report("null-url", linkstr_media_metadata(runtime, NULL, 0, &json, &err), &err, &json);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
