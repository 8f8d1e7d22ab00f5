"""The peer column of scripts/bench-ingest.sh: rust-nostr (PyPI nostr-sdk, through its Python binding)
ingesting the same gift wraps as `linkstr sync` — fetched from the relay into its LMDB database, then
unwrapped (UnwrappedGift.from_gift_wrap: the seal's signature and both decryptions; the client
verified each wrap's signature as it arrived).

    ingest.py publish --relay URL --wraps FILE            # the wraps (JSON lines) onto the relay
    ingest.py fetch --relay URL --nsec NSEC --db DIR       # fetch + unwrap; prints one RESULT line

`fetch` pages down by `until` (a relay caps what one REQ returns) until a page brings nothing new.
Its RESULT line: wraps, seconds (wall), per_second, cpu_us (per wrap, every thread of the process),
unwrapped, peak_kib.
"""
import argparse
import asyncio
import datetime
import resource
import time

from nostr_sdk import (ClientBuilder, Event, Filter, Keys, Kind, NostrLmdb, RelayUrl, ReqTarget, Timestamp,
                       UnwrappedGift, uniffi_set_event_loop)


async def publish(args):
    client = ClientBuilder().build()
    url = RelayUrl.parse(args.relay)
    await client.add_relay(url)
    await client.connect(datetime.timedelta(seconds=5))
    with open(args.wraps) as lines:
        events = [Event.from_json(line) for line in lines if line.strip()]
    seen = set()
    unique = [event for event in events if not (event.id().to_hex() in seen or seen.add(event.id().to_hex()))]
    for start in range(0, len(unique), 200):
        await asyncio.gather(*(client.send_event(event) for event in unique[start:start + 200]))
    print(f"published {len(unique)} wraps", flush=True)
    await client.shutdown()


async def fetch(args):
    keys = Keys.parse(args.nsec)
    client = ClientBuilder().database(await NostrLmdb.open(args.db)).build()
    url = RelayUrl.parse(args.relay)
    await client.add_relay(url)
    wall = time.perf_counter()
    cpu = time.process_time()
    await client.connect(datetime.timedelta(seconds=5))
    seen = {}
    until = None
    while True:
        query = Filter().kind(Kind(1059)).pubkey(keys.public_key()).limit(args.page)
        if until is not None:
            query = query.until(Timestamp.from_secs(until))
        page = await client.fetch_events(ReqTarget.single(url, [query]), datetime.timedelta(seconds=30))
        fresh = [event for event in page if event.id().to_hex() not in seen]
        for event in fresh:
            seen[event.id().to_hex()] = event
        if not fresh:
            break
        until = min(event.created_at().as_secs() for event in page)
    unwrapped = 0
    for event in seen.values():
        try:
            UnwrappedGift.from_gift_wrap(keys, event)
            unwrapped += 1
        except Exception:  # noqa: BLE001 - counted: every wrap of the benchmark unwraps
            pass
    seconds = time.perf_counter() - wall
    cpu_seconds = time.process_time() - cpu
    stored = await client.database().count(Filter().kind(Kind(1059)))
    count = len(seen)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"RESULT wraps={count} seconds={seconds:.3f} per_second={count / seconds:.0f} "
          f"cpu_us={cpu_seconds / max(count, 1) * 1e6:.1f} unwrapped={unwrapped} stored={stored} peak_kib={peak}", flush=True)
    await client.shutdown()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["publish", "fetch"])
    parser.add_argument("--relay", required=True)
    parser.add_argument("--wraps")
    parser.add_argument("--nsec")
    parser.add_argument("--db")
    parser.add_argument("--page", type=int, default=5000)
    args = parser.parse_args()

    async def run():
        uniffi_set_event_loop(asyncio.get_running_loop())
        await (publish(args) if args.command == "publish" else fetch(args))

    asyncio.run(run())


if __name__ == "__main__":
    main()
