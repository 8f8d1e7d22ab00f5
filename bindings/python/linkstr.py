"""linkstr from Python: the runtime of linkstr.h through ctypes.

    import linkstr

    with linkstr.Runtime(home="/srv/bot") as runtime:
        print(runtime.identity()["npub"])
        session = runtime.session_create("Weekend videos", members=["npub1…"])["id"]
        runtime.post(session, "https://example.com", note="look")
        for post in runtime.feed(session):
            print(post["url"], post["reactions"])

Every method returns the JSON record of the matching `linkstr … --json` command, decoded, and raises
`LinkstrError` (its `code` is linkstr.h's status: INVALID, NO_ACCOUNT, IO, UNAVAILABLE, …) with the
command line's sentence. The library is `$LINKSTR_LIBRARY`, else liblinkstr.so as the dynamic loader
finds it. Methods may be called from any thread; they block until done (a post waits for the relays).
"""
import ctypes
import ctypes.util
import json
import os
import sys
import traceback

API_MAJOR = 1
API_MINOR = 6

# Status codes (linkstr_plugin.h and linkstr.h).
INVALID = 1
UNSUPPORTED = 2
IO = 4
BUSY = 6
UNAVAILABLE = 12
NO_ACCOUNT = 100

# Reaction modes.
REACT_TOGGLE = 0
REACT_ON = 1
REACT_OFF = 2


class LinkstrError(Exception):
    """A call that failed: `code` (a status above) and `message`, a sentence a person can act on."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class _Error(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("code", ctypes.c_int32), ("message", ctypes.c_char * 256)]


class _Options(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("api_major", ctypes.c_uint32),
        ("api_minor", ctypes.c_uint32),
        ("home", ctypes.c_char_p),
        ("config_path", ctypes.c_char_p),
        ("storage", ctypes.c_char_p),
        ("on_auth_url", ctypes.c_void_p),
        ("auth_url_user_data", ctypes.c_void_p),
    ]


class _WatchOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("timeout_seconds", ctypes.c_uint32)]


class _SignerOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("relays", ctypes.c_char_p), ("allow", ctypes.c_char_p)]


# linkstr_watch_fn and linkstr_signer_fn: (user_data, a JSON object).
_JSON_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)

_TEXT = ctypes.c_char_p
_U32 = ctypes.c_uint32
_I32 = ctypes.c_int32

# The calls that write a record, with their arguments between the runtime and (out_json, err).
_RECORD_CALLS = {
    "linkstr_account_create": [_TEXT, _TEXT],
    "linkstr_account_import": [_TEXT, _TEXT, _TEXT],
    "linkstr_account_identity": [],
    "linkstr_account_connect": [_TEXT, _TEXT, _TEXT, _U32],
    "linkstr_account_disconnect": [],
    "linkstr_profiles_list": [],
    "linkstr_profile_use": [_TEXT],
    "linkstr_whoami": [],
    "linkstr_unlock": [_TEXT],
    "linkstr_lock": [],
    "linkstr_sessions_list": [ctypes.c_int],
    "linkstr_session_create": [_TEXT, _TEXT],
    "linkstr_session_members": [_TEXT, _TEXT, _TEXT],
    "linkstr_session_archive": [_TEXT],
    "linkstr_session_unarchive": [_TEXT],
    "linkstr_feed": [_TEXT, _U32],
    "linkstr_post": [_TEXT, _TEXT, _TEXT],
    "linkstr_react": [_TEXT, _TEXT, _TEXT, _I32],
    "linkstr_delete": [_TEXT, _TEXT],
    "linkstr_read": [_TEXT, _TEXT],
    "linkstr_contacts_list": [],
    "linkstr_contact_add": [_TEXT, _TEXT],
    "linkstr_contact_remove": [_TEXT],
    "linkstr_contact_alias": [_TEXT, _TEXT],
    "linkstr_relays_list": [],
    "linkstr_relay_add": [_TEXT],
    "linkstr_relay_remove": [_TEXT],
    "linkstr_relay_enable": [_TEXT],
    "linkstr_relay_disable": [_TEXT],
    "linkstr_relay_reset": [],
    "linkstr_save": [_TEXT, _TEXT, _TEXT],
    "linkstr_saved_list": [_TEXT, _TEXT, ctypes.c_int],
    "linkstr_saved_tag": [_TEXT, _TEXT, _TEXT],
    "linkstr_unsave": [_TEXT],
    "linkstr_restore": [_TEXT],
    "linkstr_tags": [_TEXT],
    "linkstr_saved_sync": [ctypes.c_int],
    "linkstr_media_resolve": [_TEXT, _U32],
    "linkstr_media_metadata": [_TEXT, _U32],
    "linkstr_sync": [_U32],
}


def _load(path):
    path = path or os.environ.get("LINKSTR_LIBRARY") or ctypes.util.find_library("linkstr") or "liblinkstr.so"
    lib = ctypes.CDLL(path)
    error = ctypes.POINTER(_Error)
    for name, arguments in _RECORD_CALLS.items():
        function = getattr(lib, name)
        function.argtypes = [ctypes.c_void_p] + arguments + [ctypes.POINTER(ctypes.c_void_p), error]
        function.restype = ctypes.c_int32
    lib.linkstr_runtime_open.argtypes = [ctypes.POINTER(_Options), ctypes.POINTER(ctypes.c_void_p), error]
    lib.linkstr_runtime_open.restype = ctypes.c_int32
    lib.linkstr_runtime_free.argtypes = [ctypes.c_void_p]
    lib.linkstr_runtime_free.restype = None
    lib.linkstr_string_free.argtypes = [ctypes.c_void_p]
    lib.linkstr_string_free.restype = None
    for start, options, stop in [
        ("linkstr_runtime_watch_with", _WatchOptions, "linkstr_watch_stop"),
        ("linkstr_signer_serve", _SignerOptions, "linkstr_signer_stop"),
    ]:
        getattr(lib, start).argtypes = [
            ctypes.c_void_p, ctypes.POINTER(options), _JSON_FN, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), error]
        getattr(lib, start).restype = ctypes.c_int32
        getattr(lib, stop).argtypes = [ctypes.c_void_p]
        getattr(lib, stop).restype = None
    return lib


def _text(value):
    return None if value is None else value.encode()


def _list(values):
    """A list of strings (or one comma-separated string) as linkstr.h's comma-separated list; None when empty."""
    return _text(values if isinstance(values, str) else ",".join(values)) or None


def _new_error():
    return _Error(struct_size=ctypes.sizeof(_Error))


def _raise(status, error):
    raise LinkstrError(status, error.message.decode(errors="replace"))


class _Running:
    """Something linkstr runs in the background with a callback; `stop()` (or the end of a `with`
    block) ends it."""

    _STOP = None  # the linkstr.h function that stops and frees it

    def __init__(self, lib, handle, function):
        self._lib = lib
        self._handle = handle
        self._function = function  # ctypes must keep the callback alive while linkstr may call it

    def stop(self):
        """Blocks until no callback runs; none runs afterwards. Also from inside the callback."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            getattr(self._lib, self._STOP)(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.stop()


class Watch(_Running):
    """A running watch (`Runtime.watch`)."""

    _STOP = "linkstr_watch_stop"


class Signer(_Running):
    """linkstr serving as a bunker (`Runtime.signer_serve`); `stop()` finishes the request being
    answered, then leaves the relays."""

    _STOP = "linkstr_signer_stop"


class Runtime:
    """One linkstr home: its account, sessions, contacts and relays. Close it (or use `with`)."""

    def __init__(self, home=None, config_path=None, storage=None, library=None, on_auth_url=None):
        """`on_auth_url(url)`: told, on a thread of linkstr's, the page a remote signer asks the user
        to open to approve a request (show or open it); without it the request waits for its time limit."""
        self._lib = _load(library)
        # ctypes must keep the callback alive while linkstr may call it.
        self._auth_url = _JSON_FN(lambda _, url: on_auth_url(url.decode())) if on_auth_url else None
        options = _Options(
            struct_size=ctypes.sizeof(_Options), api_major=API_MAJOR, api_minor=API_MINOR,
            home=_text(home), config_path=_text(config_path), storage=_text(storage),
            on_auth_url=ctypes.cast(self._auth_url, ctypes.c_void_p) if self._auth_url else None)
        handle = ctypes.c_void_p()
        error = _new_error()
        status = self._lib.linkstr_runtime_open(ctypes.byref(options), ctypes.byref(handle), ctypes.byref(error))
        if status != 0:
            _raise(status, error)
        self._handle = handle

    def close(self):
        """Stops the watch, disconnects, frees the runtime."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            self._lib.linkstr_runtime_free(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def _call(self, name, *arguments):
        out = ctypes.c_void_p()
        error = _new_error()
        status = getattr(self._lib, name)(self._handle, *arguments, ctypes.byref(out), ctypes.byref(error))
        if status != 0:
            _raise(status, error)
        try:
            return json.loads(ctypes.string_at(out.value).decode())
        finally:
            self._lib.linkstr_string_free(out)

    # Account
    def account_create(self, name=None, key_store=None):
        return self._call("linkstr_account_create", _text(name), _text(key_store))

    def account_import(self, nsec, name=None, key_store=None):
        return self._call("linkstr_account_import", _text(nsec), _text(name), _text(key_store))

    def identity(self):
        return self._call("linkstr_account_identity")

    def account_connect(self, bunker_link, name=None, key_store=None, timeout_seconds=0):
        """Makes the account one whose key lives in the remote signer of `bunker_link` (NIP-46), or
        reconnects it; asks nothing, so show the link to the user first."""
        return self._call("linkstr_account_connect", _text(bunker_link), _text(name), _text(key_store), timeout_seconds)

    def account_disconnect(self):
        return self._call("linkstr_account_disconnect")

    # Profiles
    def profiles(self):
        return self._call("linkstr_profiles_list")

    def profile_use(self, name):
        return self._call("linkstr_profile_use", _text(name))

    def whoami(self):
        return self._call("linkstr_whoami")

    # The lock
    def unlock(self, passphrase):
        """Unlocks the home's keys for the login session (as `linkstr unlock`)."""
        return self._call("linkstr_unlock", _text(passphrase))

    def lock(self):
        return self._call("linkstr_lock")

    # Sessions, posts, reactions
    def sessions(self, archived=False):
        return self._call("linkstr_sessions_list", 1 if archived else 0)

    def session_create(self, name, members=()):
        return self._call("linkstr_session_create", _text(name), _text(json.dumps(list(members))))

    def session_members(self, session, add=(), remove=()):
        """The members; `add` and `remove` (npub, hex or contact alias) change them first."""
        return self._call("linkstr_session_members", _text(session), _text(json.dumps(list(add))), _text(json.dumps(list(remove))))

    def session_archive(self, session):
        return self._call("linkstr_session_archive", _text(session))

    def session_unarchive(self, session):
        return self._call("linkstr_session_unarchive", _text(session))

    def feed(self, session, limit=0):
        return self._call("linkstr_feed", _text(session), limit)

    def post(self, session, url, note=None):
        return self._call("linkstr_post", _text(session), _text(url), _text(note))

    def react(self, session, post, emoji, mode=REACT_TOGGLE):
        return self._call("linkstr_react", _text(session), _text(post), _text(emoji), mode)

    def delete(self, session, post):
        return self._call("linkstr_delete", _text(session), _text(post))

    def read(self, session, post=None):
        return self._call("linkstr_read", _text(session), _text(post))

    # Contacts
    def contacts(self):
        return self._call("linkstr_contacts_list")

    def contact_add(self, key, alias=None):
        return self._call("linkstr_contact_add", _text(key), _text(alias))

    def contact_remove(self, key):
        return self._call("linkstr_contact_remove", _text(key))

    def contact_alias(self, key, alias):
        return self._call("linkstr_contact_alias", _text(key), _text(alias))

    # Relays
    def relays(self):
        return self._call("linkstr_relays_list")

    def relay_add(self, url):
        return self._call("linkstr_relay_add", _text(url))

    def relay_remove(self, url):
        return self._call("linkstr_relay_remove", _text(url))

    def relay_enable(self, url):
        return self._call("linkstr_relay_enable", _text(url))

    def relay_disable(self, url):
        return self._call("linkstr_relay_disable", _text(url))

    def relay_reset(self):
        return self._call("linkstr_relay_reset")

    # Saved links (the account's own, with tags; local until synced)
    def save(self, url, tags=(), note=None):
        """Saves `url` with `tags` (added to those it has); the record has `already_saved`."""
        return self._call("linkstr_save", _text(url), _text(json.dumps(list(tags))), _text(note))

    def saved(self, tags=(), search=None, deleted=False):
        """The saved links with every tag of `tags` and `search` in them, newest first; removed ones
        with `deleted`."""
        return self._call("linkstr_saved_list", _text(json.dumps(list(tags))), _text(search), 1 if deleted else 0)

    def tag(self, url, add=(), remove=()):
        return self._call("linkstr_saved_tag", _text(url), _text(json.dumps(list(add))), _text(json.dumps(list(remove))))

    def unsave(self, url):
        return self._call("linkstr_unsave", _text(url))

    def restore(self, url):
        return self._call("linkstr_restore", _text(url))

    def tags(self, url=None):
        """The tags, best suggestion first; with `url`, the suggestions for that link."""
        return self._call("linkstr_tags", _text(url))

    def saved_sync(self, status_only=False):
        """POSTs the kept links to the configured webhook (or, `status_only`, says how the last sync
        went)."""
        return self._call("linkstr_saved_sync", 1 if status_only else 0)

    # Media (no account needed)
    def media_resolve(self, url, timeout_ms=0):
        """How to play `url` now, as `linkstr media resolve --json`; `timeout_ms` (0: the provider's
        own) bounds each request the provider makes."""
        return self._call("linkstr_media_resolve", _text(url), timeout_ms)

    def media_metadata(self, url, timeout_ms=0):
        """The title and thumbnail of `url`, as `linkstr media metadata --json`; `timeout_ms` (0: 6000)."""
        return self._call("linkstr_media_metadata", _text(url), timeout_ms)

    # Sync and watch
    def sync(self, timeout=0):
        """`timeout` in seconds (0: 15)."""
        return self._call("linkstr_sync", timeout)

    def watch(self, callback, timeout=0):
        """Calls `callback(event)` with each event (a dict: `type` post, reaction, delete, members,
        session, notification, caught_up or error) on a thread of linkstr's, one at a time. The
        callback may call this runtime's methods. `timeout` in seconds (0: 15) is the longest to wait
        for a relay and for each page of history. Returns the `Watch` to stop."""
        options = _WatchOptions(struct_size=ctypes.sizeof(_WatchOptions), timeout_seconds=timeout)
        return self._start("linkstr_runtime_watch_with", options, callback, Watch)

    # linkstr as a bunker
    def signer_serve(self, on_activity, relays=(), allow=()):
        """Serves other Nostr clients with the account's key, as `linkstr signer serve`, until the
        returned `Signer` is stopped. `on_activity(activity)` gets each activity (a dict: `type`
        listening or link with the bunker:// `link` to give a client, approved, request, refused, or
        error) on a thread of linkstr's, one at a time. `relays` (URLs; empty: `[signer] relays`,
        else the account's) is where to listen; `allow` (permissions such as "sign_event:1",
        "nip44_encrypt"; empty: `[signer] allow`) is the rule for new clients: without a rule a new
        client is refused, as there is no one to ask. Each is a list or a comma-separated string."""
        options = _SignerOptions(struct_size=ctypes.sizeof(_SignerOptions), relays=_list(relays), allow=_list(allow))
        return self._start("linkstr_signer_serve", options, on_activity, Signer)

    def _start(self, name, options, callback, kind):
        def deliver(_user_data, record):
            try:
                callback(json.loads(record.decode()))
            except Exception:  # nothing may unwind into C
                traceback.print_exc(file=sys.stderr)

        function = _JSON_FN(deliver)
        handle = ctypes.c_void_p()
        error = _new_error()
        status = getattr(self._lib, name)(self._handle, ctypes.byref(options), function, None, ctypes.byref(handle), ctypes.byref(error))
        if status != 0:
            _raise(status, error)
        return kind(self._lib, handle, function)
