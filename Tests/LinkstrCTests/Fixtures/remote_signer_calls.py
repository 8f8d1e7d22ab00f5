"""The Python binding (bindings/python/linkstr.py) with a remote signer: connects the home's account
by a bunker:// link, reads its identity, disconnects, and connects again. Prints one JSON object with
what each call returned. Usage: remote_signer_calls.py BINDINGS HOME BUNKER_LINK"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    results = {}
    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        results["connect"] = runtime.account_connect(sys.argv[3], name="Py", key_store="plain", timeout_seconds=10)
        results["identity"] = runtime.identity()
        results["disconnect"] = runtime.account_disconnect()
        results["reconnect"] = runtime.account_connect(sys.argv[3])
    print(json.dumps(results))


if __name__ == "__main__":
    main()
