/*
 * linkstr_plugin_test.h — unit-test a linkstr plugin written in C without linkstr running.
 *
 * A small fake host (the `lkh_host` table a plugin's `create` gets, with settings you choose and the
 * log lines it writes kept for your checks), a way to wait for an asynchronous call's `done` that
 * counts every call of it (a second `done` is a bug this catches), and CHECK macros. Link the
 * plugin's source into the test program and pass its `lkh_plugin_entry` to lkh_test_open:
 *
 *   cc plugin.c test.c $(pkg-config --cflags --libs linkstr-plugin) -o test && ./test
 *
 *   lkh_test_host *host = lkh_test_host_new("org.example.notify.file");
 *   lkh_test_host_set(host, "path", "/tmp/notes.txt");
 *   lkh_test_instance plugin;
 *   LKH_TEST_CHECK(lkh_test_open(host, lkh_plugin_entry, &plugin) == LKH_OK);
 *   const lkh_notifier_v1 *notifier = lkh_test_capability(&plugin, LKH_CAP_NOTIFIER_V1);
 *   lkh_test_call *call = lkh_test_call_new();
 *   notifier->notify(plugin.instance, &notification, lkh_test_call_done, call, NULL, &err);
 *   LKH_TEST_CHECK(lkh_test_call_wait(call, 1000) && lkh_test_call_status(call) == LKH_OK);
 *   ...
 *   return lkh_test_finish();   // 0 when every check passed; prints a summary
 *
 * Everything here is [thread-safe] unless a comment says otherwise; `done` may be called from any
 * thread. The host table offers no optional service (get_service returns NULL).
 */
#ifndef LINKSTR_PLUGIN_TEST_H
#define LINKSTR_PLUGIN_TEST_H

#include "linkstr_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The fake host --------------------------------------------------------------------------- */

typedef struct lkh_test_host lkh_test_host;

/** A host for instances of the plugin `plugin_id` (named in its log lines). Settings start empty. */
lkh_test_host *lkh_test_host_new(const char *plugin_id);

/** Sets what `config_get(key)` answers: a setting of the plugin's section ("path") or a host key
 *  ("host.data_dir"); values are text, as config.toml renders them ("true", "10", "[\"a\"]"). */
void lkh_test_host_set(lkh_test_host *host, const char *key, const char *value);

/** The host table to pass to a plugin's `create`. Valid until lkh_test_host_free. */
const lkh_host *lkh_test_host_table(lkh_test_host *host);

/** How many lines the plugin logged, and line `index` (its level in *level when not NULL). */
size_t lkh_test_host_log_count(lkh_test_host *host);
const char *lkh_test_host_log_line(lkh_test_host *host, size_t index, int32_t *level);

/** 1 when a logged line contains `text`. */
int lkh_test_host_logged(lkh_test_host *host, const char *text);

/** Frees the host; destroy the instances it served first. */
void lkh_test_host_free(lkh_test_host *host);

/* ---- Loading ---------------------------------------------------------------------------------- */

/** One created instance, with the descriptor it came from. */
typedef struct lkh_test_instance {
    const lkh_plugin_desc *descriptor;
    void *instance;
} lkh_test_instance;

/** Calls `entry` as the host does, checks the descriptor as the host's loader does (ABI major,
 *  struct_size, a reverse-DNS id, name, version, provides, create/destroy/get_capability) and
 *  creates an instance on `host`. On failure returns non-OK and writes why into `err` (may be NULL). */
lkh_status lkh_test_open(lkh_test_host *host, lkh_plugin_entry_fn entry, lkh_test_instance *out, lkh_error *err);

/** The instance's vtable for `capability_id`, or NULL when it is not among `provides` or the plugin
 *  returns none. */
const void *lkh_test_capability(const lkh_test_instance *instance, const char *capability_id);

/** Destroys the instance. */
void lkh_test_close(lkh_test_instance *instance);

/* ---- Waiting for done ------------------------------------------------------------------------- */

typedef struct lkh_test_call lkh_test_call;

lkh_test_call *lkh_test_call_new(void);

/** The `lkh_done_fn` to pass, with the call as `user_data`. Counts each call, keeps the first's
 *  status, message and result (copied; the result is released at once, as the ABI requires). */
void lkh_test_call_done(void *user_data, lkh_status status, const lkh_error *err, lkh_owned_bytes result);

/** Waits until `done` ran or `timeout_ms` passed; 1 when it ran. */
int lkh_test_call_wait(lkh_test_call *call, uint32_t timeout_ms);

/** How many times `done` ran (1 is right; 2 or more is a bug). */
int lkh_test_call_done_count(lkh_test_call *call);

lkh_status lkh_test_call_status(lkh_test_call *call);
const char *lkh_test_call_message(lkh_test_call *call);
/** The result bytes, NUL-terminated for convenience; their length in *len when not NULL. */
const char *lkh_test_call_result(lkh_test_call *call, size_t *len);

void lkh_test_call_free(lkh_test_call *call);

/* ---- Checks ----------------------------------------------------------------------------------- */

/** Records one check: prints "FAIL file:line: expression" when `passed` is 0. Returns `passed`. */
int lkh_test_check(int passed, const char *expression, const char *file, int line);
#define LKH_TEST_CHECK(condition) lkh_test_check((condition) != 0, #condition, __FILE__, __LINE__)

/** Prints "N checks, M failed" and returns 0 when none failed, 1 otherwise: `return lkh_test_finish();`. */
int lkh_test_finish(void);

#ifdef __cplusplus
}
#endif

#endif /* LINKSTR_PLUGIN_TEST_H */
