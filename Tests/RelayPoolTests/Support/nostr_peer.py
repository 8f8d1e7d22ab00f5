"""rust-nostr (PyPI nostr-sdk) as the interop peer of the relay-pool tests. It talks to the relay
through rust-nostr's own client, so both the events and the protocol exchange are rust-nostr's.

  nostr_peer.py publish --relay URL --secret HEX --kind K --content TEXT [--count N]
      signs N events and publishes them; prints each event's JSON (as rust-nostr writes it), one a
      line, after the relay accepted it. NIP-42 AUTH is answered when the relay asks.
  nostr_peer.py fetch --relay URL --author HEX --kind K --expect N [--secret HEX]
      fetches the author's events of kind K; rust-nostr verifies ids and signatures. Prints each
      event's JSON, one a line. Fails unless exactly N events came back.
  nostr_peer.py giftwrap --relay URL --secret HEX --to HEX --content TEXT [--count N]
      NIP-59: gift-wraps N kind-44001 rumors (tag ["t","interop"]) from the secret key's account to
      --to and publishes the wraps; prints each rumor's JSON, then its wrap's.
  nostr_peer.py unwrap --relay URL --secret HEX --expect N
      fetches the kind-1059 wraps #p-tagged to the secret key's account and opens them with
      rust-nostr; prints {"sender":…,"rumor":…} per wrap. Fails unless exactly N came back.
"""
import json
import argparse
import asyncio
import datetime
import os
import sys

from nostr_sdk import (Authenticator, ClientBuilder, EventBuilder, Filter, Keys, Kind, PublicKey,
                       RelayUrl, ReqTarget, Tag, UnwrappedGift, nip59_make_gift_wrap,
                       uniffi_set_event_loop)


class SignWithKeys(Authenticator):
    """Answers NIP-42 challenges with the peer's key."""

    def __init__(self, keys):
        self.keys = keys

    async def make_auth_event(self, relay_url, challenge):
        tags = [Tag.parse(["relay", relay_url.__str__()]), Tag.parse(["challenge", challenge])]
        return EventBuilder(Kind(22242), "").tags(tags).finalize(self.keys)


async def connect(relay, keys):
    builder = ClientBuilder()
    if keys is not None:
        builder = builder.authenticator(SignWithKeys(keys))
    client = builder.build()
    url = RelayUrl.parse(relay)
    await client.add_relay(url)
    await client.connect(datetime.timedelta(seconds=5))
    return client, url


async def publish(args):
    keys = Keys.parse(args.secret)
    client, url = await connect(args.relay, keys)
    for index in range(args.count):
        content = args.content if args.count == 1 else f"{args.content} {index}"
        event = EventBuilder(Kind(args.kind), content).finalize(keys)
        output = await client.send_event(event)
        if url.__str__() not in [u.__str__() for u in output.success]:
            sys.exit(f"nostr_peer.py: the relay refused the event: {output.failed}")
        print(event.as_json(), flush=True)
    await client.shutdown()


async def fetch(args):
    keys = Keys.parse(args.secret) if args.secret else None
    client, url = await connect(args.relay, keys)
    query = Filter().author(PublicKey.parse(args.author)).kind(Kind(args.kind))
    events = await client.fetch_events(ReqTarget.single(url, [query]), datetime.timedelta(seconds=5))
    await client.shutdown()
    if len(events) != args.expect:
        sys.exit(f"nostr_peer.py: expected {args.expect} events, got {len(events)}")
    for event in events:
        if not event.verify():
            sys.exit(f"nostr_peer.py: event {event.id().to_hex()} does not verify")
        print(event.as_json(), flush=True)


async def giftwrap(args):
    keys = Keys.parse(args.secret)
    client, url = await connect(args.relay, keys)
    for index in range(args.count):
        content = args.content if args.count == 1 else f"{args.content} {index}"
        rumor = EventBuilder(Kind(44001), content).tags([Tag.parse(["t", "interop"])]).finalize_unsigned(keys.public_key())
        wrap = nip59_make_gift_wrap(keys, PublicKey.parse(args.to), rumor)
        output = await client.send_event(wrap)
        if url.__str__() not in [u.__str__() for u in output.success]:
            sys.exit(f"nostr_peer.py: the relay refused the wrap: {output.failed}")
        print(rumor.as_json(), flush=True)
        print(wrap.as_json(), flush=True)
    await client.shutdown()


async def unwrap(args):
    keys = Keys.parse(args.secret)
    client, url = await connect(args.relay, keys)
    query = Filter().pubkey(keys.public_key()).kind(Kind(1059))
    wraps = await client.fetch_events(ReqTarget.single(url, [query]), datetime.timedelta(seconds=5))
    await client.shutdown()
    if len(wraps) != args.expect:
        sys.exit(f"nostr_peer.py: expected {args.expect} wraps, got {len(wraps)}")
    for wrap in wraps:
        gift = UnwrappedGift.from_gift_wrap(keys, wrap)
        print(json.dumps({"sender": gift.sender().to_hex(), "rumor": json.loads(gift.rumor().as_json())}), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["publish", "fetch", "giftwrap", "unwrap"])
    parser.add_argument("--relay", required=True)
    parser.add_argument("--secret")
    parser.add_argument("--author")
    parser.add_argument("--to")
    parser.add_argument("--kind", type=int, default=1)
    parser.add_argument("--content", default="hello from rust-nostr")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--expect", type=int, default=1)
    args = parser.parse_args()

    async def run():
        uniffi_set_event_loop(asyncio.get_running_loop())
        commands = {"publish": publish, "fetch": fetch, "giftwrap": giftwrap, "unwrap": unwrap}
        await commands[args.command](args)

    asyncio.run(run())
    # Everything is printed and checked; skip the interpreter's teardown, in which the nostr-sdk
    # bindings sometimes crash while their background tasks wind down.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
