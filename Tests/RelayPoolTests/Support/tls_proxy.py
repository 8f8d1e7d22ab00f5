"""A TLS terminating proxy on 127.0.0.1 for the wss:// tests: accepts TLS with --cert/--key and
forwards the decrypted bytes to 127.0.0.1:--target (a plain ws:// relay). Prints `READY <url>`
(wss://localhost:<port>; without --port, a port the kernel chose)."""
import argparse
import asyncio
import ssl


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError):
        pass
    finally:
        writer.close()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--target", type=int, required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    args = parser.parse_args()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)

    async def handle(client_reader, client_writer):
        try:
            relay_reader, relay_writer = await asyncio.open_connection("127.0.0.1", args.target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, relay_writer), pipe(relay_reader, client_writer))

    server = await asyncio.start_server(handle, "127.0.0.1", args.port, ssl=context)
    async with server:
        # A host name, not 127.0.0.1: the client sends the host as TLS SNI, which may not be an IP.
        print("READY", f"wss://localhost:{server.sockets[0].getsockname()[1]}", flush=True)
        await server.serve_forever()


asyncio.run(main())
