/* linkstr as a bunker over linkstr.h: refuses bad calls, then serves with the account's key until
 * SIGTERM, stops (twice: the second is caught), serves again and frees the runtime while serving.
 * Prints `<name> <status> ok|<message>` per call, `event <json>` per activity of the first bunker
 * (`late-event` for one after its stop returned), `second-event <json>` per activity of the second,
 * and `stopped`, `freed` as it goes.
 * Usage: embed_signer HOME RELAYS ALLOW */
#define _POSIX_C_SOURCE 200809L /* sigwait, pthread_sigmask */
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "embed_calls.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int stopped = 0;

/* The bunkers' callback, with the prefix of their lines: runs on linkstr's thread. */
static void on_activity(void *user_data, const char *activity) {
    const char *prefix = user_data;
    pthread_mutex_lock(&lock);
    printf("%s %s\n", stopped && strcmp(prefix, "event") == 0 ? "late-event" : prefix, activity);
    fflush(stdout);
    pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: embed_signer HOME RELAYS ALLOW\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* Blocked before linkstr starts a thread, so that every thread inherits it and sigwait takes it. */
    sigset_t terminate;
    sigemptyset(&terminate);
    sigaddset(&terminate, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &terminate, NULL);

    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime *runtime = open_runtime(argv[1], &err);
    if (runtime == NULL) return 1;
    linkstr_signer *signer = NULL;

    linkstr_signer_options small = LINKSTR_SIGNER_OPTIONS_INIT;
    small.struct_size = sizeof small.struct_size;
    report("small", linkstr_signer_serve(runtime, &small, on_activity, "event", &signer, &err), &err, NULL);
    report("null-callback", linkstr_signer_serve(runtime, NULL, NULL, NULL, &signer, &err), &err, NULL);
    linkstr_signer_options bad = LINKSTR_SIGNER_OPTIONS_INIT;
    bad.allow = "sign_event:1,sign_everything";
    report("bad-allow", linkstr_signer_serve(runtime, &bad, on_activity, "event", &signer, &err), &err, NULL);
    printf("untouched %s\n", signer == NULL ? "yes" : "no");

    linkstr_signer_options options = LINKSTR_SIGNER_OPTIONS_INIT;
    options.relays = argv[2];
    options.allow = argv[3];
    if (linkstr_signer_serve(runtime, &options, on_activity, "event", &signer, &err) != LKH_OK) {
        report("serve", err.code, &err, NULL);
        return 1;
    }
    report("serve", LKH_OK, &err, NULL);
    linkstr_signer *second = NULL;
    report("serve-again", linkstr_signer_serve(runtime, &options, on_activity, "event", &second, &err), &err, NULL);
    char *json = NULL;
    report("disconnect-while-serving", linkstr_account_disconnect(runtime, &json, &err), &err, &json);

    int signal_number = 0;
    sigwait(&terminate, &signal_number);
    linkstr_signer_stop(signer);
    pthread_mutex_lock(&lock);
    stopped = 1;
    pthread_mutex_unlock(&lock);
    printf("stopped\n");
    linkstr_signer_stop(signer); /* a bug the library catches: a line on stderr */

    /* A new bunker may start once the first stopped; freeing the runtime stops it. */
    report("serve-after-stop", linkstr_signer_serve(runtime, &options, on_activity, "second-event", &second, &err), &err, NULL);
    linkstr_runtime_free(runtime);
    printf("freed\n");
    return 0;
}
