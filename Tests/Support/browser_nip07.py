"""Drives headless Chromium with the linkstr extension (browser/extension) for the browser tests.

Serves a page on 127.0.0.1:--port (the allowed site) and one on 127.0.0.1:--other-port (a site
without permission), calls window.nostr on each, checks the signed event with nostr-sdk, and
prints one JSON object:
  {"pubkey": …, "event": {…}, "verified": true|false, "refused": "<error of the other site>",
   "detected": true|false, "plain_http": {…}}
"detected": whether the page could load a file of the extension (which would tell it the
extension is there); "plain_http": the call from http://plain-http.test (mapped to 127.0.0.1), a
plain-http origin other than localhost, where window.nostr must not appear.
The native host must already be installed in <--profile>/NativeMessagingHosts.
"""
import argparse
import http.server
import json
import threading

from nostr_sdk import Event
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

parser = argparse.ArgumentParser()
parser.add_argument("--extension", required=True)
parser.add_argument("--profile", required=True)
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--other-port", type=int, required=True)
parser.add_argument("--chromium", default="/usr/bin/chromium")
parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
options = parser.parse_args()

PAGE = b"<!doctype html><html><head><title>nip07</title></head><body>a Nostr web app</body></html>"


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args):
        pass


for port in (options.port, options.other_port):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()

chrome = webdriver.ChromeOptions()
chrome.binary_location = options.chromium
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={options.profile}", f"--load-extension={options.extension}",
                 f"--disable-extensions-except={options.extension}",
                 "--disable-features=DisableLoadExtensionCommandLineSwitch",
                 "--host-resolver-rules=MAP plain-http.test 127.0.0.1"):
    chrome.add_argument(argument)
driver = webdriver.Chrome(service=Service(options.chromedriver), options=chrome)
driver.set_script_timeout(20)

# Waits for window.nostr, calls one method, and hands back {"result": …} or {"error": "<message>"}.
CALL = """
const [method, argument, wait, done] = arguments;
(async () => {
  const deadline = Date.now() + wait;
  while (!window.nostr && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!window.nostr) return done({error: "window.nostr never appeared"});
  try {
    const result = method === "signEvent" ? await window.nostr.signEvent(argument) : await window.nostr.getPublicKey();
    done({result});
  } catch (error) {
    done({error: String(error.message)});
  }
})();
"""


# Whether the page can fetch the extension's page script by its fixed id.
PROBE = """
const done = arguments[0];
fetch("chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/nostr-provider.js").then(() => done(true), () => done(false));
"""


def call(url, method, argument=None, wait=10000):
    driver.get(url)
    return driver.execute_async_script(CALL, method, argument, wait)


try:
    site = f"http://127.0.0.1:{options.port}/"
    pubkey = call(site, "getPublicKey")
    template = {"kind": 1, "created_at": 1760000000, "tags": [["t", "linkstr"]], "content": "signed by linkstr in Chromium"}
    signed = call(site, "signEvent", template)
    verified = False
    if "result" in signed:
        verified = Event.from_json(json.dumps(signed["result"])).verify()
    refused = call(f"http://127.0.0.1:{options.other_port}/", "getPublicKey")
    detected = driver.execute_async_script(PROBE)
    plain_http = call(f"http://plain-http.test:{options.other_port}/", "getPublicKey", wait=2000)
    print(json.dumps({"pubkey": pubkey, "event": signed, "verified": verified, "refused": refused, "detected": detected,
                      "plain_http": plain_http}))
finally:
    driver.quit()
