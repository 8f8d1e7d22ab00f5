"""rust-nostr (PyPI nostr-sdk) as a linkstr member, for the end-to-end tests of the `linkstr` command.
It builds kind-44001 rumors whose content is a linkstr payload written the way the iPhone app writes
it (docs/wire-compatibility.md, 1–3: no whitespace, absent keys omitted, `/` escaped as `\\/`, the `e` root tag
on reactions and deletes), seals and gift-wraps them (NIP-44 v2, NIP-59) with rust-nostr, and
publishes them through rust-nostr's client. It also opens what `linkstr` sent.

  linkstr_peer.py build --spec FILE
      prints one line per message kind: {"id","rumor","wraps":[event…]} (nothing published).
  linkstr_peer.py send --relay URL --spec FILE
      builds like `build`, publishes every wrap (in spec order; each must get an OK) and prints the
      same lines.
  linkstr_peer.py publish --relay URL --events FILE
      publishes the events of FILE (one JSON event a line), in that order; prints the count.
  linkstr_peer.py unwrap --relay URL --secret HEX [--expect N]
      fetches the wraps #p-tagged to the key, opens each with rust-nostr's NIP-44, checks the
      envelope is the iPhone app's (both signatures valid, kind 13 seal without tags, kind 1059 wrap
      with exactly one p tag, unsigned rumor by the seal's signer, rumor id = its NIP-01 hash) and
      prints {"wrap","sender","rumor","payload"} per wrap, oldest rumor first. Fails unless exactly N
      came back (when --expect is given).

The spec is {"messages": [message…]}; a message is
  secret        the sender's secret key (hex)
  to            recipient pubkeys (hex); one seal + wrap per recipient (the iPhone app lists the
                sender too)
  payload       a JSON object: the rumor content, written the iPhone app's way
  content       instead of payload: the content verbatim (for malformed payloads)
  created_at    the rumor's created_at (default: now)
  tags          the rumor's tags (default: the iPhone app's — ["e",root_id,"","root"] on reaction and
                root_delete, none otherwise)
  rumor_kind    default 44001
  id            replace the rumor's id by this one after computing it (a forged rumor)
  wrap_created_at  the seal's and wrap's created_at, or a list with one per wrap (recipient by
                recipient, copy by copy); default: random in the last two days, as NIP-59
  copies        how many distinct wraps per recipient (default 1: the same rumor, new seal and wrap)
"""
import argparse
import asyncio
import datetime
import hashlib
import json
import os
import random
import sys
import time

from nostr_sdk import (ClientBuilder, EventBuilder, Event, Filter, Keys, Kind, Nip44Version, PublicKey,
                       RelayUrl, ReqTarget, Tag, Timestamp, nip44_decrypt, nip44_encrypt,
                       uniffi_set_event_loop)

TWO_DAYS = 172800


def ios_json(payload):
    """The payload as the iPhone app's JSONEncoder writes it: compact, UTF-8, `/` escaped. Its key
    order varies; sorted keys (JSONEncoder's .sortedKeys) keep a rumor's id stable across runs."""
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    # `/` only occurs inside strings in this JSON (keys have none), so this escapes exactly those.
    return text.replace("/", "\\/")


def ios_tags(payload):
    if isinstance(payload, dict) and payload.get("kind") in ("reaction", "root_delete"):
        return [["e", payload.get("root_id", ""), "", "root"]]
    return []


def build_message(message, now):
    keys = Keys.parse(message["secret"])
    content = message["content"] if "content" in message else ios_json(message["payload"])
    tags = message.get("tags", ios_tags(message.get("payload")))
    created_at = message.get("created_at", now)
    builder = EventBuilder(Kind(message.get("rumor_kind", 44001)), content)
    builder = builder.tags([Tag.parse(tag) for tag in tags]).custom_created_at(Timestamp.from_secs(created_at))
    rumor = json.loads(builder.finalize_unsigned(keys.public_key()).ensure_id().as_json())
    if "id" in message:
        rumor["id"] = message["id"]
    rumor_json = json.dumps(rumor, separators=(",", ":"), ensure_ascii=False)
    wraps = []
    times = message.get("wrap_created_at")
    for recipient in message["to"]:
        receiver = PublicKey.parse(recipient)
        for _ in range(message.get("copies", 1)):
            if times is None:
                seal_time, wrap_time = now - random.randint(0, TWO_DAYS), now - random.randint(0, TWO_DAYS)
            else:
                seal_time = wrap_time = times[len(wraps)] if isinstance(times, list) else times
            sealed = nip44_encrypt(keys.secret_key(), receiver, rumor_json, Nip44Version.V2)
            seal = EventBuilder(Kind(13), sealed).custom_created_at(Timestamp.from_secs(seal_time)).finalize(keys)
            one_time = Keys.generate()
            wrapped = nip44_encrypt(one_time.secret_key(), receiver, seal.as_json(), Nip44Version.V2)
            wrap = (EventBuilder(Kind(1059), wrapped).tags([Tag.parse(["p", recipient])])
                    .custom_created_at(Timestamp.from_secs(wrap_time)).finalize(one_time))
            wraps.append(json.loads(wrap.as_json()))
    return {"id": rumor["id"], "rumor": rumor, "wraps": wraps}


def build(spec_file):
    with open(spec_file) as handle:
        spec = json.load(handle)
    now = int(time.time())
    return [build_message(message, now) for message in spec["messages"]]


async def connect(relay):
    client = ClientBuilder().build()
    url = RelayUrl.parse(relay)
    await client.add_relay(url)
    await client.connect(datetime.timedelta(seconds=5))
    return client, url


async def publish_events(relay, events):
    """Publishes `events` (JSON objects) in order, 64 in flight at a time; every one needs an OK."""
    client, url = await connect(relay)

    async def send(event):
        output = await client.send_event(Event.from_json(json.dumps(event, ensure_ascii=False)))
        refusals = [str(reason) for reason in output.failed.values()]
        # A relay that already has the event may answer `false, "duplicate: …"` (nostr-relay).
        if url.__str__() not in [u.__str__() for u in output.success] and not all(r.startswith("duplicate:") for r in refusals):
            sys.exit(f"linkstr_peer.py: the relay refused {event['id']}: {output.failed}")

    for start in range(0, len(events), 64):
        await asyncio.gather(*(send(event) for event in events[start:start + 64]))
    await client.shutdown()


async def send(args):
    lines = build(args.spec)
    await publish_events(args.relay, [wrap for line in lines for wrap in line["wraps"]])
    for line in lines:
        print(json.dumps(line, ensure_ascii=False), flush=True)


async def publish(args):
    with open(args.events) as handle:
        events = [json.loads(line) for line in handle if line.strip()]
    await publish_events(args.relay, events)
    print(len(events), flush=True)


async def unwrap(args):
    keys = Keys.parse(args.secret)
    client, url = await connect(args.relay)
    query = Filter().pubkey(keys.public_key()).kind(Kind(1059))
    wraps = await client.fetch_events(ReqTarget.single(url, [query]), datetime.timedelta(seconds=5))
    await client.shutdown()
    wraps = list(wraps)
    if args.expect is not None and len(wraps) != args.expect:
        sys.exit(f"linkstr_peer.py: expected {args.expect} wraps, got {len(wraps)}")
    opened = []
    for wrap in wraps:
        if not wrap.verify():
            sys.exit(f"linkstr_peer.py: wrap {wrap.id().to_hex()} does not verify")
        wrap_json = json.loads(wrap.as_json())
        if wrap_json["tags"] != [["p", keys.public_key().to_hex()]]:
            sys.exit(f"linkstr_peer.py: wrap tags are {wrap_json['tags']}, not one p tag")
        seal = Event.from_json(nip44_decrypt(keys.secret_key(), wrap.author(), wrap.content()))
        seal_json = json.loads(seal.as_json())
        if not seal.verify() or seal_json["kind"] != 13 or seal_json["tags"] != []:
            sys.exit(f"linkstr_peer.py: the seal of {wrap.id().to_hex()} is not a tagless kind 13: {seal_json}")
        rumor = json.loads(nip44_decrypt(keys.secret_key(), seal.author(), seal.content()))
        if rumor["pubkey"] != seal_json["pubkey"] or "sig" in rumor:
            sys.exit(f"linkstr_peer.py: rumor {rumor['id']} is signed or not from the seal's signer")
        fields = [0, rumor["pubkey"], rumor["created_at"], rumor["kind"], rumor["tags"], rumor["content"]]
        if hashlib.sha256(json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest() != rumor["id"]:
            sys.exit(f"linkstr_peer.py: rumor {rumor['id']} is not the NIP-01 hash of its fields")
        opened.append({"wrap": wrap_json["id"], "sender": seal_json["pubkey"], "rumor": rumor,
                       "payload": json.loads(rumor["content"])})
    opened.sort(key=lambda entry: (entry["rumor"]["created_at"], entry["rumor"]["id"]))
    for entry in opened:
        print(json.dumps(entry, ensure_ascii=False), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["build", "send", "publish", "unwrap"])
    parser.add_argument("--relay")
    parser.add_argument("--spec")
    parser.add_argument("--events")
    parser.add_argument("--secret")
    parser.add_argument("--expect", type=int)
    args = parser.parse_args()
    if args.command == "build":
        for line in build(args.spec):
            print(json.dumps(line, ensure_ascii=False))
        sys.stdout.flush()
        os._exit(0)

    async def run():
        uniffi_set_event_loop(asyncio.get_running_loop())
        await {"send": send, "publish": publish, "unwrap": unwrap}[args.command](args)

    asyncio.run(run())
    # Everything is printed and checked; skip the interpreter's teardown, in which the nostr-sdk
    # bindings sometimes crash while their background tasks wind down.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
