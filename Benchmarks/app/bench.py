"""The linkstr app's benchmark (scripts/bench-app.sh runs it; not a test): against running apps,

  answers  --app URL --session ID: the time to answer the session list, a feed page (50 posts, and
           the same as the fragment a live refresh fetches), the next page ("Show older posts") and
           the 101st (posts 5 001 to 5 050, reached through the pages' cursors), over loopback with
           the app's cookie, ROUNDS times each after one warm-up;
  paint    --app URL --session ID: first contentful paint of the feed page in headless Chromium;
  live     --app URL --session ID --post-command ...: a post sent by another account (the command,
           run ROUNDS times (at most 20), returns once a relay accepted it) until it is in the open
           page; with --post-command only this is measured.

Prints one line per measure: NAME p50_ms p95_ms n."""
import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, sys.path[0] + "/../../Tests/Support")
import webapp_driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--session", required=True)
parser.add_argument("--rounds", type=int, default=30)
parser.add_argument("--post-command", nargs=argparse.REMAINDER, help="a command that posts a new link to the session (its last word: a counter)")
webapp_driver.add_arguments(parser)
options = parser.parse_args()


def quantiles(name, samples):
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    print(f"{name} {statistics.median(ordered) * 1000:.1f} {p95 * 1000:.1f} {len(ordered)}", flush=True)


driver = webapp_driver.browser(options, "bench")
try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())

    def answer(path):
        request = urllib.request.Request(origin + path, headers={"Cookie": cookie})
        start = time.perf_counter()
        with urllib.request.urlopen(request) as response:
            body = response.read()
        elapsed = time.perf_counter() - start
        assert response.status == 200 and body, (path, response.status)
        return elapsed

    def older(path):
        """The address of a feed page's "Show older posts" (the next page, from its cursor)."""
        with urllib.request.urlopen(urllib.request.Request(origin + path, headers={"Cookie": cookie})) as response:
            body = response.read().decode()
        marker = '<p class="older"><a href="'
        start = body.index(marker) + len(marker)
        return body[start:body.index('"', start)].replace("&amp;", "&")

    feed = f"/sessions/{options.session}"
    measured = []
    if not options.post_command:
        deep = feed
        for _ in range(100):
            deep = older(deep)
        measured = [("session_list", "/"), ("feed_page", feed), ("feed_fragment", feed + "?fragment=1"), ("feed_older_page", older(feed)),
                    ("feed_deep_page", deep)]
    for name, path in measured:
        answer(path)
        quantiles(name, [answer(path) for _ in range(options.rounds)])

    paints = []
    for _ in range(0 if options.post_command else min(options.rounds, 10)):
        driver.get(origin + feed)
        paints.append(driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime / 1000 : null;") or 0)
    if paints:
        quantiles("first_contentful_paint", paints)

    if options.post_command:
        driver.get(origin + feed)
        webapp_driver.Waiter({})("the event stream", lambda: webapp_driver.connected(driver))
        delays = []
        for round_ in range(min(options.rounds, 20)):
            marker = f"bench-live-{round_}-{time.time_ns()}"
            subprocess.run([*options.post_command, f"https://example.com/{marker}"], check=True, capture_output=True)
            sent = time.time()
            shown = driver.execute_async_script("""
                const [marker, done] = arguments;
                const seen = () => document.getElementById('live').textContent.includes(marker);
                if (seen()) return done(Date.now());
                new MutationObserver((_, observer) => { if (seen()) { observer.disconnect(); done(Date.now()); } })
                  .observe(document.getElementById('live'), {childList: true, subtree: true, characterData: true});""", marker)
            # The post can reach the page before the poster's process has exited: that counts as 0.
            delays.append(max(0.0, shown / 1000 - sent))
        quantiles("relay_ok_to_open_page", delays)
finally:
    driver.quit()
