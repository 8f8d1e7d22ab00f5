"""The Python binding (bindings/python/linkstr.py) over a real relay: a home without an account is
refused with NO_ACCOUNT; then an account, a session of one, a post with a note, the feed, a sync.
Prints one JSON object with what each call returned. Usage: runtime_calls.py BINDINGS HOME"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    results = {}
    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        try:
            runtime.identity()
        except linkstr.LinkstrError as error:
            results["no_account"] = {"code": error.code, "message": error.message}
        results["account"] = runtime.account_create(name="Py", key_store="plain")
        session = runtime.session_create("Python room")
        results["session"] = session
        results["post"] = runtime.post(session["id"], "example.com/py", note="from Python")
        results["feed"] = runtime.feed("python ROOM")
        results["sync"] = runtime.sync(timeout=5)
    print(json.dumps(results, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
