"""The Python binding locks while it serves as a bunker: `lock()` locks the unlock agent and stops the
bunker, whose key then is gone (serving again needs `unlock`). Prints `<name> <status> <message>`
lines as embed_signer.c does, and `lock <json>`.
Run without a terminal (setsid): a locked key is then an error, not a question.
Usage: lock_while_serving.py BINDINGS HOME RELAY PASSPHRASE"""
import json
import sys
import threading

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    listening = threading.Event()

    def on_activity(activity):
        if activity.get("type") == "listening":
            listening.set()

    with linkstr.Runtime(home=sys.argv[2]) as runtime:
        runtime.unlock(sys.argv[4])
        with runtime.signer_serve(on_activity, relays=[sys.argv[3]], allow="sign_event:1"):
            print("listening", listening.wait(20), flush=True)
            print("lock", json.dumps(runtime.lock()), flush=True)
            try:
                runtime.signer_serve(print, relays=[sys.argv[3]], allow="sign_event:1")
                print("serve-after-lock 0 ok", flush=True)
            except linkstr.LinkstrError as error:
                print("serve-after-lock", error.code, error.message, flush=True)
        print("stopped", flush=True)


if __name__ == "__main__":
    main()
