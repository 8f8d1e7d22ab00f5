/* The profiles of linkstr.h: list them, ask who the active one is, switch, and name one that does
 * not exist. Prints one line per call: `<name> <status> <json>` (or `<name> <status> <message>`).
 * Usage: embed_profiles HOME (a home with the profiles "Alice", active, and "work") */
#include "embed_calls.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: embed_profiles HOME\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = open_runtime(argv[1], &err);
    if (runtime == NULL) return 1;
    char *json = NULL;
    report("list", linkstr_profiles_list(runtime, &json, &err), &err, &json);
    report("whoami", linkstr_whoami(runtime, &json, &err), &err, &json);
    report("sessions", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    report("use", linkstr_profile_use(runtime, "work", &json, &err), &err, &json);
    report("whoami-after", linkstr_whoami(runtime, &json, &err), &err, &json);
    report("identity-after", linkstr_account_identity(runtime, &json, &err), &err, &json);
    report("sessions-after", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    report("use-unknown", linkstr_profile_use(runtime, "nobody", &json, &err), &err, &json);
    report("use-null", linkstr_profile_use(runtime, NULL, &json, &err), &err, &json);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
