#!/usr/bin/env bash
# The ingest benchmark, one table from one run:
#   - gift wraps (one session, posts and reactions, 5 % delivered early, 10 % delivered twice)
#     through unwrap, the engine and the encrypted SQLite store (`linkstr-ingest-bench`), each size
#     in its own process so that its peak memory is its own, with one unwrap worker and with one per
#     core; beside each, the physical floor measured in the same process (libsecp256k1's two
#     verifications and two ECDH of one unwrap, times the cores);
#   - `linkstr sync` of SYNC_WRAPS of those wraps from a local relay (rust-nostr's LocalRelay), end
#     to end, and the peer: rust-nostr (PyPI nostr-sdk, Benchmarks/rust-nostr/ingest.py) fetching
#     the same wraps from the same relay into its LMDB database and unwrapping them;
#   - the feed of a session with about 100 000 posts (FEED_WRAPS wraps ingested): time to the first
#     page (`feed --limit 50 --json`) and to the whole feed as `--json`.
#
#   scripts/bench-ingest.sh [SIZE ...]     (default: 10000 100000; e.g. 10000 100000 1000000)
#
# Environment: SEED (the workload; default 1), SYNC_WRAPS (default 10000; 0 skips the sync rows),
# FEED_WRAPS (default 139000, about 100 000 posts; 0 skips the feed rows), PYTHON (default
# .venv/bin/python, with nostr-sdk), SKIP_BUILD=1 (use the release build as it is). Sizes from 1 000 000 on run under `nice` and only with every
# worker (one run takes many minutes). Builds in release mode first. On a shared machine compare the CPU columns:
# wall time also counts the wait for a core.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"
PYTHON=${PYTHON:-.venv/bin/python}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
sync_wraps=${SYNC_WRAPS:-10000}
feed_wraps=${FEED_WRAPS:-139000}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    for product in linkstr-plugin-sqlite linkstr-plugin-relay-pool linkstr linkstr-ingest-bench; do
        swift build -c release --product "$product" >&2
    done
fi
bench=.build/release/linkstr-ingest-bench
linkstr=.build/release/linkstr
work=$(mktemp -d /tmp/linkstr-bench-ingest-XXXXXX)
relay_pid=
cleanup() {
    [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }
# Runs the bench (arguments after the label), copies its output to stderr, returns its RESULT line.
run_bench() {
    local label=$1
    shift
    echo "== $label" >&2
    local output
    output=$("$@")
    echo "$output" >&2
    grep '^RESULT ' <<<"$output"
}
seconds_of() { awk -v start="$1" -v end="$2" 'BEGIN { printf "%.2f", end - start }'; }
now() { date +%s.%N; }

results=()
for size in "${sizes[@]}"; do
    if [ "$size" -ge 1000000 ]; then
        results+=("$(run_bench "$size wraps, every worker (nice)" nice -n 10 "$bench" --count "$size" --seed "${SEED:-1}")")
        continue
    fi
    results+=("$(run_bench "$size wraps, 1 worker" "$bench" --count "$size" --seed "${SEED:-1}" --workers 1)")
    results+=("$(run_bench "$size wraps, every worker" "$bench" --count "$size" --seed "${SEED:-1}")")
done

echo
echo "| gift wraps | unwrap workers | wraps/s | CPU µs per wrap | unwrap µs (one wrap, one core) | serial rest µs per wrap | peak RSS (the ingest's own, above the wraps held in memory) | floor: libsecp256k1 wraps/s (all cores) | of the floor | check |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for result in "${results[@]}"; do
    floor=$(awk -v f="$(field floor_per_core "$result")" -v c="$(field cores "$result")" 'BEGIN { printf "%.0f", f * c }')
    share=$(awk -v r="$(field per_second "$result")" -v f="$floor" 'BEGIN { printf "%.0f %%", 100 * r / f }')
    printf '| %s | %s of %s cores | %s | %s | %s | %s | %s MiB (%s MiB) | %s | %s | %s |\n' \
        "$(field count "$result")" "$(field workers "$result")" "$(field cores "$result")" "$(field per_second "$result")" \
        "$(field cpu_us "$result")" "$(field unwrap_us "$result")" "$(field rest_us "$result")" "$(($(field peak_kib "$result") / 1024))" \
        "$((($(field peak_kib "$result") - $(field start_kib "$result")) / 1024))" "$floor" "$share" \
        "$(field check "$result")"
done
all_workers=()
for result in "${results[@]}"; do
    [ "$(field workers "$result")" = "$(field cores "$result")" ] && all_workers+=("$result")
done
# Each size against the one before it; the share of the floor corrects for a machine whose speed
# drifts between the two runs (the floor is measured in each run).
previous=
for result in "${all_workers[@]}"; do
    if [ -n "$previous" ]; then
        awk -v n1="$(field count "$previous")" -v n2="$(field count "$result")" \
            -v r1="$(field per_second "$previous")" -v r2="$(field per_second "$result")" \
            -v f1="$(field floor_per_core "$previous")" -v f2="$(field floor_per_core "$result")" \
            -v c1="$(field cpu_us "$previous")" -v c2="$(field cpu_us "$result")" 'BEGIN {
            printf "\n%d wraps: %.0f %% of the rate at %d (every worker), %.0f %% of its share of the floor; CPU per wrap ×%.2f — 100 %% and ×1.00 are linear\n",
                n2, 100 * r2 / r1, n1, 100 * (r2 / f2) / (r1 / f1), c2 / c1
        }'
    fi
    previous=$result
done

if [ "$sync_wraps" -gt 0 ]; then
    echo "== linkstr sync of $sync_wraps wraps from a local relay, and rust-nostr fetching them" >&2
    wraps=$work/wraps.jsonl
    result=$(run_bench "$sync_wraps wraps, exported" "$bench" --count "$sync_wraps" --seed "${SEED:-1}" --export "$wraps")
    port=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$PYTHON" Tests/RelayPoolTests/Support/relay.py rust --port "$port" >"$work/relay.log" 2>&1 &
    relay_pid=$!
    for _ in $(seq 100); do grep -q READY "$work/relay.log" && break; sleep 0.2; done
    relay=ws://127.0.0.1:$port
    "$PYTHON" Benchmarks/rust-nostr/ingest.py publish --relay "$relay" --wraps "$wraps" >&2
    home=$work/sync-home
    mkdir -p "$home"
    echo "relays = [\"$relay\"]" >"$home/config.toml"
    "$linkstr" account import - --key-store plain --home "$home" <<<"$(field nsec "$result")" >/dev/null
    start=$(now)
    sync_json=$(/usr/bin/time -f "%e %U %S %M" -o "$work/sync.time" "$linkstr" sync --json --home "$home")
    end=$(now)
    read -r _ user system peak <"$work/sync.time"
    received=$("$PYTHON" -c 'import json, sys; print(json.loads(sys.argv[1])["received"])' "$sync_json")
    sync_seconds=$(seconds_of "$start" "$end")
    peer=$("$PYTHON" Benchmarks/rust-nostr/ingest.py fetch --relay "$relay" --nsec "$(field nsec "$result")" --db "$work/lmdb" 2>/dev/null | grep '^RESULT ' || true)
    kill "$relay_pid"
    relay_pid=
    echo
    echo "| from a local relay, end to end | wraps | wall | wraps/s | CPU µs per wrap | peak RSS |"
    echo "|---|---:|---:|---:|---:|---:|"
    awk -v n="$received" -v s="$sync_seconds" -v u="$user" -v y="$system" -v m="$peak" 'BEGIN {
        printf "| `linkstr sync` | %d | %.2f s | %.0f | %.0f | %d MiB |\n", n, s, n / s, (u + y) / n * 1e6, m / 1024 }'
    if [ -n "$peer" ]; then
        printf '| rust-nostr (nostr-sdk %s, Python binding): fetch into LMDB + unwrap | %s | %s s | %s | %s | %s MiB |\n' \
            "$("$PYTHON" -c 'from importlib.metadata import version; print(version("nostr-sdk"))')" "$(field wraps "$peer")" \
            "$(field seconds "$peer")" "$(field per_second "$peer")" "$(field cpu_us "$peer")" "$(($(field peak_kib "$peer") / 1024))"
        awk -v a="$received" -v s="$sync_seconds" -v b="$(field per_second "$peer")" 'BEGIN {
            printf "\n`linkstr sync` runs at %.1f× rust-nostr'"'"'s rate\n", a / s / b }'
    else
        echo "rust-nostr: the fetch failed (see above)" >&2
    fi
fi

if [ "$feed_wraps" -gt 0 ]; then
    home=$work/feed-home
    result=$(run_bench "$feed_wraps wraps for the feed" "$bench" --count "$feed_wraps" --seed "${SEED:-1}" --home "$home")
    "$linkstr" account import - --key-store plain --home "$home" <<<"$(field nsec "$result")" >/dev/null
    session=$(field session "$result")
    start=$(now)
    "$linkstr" feed "$session" --limit 50 --json --home "$home" >"$work/page.json"
    page_end=$(now)
    "$linkstr" feed "$session" --json --home "$home" >"$work/feed.json"
    end=$(now)
    echo
    echo "| feed of a session with $(field posts "$result") posts | wall |"
    echo "|---|---:|"
    echo "| first page (\`feed --limit 50 --json\`) | $(seconds_of "$start" "$page_end") s |"
    echo "| whole feed (\`feed --json\`, $(($(wc -c <"$work/feed.json") / 1048576)) MiB) | $(seconds_of "$page_end" "$end") s |"
fi

grep -q 'check=failed' <<<"${results[*]}" && { echo "a run stored something other than what was sent" >&2; exit 1; }
exit 0
