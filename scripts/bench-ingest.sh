#!/usr/bin/env bash
# The ingest benchmark of issue 5: 10 000 and 100 000 gift wraps (one session, posts and reactions,
# 5 % delivered early, 10 % delivered twice) through unwrap, the engine and the SQLite plugin, each
# size in its own process so that its peak memory is its own. Prints a Markdown table and how the
# cost per wrap grows from the small size to the large one (linear growth keeps it near 1).
#
#   scripts/bench-ingest.sh [SIZE ...]        (default: 10000 100000; SEED=… picks another workload)
#
# Builds in release mode first (through `swiftlock` when it exists: it serialises builds on a
# shared machine). The wall time depends on how busy the machine is; the CPU time much less.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)

lock=()
command -v swiftlock >/dev/null && lock=(swiftlock)
for product in linkstr-plugin-sqlite linkstr-ingest-bench; do
    ${lock[@]+"${lock[@]}"} swift build -c release --product "$product" >&2
done
bench=.build/release/linkstr-ingest-bench

results=()
for size in "${sizes[@]}"; do
    echo "== $size wraps" >&2
    output=$("$bench" --count "$size" --seed "${SEED:-1}" | tee /dev/stderr)
    results+=("$(grep '^RESULT ' <<<"$output")")
done

field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }
echo
echo "| gift wraps | wraps/s | wall | wall µs per wrap | CPU µs per wrap | unwrap µs (one wrap) | rest: CPU µs per wrap | peak RSS | RSS at start (wraps in memory) | check |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for result in "${results[@]}"; do
    printf '| %s | %s | %s s | %s | %s | %s | %s | %s MiB | %s MiB | %s |\n' \
        "$(field count "$result")" "$(field per_second "$result")" "$(field seconds "$result")" \
        "$(field us_per_wrap "$result")" "$(field cpu_us "$result")" "$(field unwrap_us "$result")" "$(field rest_us "$result")" \
        "$(($(field peak_kib "$result") / 1024))" "$(($(field start_kib "$result") / 1024))" "$(field check "$result")"
done
if [ ${#results[@]} -ge 2 ]; then
    first=${results[0]}
    last=${results[${#results[@]} - 1]}
    awk -v n1="$(field count "$first")" -v n2="$(field count "$last")" \
        -v w1="$(field seconds "$first")" -v w2="$(field seconds "$last")" \
        -v c1="$(field cpu_us "$first")" -v c2="$(field cpu_us "$last")" 'BEGIN {
        printf "\n%d× the wraps took %.2f× the wall time; cost per wrap ×%.2f (wall), ×%.2f (CPU) — 1.00 is linear\n",
            n2 / n1, w2 / w1, (w2 / n2) / (w1 / n1), c2 / c1
    }'
fi
grep -q 'check=failed' <<<"${results[*]}" && { echo "a run stored something other than what was sent" >&2; exit 1; }
exit 0
