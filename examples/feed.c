/* feed — shares a link in a new session through liblinkstr and prints the session's feed.
 *
 *   cc examples/feed.c $(pkg-config --cflags --libs linkstr) -o feed
 *   [FEED_KEY_STORE=secret-service|ncryptsec|plain] ./feed HOME URL [NOTE [MEMBER...]]
 *
 * HOME is a linkstr home (relays = [...] in HOME/config.toml, or the defaults); when it has no account
 * yet, one is created. MEMBER names a person: npub1..., 64 hex or a contact alias; without one the
 * session has only you. The feed (JSON, the records of `linkstr feed --json`) goes to stdout, what
 * happened to stderr.
 *
 * The key store. An embedded program has no terminal to ask a passphrase on, so the library's
 * default (key_store NULL: the desktop keyring when one answers, else an ncryptsec file whose
 * passphrase must come from LINKSTR_PASSPHRASE_FILE) fails on a headless machine. This example
 * creates the account in FEED_KEY_STORE — "secret-service", "ncryptsec" (with
 * LINKSTR_PASSPHRASE_FILE) or "plain" — and in "plain" (an unencrypted 0600 file, as for a bot)
 * when it is not set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linkstr.h>

static int fail(const char *what, const lkh_error *err) {
    fprintf(stderr, "feed: %s: %s\n", what, err->message);
    return 1;
}

/* Appends `text` to `out` as a JSON string. */
static void append_json_string(char *out, size_t capacity, const char *text) {
    size_t used = strlen(out);
    if (used + 1 < capacity) out[used++] = '"';
    for (; *text && used + 3 < capacity; text++) {
        if (*text == '"' || *text == '\\') out[used++] = '\\';
        out[used++] = *text;
    }
    if (used + 1 < capacity) out[used++] = '"';
    out[used] = '\0';
}

/* Copies the string value of `"field":"…"` of a flat JSON object into `out` (a real program would use
 * a JSON library; linkstr's ids hold no escapes). */
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

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: feed HOME URL [NOTE [MEMBER...]]\n");
        return 2;
    }
    const char *note = argc > 3 ? argv[3] : NULL;
    lkh_error err = {.struct_size = sizeof err};
    linkstr_runtime_options options = LINKSTR_RUNTIME_OPTIONS_INIT;
    options.home = argv[1];
    linkstr_runtime *runtime = NULL;
    if (linkstr_runtime_open(&options, &runtime, &err) != LKH_OK) return fail("open", &err);

    char *json = NULL;
    lkh_status status = linkstr_account_identity(runtime, &json, &err);
    if (status == LINKSTR_E_NO_ACCOUNT) {
        const char *key_store = getenv("FEED_KEY_STORE") != NULL ? getenv("FEED_KEY_STORE") : "plain";
        status = linkstr_account_create(runtime, NULL, key_store, &json, &err);
    }
    if (status != LKH_OK) return fail("account", &err);
    fprintf(stderr, "account %s\n", json);
    linkstr_string_free(json);

    char members[4096] = "[";
    for (int index = 4; index < argc; index++) {
        if (index > 4) strncat(members, ",", sizeof members - strlen(members) - 1);
        append_json_string(members, sizeof members, argv[index]);
    }
    strncat(members, "]", sizeof members - strlen(members) - 1);
    if (linkstr_session_create(runtime, "Shared from C", members, &json, &err) != LKH_OK) return fail("session create", &err);
    fprintf(stderr, "session %s\n", json);
    char session[128];
    int found = json_string_field(json, "id", session, sizeof session);
    linkstr_string_free(json);
    if (!found) return 1;

    if (linkstr_post(runtime, session, argv[2], note, &json, &err) != LKH_OK) return fail("post", &err);
    fprintf(stderr, "post %s\n", json);
    linkstr_string_free(json);

    if (linkstr_feed(runtime, session, 0, &json, &err) != LKH_OK) return fail("feed", &err);
    printf("%s\n", json);
    linkstr_string_free(json);
    linkstr_runtime_free(runtime);
    return 0;
}
