/*
 * linkstr_plugin.h — the linkstr plugin ABI, version 1.3.
 *
 * This header is the one contract between the linkstr host and its plugins (transport, storage,
 * media providers, notifiers, and capabilities third parties define). A plugin is a shared library
 * that exports exactly one function, `lkh_plugin_entry`, and is built from this header alone: no
 * Swift runtime, no SwiftPM, no other header of the project is needed.
 *
 * Rules that hold for the whole header
 * ------------------------------------
 * Versioning. The host accepts a plugin whose descriptor has the same `abi_major` and any
 * `abi_minor` (older or newer). Structs never change shape within a major: fields are only ever
 * appended. Every struct that crosses the boundary starts with `struct_size`; a reader checks
 * `struct_size >= offsetof(field) + sizeof(field)` before it touches a field (LKH_HAS_FIELD). An
 * incompatible change of a capability gets a new capability id (`…/2`).
 *
 * Arrays of versioned structs. Where a function takes a pointer and a count of structs that start
 * with `struct_size` (`lkh_storage_op`, `lkh_relay_config`), every element has the same
 * `struct_size` and the stride of the array is that size: element i starts at
 * `(const uint8_t *)array + i * array[0].struct_size`, never at `&array[i]`, because the caller may
 * have been built against another minor (with fields this header does not know, or without fields it
 * knows). Read only the fields LKH_HAS_FIELD allows, and treat the others as absent.
 *
 * Threads. Every function and callback carries one tag:
 *   [host-thread]  the host calls it only from its control thread, never concurrently with any
 *                  other call on the same instance;
 *   [thread-safe]  the caller may call it from any thread, concurrently with other calls;
 *   [any-thread]   (callbacks into the host) the plugin may call it from any thread, including
 *                  threads it owns, concurrently.
 * The host never holds a lock while it calls into a plugin, so a plugin may call host services from
 * inside any of its functions or callbacks.
 *
 * Ownership. Unless a comment says otherwise, every pointer argument is borrowed: valid only for the
 * duration of the call, and the callee copies what it keeps (a struct of function pointers such as
 * the transport sink included: the callee copies the struct; the functions and `ctx` it holds stay
 * valid as long as that comment says). Strings are NUL-terminated UTF-8. Descriptors and vtables
 * returned by a plugin are owned by the plugin and stay valid until `destroy` (vtables) or forever
 * (the descriptor). `lkh_owned_bytes` is the one exception that transfers ownership: the receiver
 * calls `release` exactly once.
 *
 * Errors. Fallible functions return `lkh_status` (0 = OK) and take a caller-owned `lkh_error *`
 * (may be NULL) into which the callee writes a short, NUL-terminated message a person can act on.
 * Nothing unwinds across the boundary (no C++ exceptions, longjmp, Rust panics or Swift errors).
 * A NULL function pointer in a vtable means "not supported".
 *
 * Asynchronous operations call an `lkh_done_fn` exactly once, from any thread, possibly before the
 * starting call returns — and never when the starting call itself returned non-OK. The linkstr host
 * does not rely on it: each asynchronous call has a host deadline (a notifier's
 * `answer_timeout_seconds`, 10 s by default; twice a media call's `timeout_ms`, or 30 s without one;
 * none for `extract`), after which the host stops waiting and calls the capability's `cancel` (a
 * cancelled `extract` is given 10 s more for its `done`, to remove its files). Its
 * `user_data` is a call number, not a pointer: a second `done`, a `done` after a non-OK return, a
 * non-OK return after `done` and a `done` after the deadline are ignored and logged once with the
 * plugin's id — bugs to fix all the same (`linkstr plugins validate` finds them).
 *
 * After destroy. Once `destroy(instance)` returns, the host never passes that instance to any
 * function again, and the plugin never calls the instance's `lkh_host`, its sink or any callback it
 * was given: the pointers may already be freed. Pending `lkh_done_fn`s ran (with LKH_E_CANCELLED)
 * before destroy returned. Other instances of the same plugin are not affected.
 *
 * Unloading. The host opens plugins with RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE and never unloads
 * them; it calls `destroy` on every instance it created.
 */
#ifndef LINKSTR_PLUGIN_H
#define LINKSTR_PLUGIN_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * Versions and symbols
 * --------------------------------------------------------------------------------------------- */

#define LKH_ABI_MAJOR 1u
#define LKH_ABI_MINOR 3u

/** The name of the one function a plugin exports. */
#define LKH_ENTRY_SYMBOL "lkh_plugin_entry"

#if defined(__GNUC__) || defined(__clang__)
#define LKH_EXPORT __attribute__((visibility("default")))
#else
#define LKH_EXPORT
#endif

/** True when a struct of `struct_size` bytes, read through a pointer to `type`, contains `field`. */
#define LKH_HAS_FIELD(ptr, type, field) \
    ((ptr) != NULL && (ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* ------------------------------------------------------------------------------------------------
 * Status codes and errors
 * --------------------------------------------------------------------------------------------- */

/** 0 = OK, > 0 = an error. Receivers must tolerate codes they do not know. */
typedef int32_t lkh_status;
#define LKH_OK 0
#define LKH_E_INVALID 1      /* bad argument or bad input data */
#define LKH_E_UNSUPPORTED 2  /* the operation or a value is not supported */
#define LKH_E_NOT_FOUND 3    /* no such record, relay, URL claim, … */
#define LKH_E_IO 4           /* a file, socket or database failed */
#define LKH_E_TIMEOUT 5
#define LKH_E_BUSY 6         /* try again later (back-pressure, locked database) */
#define LKH_E_CANCELLED 7
#define LKH_E_NOMEM 8
#define LKH_E_PERMISSION 9
#define LKH_E_PROTOCOL 10    /* the peer (relay, server) broke its protocol */
#define LKH_E_INTERNAL 11
#define LKH_E_UNAVAILABLE 12 /* a required service or server is not there (no D-Bus, no relay) */
#define LKH_E_PLUGIN_BASE 1000 /* plugin-specific codes start here */

#define LKH_ERROR_MESSAGE_CAPACITY 256

/** Caller-owned error slot, borrowed by the callee for the call. The callee writes `code` and a
 *  truncated, NUL-terminated message only when it returns non-OK, and only when `struct_size` covers
 *  `message`; a caller reads it only after a non-OK status. */
typedef struct lkh_error {
    uint32_t struct_size; /* sizeof(lkh_error), set by the caller */
    lkh_status code;
    char message[LKH_ERROR_MESSAGE_CAPACITY];
} lkh_error;

/** Fills `err` with `code` and a printf-style message (truncated to fit, always NUL-terminated) and
 *  returns `code`, so a function can end with `return lkh_error_set(err, LKH_E_INVALID, "…");`.
 *  Does nothing but return `code` when `err` is NULL or its struct_size is too small. [any-thread] */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static inline lkh_status lkh_error_set(lkh_error *err, lkh_status code, const char *format, ...) {
    if (err != NULL && err->struct_size >= sizeof(lkh_error)) {
        va_list arguments;
        va_start(arguments, format);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, format, arguments);
        va_end(arguments);
    }
    return code;
}

/* ------------------------------------------------------------------------------------------------
 * Bytes
 * --------------------------------------------------------------------------------------------- */

/** Borrowed bytes: valid only during the call that receives them. `data` may be NULL when len 0. */
typedef struct lkh_bytes {
    const uint8_t *data;
    size_t len;
} lkh_bytes;

/** Owned bytes: the receiver calls `release(release_ctx)` exactly once (release may be NULL for
 *  static data). Never freed with the receiver's allocator. */
typedef struct lkh_owned_bytes {
    const uint8_t *data;
    size_t len;
    void (*release)(void *release_ctx);
    void *release_ctx;
} lkh_owned_bytes;

/* ------------------------------------------------------------------------------------------------
 * Host services
 * --------------------------------------------------------------------------------------------- */

#define LKH_LOG_TRACE 0
#define LKH_LOG_DEBUG 1
#define LKH_LOG_INFO 2
#define LKH_LOG_WARN 3
#define LKH_LOG_ERROR 4

/** Completion of an asynchronous operation. Called exactly once, [any-thread].
 *  `err` is borrowed for the callback (NULL when status is LKH_OK). `result` is owned by the
 *  receiver, which must release it (its data may be empty). */
typedef void (*lkh_done_fn)(void *user_data, lkh_status status, const lkh_error *err,
                            lkh_owned_bytes result);

typedef struct lkh_host lkh_host;

/** The services the host offers one plugin instance. Owned by the host, valid from `create` until
 *  the instance's `destroy` returns (not after: see "After destroy"). Every function is
 *  [thread-safe] and never calls back into the plugin. */
struct lkh_host {
    uint32_t struct_size;
    uint32_t abi_major;
    uint32_t abi_minor;
    void *host_ctx; /* opaque to the plugin */

    /** Logs one line, attributed to the plugin. `message` is borrowed. Never log secrets.
     *  [thread-safe] */
    void (*log)(const lkh_host *host, int32_t level, const char *message);

    /** Looks up `key` in the plugin's configuration section (e.g. key "path" of
     *  `[plugins."org.linkstr.storage.sqlite"]`) or a host-wide key prefixed "host." (e.g.
     *  "host.data_dir", "host.cache_dir", "host.home"). Writes up to `capacity` bytes including the NUL
     *  into `buffer` (may be NULL when capacity is 0) and returns the length the value needs
     *  including its NUL, or 0 when the key is absent. `key` is borrowed; `buffer` stays the
     *  caller's. [thread-safe]
     *
     *  Every value is text, rendered from config.toml: a string as it is; a boolean "true" or
     *  "false"; an integer in decimal ("10", "-3"); a float in the shortest form that reads back
     *  ("0.5", "1e-05"); an array or a table as JSON with sorted keys and unescaped slashes
     *  (`["firefox","--new-tab"]`, `{"a":1,"b":"x"}`); a date or time as TOML writes it.
     *  Host-wide keys: "host.data_dir" (data to keep), "host.cache_dir" (what may be rebuilt),
     *  "host.state_dir" (state that is neither: logs, ids, positions — the folder may not exist yet:
     *  create it with mode 0700), "host.config_file", "host.home" (set with --home or LINKSTR_HOME
     *  only), "host.media_cache_bytes", "host.ytdlp", "host.media_cache_key". */
    size_t (*config_get)(const lkh_host *host, const char *key, char *buffer, size_t capacity);

    /** Retired (see "Retired services" below). Nanoseconds of a monotonic clock. [thread-safe] */
    uint64_t (*monotonic_ns)(const lkh_host *host);

    /** Nanoseconds since the Unix epoch (a test host may fake it). [thread-safe] */
    int64_t (*wall_clock_ns)(const lkh_host *host);

    /** Retired (see "Retired services" below). Fills `buffer` with `length` random bytes.
     *  [thread-safe] */
    lkh_status (*random_bytes)(const lkh_host *host, uint8_t *buffer, size_t length);

    /** Retired (see "Retired services" below). Publishes an event to the host's log of plugin
     *  events; `event_id` and `payload` are borrowed. [thread-safe] */
    void (*emit_event)(const lkh_host *host, const char *event_id, lkh_bytes payload);

    /** Retired (see "Retired services" below). Runs `fn(user_data)` soon on a host thread (never
     *  inside this call). [thread-safe] */
    void (*post)(const lkh_host *host, void (*fn)(void *user_data), void *user_data);

    /** Returns an optional, versioned host service (a const struct owned by the host, valid until
     *  destroy), or NULL when the host does not offer it. See LKH_SERVICE_* below. [thread-safe] */
    const void *(*get_service)(const lkh_host *host, const char *service_id);

    /* ABI 1.x: fields are appended here. */
};

/* Retired services. `monotonic_ns`, `random_bytes`, `emit_event` and `post` are used by no plugin
 * and will be removed in ABI 2.0 (removing a field changes the struct's shape, which only a new
 * major may do). Until then every 1.x host still fills them, so plugins built against an earlier minor
 * that call them keep working; a new plugin must not call them: read the clock with
 * clock_gettime(CLOCK_MONOTONIC), draw random bytes with getrandom(2), log with `log`, and run work
 * later on a thread of its own. */

/* ------------------------------------------------------------------------------------------------
 * Optional host services
 * --------------------------------------------------------------------------------------------- */

/** Signs with the account's key (a local key or a NIP-46 remote signer). Used by the transport for
 *  NIP-42 AUTH. The secret key never crosses the boundary. Offered only to a plugin that declares
 *  the kinds it signs (lkh_plugin_desc.signer_kinds) and that config.toml allows (`signer_plugins`);
 *  any other kind is refused with LKH_E_PERMISSION. */
#define LKH_SERVICE_SIGNER_V1 "org.linkstr.service.signer/1"

typedef struct lkh_signer_v1 {
    uint32_t struct_size;
    /** Writes the account's x-only public key as 64 lowercase hex characters plus NUL into
     *  `out_hex65`. Returns LKH_E_UNAVAILABLE when no account is loaded. [thread-safe] */
    lkh_status (*public_key)(const lkh_host *host, char out_hex65[65], lkh_error *err);
    /** Completes and signs an unsigned NIP-01 event given as JSON
     *  `{"created_at":…,"kind":…,"tags":[…],"content":"…"}` (borrowed for the call); the result
     *  passed to `done` is the signed event as JSON, owned by the receiver. `done` follows the rules
     *  of lkh_done_fn. [thread-safe] */
    lkh_status (*sign_event)(const lkh_host *host, lkh_bytes unsigned_event_json, lkh_done_fn done,
                             void *user_data, lkh_error *err);
} lkh_signer_v1;

/* ------------------------------------------------------------------------------------------------
 * The plugin descriptor and entry point
 * --------------------------------------------------------------------------------------------- */

typedef struct lkh_plugin_desc {
    uint32_t struct_size; /* sizeof(lkh_plugin_desc) as the plugin was compiled */
    uint32_t abi_major;   /* LKH_ABI_MAJOR the plugin was compiled against */
    uint32_t abi_minor;   /* LKH_ABI_MINOR the plugin was compiled against */
    const char *id;       /* reverse-DNS, [a-z0-9-]+(.[a-z0-9-]+)+, e.g. "org.linkstr.storage.sqlite" */
    const char *name;     /* display name */
    const char *version;  /* the plugin's own version, semver */
    const char *const *provides; /* NULL-terminated capability ids, e.g. "org.linkstr.storage/1" */
    const char *const *requires; /* NULL-terminated host service ids it cannot work without; may be NULL */

    /** Creates an instance. May use every host service. `host` stays valid until destroy returns.
     *  On success writes the instance into *out_instance: any pointer, NULL included (a plugin
     *  without state may keep NULL); the host passes exactly that value to every function of the
     *  instance and to destroy. On failure returns non-OK, writes `err`, leaves *out_instance
     *  untouched, and the host calls no other function for it (not even destroy). [host-thread] */
    lkh_status (*create)(const lkh_host *host, void **out_instance, lkh_error *err);

    /** Destroys an instance: stops and joins the plugin's threads, cancels its pending operations
     *  (their done callbacks run with LKH_E_CANCELLED before destroy returns), and frees the
     *  instance. The host calls it exactly once per created instance, after every other call on the
     *  instance has returned. See "After destroy". [host-thread] */
    void (*destroy)(void *instance);

    /** Returns the vtable for `capability_id` (one of `provides`), owned by the plugin and valid until
     *  destroy, or NULL. The host asks once per capability and caches the pointer. [thread-safe] */
    const void *(*get_capability)(void *instance, const char *capability_id);

    /** Optional informational string: the toolchain that built the plugin (e.g. "swift-6.3.1",
     *  "cc"). May be NULL. Static storage, like every string of the descriptor. */
    const char *built_with;

    /* ABI 1.2 */
    /** The event kinds the plugin asks the signer service to sign, `signer_kind_count` of them (the
     *  relay pool: 22242, NIP-42 AUTH). NULL and 0 for a plugin that never signs. */
    const uint32_t *signer_kinds;
    uint32_t signer_kind_count;
} lkh_plugin_desc;

/** The one symbol a plugin exports. Returns a descriptor with static storage duration, or NULL if
 *  the plugin cannot serve a host of this ABI major. May be called more than once. [host-thread] */
typedef const lkh_plugin_desc *(*lkh_plugin_entry_fn)(uint32_t host_abi_major, uint32_t host_abi_minor);
LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor);

/* ================================================================================================
 * Capability: transport — a Nostr relay pool (NIP-01 client protocol, NIP-42 AUTH)
 * ============================================================================================= */

#define LKH_CAP_TRANSPORT_V1 "org.linkstr.transport/1"

#define LKH_RELAY_CONNECTING 0
#define LKH_RELAY_CONNECTED 1
#define LKH_RELAY_READ_ONLY 2 /* connected, but refuses writes */
#define LKH_RELAY_FAILED 3    /* gave up for now; will retry after backoff */
#define LKH_RELAY_DISABLED 4

#define LKH_RELAY_READ 1u  /* flag: subscribe on this relay */
#define LKH_RELAY_WRITE 2u /* flag: publish to this relay */

/** Where incoming traffic goes. The struct itself is borrowed by `set_sink` (the host may pass a
 *  stack value): the transport copies it, reading only the fields its `struct_size` covers. The
 *  function pointers and `ctx` stay valid until the transport instance's `destroy` returns; the
 *  transport calls none of them after that. Every callback is [any-thread], must not block, and
 *  receives only borrowed pointers. The calls about one relay come in the order its messages
 *  arrived: the host tells a relay's stored events from new ones by where its EOSE falls. */
typedef struct lkh_transport_sink {
    uint32_t struct_size;
    void *ctx;
    /** One event from a subscription, as the raw JSON object the relay sent (not parsed, not
     *  verified: the host does that). Returns LKH_OK when the host took it, or LKH_E_BUSY when its
     *  queue for the subscription is full and it did not: the transport then stops reading from that
     *  relay (its later frames wait in the socket), offers the same event again after a short pause
     *  (a few milliseconds, growing), and reads on once the host took it. */
    lkh_status (*on_event)(void *ctx, const char *relay_url, const char *subscription_id,
                           lkh_bytes event_json);
    /** End of stored events for a subscription on one relay. */
    void (*on_eose)(void *ctx, const char *relay_url, const char *subscription_id);
    /** The relay closed a subscription (CLOSED), with its message. */
    void (*on_closed)(void *ctx, const char *relay_url, const char *subscription_id,
                      const char *message);
    /** A relay's status changed (LKH_RELAY_*); `error` is a human-readable reason or NULL. */
    void (*on_relay_status)(void *ctx, const char *relay_url, int32_t status, const char *error);
    /** A NOTICE from a relay. */
    void (*on_notice)(void *ctx, const char *relay_url, const char *message);

    /* ABI 1.3: fields are appended here. A transport calls them only when
     * LKH_HAS_FIELD(sink, lkh_transport_sink, field): a 1.2 host's sink ends at `on_notice`. */

    /** The answer of one relay to a publish, arriving after the publish's `done` returned: its OK
     *  (`accepted` 1 — `duplicate:` included — or 0 with the relay's message), or what happened
     *  instead (accepted 0: the connection dropped, or "no answer before the timeout" once the
     *  publish's timeout passed). Called once for each relay that `done`'s result listed with
     *  `"pending":true` and for no other, never before `done` returned, never after `cancel` of the
     *  publish or once `destroy` started. `event_id_hex` is the id `publish` was given. */
    void (*on_publish_answer)(void *ctx, const char *relay_url, const char *event_id_hex, int32_t accepted,
                              const char *message);
} lkh_transport_sink;

/** One relay in the pool. Passed as an array: see "Arrays of versioned structs". */
typedef struct lkh_relay_config {
    uint32_t struct_size;
    const char *url;   /* ws:// or wss:// */
    uint32_t flags;    /* LKH_RELAY_READ | LKH_RELAY_WRITE; 0 = disabled */
} lkh_relay_config;

typedef struct lkh_transport_v1 {
    uint32_t struct_size;

    /** Installs the sink (copied; see lkh_transport_sink). Called once, before any other function.
     *  [host-thread] */
    lkh_status (*set_sink)(void *instance, const lkh_transport_sink *sink, lkh_error *err);

    /** Replaces the relay set with `count` relays (an array of versioned structs, borrowed for the
     *  call). New relays connect in the background and receive every open subscription; removed ones
     *  are closed; status changes go to the sink. [thread-safe] */
    lkh_status (*set_relays)(void *instance, const lkh_relay_config *relays, size_t count,
                             lkh_error *err);

    /** Opens (or replaces) a subscription on every readable relay, now and after each reconnect.
     *  `filters_json` is a JSON array of NIP-01 filters. [thread-safe] */
    lkh_status (*subscribe)(void *instance, const char *subscription_id, lkh_bytes filters_json,
                            lkh_error *err);

    /** Closes a subscription on every relay. [thread-safe] */
    lkh_status (*unsubscribe)(void *instance, const char *subscription_id, lkh_error *err);

    /** Publishes one signed event (raw JSON) to every writable relay and waits for OK frames, at
     *  most `timeout_ms`. `done` reports LKH_OK when at least one relay accepted the event (a
     *  `duplicate:` rejection counts as accepted), LKH_E_TIMEOUT when none answered in time, and
     *  another error when all refused; its result is a JSON array
     *  `[{"relay":"…","accepted":true|false,"message":"…","pending"?:true}]`. `auth-required:`
     *  answers are handled inside (NIP-42 AUTH through the host's signer service, then one retry).
     *  When `done` runs. With a sink that has `on_publish_answer` (ABI 1.3), `done` runs as soon as
     *  one relay accepted: the relays that have the event but have not answered yet are listed with
     *  `"pending":true`, and their answers follow through `on_publish_answer` until the timeout;
     *  relays that were not connected by then are listed as not sent and get no event later. With
     *  an older sink, `done` waits until every relay that has the event answered (or the timeout).
     *  [thread-safe] */
    lkh_status (*publish)(void *instance, lkh_bytes event_json, const char *event_id_hex,
                          uint32_t timeout_ms, lkh_done_fn done, void *user_data,
                          uint64_t *out_operation_id, lkh_error *err);

    /** Best-effort cancel of a publish; its done runs with LKH_E_CANCELLED if still pending. A
     *  cancel after done ends the answers still to come: none of them reaches `on_publish_answer`.
     *  [thread-safe] */
    void (*cancel)(void *instance, uint64_t operation_id);

    /** Writes the pool's status as JSON `[{"url","status","error"?}]` into `buffer` (two-call
     *  pattern like config_get). Returns the length needed including the NUL. [thread-safe] */
    size_t (*describe)(void *instance, char *buffer, size_t capacity);
} lkh_transport_v1;

/* ================================================================================================
 * Capability: storage — records with a few indexed fields, range queries, batch transactions
 * ============================================================================================= */

#define LKH_CAP_STORAGE_V1 "org.linkstr.storage/1"

/* The storage rules. Every storage plugin keeps them; `linkstr plugins conformance PATH` checks a
 * plugin file against them (the same checks the built-in SQLite, memory and PostgreSQL plugins and
 * the C example Plugins/Storage/CMemory pass).
 *
 * Records. A record is identified by (owner, collection, key). `owner` is empty (host-wide records)
 * or exactly 32 bytes; `collection` is 1…64 printable ASCII bytes (0x21…0x7E); `key` is 1…255
 * bytes; `parent` is 0…255 bytes; `value` is any length, empty included. Every byte field is binary
 * (NUL bytes included) and compared byte by byte; `lkh_bytes` with len > 0 and data NULL is invalid.
 * One owner never sees another's records.
 *
 * Order. Queries return records ordered by (sort, key): `sort` as a signed 64-bit integer, then
 * `key` byte by byte with unsigned bytes, a prefix before any longer key ("a" < "a\0" < "b").
 * LKH_ORDER_DESCENDING is exactly the reverse of that order.
 *
 * What a query returns. The records of (owner, collection) whose `parent` equals the query's (only
 * when match_parent is 1), whose `sort` lies in [sort_min, sort_max] (both inclusive), and whose
 * `flags & flags_mask == flags_value`, in order, at most `limit` of them (0 = no limit); each one
 * passed to `fn` in turn until `fn` returns non-zero. Returning early is not an error. An empty
 * result is LKH_OK.
 *
 * Transactions. `apply` runs its operations in array order inside one transaction: after it returns
 * non-OK none of them is visible, after LKH_OK all of them are, and a concurrent reader (another
 * thread or process) sees either none or all. A later operation sees the earlier ones of the same
 * batch (a PUT then a DELETE of the same key leaves nothing). PUT replaces every field of an
 * existing record. DELETE of an absent record is not an error. DELETE_PARENT deletes every record
 * of (owner, collection) whose parent equals `parent`, and nothing in any other collection or
 * owner. `delete_owner` deletes every record of the owner in
 * every collection, and no host-wide record unless the owner is empty.
 *
 * Errors. LKH_E_INVALID for input outside these rules, with a message naming the field ("owner",
 * "collection", "key", "parent", "struct_size", "unknown operation kind N"); from `apply` the message
 * starts with "operation N: " (N from 0) for the first bad operation, and nothing is applied.
 * LKH_E_NOT_FOUND only from `get`, for an absent record. LKH_E_BUSY when another process holds the
 * store locked for longer than the plugin waits; LKH_E_IO when a file or server fails;
 * LKH_E_UNAVAILABLE when the server cannot be reached; LKH_E_PERMISSION when the store may not be
 * opened. The host calls nothing but `describe` before `open` returned LKH_OK; a plugin may refuse
 * such a call with LKH_E_INVALID. Messages name the path or server and say what to do; they never
 * contain a record's value.
 */

/** One stored record; see "The storage rules" for every field's limits. The host encrypts sensitive
 *  data into `value` before it gets here; every other field is plain so that the backend can index
 *  it. Every `lkh_bytes` of a record the host passes is borrowed for the call; every one a plugin
 *  passes to an lkh_record_fn is borrowed for that callback. Indexes a backend should keep:
 *    (owner, collection, key)                    — unique
 *    (owner, collection, parent, sort, key)      — feed / list queries
 *  `flags` are tested by queries with a mask (e.g. the unread bit). */
typedef struct lkh_record {
    uint32_t struct_size;
    lkh_bytes owner;      /* the account (32 bytes), or empty for host-wide records */
    lkh_bytes collection; /* short ASCII name, e.g. "post" */
    lkh_bytes key;        /* unique within (owner, collection), ≤ 255 bytes */
    lkh_bytes parent;     /* grouping key, e.g. the session of a post; may be empty */
    int64_t sort;         /* ordering value, e.g. created_at */
    int64_t flags;        /* bit set the host queries by mask */
    lkh_bytes value;      /* opaque payload */
} lkh_record;

#define LKH_STORAGE_PUT 1          /* insert or replace the record (all fields) */
#define LKH_STORAGE_DELETE 2       /* delete (owner, collection, key); absent is not an error */
#define LKH_STORAGE_DELETE_PARENT 3 /* delete every record of (owner, collection, parent) */

/** One operation of `apply`. Passed as an array: see "Arrays of versioned structs". The embedded
 *  `record` carries its own `struct_size` (sizeof(lkh_record) as the caller was built): read its
 *  fields with LKH_HAS_FIELD(&op->record, lkh_record, field), and find the next operation with the
 *  stride of ops[0].struct_size, never with the record's. */
typedef struct lkh_storage_op {
    uint32_t struct_size;
    int32_t kind;      /* LKH_STORAGE_PUT / DELETE / DELETE_PARENT */
    lkh_record record; /* PUT: all fields; DELETE: owner, collection, key; DELETE_PARENT: owner, collection, parent */
} lkh_storage_op;

#define LKH_ORDER_ASCENDING 0
#define LKH_ORDER_DESCENDING 1

/** A range query over (owner, collection[, parent]) ordered by (sort, key). */
typedef struct lkh_storage_query {
    uint32_t struct_size;
    lkh_bytes owner;
    lkh_bytes collection;
    int32_t match_parent; /* 1: only records whose parent equals `parent` */
    lkh_bytes parent;
    int64_t sort_min;     /* inclusive; INT64_MIN for no bound */
    int64_t sort_max;     /* inclusive; INT64_MAX for no bound */
    int64_t flags_mask;   /* records match when (flags & flags_mask) == flags_value */
    int64_t flags_value;
    int32_t order;        /* LKH_ORDER_* on (sort, key) */
    uint32_t limit;       /* 0 = no limit */
} lkh_storage_query;

/** Receives query results, one record at a time. The record and its bytes are borrowed for the
 *  callback only (copy what you keep). Return 0 to continue, non-zero to stop early. Called on the
 *  thread that called `get` or `query`, before that call returns; it must not call the storage
 *  vtable of the same instance (a plugin may hold its lock while it calls). */
typedef int32_t (*lkh_record_fn)(void *ctx, const lkh_record *record);

/** Every function but `open` is [thread-safe] and may block (the host calls them from worker threads,
 *  never from its executor). Several processes may open the same persistent store at once. Every
 *  pointer argument is borrowed for the call. */
typedef struct lkh_storage_v1 {
    uint32_t struct_size;

    /** Opens the store described by the plugin's configuration (creating and migrating it as
     *  needed). Errors must name the path or server and the cause. Called once after create,
     *  before anything else. [host-thread] */
    lkh_status (*open)(void *instance, lkh_error *err);

    /** Applies `count` operations (an array of versioned structs) in one transaction: all of them or
     *  none (see "Transactions"). [thread-safe] */
    lkh_status (*apply)(void *instance, const lkh_storage_op *ops, size_t count, lkh_error *err);

    /** Reads one record by (owner, collection, key); calls `fn` once when found. Returns
     *  LKH_E_NOT_FOUND when absent (without calling fn). [thread-safe] */
    lkh_status (*get)(void *instance, lkh_bytes owner, lkh_bytes collection, lkh_bytes key,
                      lkh_record_fn fn, void *ctx, lkh_error *err);

    /** Runs a range query; calls `fn` per matching record in order until `limit` or fn returns
     *  non-zero (see "What a query returns"). The records come from one snapshot. [thread-safe] */
    lkh_status (*query)(void *instance, const lkh_storage_query *query, lkh_record_fn fn, void *ctx,
                        lkh_error *err);

    /** Counts records of (owner, collection) — every collection when `collection` is empty.
     *  [thread-safe] */
    lkh_status (*count)(void *instance, lkh_bytes owner, lkh_bytes collection, uint64_t *out_count,
                        lkh_error *err);

    /** Deletes every record of `owner` (all collections) in one transaction; writes how many
     *  were deleted into `out_deleted` (may be NULL). [thread-safe] */
    lkh_status (*delete_owner)(void *instance, lkh_bytes owner, uint64_t *out_deleted,
                               lkh_error *err);

    /** Writes a JSON description (`{"backend","location","open":true|false,"schema_version"?,
     *  "persistent"?,…}`) into `buffer` (two-call pattern like config_get: `buffer` may be NULL when
     *  capacity is 0); returns the length needed including NUL. Never fails; may be NULL.
     *  `"persistent":false` says the records live and die with the instance (a store in memory):
     *  the conformance checks of what survives an instance and what instances share skip it; any
     *  other store keeps its records across destroy and create on the same configuration, and
     *  several instances and processes may use it at once. [thread-safe] */
    size_t (*describe)(void *instance, char *buffer, size_t capacity);
} lkh_storage_v1;

/* ================================================================================================
 * Capability: media provider — classify URLs, fetch metadata, extract videos
 * ============================================================================================= */

#define LKH_CAP_MEDIA_PROVIDER_V1 "org.linkstr.media-provider/1"

#define LKH_MEDIA_MODE_LINK 0       /* open in a browser */
#define LKH_MEDIA_MODE_EMBED 1      /* play through the provider's embed player */
#define LKH_MEDIA_MODE_EXTRACTION 2 /* extract the video for local playback, embed as fallback */

#define LKH_MEDIA_PROVIDER_CAPACITY 64
#define LKH_MEDIA_URL_CAPACITY 2048

/** A provider's answer for one URL. Caller-owned; the provider fills it. */
typedef struct lkh_media_classification {
    uint32_t struct_size;
    char provider[LKH_MEDIA_PROVIDER_CAPACITY];    /* short lowercase name, e.g. "vimeo" */
    int32_t mode;                                  /* LKH_MEDIA_MODE_* */
    char canonical_url[LKH_MEDIA_URL_CAPACITY];    /* normalized URL to store and share */
    char embed_url[LKH_MEDIA_URL_CAPACITY];        /* "" when the provider has no embed player */
} lkh_media_classification;

/** Progress of an extraction. [any-thread]; must not block. total is -1 when unknown. */
typedef void (*lkh_progress_fn)(void *user_data, int64_t done_bytes, int64_t total_bytes);

typedef struct lkh_media_provider_v1 {
    uint32_t struct_size;

    /** Ordering hint when configuration does not order providers: higher asks first. The built-in
     *  generic provider uses INT32_MIN; built-in named providers use 0. */
    int32_t priority;

    /** Classifies `url` (already parsed as http/https by the host). Returns LKH_OK and fills `out`
     *  when the provider claims the URL, LKH_E_NOT_FOUND when it does not. Must be fast: no I/O,
     *  no allocation needed. [thread-safe] */
    lkh_status (*classify)(void *instance, const char *url, lkh_media_classification *out,
                           lkh_error *err);

    /** Fetches title and thumbnail; result JSON `{"title"?,"thumbnail"?}` (thumbnail is a URL).
     *  NULL = the host's generic OpenGraph/oEmbed fetcher is used. [thread-safe] */
    lkh_status (*fetch_metadata)(void *instance, const char *url, uint32_t timeout_ms,
                                 lkh_done_fn done, void *user_data, uint64_t *out_operation_id,
                                 lkh_error *err);

    /** Extracts the video at `url` into the folder `destination_dir` (it exists; the provider may
     *  create temporary files only inside it and must remove them on failure or cancel). Result
     *  JSON `{"path":"…","bytes":N}` naming a file inside destination_dir. NULL = not supported.
     *  [thread-safe] */
    lkh_status (*extract)(void *instance, const char *url, const char *destination_dir,
                          lkh_progress_fn progress, lkh_done_fn done, void *user_data,
                          uint64_t *out_operation_id, lkh_error *err);

    /** Best-effort cancel; the operation's done runs with LKH_E_CANCELLED. [thread-safe] */
    void (*cancel)(void *instance, uint64_t operation_id);

    /* ABI 1.1: fields are appended here. A host reads them only when
     * LKH_HAS_FIELD(vtable, lkh_media_provider_v1, field): a 1.0 plugin's vtable ends at `cancel`. */

    /** Runtime resolution before playback (ABI 1.1): what a link is now, which may need the network
     *  (a share link's redirect, an oEmbed answer, a status API), as opposed to `classify`'s static
     *  answer. Result JSON `{"provider","mode":"extraction|embed|link","resolved_url","embed_url"?,
     *  "embed_html"?,"video_urls"?,"via"?,"cached"?}`: `resolved_url` is the URL to play, extract and
     *  cache by; `embed_html` is an embed fragment (an X post's oEmbed html) for providers whose
     *  player is HTML rather than a URL. Returns LKH_E_NOT_FOUND at once (without calling `done`)
     *  for a URL the provider does not claim. `timeout_ms` bounds each request (0 = the provider's
     *  own). `url` is borrowed for the call; `done` follows the rules of lkh_done_fn and the
     *  operation can be cancelled with `cancel`. NULL = no runtime rules: the host uses `classify`.
     *  [thread-safe] */
    lkh_status (*resolve)(void *instance, const char *url, uint32_t timeout_ms, lkh_done_fn done,
                          void *user_data, uint64_t *out_operation_id, lkh_error *err);
} lkh_media_provider_v1;

/* ================================================================================================
 * Capability: notifier — deliver a notification (desktop, HTTP push, a command, …)
 * ============================================================================================= */

#define LKH_CAP_NOTIFIER_V1 "org.linkstr.notifier/1"

#define LKH_NOTIFY_POST 1     /* a new root post */
#define LKH_NOTIFY_REACTION 2 /* a reaction became active */
#define LKH_NOTIFY_TEST 3     /* `linkstr notify test` */
#define LKH_NOTIFY_SAVED 4    /* feedback of a save where no terminal shows it: saved, or why not */
#define LKH_NOTIFY_PERMISSION 5 /* a question (the body): a notifier with actions offers "allow" and "deny" */
#define LKH_NOTIFY_LOCKED 6   /* linkstr is locked and new items wait unopened (the body says how many); a notifier that does not know a kind shows it as it is */

/** One notification. The host fills only what the user allowed this notifier to see: `deep_link`,
 *  `url`, `note`, `sender` and `emoji` are NULL, and `title`/`body` generic ("New link in
 *  <session>"), unless the notifier's config opts in with `include_content = true` (the deep link
 *  counts as content because it carries the URL). */
typedef struct lkh_notification {
    uint32_t struct_size;
    /* Stable and unique, ASCII, at most 128 bytes; treat it as opaque. Today "post-<64 hex>" and
     * "reaction-<64 hex>" (the event ids; the same one is never sent twice, also across restarts),
     * "linkstr-<kind>-<unix time>-<hex>" for a test, a save's feedback or a question. */
    const char *id;
    int32_t kind;          /* LKH_NOTIFY_* */
    const char *title;     /* e.g. "linkstr" */
    const char *body;      /* e.g. "New link in Weekend" */
    const char *session;   /* session name, or NULL */
    const char *deep_link; /* opt-in: linkstr://open?… to open the post */
    const char *url;       /* opt-in: the shared URL */
    const char *note;      /* opt-in: the post's note */
    const char *sender;    /* opt-in: the sender's display name */
    const char *emoji;     /* opt-in, for reactions; NULL otherwise */
    int64_t created_at;    /* seconds since the epoch */
} lkh_notification;

/** Called when the user acts on a delivered notification (e.g. clicks "Open"). [any-thread] */
typedef void (*lkh_notification_action_fn)(void *ctx, const char *notification_id,
                                           const char *action_key);

typedef struct lkh_notifier_v1 {
    uint32_t struct_size;

    /** Checks that the notifier can deliver (server reachable, command exists). LKH_E_UNAVAILABLE
     *  with a reason otherwise; the host logs a warning and keeps going. The host waits 5 s for it
     *  (on a thread of its own, never concurrently with another call on the instance); a probe that
     *  takes longer leaves the notifier off. May be NULL. [host-thread] */
    lkh_status (*probe)(void *instance, lkh_error *err);

    /** Delivers one notification; `done` reports the result: LKH_OK when delivered, else an error
     *  whose message says why (the host logs it and names it in `linkstr notify test`). The result
     *  bytes given to `done` are ignored: pass {NULL, 0, NULL, NULL}. `notification` and its strings
     *  are borrowed for this call only: copy what the delivery needs later.
     *  Blocking. `notify` should start the delivery and return; it may block (the host calls it on
     *  a thread of its own for this notifier, and `linkstr watch` gives a notifier one notification
     *  at a time, in order), but while it blocks, this notifier's later notifications wait. The
     *  host waits for `done` at most the notifier's `answer_timeout_seconds` (10 s by default),
     *  then skips the notification ("did not answer in 10 s; skipped") and calls `cancel`; at exit
     *  a notifier still blocked inside `notify` is not destroyed. `linkstr notify test` and the
     *  feedback of a save may call `notify` concurrently with a watch's call. [thread-safe] */
    lkh_status (*notify)(void *instance, const lkh_notification *notification, lkh_done_fn done,
                         void *user_data, uint64_t *out_operation_id, lkh_error *err);

    /** Installs a callback for user actions (NULL to remove). May be NULL when the notifier has no
     *  actions. [host-thread] */
    lkh_status (*set_action_handler)(void *instance, lkh_notification_action_fn fn, void *ctx,
                                     lkh_error *err);

    /** Best-effort cancel. [thread-safe] */
    void (*cancel)(void *instance, uint64_t operation_id);
} lkh_notifier_v1;

#ifdef __cplusplus
}
#endif

#endif /* LINKSTR_PLUGIN_H */
