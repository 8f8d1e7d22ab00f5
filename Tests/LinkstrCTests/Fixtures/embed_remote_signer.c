/* An account whose key lives in a remote signer, over linkstr.h: connect with a bunker:// link, use
 * it, disconnect, connect again. Prints one line per call: `<name> <status> <json or message>`.
 * Usage: embed_remote_signer HOME BUNKER_LINK MEMBERS_JSON */
#include "embed_calls.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: embed_remote_signer HOME BUNKER_LINK MEMBERS_JSON\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = open_runtime(argv[1], &err);
    if (runtime == NULL) return 1;
    char *json = NULL;
    report("connect-bad", linkstr_account_connect(runtime, "bunker://nope?relay=wss://relay.example", NULL, "plain", 0, &json, &err),
           &err, &json);
    report("connect", linkstr_account_connect(runtime, argv[2], "Phone", "plain", 10, &json, &err), &err, &json);
    report("identity", linkstr_account_identity(runtime, &json, &err), &err, &json);
    report("session", linkstr_session_create(runtime, "Signed remotely", argv[3], &json, &err), &err, &json);
    report("disconnect", linkstr_account_disconnect(runtime, &json, &err), &err, &json);
    report("sessions-disconnected", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    report("reconnect", linkstr_account_connect(runtime, argv[2], NULL, NULL, 10, &json, &err), &err, &json);
    report("sessions", linkstr_sessions_list(runtime, 0, &json, &err), &err, &json);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
