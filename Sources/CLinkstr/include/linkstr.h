/*
 * linkstr.h — embed the linkstr host in another program (C, or any language with a C FFI).
 *
 * Link with -llinkstr (liblinkstr.so). Status codes and the error slot are those of the plugin ABI
 * (linkstr_plugin.h): 0 = OK, and a caller-owned lkh_error receives a message a person can act on.
 *
 * Threads: a linkstr_host may be used from any thread, but the control calls (load_plugins, start,
 * stop, free) must not run concurrently on the same host. Ownership: every pointer argument is
 * borrowed for the call; strings written into caller buffers follow the two-call pattern (the
 * return value is the length needed including the NUL, 0 on failure).
 */
#ifndef LINKSTR_H
#define LINKSTR_H

#include "linkstr_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct linkstr_host linkstr_host;

typedef struct linkstr_host_options {
    uint32_t struct_size; /* sizeof(linkstr_host_options) */
    const char *home;        /* everything under this folder (like --home); NULL = LINKSTR_HOME or XDG */
    const char *config_path; /* a config.toml to read instead of the default; may be NULL */
} linkstr_host_options;

/** Creates a host: resolves its folders and reads its configuration (no plugin is loaded yet).
 *  On success *out_host must later be passed to linkstr_host_free. */
lkh_status linkstr_host_new(const linkstr_host_options *options, linkstr_host **out_host, lkh_error *err);

/** Discovers and loads plugins. Refused plugins are logged (stderr) and skipped; writes how many
 *  loaded into *out_loaded (may be NULL). */
lkh_status linkstr_host_load_plugins(linkstr_host *host, uint32_t *out_loaded, lkh_error *err);

/** Writes the loaded plugins as JSON `[{"id","version","path","provides":[…]}]` into buffer. */
size_t linkstr_host_plugins_json(linkstr_host *host, char *buffer, size_t capacity);

/** Writes the ids of the plugins providing `capability_id` (e.g. "org.linkstr.storage/1") as a JSON
 *  array into buffer. */
size_t linkstr_host_providers_json(linkstr_host *host, const char *capability_id, char *buffer, size_t capacity);

/** Classifies a URL through the media providers; writes
 *  `{"provider","mode","canonical_url","embed_url"?}` into buffer. Returns 0 and sets err to
 *  LKH_E_NOT_FOUND when no provider claims it. */
size_t linkstr_host_classify_url(linkstr_host *host, const char *url, char *buffer, size_t capacity, lkh_error *err);

/** Creates the selected providers (storage, transport, media providers). */
lkh_status linkstr_host_start(linkstr_host *host, lkh_error *err);

/** Destroys every plugin instance the host created. The host can be started again. */
lkh_status linkstr_host_stop(linkstr_host *host, lkh_error *err);

/** Stops the host if needed and frees it. NULL is ignored. */
void linkstr_host_free(linkstr_host *host);

/** The library version, e.g. "0.1.0". Static storage. */
const char *linkstr_version(void);

#ifdef __cplusplus
}
#endif

#endif /* LINKSTR_H */
