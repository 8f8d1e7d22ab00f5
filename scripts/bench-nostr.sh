#!/usr/bin/env bash
# Nostr crypto throughput side by side, in one run, each on one core: linkstr (NostrCore, in a release
# build of linkstr-nostr-bench), rust-nostr (nostr-sdk from PyPI, through its Python binding) and
# libsecp256k1 itself (the floor that sign, verify, ECDH, gift wrap and unwrap are held against).
# Prints one table.
#
#   scripts/bench-nostr.sh
#
# Environment: SWIFT (default: swift), PYTHON (default: .venv/bin/python, with nostr-sdk from
# requirements.txt; scripts/bootstrap.sh makes it), BENCH_CORE (the CPU to pin to; default: the
# last), LINKSTR_BENCH_ROUNDS / LINKSTR_BENCH_SECONDS (rounds, seconds per operation per round:
# 15 × 0.1; each operation keeps its best round), BENCH_PERF=0 to skip profiling rust-nostr (the
# "native (est.)" column, which needs `perf`), BENCH_KEEP=DIR to keep the raw outputs there.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-.venv/bin/python}
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"

if ! "$PYTHON" -c 'import nostr_sdk' 2>/dev/null; then
  echo "bench-nostr.sh: $PYTHON cannot import nostr_sdk; run scripts/bootstrap.sh first" >&2
  exit 1
fi
core=${BENCH_CORE:-$(( $(nproc) - 1 ))}
pin=()
command -v taskset >/dev/null 2>&1 && pin=(taskset -c "$core")
rounds=${LINKSTR_BENCH_ROUNDS:-15}
seconds=${LINKSTR_BENCH_SECONDS:-0.1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "bench-nostr: building (release)" >&2
$SWIFT build -c release --product linkstr-nostr-bench >&2

echo "bench-nostr: linkstr and the libsecp256k1 floor (core $core)" >&2
if ! LINKSTR_BENCH_ROUNDS=$rounds LINKSTR_BENCH_SECONDS=$seconds "${pin[@]}" \
    .build/release/linkstr-nostr-bench throughput >"$out/linkstr.txt" 2>&1; then
  cat "$out/linkstr.txt" >&2
  exit 1
fi
grep -q '^BENCHDATA linkstr.unwrap-new ' "$out/linkstr.txt" || { cat "$out/linkstr.txt" >&2; exit 1; }
floor_version=$(pkg-config --modversion libsecp256k1 2>/dev/null || echo "?")
echo "BENCHINFO   The floor is the libsecp256k1 linkstr links: the system's, version $floor_version." >>"$out/linkstr.txt"

echo "bench-nostr: rust-nostr (core $core)" >&2
"${pin[@]}" "$PYTHON" Benchmarks/rust-nostr/bench.py --rounds "$rounds" --seconds "$seconds" >"$out/rust.txt"

# How much of each rust-nostr operation's time is spent inside Rust (the rest is the Python binding).
if [ "${BENCH_PERF:-1}" != 0 ] && command -v perf >/dev/null 2>&1; then
  echo "bench-nostr: profiling rust-nostr's operations (perf)" >&2
  mkfifo "$out/ctl" "$out/ack"
  for key in sign verify event-sign event-verify nip44-encrypt nip44-decrypt wrap unwrap unwrap-json; do
    if ! "${pin[@]}" perf record -q -F 4000 -D -1 --control="fifo:$out/ctl,$out/ack" -o "$out/$key.perf" -- \
        "$PYTHON" Benchmarks/rust-nostr/bench.py --only "$key" --seconds 1 --perf-control "$out/ctl,$out/ack" \
        >/dev/null 2>"$out/perf.log"; then
      echo "bench-nostr: perf record failed; no native estimate ($(tail -1 "$out/perf.log"))" >&2
      break
    fi
    share=$(perf report -i "$out/$key.perf" --no-children --sort dso --stdio 2>/dev/null \
      | awk '/libnostr_sdk_ffi/ { sub("%", "", $1); print $1 / 100; exit }')
    [ -n "$share" ] && echo "BENCHDATA rust-share.$key $share" >>"$out/shares.txt"
  done
fi

[ -n "${BENCH_KEEP:-}" ] && mkdir -p "$BENCH_KEEP" && cp "$out"/*.txt "$BENCH_KEEP"/
echo >&2
"$PYTHON" Benchmarks/rust-nostr/table.py "$out/linkstr.txt" "$out/rust.txt" $( [ -f "$out/shares.txt" ] && echo "$out/shares.txt" )
