#!/usr/bin/env python3
"""A recording HTTP server on 127.0.0.1 for the HTTP notifier's tests.

Usage: http_recorder.py --record FILE [--statuses 500,200] [--hang] [--html-errors] [--page HTML]
Prints "READY <port>", then appends one JSON line per request to FILE: method, path, headers (names
in lower case) and body. POSTs are answered with the next status of --statuses (a 3xx points to /moved; the last one
repeats; default 200); with --hang they are recorded and never answered; with --html-errors an error
status comes with a whole HTML error page, as from a proxy. HEAD is always 200; GET is answered with
the --page HTML (200), or 404 without it.
It exits at the end of stdin, or after --lifetime seconds.
"""
import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--record", required=True)
parser.add_argument("--statuses", default="200")
parser.add_argument("--hang", action="store_true")
parser.add_argument("--html-errors", action="store_true")
parser.add_argument("--page")
parser.add_argument("--lifetime", type=float, default=120)
options = parser.parse_args()
statuses = [int(status) for status in options.statuses.split(",")]
lock = threading.Lock()


class Recorder(BaseHTTPRequestHandler):
    def record(self, body):
        line = dict(method=self.command, path=self.path,
                    headers={name.lower(): value for name, value in self.headers.items()},
                    body=body.decode("utf-8", "replace"))
        with lock, open(options.record, "a") as file:
            file.write(json.dumps(line) + "\n")

    def do_HEAD(self):
        self.record(b"")
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self.record(b"")
        answer = (options.page or "").encode()
        self.send_response(200 if options.page is not None else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.record(body)
        if options.hang:
            time.sleep(options.lifetime)
            return
        with lock:
            status = statuses.pop(0) if len(statuses) > 1 else statuses[0]
        content_type = "application/json"
        answer = b'{"ok":true}' if status < 400 else b'{"error":"the recorder says no"}'
        if status >= 400 and options.html_errors:
            content_type = "text/html; charset=utf-8"
            answer = (b"<!DOCTYPE html>\n<html><head><meta charset=utf-8>\n<title>502 Bad Gateway</title>"
                      b"<style>body{font-family:sans-serif}</style></head>\n<body><h1>Bad Gateway</h1>"
                      + b"<p>" + b"x" * 2000 + b"</p></body></html>\n")
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", "/moved?key=hidden")
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, format, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print(f"READY {server.server_address[1]}", flush=True)


def stop_at_end_of_input():
    sys.stdin.read()
    os._exit(0)


threading.Thread(target=stop_at_end_of_input, daemon=True).start()
time.sleep(options.lifetime)
os._exit(0)
