/* Two runtimes in one program, Alice and Bob, each on its own home (config.toml names the relay).
 * Bob watches; Alice follows Bob, creates a session with him and posts; Bob's callback reacts to the
 * post from the watch thread; Bob stops watching; Alice syncs and reads her feed, then uses the rest
 * of the API. Prints `<step> <status> <json or message>` per call and `event <json>` per watch event.
 * Usage: embed_runtime ALICE_HOME BOB_HOME */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "linkstr.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int caught_up = 0;
static int reacted = 0;
static int notified = 0;
static int stopped = 0;

static linkstr_runtime *bob = NULL;

/* Prints a call's outcome and frees its JSON (`json` is read after the call: argument order);
 * returns the status. */
static lkh_status report(const char *step, lkh_status status, const lkh_error *err, char **json) {
    printf("%s %d %s\n", step, status, status == LKH_OK ? (json ? *json : "") : err->message);
    fflush(stdout);
    if (json) {
        linkstr_string_free(*json);
        *json = NULL;
    }
    return status;
}

/* Copies the string value of `"field":"…"` of a flat JSON object into `out`. */
static int json_string_field(const char *json, const char *field, char *out, size_t capacity) {
    char key[64];
    snprintf(key, sizeof key, "\"%s\":\"", field);
    const char *start = strstr(json, key);
    if (start == NULL) return 0;
    start += strlen(key);
    const char *end = strchr(start, '"');
    if (end == NULL || (size_t)(end - start) >= capacity) return 0;
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
    return 1;
}

/* Bob's watch callback: runs on linkstr's thread. */
static void on_event(void *user_data, const char *event) {
    pthread_mutex_lock(&lock);
    int late = stopped;
    pthread_mutex_unlock(&lock);
    printf("%s %s\n", late ? "late-event" : "event", event);
    fflush(stdout);
    if (strstr(event, "\"type\":\"caught_up\"")) {
        pthread_mutex_lock(&lock);
        caught_up = 1;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
    }
    if (strstr(event, "\"type\":\"notification\"") && strstr(event, "\"kind\":\"post\"")) {
        pthread_mutex_lock(&lock);
        notified = 1;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
    }
    char post[80], session[80];
    if (strstr(event, "\"type\":\"post\"") && json_string_field(event, "id", post, sizeof post) &&
        json_string_field(event, "session", session, sizeof session)) {
        lkh_error err = {.struct_size = sizeof err};
        char *json = NULL;
        report((const char *)user_data, linkstr_react(bob, session, post, "👀", LINKSTR_REACT_ON, &json, &err), &err, &json);
        pthread_mutex_lock(&lock);
        reacted = 1;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
    }
}

/* Waits (at most 30 s) until *flag is set. */
static int wait_for(int *flag) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 30;
    pthread_mutex_lock(&lock);
    int result = 0;
    while (!*flag && result == 0) result = pthread_cond_timedwait(&changed, &lock, &deadline);
    int set = *flag;
    pthread_mutex_unlock(&lock);
    return set;
}

static linkstr_runtime *open_runtime(const char *home) {
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime_options options = LINKSTR_RUNTIME_OPTIONS_INIT;
    options.home = home;
    linkstr_runtime *runtime = NULL;
    report("open", linkstr_runtime_open(&options, &runtime, &err), &err, NULL);
    return runtime;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: embed_runtime ALICE_HOME BOB_HOME\n");
        return 2;
    }
    lkh_error err = {.struct_size = sizeof err};
    char *json = NULL;
    linkstr_runtime *alice = open_runtime(argv[1]);
    bob = open_runtime(argv[2]);
    if (alice == NULL || bob == NULL) return 1;

    if (report("alice-create", linkstr_account_create(alice, "Alice", "plain", &json, &err), &err, &json)) return 1;
    if (linkstr_account_create(bob, "Bob", "plain", &json, &err) != LKH_OK) return report("bob-create", 1, &err, NULL);
    char bob_npub[128];
    json_string_field(json, "npub", bob_npub, sizeof bob_npub);
    report("bob-create", LKH_OK, &err, &json);
    report("alice-identity", linkstr_account_identity(alice, &json, &err), &err, &json);

    linkstr_watch *watch = NULL;
    if (report("bob-watch", linkstr_runtime_watch(bob, on_event, (void *)"bob-react", &watch, &err), &err, NULL)) return 1;
    linkstr_watch *second = NULL;
    report("bob-watch-again", linkstr_runtime_watch(bob, on_event, (void *)"bob-react", &second, &err), &err, NULL);
    report("bob-sync-while-watching", linkstr_sync(bob, 5, &json, &err), &err, &json);
    if (!wait_for(&caught_up)) return report("caught-up", 1, &err, NULL);

    report("alice-contact-add", linkstr_contact_add(alice, bob_npub, "bob", &json, &err), &err, &json);
    if (linkstr_session_create(alice, "C room", "[\"bob\"]", &json, &err) != LKH_OK) return report("alice-session", 1, &err, NULL);
    char session[80];
    json_string_field(json, "id", session, sizeof session);
    report("alice-session", LKH_OK, &err, &json);
    if (linkstr_post(alice, session, "https://example.com/c", "from C", &json, &err) != LKH_OK) return report("alice-post", 1, &err, NULL);
    char post[80];
    json_string_field(json, "id", post, sizeof post);
    report("alice-post", LKH_OK, &err, &json);

    if (!wait_for(&reacted)) return report("reacted", 1, &err, NULL);
    /* The notification is dispatched beside the post event, not necessarily before it. */
    if (!wait_for(&notified)) return report("notified", 1, &err, NULL);
    linkstr_watch_stop(watch);
    pthread_mutex_lock(&lock);
    stopped = 1;
    pthread_mutex_unlock(&lock);
    printf("bob-stopped\n");

    report("alice-sync", linkstr_sync(alice, 10, &json, &err), &err, &json);
    report("alice-feed", linkstr_feed(alice, "C room", 0, &json, &err), &err, &json);
    report("alice-read", linkstr_read(alice, session, NULL, &json, &err), &err, &json);
    report("alice-sessions", linkstr_sessions_list(alice, 0, &json, &err), &err, &json);
    report("alice-react", linkstr_react(alice, session, post, "🔥", LINKSTR_REACT_TOGGLE, &json, &err), &err, &json);
    report("alice-react-again", linkstr_react(alice, session, post, "🔥", LINKSTR_REACT_TOGGLE, &json, &err), &err, &json);
    report("alice-react-bad", linkstr_react(alice, session, post, "fire", LINKSTR_REACT_ON, &json, &err), &err, &json);
    report("alice-archive", linkstr_session_archive(alice, session, &json, &err), &err, &json);
    report("alice-archived", linkstr_sessions_list(alice, 1, &json, &err), &err, &json);
    report("alice-unarchive", linkstr_session_unarchive(alice, session, &json, &err), &err, &json);
    report("alice-alias", linkstr_contact_alias(alice, "bob", "Bobby", &json, &err), &err, &json);
    report("alice-contacts", linkstr_contacts_list(alice, &json, &err), &err, &json);
    report("alice-contact-remove", linkstr_contact_remove(alice, bob_npub, &json, &err), &err, &json);
    report("alice-delete", linkstr_delete(alice, session, post, &json, &err), &err, &json);
    report("alice-feed-after-delete", linkstr_feed(alice, session, 0, &json, &err), &err, &json);
    report("alice-relay-add", linkstr_relay_add(alice, "wss://relay.example.com", &json, &err), &err, &json);
    report("alice-relay-disable", linkstr_relay_disable(alice, "wss://relay.example.com", &json, &err), &err, &json);
    report("alice-relays", linkstr_relays_list(alice, &json, &err), &err, &json);
    report("alice-relay-enable", linkstr_relay_enable(alice, "wss://relay.example.com", &json, &err), &err, &json);
    report("alice-relay-remove", linkstr_relay_remove(alice, "wss://relay.example.com", &json, &err), &err, &json);
    report("alice-relay-reset", linkstr_relay_reset(alice, &json, &err), &err, &json);
    report("alice-sessions-after-reset", linkstr_sessions_list(alice, 0, &json, &err), &err, &json);

    linkstr_runtime_free(alice);
    linkstr_runtime_free(bob);
    printf("freed\n");
    return 0;
}
