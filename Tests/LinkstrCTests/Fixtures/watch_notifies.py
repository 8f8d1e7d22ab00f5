"""Two runtimes in one program over one relay: Bob watches; once he is caught up, Alice creates a
session with him and posts into it. Waits (at most 20 s) for the watch's notification event, stops
the watch, and prints one JSON object: Alice's post and every event Bob's watch reported.
Usage: watch_notifies.py BINDINGS ALICE_HOME BOB_HOME BOB_PUBKEY"""
import json
import sys
import threading
import time

sys.path.insert(0, sys.argv[1])
import linkstr  # noqa: E402


def main():
    with linkstr.Runtime(home=sys.argv[2]) as alice, linkstr.Runtime(home=sys.argv[3]) as bob:
        events = []
        caught_up = threading.Event()
        notified = threading.Event()

        def receive(event):
            events.append(event)
            if event["type"] == "caught_up":
                caught_up.set()
            if event["type"] == "notification":
                notified.set()

        watch = bob.watch(receive, timeout=5)
        caught_up.wait(20)
        session = alice.session_create("Evening", members=[sys.argv[4]])
        post = alice.post(session["id"], "example.com/evening", note="for tonight")
        notified.wait(20)
        watch.stop()
    print(json.dumps({"post": post, "events": events}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
