"""The Python binding (bindings/python/linkstr.py) as a bunker: refuses a bad rule, then serves with
the account's key on RELAY for new clients allowed ALLOW until SIGTERM, and stops (the `with` block).
Prints the lines of embed_signer.c: `<name> <status> <message>`, `event <json>` per activity, `stopped`.
Usage: signer_calls.py BINDINGS HOME RELAY ALLOW"""
import json
import signal
import sys

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    # Blocked before linkstr starts a thread, so that sigwait takes it.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        try:
            runtime.signer_serve(print, allow=["sign_everything"])
        except linkstr.LinkstrError as error:
            print("bad-allow", error.code, error.message, flush=True)
        with runtime.signer_serve(lambda activity: print("event", json.dumps(activity), flush=True), relays=[sys.argv[3]], allow=sys.argv[4]):
            signal.sigwait({signal.SIGTERM})
        print("stopped", flush=True)


if __name__ == "__main__":
    main()
