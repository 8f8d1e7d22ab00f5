"""A NIP-46 remote signer ("bunker") for the tests, built from rust-nostr (PyPI nostr-sdk)
primitives: keys, NIP-44, events and a client over the test relay. It answers as Amber or nsec.app
do: kind-24133 requests NIP-44 encrypted to the signer key, answers p-tagged to the client.

  test_bunker.py --relay URL --user-secret HEX [--signer-secret HEX] [--secret S]
                 [--silent] [--auth-url URL [--auth-repeats N]] [--delay SECONDS]
                 [--nostrconnect URI [--wrong-secret] [--interloper]]
                 [--answers N] [--no-nip44] [--claim PUBKEY_HEX]
      prints `READY <bunker:// link>` once it listens, then one line per request:
      `<method> <client pubkey>`. Methods: connect (checks --secret once; a client that connected
      with it may call the others), get_public_key (the user key), sign_event (with the user key),
      nip44_encrypt, nip44_decrypt, ping; anything else is answered with an error.
      --silent: reads requests but never answers (for time limits).
      --auth-url: answers each client's first sign_event with an auth_url challenge, then, a
      moment later, with the signed event under the same request id. --auth-repeats N: N more
      auth_url challenges, 0.3 s apart, before the answer (-1: challenges for ever, no answer).
      --delay: answers each request after SECONDS, handling requests side by side, and prints
      `IN-FLIGHT <n>` whenever more requests wait for their answer at once than ever before.
      --nostrconnect: acts as the signer the client's nostrconnect:// link was given to: sends the
      client a `connect` answer carrying the link's secret (--wrong-secret: another one), then
      serves it as connected; READY is followed by the client's pubkey. --interloper: first, a
      stranger's key (as anyone who saw the link) answers with an error and with a wrong secret.
      --answers N: answers N requests, then stops answering (a signer going away mid-sync) until
      it gets SIGUSR1 (the signer is back), from when it answers every request.
      --no-nip44: answers nip44_encrypt and nip44_decrypt with an error, as a signer without NIP-44.
      --claim: answers get_public_key with PUBKEY_HEX, a key it does not hold (a bunker that claims
      someone else's key); it still signs with the user key.
"""
import argparse
import asyncio
import datetime
import json
import signal
import sys
import urllib.parse

from nostr_sdk import (Client, EventBuilder, Filter, Keys, Kind, Nip44Version, PublicKey, RelayUrl,
                       ReqTarget, Tag, Timestamp, UnsignedEvent, nip44_decrypt, nip44_encrypt,
                       uniffi_set_event_loop)

REQUEST_KIND = 24133


class Bunker:
    def __init__(self, client, signer_keys, user_keys, secret, silent, auth_url, answers, nip44, delay=0.0, claim=None, auth_repeats=0):
        self.client = client
        self.signer_keys = signer_keys
        self.user_keys = user_keys
        self.secret = secret
        self.secret_used = False
        self.silent = silent
        self.auth_url = auth_url
        self.auth_repeats = auth_repeats
        self.connected = set()
        self.challenged = set()
        self.delay = delay
        self.waiting = 0
        self.most_waiting = 0
        self.answers = answers
        self.nip44 = nip44
        self.claim = claim

    async def handle(self, event):
        if event.kind().as_u16() != REQUEST_KIND:
            return
        client_key = event.author()
        try:
            request = json.loads(nip44_decrypt(self.signer_keys.secret_key(), client_key, event.content()))
        except Exception as error:  # not for us, or garbled
            print(f"unreadable {error}", file=sys.stderr, flush=True)
            return
        method = request.get("method")
        print(f"{method} {client_key.to_hex()}", flush=True)
        if self.silent or self.answers == 0:
            return
        if self.answers is not None:
            self.answers -= 1
        if self.delay:
            self.waiting += 1
            if self.waiting > self.most_waiting:
                self.most_waiting = self.waiting
                print(f"IN-FLIGHT {self.most_waiting}", flush=True)
            await asyncio.sleep(self.delay)
            self.waiting -= 1
        result, error = self.answer(client_key, method, request.get("params", []))
        if result == "auth_url":
            repeats = self.auth_repeats
            while True:
                await self.respond(client_key, request["id"], "auth_url", self.auth_url)
                await asyncio.sleep(0.3)
                if repeats == 0:
                    break
                repeats -= 1
            result, error = self.sign(request["params"])
        await self.respond(client_key, request["id"], result, error)

    def answer(self, client_key, method, params):
        if method == "connect":
            if params[:1] != [self.signer_keys.public_key().to_hex()]:
                return None, "connect names another signer"
            given = params[1] if len(params) > 1 and params[1] else None
            if self.secret is not None:
                if given != self.secret or self.secret_used:
                    return None, "invalid secret"
                self.secret_used = True
            self.connected.add(client_key.to_hex())
            return "ack", None
        if method == "ping":
            return "pong", None
        if client_key.to_hex() not in self.connected:
            return None, "not connected; send connect first"
        if method == "get_public_key":
            return self.claim or self.user_keys.public_key().to_hex(), None
        if method == "sign_event":
            if self.auth_url and client_key.to_hex() not in self.challenged:
                self.challenged.add(client_key.to_hex())
                return "auth_url", None
            return self.sign(params)
        if method.startswith("nip44_") and not self.nip44:
            return None, "not supported"
        if method == "nip44_encrypt":
            peer = PublicKey.parse(params[0])
            return nip44_encrypt(self.user_keys.secret_key(), peer, params[1], Nip44Version.V2), None
        if method == "nip44_decrypt":
            peer = PublicKey.parse(params[0])
            try:
                return nip44_decrypt(self.user_keys.secret_key(), peer, params[1]), None
            except Exception as error:
                return None, f"cannot decrypt: {error}"
        return None, f"unsupported method {method}"

    def sign(self, params):
        template = json.loads(params[0])
        template["pubkey"] = self.user_keys.public_key().to_hex()
        unsigned = UnsignedEvent.from_json(json.dumps(template))
        return unsigned.sign(self.user_keys).as_json(), None

    async def respond(self, client_key, request_id, result, error, keys=None):
        keys = keys or self.signer_keys
        response = {"id": request_id, "result": result}
        if error is not None:
            response["error"] = error
        content = nip44_encrypt(keys.secret_key(), client_key, json.dumps(response), Nip44Version.V2)
        builder = EventBuilder(Kind(REQUEST_KIND), content).tags([Tag.parse(["p", client_key.to_hex()])])
        await self.client.send_event(builder.finalize(keys))


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--relay", required=True)
    parser.add_argument("--user-secret", required=True)
    parser.add_argument("--signer-secret")
    parser.add_argument("--secret")
    parser.add_argument("--silent", action="store_true")
    parser.add_argument("--auth-url")
    parser.add_argument("--auth-repeats", type=int, default=0)
    parser.add_argument("--interloper", action="store_true")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--nostrconnect")
    parser.add_argument("--wrong-secret", action="store_true")
    parser.add_argument("--answers", type=int)
    parser.add_argument("--no-nip44", action="store_true")
    parser.add_argument("--claim")
    args = parser.parse_args()
    uniffi_set_event_loop(asyncio.get_running_loop())
    user_keys = Keys.parse(args.user_secret)
    signer_keys = Keys.parse(args.signer_secret) if args.signer_secret else Keys.generate()
    client = Client()
    url = RelayUrl.parse(args.relay)
    await client.add_relay(url)
    await client.connect(datetime.timedelta(seconds=5))
    notifications = client.notifications()
    since = Timestamp.from_secs(Timestamp.now().as_secs() - 60)
    query = Filter().kind(Kind(REQUEST_KIND)).pubkey(signer_keys.public_key()).since(since)
    await client.subscribe(ReqTarget.single(url, [query]))
    bunker = Bunker(client, signer_keys, user_keys, args.secret, args.silent, args.auth_url, args.answers, not args.no_nip44, args.delay,
                    args.claim, args.auth_repeats)
    # A child of the test runner may inherit SIGUSR1 blocked: unblock it, or the signal stays pending.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, lambda: setattr(bunker, "answers", None))
    if args.nostrconnect:
        offer = urllib.parse.urlsplit(args.nostrconnect)
        client_key = PublicKey.parse(offer.netloc)
        secret = urllib.parse.parse_qs(offer.query)["secret"][0]
        if args.interloper:
            stranger = Keys.generate()
            await bunker.respond(client_key, "nostrconnect", None, "the link was cancelled", keys=stranger)
            await bunker.respond(client_key, "nostrconnect", "not-" + secret, None, keys=stranger)
            await asyncio.sleep(0.5)
        await bunker.respond(client_key, "nostrconnect", "not-" + secret if args.wrong_secret else secret, None)
        bunker.connected.add(client_key.to_hex())
        print(f"READY {client_key.to_hex()}", flush=True)
    else:
        link = f"bunker://{signer_keys.public_key().to_hex()}?relay={urllib.parse.quote(args.relay, safe='')}"
        if args.secret:
            link += f"&secret={urllib.parse.quote(args.secret, safe='')}"
        print(f"READY {link}", flush=True)
    handling = set()
    while (notification := await notifications.next()) is not None:
        if not notification.is_new_event():
            continue
        if args.delay:
            task = asyncio.create_task(bunker.handle(notification.event))
            handling.add(task)
            task.add_done_callback(handling.discard)
        else:
            await bunker.handle(notification.event)


if __name__ == "__main__":
    asyncio.run(main())
