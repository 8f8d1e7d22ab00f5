"""rust-nostr (PyPI nostr-sdk) doing what linkstr-nostr-bench (Benchmarks/NostrBench) measures, for the
side-by-side table of scripts/bench-nostr.sh. Single-threaded; pin it to one core (taskset -c N) as
the script does.

    .venv/bin/python Benchmarks/rust-nostr/bench.py [--rounds 15] [--seconds 0.1]
    .venv/bin/python Benchmarks/rust-nostr/bench.py --only unwrap --seconds 2   # one operation, to profile

Prints one `BENCH name ops/s µs/op` line per operation and a machine-readable
`BENCHDATA rust.<key> <ops/s>` line for each. The same message (134 B) and the same operations as
the Swift side: raw BIP-340 sign/verify of a 32-byte id, event sign/verify, NIP-44 encrypt/decrypt
(nostr-sdk derives the conversation key on every call; it has no cache), gift wrap creation
(nip59_make_gift_wrap) and unwrap (Event.verify of the wrap + UnwrappedGift.from_gift_wrap, which
verifies the seal: the checks our unwrap makes that rust-nostr also makes).

What the numbers include besides rust-nostr's own work: the Python binding (uniffi over ctypes).
Every call crosses Python → Rust, and strings are copied across by Python code, so a call that
passes a 1-2 KB event or payload costs tens of microseconds in Python alone. The signer is a
foreign trait in the binding, so `Keys` passed as a signer is called back through Python for each
signer operation (gift wrap: get_public_key, nip44_encrypt, sign_event; unwrap: nip44_decrypt
twice), each a Rust → Python → Rust round trip carrying the payload. scripts/bench-nostr.sh
therefore also profiles each operation (`--only KEY --perf-control CTL,ACK` under `perf record`)
and reports the share of CPU time spent inside the Rust library, from which it estimates what
rust-nostr would do natively.
"""
import argparse
import sys
import time

import nostr_sdk
from nostr_sdk import (Event, EventBuilder, Keys, Kind, Nip44Version, NostrSigner, Timestamp, UnwrappedGift,
                       nip44_decrypt, nip44_encrypt, nip59_make_gift_wrap)

MESSAGE = ('{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"","kind":"root",'
           '"url":"https://example.com/a","timestamp":1739877200}')


class BenchmarkSet:
    """Operations timed in interleaved rounds; each operation's result is its best round (as in
    linkstr-nostr-bench's BenchmarkSet, so that a burst of other work on a shared machine costs one
    round of one operation instead of skewing the whole measurement)."""

    def __init__(self):
        self.operations = []  # [name, key, body, best ops/s]

    def add(self, name, key, body):
        self.operations.append([name, key, body, 0.0])

    def run(self, rounds, seconds):
        for operation in self.operations:
            for _ in range(20):
                operation[2]()  # warm up
        clock = time.perf_counter
        for _ in range(rounds):
            for operation in self.operations:
                body = operation[2]
                iterations = 0
                start = clock()
                deadline = start + seconds
                while True:
                    for _ in range(10):
                        body()
                    iterations += 10
                    now = clock()
                    if now >= deadline:
                        break
                operation[3] = max(operation[3], iterations / (now - start))

    def rate(self, key):
        return next(operation[3] for operation in self.operations if operation[1] == key)

    def report(self):
        for name, key, _, rate in self.operations:
            print(f"BENCH {name:<56} {rate:10.0f} ops/s {1e6 / rate:9.2f} µs/op", flush=True)
            print(f"BENCHDATA rust.{key} {rate:.1f}", flush=True)


class CountingSigner(NostrSigner):
    """Passes every signer call on to Keys, counting them (to count the binding's callbacks)."""

    def __init__(self, keys):
        self.keys = keys
        self.calls = 0

    def get_public_key(self):
        self.calls += 1
        return self.keys.get_public_key()

    def sign_event(self, unsigned_event):
        self.calls += 1
        return self.keys.sign_event(unsigned_event)

    def nip04_encrypt(self, public_key, content):
        self.calls += 1
        return self.keys.nip04_encrypt(public_key, content)

    def nip04_decrypt(self, public_key, encrypted_content):
        self.calls += 1
        return self.keys.nip04_decrypt(public_key, encrypted_content)

    def nip44_encrypt(self, public_key, content):
        self.calls += 1
        return self.keys.nip44_encrypt(public_key, content)

    def nip44_decrypt(self, public_key, payload):
        self.calls += 1
        return self.keys.nip44_decrypt(public_key, payload)


def perf_command(control, command):
    """Sends `command` (enable / disable) to `perf record --control=fifo:CTL,ACK` and waits for its ack."""
    if control is None:
        return
    ctl, ack = control
    with open(ctl, "w") as fifo:
        fifo.write(command + "\n")
    with open(ack) as fifo:
        fifo.readline()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds; each operation keeps its best")
    parser.add_argument("--seconds", type=float, default=0.1, help="seconds per operation per round")
    parser.add_argument("--only", help="run just this operation (a key) for --seconds, for profiling")
    parser.add_argument("--perf-control", help="CTL,ACK fifos of perf record --control: profile only the --only loop")
    args = parser.parse_args()

    version = getattr(nostr_sdk, "__version__", None)
    if version is None:
        try:
            from importlib.metadata import version as package_version
            version = package_version("nostr-sdk")
        except Exception:  # noqa: BLE001 - only for the banner
            version = "?"
    if args.only is None:
        print(f"BENCHINFO rust-nostr: nostr-sdk {version} (PyPI, uniffi binding) on Python {sys.version.split()[0]}", flush=True)

    alice = Keys.generate()
    bob = Keys.generate()
    alice_pk = alice.public_key()
    bob_pk = bob.public_key()
    secret_a = alice.secret_key()
    secret_b = bob.secret_key()
    message_id = bytes([0x5A]) * 32
    created_at = Timestamp.from_secs(1_739_877_200)
    note = EventBuilder(Kind(1), MESSAGE).custom_created_at(created_at).finalize(alice)
    payload = nip44_encrypt(secret_a, bob_pk, MESSAGE, Nip44Version.V2)
    rumor = EventBuilder(Kind(44001), MESSAGE).custom_created_at(created_at).finalize_unsigned(alice_pk)
    wrap = nip59_make_gift_wrap(alice, bob_pk, rumor)
    wrap_json = wrap.as_json()
    opened = UnwrappedGift.from_gift_wrap(bob, wrap)
    assert opened.sender().to_hex() == alice_pk.to_hex() and opened.rumor().content() == MESSAGE

    if args.only is None:
        counter = CountingSigner(alice)
        nip59_make_gift_wrap(counter, bob_pk, rumor)
        wrap_callbacks = counter.calls
        counter = CountingSigner(bob)
        UnwrappedGift.from_gift_wrap(counter, wrap)
        print(f"BENCHINFO   The binding calls the signer (Keys) back through Python {wrap_callbacks}× per gift wrap, "
              f"{counter.calls}× per unwrap.", flush=True)

    def unwrap():
        if not wrap.verify():
            raise SystemExit("the wrap does not verify")
        UnwrappedGift.from_gift_wrap(bob, wrap)

    def unwrap_json():
        event = Event.from_json(wrap_json)
        if not event.verify():
            raise SystemExit("the wrap does not verify")
        UnwrappedGift.from_gift_wrap(bob, event)

    builder = EventBuilder(Kind(1), MESSAGE).custom_created_at(created_at)
    benchmarks = BenchmarkSet()
    benchmarks.add("binding: trivial call (Timestamp.as_secs)", "binding-call", created_at.as_secs)
    benchmarks.add("binding: call returning 134 B (Event.content)", "binding-string", note.content)
    benchmarks.add("BIP-340 sign (32-byte id; Keys.sign_schnorr)", "sign", lambda: alice.sign_schnorr(message_id))
    benchmarks.add("BIP-340 verify (Event.verify_signature)", "verify", note.verify_signature)
    benchmarks.add("event sign (kind 1: EventBuilder.finalize)", "event-sign", lambda: builder.finalize(alice))
    benchmarks.add("event verify (kind 1: Event.verify)", "event-verify", note.verify)
    benchmarks.add("NIP-44 encrypt (134 B, key derived: nip44_encrypt)", "nip44-encrypt",
                   lambda: nip44_encrypt(secret_a, bob_pk, MESSAGE, Nip44Version.V2))
    benchmarks.add("NIP-44 decrypt (134 B, key derived: nip44_decrypt)", "nip44-decrypt",
                   lambda: nip44_decrypt(secret_b, alice_pk, payload))
    benchmarks.add("gift wrap creation (nip59_make_gift_wrap)", "wrap", lambda: nip59_make_gift_wrap(alice, bob_pk, rumor))
    benchmarks.add("gift unwrap (Event.verify + from_gift_wrap)", "unwrap", unwrap)
    benchmarks.add("gift unwrap, seal only (from_gift_wrap, wrap unverified)", "unwrap-unverified",
                   lambda: UnwrappedGift.from_gift_wrap(bob, wrap))
    benchmarks.add("gift unwrap from relay JSON (from_json + verify + unwrap)", "unwrap-json", unwrap_json)

    if args.only is not None:
        body = next((operation[2] for operation in benchmarks.operations if operation[1] == args.only), None)
        if body is None:
            raise SystemExit(f"bench.py: no operation {args.only}")
        for _ in range(20):
            body()
        control = tuple(args.perf_control.split(",")) if args.perf_control else None
        perf_command(control, "enable")
        deadline = time.perf_counter() + args.seconds
        while time.perf_counter() < deadline:
            for _ in range(10):
                body()
        perf_command(control, "disable")
        return

    benchmarks.run(args.rounds, args.seconds)
    benchmarks.report()


if __name__ == "__main__":
    main()
