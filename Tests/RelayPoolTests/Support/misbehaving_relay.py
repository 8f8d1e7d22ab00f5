"""A tiny WebSocket server on 127.0.0.1 that acts as a relay with one fault, for the relay-pool
tests. Prints `READY <url>` when listening; runs until killed.

  misbehaving_relay.py [--port P] --mode MODE [--event-file F] [--oversize N] [--ok-delay S]
                       [--upgrade-delay S]  (completes each WebSocket handshake after a random 0…S s)

Every mode but `mute` answers REQ with the frames of `--event-file` (one EVENT frame per stored
event, sent verbatim) followed by EOSE, and CLOSE silently. What differs:
  malformed    before the REQ answer, sends broken frames (not JSON, wrong shapes, binary, …)
  oversized    before the REQ answer, sends an EVENT frame of --oversize bytes
  rate-limited answers every EVENT with OK false "rate-limited: slow down"
  silent       never answers EVENT (no OK)
  accept       answers every EVENT with OK true
  slow-accept  answers every EVENT with OK true after --ok-delay seconds (other frames meanwhile
               are answered at once)
  mute         never answers REQ (no EVENT, no EOSE): every page waits for its timeout
  stall        accepts TCP connections and never completes the WebSocket handshake
  half-frame   after the stored events, sends the first bytes of an EVENT frame and then nothing
               more (no EOSE), keeping the connection open
  auth-read    sends an AUTH challenge on connecting and CLOSES every REQ with auth-required until
               the client authenticates; prints `AUTH <pubkey>` for each AUTH event it gets
"""
import argparse
import asyncio
import json
import random

MALFORMED = [
    "not json at all",
    "{\"EVENT\": 1}",
    "[]",
    "[\"EVENT\"]",
    "[\"EVENT\", \"sub\"]",
    "[\"EVENT\", 42, {}]",
    "[\"OK\", \"abc\"]",
    "[\"EOSE\"",
    "[\"NOTICE\", \"\\ud800\"]",
    "[\"EVENT\", \"sub\", {\"id\": 1,}]",
    "[\"CLOSED\", \"sub\", 7]",
    "[\"EVENT\", \"sub\", {\"nested\": " + "[" * 200 + "]" * 200 + "}]",
    "\u0000\u0001",
]


async def serve(args):
    from websockets.asyncio.server import serve as ws_serve

    stored = []
    if args.event_file:
        with open(args.event_file) as handle:
            stored = [line.rstrip("\n") for line in handle if line.strip()]

    answering = set()

    async def answer_later(connection, event_id):
        await asyncio.sleep(args.ok_delay)
        try:
            await connection.send(json.dumps(["OK", event_id, True, ""]))
        except Exception:
            pass  # the client went meanwhile

    async def handler(connection):
        authenticated = False
        if args.mode == "auth-read":
            await connection.send(json.dumps(["AUTH", "challenge-for-the-test"]))
        async for message in connection:
            try:
                frame = json.loads(message)
            except ValueError:
                continue
            if frame[0] == "AUTH" and args.mode == "auth-read":
                print("AUTH", frame[1].get("pubkey", ""), flush=True)
                authenticated = True
                await connection.send(json.dumps(["OK", frame[1].get("id", ""), True, ""]))
            elif frame[0] == "REQ" and args.mode == "auth-read" and not authenticated:
                await connection.send(json.dumps(["CLOSED", frame[1], "auth-required: authenticate first"]))
            elif frame[0] == "REQ" and args.mode != "mute":
                subscription = frame[1]
                if args.mode == "malformed":
                    for text in MALFORMED:
                        await connection.send(text)
                    await connection.send(b"\x00binary")
                if args.mode == "oversized":
                    padding = "x" * args.oversize
                    await connection.send(json.dumps(["EVENT", subscription, {"content": padding}]))
                for event in stored:
                    await connection.send("[\"EVENT\"," + json.dumps(subscription) + "," + event + "]")
                if args.mode == "half-frame":
                    # A text frame announcing 4096 bytes, of which 12 arrive.
                    connection.transport.write(bytes([0x81, 126, 0x10, 0x00]) + b'["EVENT","su')
                    await asyncio.Event().wait()
                await connection.send(json.dumps(["EOSE", subscription]))
            elif frame[0] == "EVENT":
                event_id = frame[1].get("id", "")
                if args.mode == "rate-limited":
                    await connection.send(json.dumps(["OK", event_id, False, "rate-limited: slow down"]))
                elif args.mode == "accept":
                    await connection.send(json.dumps(["OK", event_id, True, ""]))
                elif args.mode == "slow-accept":
                    task = asyncio.get_running_loop().create_task(answer_later(connection, event_id))
                    answering.add(task)  # the loop keeps only weak references to tasks
                    task.add_done_callback(answering.discard)

    async def delay_upgrade(connection, request):
        if args.upgrade_delay:
            await asyncio.sleep(random.uniform(0, args.upgrade_delay))
        return None

    async with ws_serve(handler, "127.0.0.1", args.port, max_size=None, process_request=delay_upgrade) as server:
        print("READY", f"ws://127.0.0.1:{bound_port(server)}", flush=True)
        await asyncio.Event().wait()


def bound_port(server):
    """The port the server listens on (the kernel's choice for --port 0)."""
    return server.sockets[0].getsockname()[1]


async def stall(args):
    connections = []

    async def hold(reader, writer):
        connections.append(writer)  # keep it open, say nothing

    server = await asyncio.start_server(hold, "127.0.0.1", args.port)
    async with server:
        print("READY", f"ws://127.0.0.1:{bound_port(server)}", flush=True)
        await asyncio.Event().wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--mode", required=True,
                        choices=["malformed", "oversized", "rate-limited", "silent", "accept", "slow-accept", "mute", "stall",
                                 "half-frame", "auth-read"])
    parser.add_argument("--event-file")
    parser.add_argument("--oversize", type=int, default=2 << 20)
    parser.add_argument("--ok-delay", type=float, default=3.0)
    parser.add_argument("--upgrade-delay", type=float, default=0.0)
    args = parser.parse_args()
    asyncio.run(stall(args) if args.mode == "stall" else serve(args))


if __name__ == "__main__":
    main()
