"""The Python binding (bindings/python/linkstr.py) over a real relay: a home without an account is
refused with NO_ACCOUNT but resolves a link through the media providers (and refuses one that is no
web URL); then an account (its profile: listed, whoami, use), a session of one, a post with a note,
the feed, a sync, a
second session of the same name (its warning), members added and removed; then, in a home whose only
relay cannot be reached, a watch with a 1 s timeout and its error event. Prints one JSON object with
what each call returned. Usage: runtime_calls.py BINDINGS HOME UNREACHABLE_HOME PERSON"""
import json
import sys
import threading
import time

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    results = {}
    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        try:
            runtime.identity()
        except linkstr.LinkstrError as error:
            results["no_account"] = {"code": error.code, "message": error.message}
        results["media_resolve"] = runtime.media_resolve("https://example.com/article")
        try:
            runtime.media_resolve("javascript:alert(1)")
        except linkstr.LinkstrError as error:
            results["media_bad_link"] = {"code": error.code, "message": error.message}
        results["account"] = runtime.account_create(name="Py", key_store="plain")
        results["profiles"] = runtime.profiles()
        results["whoami"] = runtime.whoami()
        results["profile_use"] = runtime.profile_use("Py")
        session = runtime.session_create("Python room")
        results["session"] = session
        results["post"] = runtime.post(session["id"], "example.com/py", note="from Python")
        results["feed"] = runtime.feed("python ROOM")
        results["sync"] = runtime.sync(timeout=5)
        results["namesake"] = runtime.session_create("PYTHON room")
        person = sys.argv[4]
        results["members_added"] = runtime.session_members(session["id"], add=[person, person])
        results["members_removed"] = runtime.session_members(session["id"], remove=[person])
        results["members"] = runtime.session_members(session["id"])
    with linkstr.Runtime(home=sys.argv[3]) as runtime:
        runtime.account_create(name="Nowhere", key_store="plain")
        ended = threading.Event()
        events = []

        def receive(event):
            events.append(event)
            if event["type"] == "error":
                ended.set()

        started = time.monotonic()
        watch = runtime.watch(receive, timeout=1)
        ended.wait(30)
        results["watch_seconds"] = time.monotonic() - started
        watch.stop()
        results["watch_events"] = events
    print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
