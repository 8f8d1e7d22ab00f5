/* The lock of linkstr.h: who is locked, a wrong and a missing passphrase, unlock, a call that needs
 * the key (from the unlock agent), lock. Prints one line per call: `<name> <status> <json>` (or
 * `<name> <status> <message>`).
 * Usage: embed_lock HOME PASSPHRASE (a home whose keys are under the master passphrase PASSPHRASE) */
#include "embed_calls.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: embed_lock HOME PASSPHRASE\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = open_runtime(argv[1], &err);
    if (runtime == NULL) return 1;
    char *json = NULL;
    report("whoami", linkstr_whoami(runtime, &json, &err), &err, &json);
    report("unlock-wrong", linkstr_unlock(runtime, "wrong horse", &json, &err), &err, &json);
    report("unlock-null", linkstr_unlock(runtime, NULL, &json, &err), &err, &json);
    report("unlock", linkstr_unlock(runtime, argv[2], &json, &err), &err, &json);
    report("whoami-unlocked", linkstr_whoami(runtime, &json, &err), &err, &json);
    report("sessions", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    report("lock", linkstr_lock(runtime, &json, &err), &err, &json);
    report("whoami-locked", linkstr_whoami(runtime, &json, &err), &err, &json);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
