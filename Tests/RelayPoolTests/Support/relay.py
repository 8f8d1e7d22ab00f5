"""Starts a real Nostr relay on 127.0.0.1 for the relay-pool tests and prints `READY <url>` once it
accepts connections. Runs until killed (SIGTERM/SIGKILL). Without --port (or with 0) it takes a free
port and says which in the URL; a port taken by someone else between the choice and the bind (a busy
machine) means another choice, not a failure.

  relay.py rust [--port P] [--auth write|read|both] [--max-limit N] [--never-ok] [--reject MESSAGE]
           [--notes-per-minute N]  (rust-nostr's rate limit per connection; default: none in effect)
      rust-nostr's LocalRelay (PyPI nostr-sdk). --never-ok: a write policy that never decides, so
      the relay never answers OK; --reject: a write policy that refuses every event with MESSAGE.
  relay.py nostr-relay [--port P] --dir DIR [--max-limit N] [--max-event-size N] [--auth PUBKEY]
      PyPI nostr-relay (SQLite in DIR). --auth: NIP-42 on; only PUBKEY (role "w") may save events,
      everyone else gets `restricted:` (nostr-relay's answer before and after AUTH).
"""
import argparse
import asyncio
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time


def wait_for_port(port, process=None, timeout=20.0):
    """True once something listens on the port; False when `process` exited first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    sys.exit(f"relay.py: nothing listens on 127.0.0.1:{port} after {timeout} s")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ports(args):
    """The port to bind: the one asked for, else fresh free ones (a few tries)."""
    if args.port:
        yield args.port
        return
    for _ in range(20):
        yield free_port()


async def run_rust(args):
    from nostr_sdk import WritePolicy, WritePolicyResult, uniffi_set_event_loop

    uniffi_set_event_loop(asyncio.get_running_loop())  # the write policies are Python coroutines

    class NeverDecide(WritePolicy):
        async def admit_event(self, event, socket_addr):
            await asyncio.sleep(3600)
            return WritePolicyResult.ACCEPT()

    class Refuse(WritePolicy):
        def __init__(self, message):
            self.message = message

        async def admit_event(self, event, socket_addr):
            return WritePolicyResult.REJECT(message=self.message)

    for port in ports(args):
        try:
            relay = await build_rust(args, port, NeverDecide, Refuse)
        except Exception as error:
            if args.port or "Address already in use" not in str(error):
                raise
            continue
        await asyncio.get_running_loop().run_in_executor(None, wait_for_port, port)
        print("READY", f"ws://127.0.0.1:{port}", flush=True)
        await asyncio.Event().wait()
    sys.exit("relay.py: no free port after 20 tries")


async def build_rust(args, port, NeverDecide, Refuse):
    from nostr_sdk import LocalRelayBuilder, LocalRelayBuilderNip42, LocalRelayBuilderNip42Mode, RateLimit

    # The tests publish thousands of events a minute from one connection, unless a test asks for
    # an ordinary relay's limit (--notes-per-minute).
    builder = (LocalRelayBuilder().addr("127.0.0.1").port(port)
               .rate_limit(RateLimit(max_reqs=500, notes_per_minute=args.notes_per_minute)))
    if args.auth:
        mode = {"write": LocalRelayBuilderNip42Mode.WRITE, "read": LocalRelayBuilderNip42Mode.READ,
                "both": LocalRelayBuilderNip42Mode.BOTH}[args.auth]
        builder = builder.nip42(LocalRelayBuilderNip42(mode=mode))
    if args.max_limit:
        builder = builder.max_filter_limit(args.max_limit)
    if args.never_ok:
        builder = builder.write_policy(NeverDecide())
    if args.reject:
        builder = builder.write_policy(Refuse(args.reject))
    relay = builder.build()
    await relay.run()
    return relay


def die_with_parent():
    """In the child: SIGKILL when this wrapper dies, however it dies (prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)


def run_nostr_relay(args):
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # runs the finally below
    os.makedirs(args.dir, exist_ok=True)
    for port in ports(args):
        serve_nostr_relay(args, port)
    sys.exit("relay.py: nostr-relay did not start (its port was taken each time)")


def serve_nostr_relay(args, port):
    """Runs nostr-relay on `port` until killed; returns when it exits at once (port taken)."""
    url = f"ws://127.0.0.1:{port}"
    config = os.path.join(args.dir, "config.yaml")
    lines = [
        "DEBUG: false",
        "storage:",
        f"  sqlalchemy.url: sqlite+aiosqlite:///{os.path.join(args.dir, 'nostr.sqlite3')}",
        "  validators:",
        "    - nostr_relay.validators.is_not_too_large",
        "    - nostr_relay.validators.is_signed",
        "gunicorn:",
        f"  bind: 127.0.0.1:{port}",
        "  workers: 1",
        "  loglevel: warning",
        f"max_event_size: {args.max_event_size}",
        f"max_limit: {args.max_limit or 6000}",
        "message_timeout: 600",
        "subscription_limit: 64",
        "logging:",
        "  version: 1",
        "  root: {level: WARNING}",
    ]
    if args.auth:
        lines += [
            "authentication:",
            "  enabled: true",
            f"  relay_urls: [\"{url}\", \"{url}/\"]",
            "  actions: {save: w, query: a}",
        ]
    with open(config, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    relay_bin = os.path.join(os.path.dirname(sys.executable), "nostr-relay")
    process = subprocess.Popen([relay_bin, "-c", config, "serve", "--use-uvicorn"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=die_with_parent)
    try:
        if not wait_for_port(port, process):
            if args.port:
                sys.exit(f"relay.py: the relay exited with status {process.returncode}")
            return
        if args.auth:
            # `serve` created the database with its role table; roles are read at AUTH time.
            subprocess.run([relay_bin, "-c", config, "role", "set", "--pubkey", args.auth, "--roles", "w"],
                           check=True, stdout=subprocess.DEVNULL)
        print("READY", url, flush=True)
        sys.exit(process.wait())
    finally:
        process.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["rust", "nostr-relay"])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--dir")
    parser.add_argument("--auth")
    parser.add_argument("--max-limit", type=int, default=0)
    parser.add_argument("--max-event-size", type=int, default=65536)
    parser.add_argument("--never-ok", action="store_true")
    parser.add_argument("--reject")
    parser.add_argument("--notes-per-minute", type=int, default=1_000_000)
    args = parser.parse_args()
    if args.kind == "rust":
        asyncio.run(run_rust(args))
    else:
        run_nostr_relay(args)


if __name__ == "__main__":
    main()
