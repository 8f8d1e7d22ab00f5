#!/usr/bin/env bash
# The linkstr app's benchmark, one table from one run (not a test; numbers vary with the machine):
#   - a home with a session of about 100 000 posts (FEED_WRAPS gift wraps through
#     linkstr-ingest-bench, as scripts/bench-ingest.sh makes it), served by `linkstr app`: the time
#     to answer the session list, a feed page (50 posts), the same page as the fragment a live
#     refresh fetches, the next page ("Show older posts", from its cursor) and the 101st page,
#     p50/p95 over ROUNDS requests on loopback;
#   - first contentful paint of that feed page in headless Chromium;
#   - two small homes on a local relay (rust-nostr's LocalRelay): Bob's app open on their session in
#     Chromium, Alice posts with `linkstr post` (which returns once the relay accepted it), until the
#     post is in Bob's open page, p50/p95; then the same for Carol, whose home `linkstr watch`
#     follows (her app runs no watch of its own and reads the runtime's change feed).
#
#   scripts/bench-app.sh
#
# Environment: FEED_WRAPS (default 139000, about 100 000 posts), ROUNDS (default 30), CONFIG (release,
# the default, or debug), SKIP_BUILD=1 (use the build as it is), PYTHON (default .venv/bin/python,
# with selenium and nostr-sdk).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"
PYTHON=${PYTHON:-.venv/bin/python}
config=${CONFIG:-release}
feed_wraps=${FEED_WRAPS:-139000}
rounds=${ROUNDS:-30}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    for product in linkstr-plugin-sqlite linkstr-plugin-relay-pool linkstr-plugin-media linkstr-plugin-media-generic linkstr linkstr-ingest-bench; do
        swift build -c "$config" --product "$product" >&2
    done
fi
bench=.build/$config/linkstr-ingest-bench
linkstr=$PWD/.build/$config/linkstr
work=$(mktemp -d /tmp/linkstr-bench-app-XXXXXX)
pids=()
cleanup() {
    for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# Starts `linkstr app` for a home (HOME NAME); its launch URL is then `app_url NAME`.
start_app() {
    "$linkstr" app --no-browser --json --home "$1" >"$work/app-$2.out" 2>"$work/app-$2.err" &
    pids+=($!)
    for _ in $(seq 200); do [ -s "$work/app-$2.out" ] && break; sleep 0.1; done
}
app_url() { head -1 "$work/app-$1.out" | "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["url"])'; }

port=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PYTHON" Tests/RelayPoolTests/Support/relay.py rust --port "$port" >"$work/relay.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q READY "$work/relay.log" && break; sleep 0.2; done
relay=ws://127.0.0.1:$port

echo "== $feed_wraps gift wraps into a home" >&2
home=$work/big
result=$("$bench" --count "$feed_wraps" --seed "${SEED:-1}" --home "$home" | tee /dev/stderr | grep '^RESULT ')
echo "relays = [\"$relay\"]" >"$home/config.toml"
"$linkstr" account import - --key-store plain --home "$home" <<<"$(field nsec "$result")" >/dev/null
session=$(field session "$result")
posts=$(field posts "$result")
start_app "$home" big
big_url=$(app_url big)

echo "== three small homes on the relay" >&2
for name in alice bob carol; do
    mkdir -p "$work/$name"
    echo "relays = [\"$relay\"]" >"$work/$name/config.toml"
    "$linkstr" account create --key-store plain --home "$work/$name" >/dev/null 2>&1
done
bob_npub=$("$linkstr" whoami --json --home "$work/bob" | "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["npub"])')
carol_npub=$("$linkstr" whoami --json --home "$work/carol" | "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["npub"])')
small=$("$linkstr" session create "Live" --member "$bob_npub" --member "$carol_npub" --json --home "$work/alice" |
    "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["id"])')
"$linkstr" sync --home "$work/bob" >/dev/null
start_app "$work/bob" bob
bob_url=$(app_url bob)
"$linkstr" sync --home "$work/carol" >/dev/null
LINKSTR_LOG=info "$linkstr" watch --home "$work/carol" >/dev/null 2>"$work/watch-carol.err" &
pids+=($!)
for _ in $(seq 100); do grep -q "following new events" "$work/watch-carol.err" && break; sleep 0.2; done
start_app "$work/carol" carol
carol_url=$(app_url carol)

screens=$work/screens
big=$("$PYTHON" Benchmarks/app/bench.py --app "$big_url" --session "$session" --rounds "$rounds" --screens "$screens" --profiles "$work/chromium-big")
live=$("$PYTHON" Benchmarks/app/bench.py --app "$bob_url" --session "$small" --rounds "$rounds" --screens "$screens" --profiles "$work/chromium-bob" \
    --post-command "$linkstr" post "$small" --home "$work/alice" | grep '^relay_ok_to_open_page')
shared=$("$PYTHON" Benchmarks/app/bench.py --app "$carol_url" --session "$small" --rounds "$rounds" --screens "$screens" --profiles "$work/chromium-carol" \
    --post-command "$linkstr" post "$small" --home "$work/alice" | sed -n 's/^relay_ok_to_open_page/change_feed_to_open_page/p')
row() { awk -v name="$1" '$1 == name { printf "| %s | %s ms | %s ms | %s |\n", label, $2, $3, $4 }' label="$2" <<<"$3"; }
echo
echo "| linkstr app ($config build), a session of $posts posts | p50 | p95 | runs |"
echo "|---|---:|---:|---:|"
row session_list "session list (\`GET /\`)" "$big"
row feed_page "feed page, 50 posts (\`GET /sessions/ID\`)" "$big"
row feed_fragment "the same as a live refresh's fragment" "$big"
row feed_older_page "the next page, 50 posts (\"Show older posts\", from its cursor)" "$big"
row feed_deep_page "the 101st page (posts 5 001–5 050)" "$big"
row first_contentful_paint "first contentful paint of the feed page (headless Chromium)" "$big"
row relay_ok_to_open_page "a post from the relay's OK to the other member's open page" "$live"
row change_feed_to_open_page "the same while \`linkstr watch\` follows that member's home (the app reads the change feed)" "$shared"
