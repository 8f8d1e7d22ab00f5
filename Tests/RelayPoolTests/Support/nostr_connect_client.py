"""rust-nostr's own NIP-46 client (`NostrConnect` of PyPI nostr-sdk) for the tests: connects to a
bunker by its bunker:// link and runs the given actions in order, one JSON line per action.

  nostr_connect_client.py --link BUNKER_URI [--app-secret HEX] [--timeout SECONDS] ACTION...
      ACTION: public_key | sign:KIND | nip44:PEER_HEX | nip04:PEER_HEX
      prints {"action": ..., "result": ...} or {"action": ..., "error": "..."} per action:
      public_key → the user's key (hex); sign → the signed event's JSON; nip44/nip04 → the
      round trip of a fixed text: {"ciphertext", "plaintext"}.
"""
import argparse
import asyncio
import datetime
import json

from nostr_sdk import (EventBuilder, Keys, Kind, NostrConnect, NostrConnectUri, PublicKey,
                       uniffi_set_event_loop)

TEXT = "linkstr as a bunker ✓"


async def run(signer, action):
    name, _, argument = action.partition(":")
    if name == "public_key":
        return (await signer.get_public_key_async()).to_hex()
    if name == "sign":
        user = await signer.get_public_key_async()
        unsigned = EventBuilder(Kind(int(argument)), f"signed through linkstr, kind {argument}").finalize_unsigned(user)
        return (await signer.sign_event_async(unsigned)).as_json()
    if name in ("nip44", "nip04"):
        peer = PublicKey.parse(argument)
        encrypt = signer.nip44_encrypt_async if name == "nip44" else signer.nip04_encrypt_async
        decrypt = signer.nip44_decrypt_async if name == "nip44" else signer.nip04_decrypt_async
        ciphertext = await encrypt(peer, TEXT)
        return {"ciphertext": ciphertext, "plaintext": await decrypt(peer, ciphertext)}
    raise ValueError(f"unknown action {action}")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--link", required=True)
    parser.add_argument("--app-secret")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("actions", nargs="+")
    args = parser.parse_args()
    uniffi_set_event_loop(asyncio.get_running_loop())
    app_keys = Keys.parse(args.app_secret) if args.app_secret else Keys.generate()
    signer = NostrConnect(NostrConnectUri.parse(args.link), app_keys, datetime.timedelta(seconds=args.timeout), None)
    for action in args.actions:
        try:
            line = {"action": action, "result": await run(signer, action)}
        except Exception as error:
            line = {"action": action, "error": str(error)}
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
