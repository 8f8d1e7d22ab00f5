/* The runtime API's refusals: options of a wrong size or API version, and calls on a home without an
 * account. Prints one line per call: `<name> <status> <message>` (or `<name> <status> <json>`).
 * Usage: embed_runtime_errors HOME */
#include <stddef.h>
#include <stdio.h>

#include "linkstr.h"

/* Prints a call's outcome and frees its JSON (`json` is read after the call: argument order). */
static void report(const char *name, lkh_status status, const lkh_error *err, char **json) {
    printf("%s %d %s\n", name, status, status == LKH_OK ? (json ? *json : "") : err->message);
    if (json) {
        linkstr_string_free(*json);
        *json = NULL;
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: embed_runtime_errors HOME\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = NULL;

    linkstr_runtime_options small = LINKSTR_RUNTIME_OPTIONS_INIT;
    small.struct_size = 8;
    report("small", linkstr_runtime_open(&small, &runtime, &err), &err, NULL);
    linkstr_runtime_options truncated = LINKSTR_RUNTIME_OPTIONS_INIT;
    truncated.struct_size = offsetof(linkstr_runtime_options, storage); /* the 1.0 struct without its last field */
    report("truncated", linkstr_runtime_open(&truncated, &runtime, &err), &err, NULL);
    linkstr_runtime_options major = LINKSTR_RUNTIME_OPTIONS_INIT;
    major.api_major = LINKSTR_API_MAJOR + 1;
    report("major", linkstr_runtime_open(&major, &runtime, &err), &err, NULL);
    linkstr_runtime_options minor = LINKSTR_RUNTIME_OPTIONS_INIT;
    minor.api_minor = LINKSTR_API_MINOR + 1;
    report("minor", linkstr_runtime_open(&minor, &runtime, &err), &err, NULL);
    printf("untouched %s\n", runtime == NULL ? "yes" : "no");

    linkstr_runtime_options options = LINKSTR_RUNTIME_OPTIONS_INIT;
    options.home = argv[1];
    lkh_status opened = linkstr_runtime_open(&options, &runtime, &err);
    report("open", opened, &err, NULL);
    if (opened != LKH_OK) return 1;

    char *json = NULL;
    report("identity", linkstr_account_identity(runtime, &json, &err), &err, &json);
    report("sessions", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    report("post", linkstr_post(runtime, "Weekend videos", "https://example.com", NULL, &json, &err), &err, &json);
    report("save", linkstr_save(runtime, "https://example.com", "[\"later\"]", NULL, &json, &err), &err, &json);
    report("saved-bad-tags", linkstr_saved_list(runtime, "later", NULL, 0, &json, &err), &err, &json);
    report("relays", linkstr_relays_list(runtime, &json, &err), &err, &json);
    report("relay-add-bad", linkstr_relay_add(runtime, "ftp://example.com", &json, &err), &err, &json);
    report("null-session", linkstr_feed(runtime, NULL, 0, &json, &err), &err, &json);
    report("null-out", linkstr_relays_list(runtime, NULL, &err), &err, NULL);
    report("key-store", linkstr_account_create(runtime, NULL, "keyring", &json, &err), &err, &json);
    report("nsec", linkstr_account_import(runtime, "nsec1notakey", NULL, "plain", &json, &err), &err, &json);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
