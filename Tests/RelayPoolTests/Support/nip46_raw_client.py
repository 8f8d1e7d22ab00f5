"""A bare NIP-46 client for the tests, built from rust-nostr (PyPI nostr-sdk) primitives: sends the
given requests to a bunker as they are, and prints what comes back, so that a test can send what
a well-behaved client never would (no connect first, an old date, the same event twice, a broken
template).

  nip46_raw_client.py --relay URL --bunker HEX --app-secret HEX [--age SECONDS] [--wait SECONDS]
                      [--save FILE] [--resend FILE] [--answers N] REQUEST_JSON...
      each REQUEST_JSON ({"id","method","params"}) is sent as one kind-24133 event, NIP-44 encrypted
      to the bunker, dated --age seconds ago; --save appends each event sent (JSON, one a line) to
      FILE, --resend sends the events of FILE again instead. Prints `SENT <event id>` per event, then
      each answer as `ANSWER <json>` until --wait seconds (default 5) pass without one, or until
      --answers answers came.
"""
import argparse
import asyncio
import datetime
import json

from nostr_sdk import (Client, Event, EventBuilder, Filter, Keys, Kind, Nip44Version, PublicKey, RelayUrl,
                       ReqTarget, Tag, Timestamp, nip44_decrypt, nip44_encrypt, uniffi_set_event_loop)

REQUEST_KIND = 24133


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--relay", required=True)
    parser.add_argument("--bunker", required=True)
    parser.add_argument("--app-secret", required=True)
    parser.add_argument("--age", type=int, default=0)
    parser.add_argument("--wait", type=float, default=5)
    parser.add_argument("--save")
    parser.add_argument("--resend")
    parser.add_argument("--answers", type=int)
    parser.add_argument("requests", nargs="*")
    args = parser.parse_args()
    uniffi_set_event_loop(asyncio.get_running_loop())
    keys = Keys.parse(args.app_secret)
    bunker = PublicKey.parse(args.bunker)
    client = Client()
    url = RelayUrl.parse(args.relay)
    await client.add_relay(url)
    await client.connect(datetime.timedelta(seconds=5))
    notifications = client.notifications()
    since = Timestamp.from_secs(Timestamp.now().as_secs() - 5)
    await client.subscribe(ReqTarget.single(url, [Filter().kind(Kind(REQUEST_KIND)).pubkey(keys.public_key()).since(since)]))
    if args.resend:
        with open(args.resend) as file:
            events = [Event.from_json(line) for line in file if line.strip()]
    else:
        events = []
        for request in args.requests:
            content = nip44_encrypt(keys.secret_key(), bunker, request, Nip44Version.V2)
            builder = EventBuilder(Kind(REQUEST_KIND), content).tags([Tag.parse(["p", bunker.to_hex()])])
            builder = builder.custom_created_at(Timestamp.from_secs(Timestamp.now().as_secs() - args.age))
            events.append(builder.finalize(keys))
    for event in events:
        await client.send_event(event)
        print(f"SENT {event.id().to_hex()}", flush=True)
        if args.save:
            with open(args.save, "a") as file:
                file.write(event.as_json() + "\n")
    answered = 0
    while args.answers is None or answered < args.answers:
        try:
            notification = await asyncio.wait_for(notifications.next(), args.wait)
        except asyncio.TimeoutError:
            break
        if notification is None:
            break
        if not notification.is_new_event() or notification.event.author().to_hex() != bunker.to_hex():
            continue
        answer = nip44_decrypt(keys.secret_key(), bunker, notification.event.content())
        print(f"ANSWER {json.dumps(json.loads(answer), sort_keys=True)}", flush=True)
        answered += 1


if __name__ == "__main__":
    asyncio.run(main())
