"""react_bot: watches a linkstr session and reacts to every link someone else posts there.

    LINKSTR_LIBRARY=/usr/local/lib/liblinkstr.so python3 react_bot.py HOME SESSION [EMOJI]

HOME is the bot's linkstr home: an account (`linkstr --home HOME account create --key-store plain`)
and its relays. SESSION is the session's id or name; EMOJI defaults to 👀. Links posted while the bot
was away get their reaction when it starts (a reaction that is on stays on). Ctrl-C or SIGTERM stops it.
"""
import os
import signal
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import linkstr  # noqa: E402  (bindings/python)


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    home, session = sys.argv[1], sys.argv[2]
    emoji = sys.argv[3] if len(sys.argv) == 4 else "👀"
    stop = threading.Event()
    stopping = (signal.SIGINT, signal.SIGTERM)
    for number in stopping:
        signal.signal(number, lambda *_: stop.set())
    # A parent that blocks them (the mask is inherited) must not make the bot unstoppable.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)

    with linkstr.Runtime(home=home) as runtime:
        me = runtime.identity()["pubkey"]

        def watched(session_id):
            # The session named on the command line, by id or by name (it may be created later).
            return any(row["id"] == session_id and session.lower() in (row["id"].lower(), row["name"].lower()) for row in runtime.sessions())

        def on_event(event):
            kind = event["type"]
            if kind == "caught_up":
                print("watching", session, flush=True)
            elif kind == "error":
                print("react_bot:", event["message"], file=sys.stderr, flush=True)
                stop.set()
            elif kind == "post" and event["sender"] != me and watched(event["session"]):
                try:
                    runtime.react(event["session"], event["id"], emoji, linkstr.REACT_ON)
                    print(f"reacted {emoji} to {event['url']} ({event['id'][:12]})", flush=True)
                except linkstr.LinkstrError as error:
                    print("react_bot:", error, file=sys.stderr, flush=True)

        watch = runtime.watch(on_event)
        try:
            while not stop.wait(0.5):
                pass
        finally:
            watch.stop()
    print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except linkstr.LinkstrError as error:
        print("react_bot:", error, file=sys.stderr)
        sys.exit(1)
