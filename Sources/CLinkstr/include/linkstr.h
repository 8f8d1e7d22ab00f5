/*
 * linkstr.h — embed linkstr in another program (C, or any language with a C FFI).
 *
 * Link with -llinkstr (liblinkstr.so; `pkg-config --cflags --libs linkstr`). Two handles:
 *   linkstr_runtime  an account's use cases: identity, sessions, feed, posts, reactions, contacts,
 *                    relays, saved links, sync, watch and media, with a local key or a remote
 *                    signer, and a bunker for other Nostr clients — what the `linkstr` command line
 *                    does, over the same home folder, configuration and plugins;
 *   linkstr_host     the plugin host alone: load plugins, classify a URL.
 *
 * Rules that hold for the whole header
 * ------------------------------------
 * Versioning. A program sets `api_major`/`api_minor` of linkstr_runtime_options to the
 * LINKSTR_API_MAJOR/MINOR it was compiled with (LINKSTR_RUNTIME_OPTIONS_INIT does). The library opens a
 * runtime only for its own major and a minor no newer than its own. Structs that cross start with
 * `struct_size` and only ever grow at the end. History: 1.1 added linkstr_runtime_watch_with,
 * linkstr_session_members and the `warnings` of a new session; 1.2 the saved links; 1.3 the remote
 * signer (linkstr_account_connect/disconnect), profiles and media; 1.4 linkstr as a bunker
 * (linkstr_signer_serve, linkstr_signer_stop); 1.5 the lock (linkstr_unlock, linkstr_lock, the
 * `locked` field of a profile); 1.6 `on_auth_url` of the options.
 *
 * Threads. Every function carries one tag:
 *   [thread-safe]  may be called from any thread, also concurrently on the same handle;
 *   [owner-thread] not concurrently with any other call on the same handle (the caller serialises);
 *   [linkstr-thread] (callbacks) called on a thread linkstr owns, never two at once for one watch
 *                  or one bunker.
 * Calls block the calling thread until their work is done (a post waits for the relays' OK); a
 * program written in Swift calls them outside Swift concurrency's threads.
 *
 * Handles. A handle is live from the call that returns it until its free (linkstr_host_free,
 * linkstr_runtime_free, linkstr_watch_stop, linkstr_signer_stop); passing it after that is a bug. The library keeps a
 * tagged list of live handles and refuses what is not on it — a second free is ignored with a line
 * on stderr, another call fails with LKH_E_INVALID, as does a handle of the wrong type — but only
 * until the address is handed out again for a new handle: then the old pointer is the new handle.
 *
 * Ownership. Every pointer argument is borrowed for the call; strings are NUL-terminated UTF-8. A
 * runtime call returns its result as one JSON document in `*out_json`, a string owned by the caller
 * that it frees with linkstr_string_free exactly once; on failure `*out_json` is set to NULL. (The
 * linkstr_host_* calls predate this and write into caller buffers with the two-call pattern: the
 * return value is the length needed including the NUL, 0 on failure.)
 *
 * Records. The JSON documents are the `--json` records of the `linkstr` command line (the same
 * fields, the same meaning: see each function); unknown fields may appear later and are to be
 * ignored.
 *
 * Secrets. No secret key ever comes out. These, and only these, cross the API:
 *   in:  the nsec given to linkstr_account_import; the unlock passphrase given to linkstr_unlock
 *        (used for the call, not kept); the bunker:// link given to linkstr_account_connect, with
 *        its secret (used once to connect, not kept);
 *   out: the bunker:// link of linkstr_signer_serve, with its secret, in the `listening` and `link`
 *        activities of its callback — whoever gets that link may ask to connect as a new client
 *        (each still needs a rule, `allow`, to be admitted), so show it only to its user.
 *
 * Errors. Fallible functions return `lkh_status` (0 = LKH_OK) and take a caller-owned `lkh_error *`
 * (may be NULL; linkstr_plugin.h) that receives the code and the sentence the command line prints:
 *   LKH_E_INVALID         bad input: unknown session or post, invalid URL, key, emoji or option
 *                         (the command line's exit status 2);
 *   LINKSTR_E_NO_ACCOUNT  the home has no account: create or import one (exit status 3);
 *   LKH_E_IO              storage cannot be opened, or failed (exit status 4);
 *   LKH_E_UNAVAILABLE     the operation failed: no relay reached or a relay refused, a key that
 *                         cannot be read, … (exit status 1);
 *   LKH_E_UNSUPPORTED     the program was built for another version of this API.
 * A NULL handle or a NULL required pointer is LKH_E_INVALID.
 */
#ifndef LINKSTR_H
#define LINKSTR_H

#include "linkstr_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LINKSTR_API_MAJOR 1u
#define LINKSTR_API_MINOR 6u

/** This API's own status code (the rest are the ABI's LKH_E_*): the home has no account. */
#define LINKSTR_E_NO_ACCOUNT 100

/** The library version, e.g. "0.1.0". Static storage. [thread-safe] */
const char *linkstr_version(void);

/** Frees a JSON string a runtime call returned. NULL is ignored. [thread-safe] */
void linkstr_string_free(char *json);

/* ------------------------------------------------------------------------------------------------
 * The runtime
 * --------------------------------------------------------------------------------------------- */

typedef struct linkstr_runtime linkstr_runtime;

/** Told the page a remote signer (NIP-46) asks the user to open to approve a request (its
 *  `auth_url`) while the request waits for the signer's answer: show it to the user, or open it.
 *  `url` is borrowed for the call. Since API 1.6. [linkstr-thread] */
typedef void (*linkstr_auth_url_fn)(void *user_data, const char *url);

typedef struct linkstr_runtime_options {
    uint32_t struct_size;    /* sizeof(linkstr_runtime_options) */
    uint32_t api_major;      /* LINKSTR_API_MAJOR */
    uint32_t api_minor;      /* LINKSTR_API_MINOR */
    const char *home;        /* everything under this folder (like --home); NULL = LINKSTR_HOME or XDG */
    const char *config_path; /* a config.toml to read instead of the default (like --config); may be NULL */
    const char *storage;     /* a storage backend for this runtime (like --storage): "sqlite", "memory",
                                "postgresql" or a plugin id; NULL = the configuration's */
    linkstr_auth_url_fn on_auth_url; /* since 1.6: told each auth_url of the account's remote signer;
                                        NULL = not told (the request waits for its time limit) */
    void *auth_url_user_data;        /* since 1.6: passed to on_auth_url */
} linkstr_runtime_options;

/** Options with struct_size and this header's API version set; the rest NULL. */
#define LINKSTR_RUNTIME_OPTIONS_INIT {sizeof(linkstr_runtime_options), LINKSTR_API_MAJOR, LINKSTR_API_MINOR, NULL, NULL, NULL, NULL, NULL}

/** Opens a runtime: resolves the home's folders and reads its configuration. The account, its
 *  plugins and its storage are opened by the first call that needs them (and stay open); relays are
 *  connected by the first call that needs them (and stay connected until linkstr_runtime_free).
 *  Plugins are found as the command line finds them, and beside liblinkstr.so
 *  (`<libdir>/linkstr/plugins`). Refuses (LKH_E_UNSUPPORTED, LKH_E_INVALID) options of another API
 *  major, a newer minor, or a struct_size smaller than the version 1.0 struct.
 *  On success `*out_runtime` is the caller's until linkstr_runtime_free. [thread-safe] */
lkh_status linkstr_runtime_open(const linkstr_runtime_options *options, linkstr_runtime **out_runtime, lkh_error *err);

/** Stops the runtime's watch and bunker (as linkstr_watch_stop, linkstr_signer_stop), disconnects its relays, stops its plugins
 *  and frees it. NULL is ignored. No other call on this runtime may run or follow. [owner-thread] */
void linkstr_runtime_free(linkstr_runtime *runtime);

/* Account. ---------------------------------------------------------------------------------------- */

/** Makes a new key pair and stores it as the home's account; writes `{"npub","pubkey","key_store",
 *  "name"?}`. `name` (may be NULL) is kept locally. `key_store` is "secret-service" (the desktop
 *  keyring), "ncryptsec" (a NIP-49 file; its passphrase comes from LINKSTR_PASSPHRASE_FILE or the
 *  systemd credential linkstr-passphrase), "plain" (an unencrypted 0600 file, for bots) or NULL
 *  (secret-service when one answers, else ncryptsec). Fails when the home has an account.
 *  An embedded program has no terminal: with ncryptsec (also as NULL's fallback on a machine without
 *  a desktop keyring) and neither LINKSTR_PASSPHRASE_FILE nor the credential, the call fails ("the
 *  key is protected by a passphrase and there is no terminal"). A program that runs headless passes
 *  "plain" or sets LINKSTR_PASSPHRASE_FILE; examples/feed.c takes the choice from FEED_KEY_STORE.
 *  [thread-safe] */
lkh_status linkstr_account_create(linkstr_runtime *runtime, const char *name, const char *key_store, char **out_json, lkh_error *err);

/** Stores an existing secret key (`nsec1…`; surrounding whitespace ignored) as the home's account;
 *  `name` and `key_store` as for linkstr_account_create; writes the same record. The nsec is
 *  borrowed for the call; linkstr keeps it only in the key store. [thread-safe] */
lkh_status linkstr_account_import(linkstr_runtime *runtime, const char *nsec, const char *name, const char *key_store,
                                  char **out_json, lkh_error *err);

/** The account's public identity: `{"npub","pubkey","key_store","name"?}` (never the secret).
 *  LINKSTR_E_NO_ACCOUNT when there is none. [thread-safe] */
lkh_status linkstr_account_identity(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/** (Since API 1.3.) Makes the home's account one whose key lives in a remote signer (NIP-46), from
 *  the signer's `bunker://<signer pubkey>?relay=…&secret=…` link: connects with the link's secret,
 *  asks the signer for the user's public key and has it sign a fresh challenge checked against that
 *  key (a signer that cannot is LKH_E_UNAVAILABLE, and nothing is stored), and keeps the client's
 *  session key in the key store (`name` and `key_store` as for linkstr_account_create). An account
 *  with that key and that signer in this home is reconnected and keeps its data; one with another
 *  signer is LKH_E_INVALID (a change of signer is confirmed by a person, with `linkstr account
 *  connect` on a terminal). Asks nothing: the program shows the link and asks its user first.
 *  `timeout_seconds` (0: 30) is how long each request to the signer waits for its answer, now and
 *  later. Writes `{"npub","pubkey","key_store","name"?,"signer","relays","reconnected"}` as
 *  `linkstr account connect --json`. An invalid link (no relay, a bad key) is LKH_E_INVALID; a signer
 *  that refuses or does not answer is LKH_E_UNAVAILABLE. Blocks while the signer answers. [thread-safe] */
lkh_status linkstr_account_connect(linkstr_runtime *runtime, const char *bunker_link, const char *name, const char *key_store,
                                   uint32_t timeout_seconds, char **out_json, lkh_error *err);

/** (Since API 1.3.) Forgets the session key of the account's remote signer; the account and its data
 *  stay, and the calls that need the key fail, until linkstr_account_connect connects it again.
 *  Writes `{"ok":true}`. An account whose key is on this machine is LKH_E_UNAVAILABLE.
 *  Both calls close what this runtime opened of the account (LKH_E_BUSY while it watches or serves
 *  as a bunker). [thread-safe] */
lkh_status linkstr_account_disconnect(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/* Profiles: the identities of the home, one active (the account the calls act on). They read only
 * public metadata: no key store is opened. ---------------------------------------------------------- */

/** The home's profiles: `[{"id","name","npub","active","backed_up","last_synced_at"}]`, as
 *  `linkstr profile list --json` prints them. Since API 1.3. [thread-safe] */
lkh_status linkstr_profiles_list(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/** Makes the profile `name` the home's active one (as `linkstr profile use`, also for the command
 *  line and a running `linkstr watch`) and writes its record. An account of another profile this
 *  runtime opened is closed; the next call opens the new one. LKH_E_BUSY while this runtime
 *  watches or serves as a bunker; LKH_E_UNAVAILABLE for an unknown name. Since API 1.3. [thread-safe] */
lkh_status linkstr_profile_use(linkstr_runtime *runtime, const char *name, char **out_json, lkh_error *err);

/** Who the active profile is, without its key: `{"id","name","npub","pubkey","locked","auto_locked_at"?}`;
 *  `locked` (meaningful since API 1.5) is true when a passphrase protects the profile's key and the
 *  home's unlock agent does not hold it; `auto_locked_at` (ISO 8601) says when the agent locked
 *  itself for want of use (a running watch still holds the key then, until linkstr_lock).
 *  LINKSTR_E_NO_ACCOUNT when there is none. Since API 1.3. [thread-safe] */
lkh_status linkstr_whoami(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/* The lock: the home's keys under a master passphrase, unlocked for the login session by the unlock
 * agent (`linkstr agent`), which keeps them in memory only. --------------------------------------- */

/** As `linkstr unlock`: checks `passphrase` (borrowed; against the master passphrase when the home
 *  has one), decrypts every key it protects and hands them to the home's unlock agent, started
 *  (the `linkstr` program installed beside this library, or on PATH) when none runs. Writes
 *  `{"unlocked":[name…],"until":"<ISO 8601>"|null}` (null: no auto-lock). A wrong passphrase, a
 *  home whose keys need none, or no agent to start is LKH_E_UNAVAILABLE; a NULL passphrase
 *  LKH_E_INVALID. Runs scrypt once per key (about a quarter second each). Since API 1.5. [thread-safe] */
lkh_status linkstr_unlock(linkstr_runtime *runtime, const char *passphrase, char **out_json, lkh_error *err);

/** As `linkstr lock`: the unlock agent forgets every key of the home first (no process gets the
 *  key from it any more), then this runtime stops what holds the key — its watch and its bunker, as
 *  linkstr_watch_stop and linkstr_signer_stop do (their callbacks end) — and closes the account it
 *  opened (its key goes with it; the next call opens it again). Writes `{"locked":true}`. A home
 *  whose keys need no passphrase is LKH_E_UNAVAILABLE (there is nothing to lock; nothing is
 *  stopped). A bunker of another process whose key came from the agent answers every request
 *  "locked" from then on. Since API 1.5. [thread-safe] */
lkh_status linkstr_lock(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/* Sessions, posts and reactions. Every call below needs an account (else LINKSTR_E_NO_ACCOUNT).
 * A session is named by its id or its unique name (case-insensitive); a post by its id or a unique
 * prefix of at least 8 hex characters; a person by npub1…, 64 hex or a contact alias. ----------- */

/** The sessions, most recently active first (`archived` != 0: only the archived ones):
 *  `[{"id","name","creator","members":[pubkey…],"unread","archived","updated_at"}]`. [thread-safe] */
lkh_status linkstr_sessions_list(linkstr_runtime *runtime, int archived, char **out_json, lkh_error *err);

/** Creates a session with the account and `members_json`, a JSON array of people (`[]` or NULL: a
 *  session of one); waits until a relay accepted the invitation of every member. Writes
 *  `{"id","name","members":[pubkey…],"warnings":[text…]}`: `warnings` (since API 1.1) is empty, or says
 *  that other sessions have the same name (any case) and that the new session's id names it from now
 *  on (`linkstr session create` prints it on stderr). [thread-safe] */
lkh_status linkstr_session_create(linkstr_runtime *runtime, const char *name, const char *members_json, char **out_json,
                                  lkh_error *err);

/** The members of a session; with `add_json` or `remove_json` (JSON arrays of people; NULL or `[]`:
 *  none), first adds those people (each once), then removes those, and waits until a relay accepted
 *  the new member set for every prior and new member (creator only). Writes `{"id","members":[pubkey…]}`
 *  as `linkstr session members --json` prints it. Since API 1.1. [thread-safe] */
lkh_status linkstr_session_members(linkstr_runtime *runtime, const char *session, const char *add_json,
                                   const char *remove_json, char **out_json, lkh_error *err);

/** Archives a session (local only: no notifications; listed only as archived); writes `{"ok":true}`.
 *  [thread-safe] */
lkh_status linkstr_session_archive(linkstr_runtime *runtime, const char *session, char **out_json, lkh_error *err);

/** Brings an archived session back; writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_session_unarchive(linkstr_runtime *runtime, const char *session, char **out_json, lkh_error *err);

/** The newest `limit` posts of a session (0: all), newest last:
 *  `[{"id","session","sender","url","note"?,"created_at","unread","reactions":{"emoji":[pubkey…]},
 *  "title"?,"thumbnail"?}]`. Reads only local data (sync or watch bring new posts). [thread-safe] */
lkh_status linkstr_feed(linkstr_runtime *runtime, const char *session, uint32_t limit, char **out_json, lkh_error *err);

/** Shares `url` (https:// is added to a bare host) with `note` (may be NULL) in a session; returns once
 *  a relay accepted the copy of every member. Writes `{"id","session","url","note"?}`. [thread-safe] */
lkh_status linkstr_post(linkstr_runtime *runtime, const char *session, const char *url, const char *note, char **out_json,
                        lkh_error *err);

typedef int32_t linkstr_react_mode;
#define LINKSTR_REACT_TOGGLE 0 /* on when it is off, off when it is on */
#define LINKSTR_REACT_ON 1     /* on, also when it is already on */
#define LINKSTR_REACT_OFF 2    /* off */

/** Reacts to a post with exactly one emoji; writes `{"ok":true,"emoji","active"}` (`active`: whether
 *  the reaction is now on). [thread-safe] */
lkh_status linkstr_react(linkstr_runtime *runtime, const char *session, const char *post, const char *emoji,
                         linkstr_react_mode mode, char **out_json, lkh_error *err);

/** Deletes a post the account sent, for every member; writes `{"ok":true,"relay_copies_kept"}`
 *  (true when relays keep copies: the post was sent from another home). [thread-safe] */
lkh_status linkstr_delete(linkstr_runtime *runtime, const char *session, const char *post, char **out_json, lkh_error *err);

/** Marks one post (`post` NULL: every post of the session) read; writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_read(linkstr_runtime *runtime, const char *session, const char *post, char **out_json, lkh_error *err);

/* Contacts (the kind 3 follow list; aliases stay local). ------------------------------------------ */

/** `[{"pubkey","npub","alias"?,"name"?}]`, as of the last sync or change. [thread-safe] */
lkh_status linkstr_contacts_list(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/** Follows `key` (publishes the follow list) with an optional `alias`; writes the contact's record.
 *  [thread-safe] */
lkh_status linkstr_contact_add(linkstr_runtime *runtime, const char *key, const char *alias, char **out_json, lkh_error *err);

/** Unfollows `key` (publishes the follow list); writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_contact_remove(linkstr_runtime *runtime, const char *key, char **out_json, lkh_error *err);

/** Sets a contact's private alias ("" clears it); writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_contact_alias(linkstr_runtime *runtime, const char *key, const char *alias, char **out_json,
                                 lkh_error *err);

/* Relays. These need no account. A change applies when the runtime next connects: at once when no
 * watch runs (the relays are disconnected), else when the watch stops. ---------------------------- */

/** `[{"url","enabled","status","source","error"?,"checked_at"?}]`. [thread-safe] */
lkh_status linkstr_relays_list(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/** Adds a relay (ws:// or wss://); writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_relay_add(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** Removes a relay; writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_relay_remove(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** Connects to the relay again; writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_relay_enable(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** Keeps the relay in the list without connecting to it; writes `{"ok":true}`. [thread-safe] */
lkh_status linkstr_relay_disable(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** Drops every change: back to the configuration's relays, or the defaults; writes `{"ok":true}`.
 *  [thread-safe] */
lkh_status linkstr_relay_reset(linkstr_runtime *runtime, char **out_json, lkh_error *err);

/* Saved links (since API 1.2): the account's own links with tags, stored encrypted in its storage
 * (no relay is contacted). Every call needs an account (else LINKSTR_E_NO_ACCOUNT). A link is named
 * by its URL, normalized as posts are (https:// is added to a bare host); tags are given as a JSON
 * array of names (NULL or `[]`: none), which are normalized as `linkstr save --tag` does. A saved
 * link's record is that of `linkstr saved --json`:
 *   {"id","url","tags":[name…],"saved_at","note"?,"title"?,"deleted_at"?,"shared_by"?,"session"?}
 * ---------------------------------------------------------------------------------------------- */

/** Saves `url` with the tags of `tags_json` and `note` (may be NULL: a link saved before keeps its
 *  note). A link saved before keeps its id and saved time and gets the union of its tags and these; a
 *  removed one comes back. Writes the link's record with `"already_saved"` (true when it was kept
 *  already), as `linkstr save --json`. Unlike the command line, it does not sync the webhook: call
 *  linkstr_saved_sync. [thread-safe] */
lkh_status linkstr_save(linkstr_runtime *runtime, const char *url, const char *tags_json, const char *note, char **out_json,
                        lkh_error *err);

/** The saved links, newest first: those with every tag of `tags_json` (NULL or `[]`: any), whose URL,
 *  note, title or tags contain `search` (NULL: any; case-insensitive), kept ones or (`deleted` != 0)
 *  removed ones. Writes `[record…]` as `linkstr saved --json`. [thread-safe] */
lkh_status linkstr_saved_list(linkstr_runtime *runtime, const char *tags_json, const char *search, int deleted, char **out_json,
                              lkh_error *err);

/** Adds the tags of `add_json` and removes those of `remove_json` (JSON arrays; NULL or `[]`: none; a
 *  tag in both is added) of a saved link; writes its record as `linkstr tag --json` (with no change:
 *  the record as it is). LKH_E_INVALID when the link is not saved. [thread-safe] */
lkh_status linkstr_saved_tag(linkstr_runtime *runtime, const char *url, const char *add_json, const char *remove_json,
                             char **out_json, lkh_error *err);

/** Removes a saved link softly (it keeps its tags; linkstr_restore brings it back); writes its record
 *  with `deleted_at`, as `linkstr unsave --json`. [thread-safe] */
lkh_status linkstr_unsave(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** Brings back a removed link; writes its record, as `linkstr restore --json`. [thread-safe] */
lkh_status linkstr_restore(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** The tags of the kept links, best suggestion first (frecency: how often and how lately each was
 *  used), as `linkstr tags --json`: `[{"name","count","score"}]`. With `url` (may be NULL), the
 *  suggestions for that link: tags already used on its site count twice. [thread-safe] */
lkh_status linkstr_tags(linkstr_runtime *runtime, const char *url, char **out_json, lkh_error *err);

/** POSTs every kept saved link to the configuration's webhook ([saved] webhook), retrying a refused
 *  POST, and writes how it went, as `linkstr saved sync --json`: `{"sent","status","last_sync",
 *  "last_attempt"?,"error"?,"failures","next_attempt"?}`; `status` is "ok", or "offline" (nothing
 *  was sent: no network; tried again later). A sync whose every attempt failed is LKH_E_UNAVAILABLE
 *  with the command line's sentence; no webhook configured is LKH_E_INVALID. With `status_only` != 0
 *  it only writes how the last sync went (`status` may then also be "never" or "failed"). Blocks
 *  while the webhook answers (seconds, with the retries). [thread-safe] */
lkh_status linkstr_saved_sync(linkstr_runtime *runtime, int status_only, char **out_json, lkh_error *err);

/* Media (since API 1.3): what the media provider plugins say about a link, as `linkstr media`. These
 * need no account. `url` is an http or https URL, normalized as posts are (https:// is added to a bare
 * host); anything else is LKH_E_INVALID. A link no installed provider claims (or, for metadata, none
 * that fetches metadata) is LKH_E_UNAVAILABLE. Each call blocks while the provider asks the network.
 * ---------------------------------------------------------------------------------------------- */

/** How to play `url` now, after the claiming provider's runtime resolution (a Facebook share link's
 *  reel, Rumble's player, an X post's video), or its classification when it has no runtime rules.
 *  `timeout_ms` (0: the provider's own) bounds each request the provider makes. Writes
 *  `{"provider","mode","resolved_url","embed_url"?,"embed_html"?,"video_urls"?,"via"?}` as
 *  `linkstr media resolve --json`; `mode` is "link", "embed" or "extraction". [thread-safe] */
lkh_status linkstr_media_resolve(linkstr_runtime *runtime, const char *url, uint32_t timeout_ms, char **out_json,
                                 lkh_error *err);

/** The title and thumbnail of `url` (oEmbed or OpenGraph; the thumbnail is saved in the cache), from
 *  the first claiming provider that fetches metadata; `timeout_ms` (0: 6000) is the longest to wait.
 *  Writes `{"title"?,"thumbnail"?,"thumbnail_path"?}` as `linkstr media metadata --json`. [thread-safe] */
lkh_status linkstr_media_metadata(linkstr_runtime *runtime, const char *url, uint32_t timeout_ms, char **out_json,
                                  lkh_error *err);

/* Sync and watch. -------------------------------------------------------------------------------- */

/** Fetches everything new from the relays and stores it; `timeout_seconds` (0: 15) is the longest to
 *  wait for a relay and for each page of history. Writes `{"received","accepted","staged","rejected",
 *  "rejections":{"reason":count}}`. Needs an account. [thread-safe] */
lkh_status linkstr_sync(linkstr_runtime *runtime, uint32_t timeout_seconds, char **out_json, lkh_error *err);

typedef struct linkstr_watch linkstr_watch;

/** One watch event. `event_json` is borrowed: valid only until the callback returns (copy what you
 *  keep). Events, one JSON object each, as `linkstr watch --json` prints them:
 *    {"type":"post","id","session","sender","url","note"?,"created_at","unread"}
 *    {"type":"reaction","session","post","emoji","sender","active","created_at"}
 *    {"type":"delete","session","post","sender"}
 *    {"type":"members","session","members","added","removed"}
 *    {"type":"session","session","name","creator"}
 *  and, for the embedding program only:
 *    {"type":"notification","kind":"post"|"reaction","id","created_at","session_name"?,"sender_name"?,
 *     "url"?,"note"?,"emoji"?,"deep_link"?}   something to tell the user (live, from someone else);
 *    {"type":"caught_up"}                     history is in: what follows is new;
 *    {"type":"error","message"}               the watch ended (no event follows; still stop it).
 *  [linkstr-thread]: on a thread linkstr owns (never the caller's), one callback at a time per watch,
 *  in order. The callback may call any function of this header (a post, a reaction), except
 *  linkstr_runtime_free and linkstr_watch_stop of another watch. */
typedef void (*linkstr_watch_fn)(void *user_data, const char *event_json);

/** Watches the account: catches up like linkstr_sync, then stays connected, calling `callback` with
 *  `user_data` (borrowed until linkstr_watch_stop returns) once per event. It is `linkstr watch`:
 *  the notifiers of config.toml, the saved-link sync, the bunker of `[signer] serve`, and while the
 *  profile is locked its wraps kept until the unlock; the program's signals stay its own, and
 *  linkstr_watch_stop stops it as SIGTERM stops `linkstr watch`. Account and storage
 *  failures are reported here; a failure once watching is the last event ("error"). On success
 *  `*out_watch` is the caller's until linkstr_watch_stop. [thread-safe] */
lkh_status linkstr_runtime_watch(linkstr_runtime *runtime, linkstr_watch_fn callback, void *user_data,
                                 linkstr_watch **out_watch, lkh_error *err);

typedef struct linkstr_watch_options {
    uint32_t struct_size;     /* sizeof(linkstr_watch_options) */
    uint32_t timeout_seconds; /* the longest to wait for a relay, for each page of history and for the
                                 relays' end of stored events; 0 = 15 */
} linkstr_watch_options;

/** Options with struct_size set and the defaults. */
#define LINKSTR_WATCH_OPTIONS_INIT {sizeof(linkstr_watch_options), 0}

/** linkstr_runtime_watch with `options` (borrowed for the call; NULL: the defaults). Since API 1.1.
 *  [thread-safe] */
lkh_status linkstr_runtime_watch_with(linkstr_runtime *runtime, const linkstr_watch_options *options,
                                      linkstr_watch_fn callback, void *user_data, linkstr_watch **out_watch,
                                      lkh_error *err);

/** Stops a watch and frees it: blocks until its relay subscription is closed and no callback runs;
 *  no callback is called after it returns. The relays are disconnected (the next call that needs
 *  them connects again). From inside the watch's own callback it does not wait for that callback,
 *  which is the last one. NULL is ignored. [owner-thread] (once per watch) */
void linkstr_watch_stop(linkstr_watch *watch);

/* linkstr as a bunker (since API 1.4): other Nostr clients sign and encrypt with the account's key,
 * which stays here, as with `linkstr signer serve` (README "linkstr as a bunker"). Clients connect
 * with the bunker:// link the callback receives; what they may do (NIP-46 `method[:kind]`
 * permissions), the approved clients and the log of what was signed are kept in the account, shared
 * with `linkstr signer clients` and `linkstr signer log`. ------------------------------------------ */

typedef struct linkstr_signer linkstr_signer;

typedef struct linkstr_signer_options {
    uint32_t struct_size; /* sizeof(linkstr_signer_options) */
    const char *relays;   /* where to listen: a JSON array of ws:// or wss:// URLs or a comma-separated
                             list of them; NULL or "" = [signer] relays, else the account's relays */
    const char *allow;    /* the rule for new clients: comma-separated permissions, e.g.
                             "sign_event:1,nip44_encrypt"; a new client is granted what it asks for
                             as far as the rule covers it. NULL or "" = [signer] allow */
} linkstr_signer_options;

/** Options with struct_size set and the defaults. */
#define LINKSTR_SIGNER_OPTIONS_INIT {sizeof(linkstr_signer_options), NULL, NULL}

/** One activity of the bunker. `activity_json` is borrowed: valid only until the callback returns.
 *  Activities, one JSON object each, as `linkstr signer serve --json` prints them:
 *    {"type":"listening","link","signer","relays"}  a relay has the subscription: give `link` (bunker://…)
 *                                                   to a client;
 *    {"type":"link","link","signer","relays"}       the link's secret was used: new clients need this link;
 *    {"type":"approved","client","npub","name"?,"permissions","approved_at"}   a new client, by the rule;
 *    {"type":"request","client","method","kind"?,"event_id"?,"time"}   done with the key (and logged);
 *    {"type":"refused","client","method","reason"}  a request answered with an error;
 *  and, for the embedding program only:
 *    {"type":"error","message"}                     the bunker ended (no activity follows; still stop it).
 *  [linkstr-thread]: on a thread linkstr owns, one callback at a time per bunker, in order. It may call
 *  any function of this header, except linkstr_runtime_free and the stop of another watch or bunker. */
typedef void (*linkstr_signer_fn)(void *user_data, const char *activity_json);

/** Serves as a bunker with the account's key until linkstr_signer_stop, calling `callback` with
 *  `user_data` (borrowed until linkstr_signer_stop returns) once per activity; `options` is borrowed
 *  for the call (NULL: the defaults). There is no terminal to ask on: a new client is admitted only
 *  by a rule (`allow`, else `[signer] allow` in config.toml) — without one, every new client is
 *  refused and only the clients approved before are served. The link's secret is fresh for each
 *  bunker and good for one client (then a "link" activity), unless `[signer] secret` is set.
 *  One bunker per runtime (LKH_E_BUSY); it may run beside a watch; while it runs, calls that close
 *  the account (linkstr_account_connect/disconnect, linkstr_profile_use) are LKH_E_BUSY. A NULL
 *  callback, a struct_size too small for this struct, an invalid relay or permission, or no relay to
 *  listen on is LKH_E_INVALID; an account whose key is in a remote signer is LKH_E_UNAVAILABLE.
 *  Returns without waiting for the relays ("listening" follows); relays it cannot listen on are
 *  reported as the last activity ("error"). On success `*out_signer` is the caller's until linkstr_signer_stop. [thread-safe] */
lkh_status linkstr_signer_serve(linkstr_runtime *runtime, const linkstr_signer_options *options, linkstr_signer_fn callback,
                                void *user_data, linkstr_signer **out_signer, lkh_error *err);

/** Stops the bunker gracefully and frees it: the request being answered is finished and answered,
 *  then it leaves its relays; blocks until then and until no callback runs; no callback is called
 *  after it returns. From inside the bunker's own callback it does not wait for that callback, which
 *  is the last one. A second stop is ignored with a line on stderr. NULL is ignored.
 *  [owner-thread] (once per bunker) */
void linkstr_signer_stop(linkstr_signer *signer);

/* ------------------------------------------------------------------------------------------------
 * The plugin host alone
 * --------------------------------------------------------------------------------------------- */

typedef struct linkstr_host linkstr_host;

typedef struct linkstr_host_options {
    uint32_t struct_size; /* sizeof(linkstr_host_options) */
    const char *home;        /* everything under this folder (like --home); NULL = LINKSTR_HOME or XDG */
    const char *config_path; /* a config.toml to read instead of the default; may be NULL */
} linkstr_host_options;

/** Creates a host: resolves its folders and reads its configuration (no plugin is loaded yet).
 *  `options` may be NULL; otherwise its struct_size must cover the fields of API 1.0 (LKH_E_INVALID).
 *  On success *out_host must later be passed to linkstr_host_free. [thread-safe] */
lkh_status linkstr_host_new(const linkstr_host_options *options, linkstr_host **out_host, lkh_error *err);

/** Discovers and loads plugins. Refused plugins are logged (stderr) and skipped; writes how many
 *  loaded into *out_loaded (may be NULL). [owner-thread] */
lkh_status linkstr_host_load_plugins(linkstr_host *host, uint32_t *out_loaded, lkh_error *err);

/** Writes the loaded plugins as JSON `[{"id","version","path","provides":[…]}]` into buffer.
 *  [thread-safe] */
size_t linkstr_host_plugins_json(linkstr_host *host, char *buffer, size_t capacity);

/** Writes the ids of the plugins providing `capability_id` (e.g. "org.linkstr.storage/1") as a JSON
 *  array into buffer. [thread-safe] */
size_t linkstr_host_providers_json(linkstr_host *host, const char *capability_id, char *buffer, size_t capacity);

/** Classifies a URL through the media providers; writes
 *  `{"provider","mode","canonical_url","embed_url"?}` into buffer. Returns 0 and sets err to
 *  LKH_E_NOT_FOUND when no provider claims it. [thread-safe] */
size_t linkstr_host_classify_url(linkstr_host *host, const char *url, char *buffer, size_t capacity, lkh_error *err);

/** Creates the selected providers (storage, transport, media providers). Returns LKH_E_BUSY, doing
 *  nothing, while a linkstr_host_classify_url call runs on another thread (and that call returns
 *  LKH_E_BUSY while start or stop runs). [owner-thread] */
lkh_status linkstr_host_start(linkstr_host *host, lkh_error *err);

/** Destroys every plugin instance the host created. The host can be started again. Returns
 *  LKH_E_BUSY, doing nothing, while a linkstr_host_classify_url call runs. [owner-thread] */
lkh_status linkstr_host_stop(linkstr_host *host, lkh_error *err);

/** Stops the host if needed and frees it. NULL is ignored. [owner-thread] */
void linkstr_host_free(linkstr_host *host);

#ifdef __cplusplus
}
#endif

#endif /* LINKSTR_H */
