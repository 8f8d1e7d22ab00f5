#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/; `-sanitize=fuzzer,address`, release, scratch path
# .build-fuzz) and runs each named target, one after the other, at the lowest CPU priority:
#
#   scripts/fuzz.sh [TARGET ...] [--runs N | --seconds S] [--no-build]
#   scripts/fuzz.sh --build-only
#
# Targets: event-json relay-message nip44 nip59-unwrap payload url html-metadata nip19
# configuration (default: all). The default budget is 60 seconds per target. Each run starts from
# the committed seeds (Fuzz/corpus/<target>) and a working corpus that grows between runs
# (.build-fuzz/corpus/<target>). A crash, leak or hang stops that target and leaves its input in
# .build-fuzz/artifacts/<target>/: copy it to Fuzz/regressions/<target>/, where the test suite
# (FuzzRegressionTests) replays it, and fix the parser. Prints one table row per target.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"

all_targets=(event-json relay-message nip44 nip59-unwrap payload url html-metadata nip19 configuration)
targets=()
budget=(-max_total_time=60)
build=yes
run=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) budget=(-runs="$2"); shift 2 ;;
        --seconds) budget=(-max_total_time="$2"); shift 2 ;;
        --no-build) build=no; shift ;;
        --build-only) run=no; shift ;;
        -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

if [ "$build" = yes ]; then
    # SwiftPM links executables with their own entry point (renamed, then aliased to `main`), which
    # clashes with the `main` that `-sanitize=fuzzer` links in. So: libFuzzer's coverage
    # instrumentation with AddressSanitizer, libFuzzer without its `main` (from the toolchain, or
    # Debian's libclang-rt-NN-dev), and Fuzz/Driver/main.swift calling LLVMFuzzerRunDriver.
    runtime=$(ls "$(dirname "$(command -v swiftc)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a \
        /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -n 1 || true)
    [ -n "$runtime" ] || { echo "fuzz.sh: libFuzzer (libclang_rt.fuzzer_no_main) not found; install libclang-rt-dev" >&2; exit 1; }
    coverage=inline-8bit-counters,pc-table,trace-cmp
    swift build -c release --scratch-path .build-fuzz --product linkstr-fuzz --sanitize address \
        -Xswiftc -sanitize-coverage=edge,indirect-calls,$coverage -Xcxx -fsanitize-coverage=$coverage -Xswiftc -DLINKSTR_FUZZING \
        -Xlinker --whole-archive -Xlinker "$runtime" -Xlinker --no-whole-archive -Xlinker -lstdc++ >&2
fi
[ "$run" = yes ] || exit 0
fuzzer=.build-fuzz/release/linkstr-fuzz
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

echo "| target | executions | seconds | exec/s | crashes |"
echo "|---|---:|---:|---:|---:|"
failed=0
for target in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$target
    artifacts=.build-fuzz/artifacts/$target/
    mkdir -p "$corpus" "$artifacts"
    log=.build-fuzz/$target.log
    status=0
    started=$SECONDS
    # TOMLKit leaks a few hundred bytes per parse (Fuzz/lsan-suppressions.txt): 10 million
    # configuration parses hold about 4 GiB, which is not a crash.
    rss_limit=2048
    [ "$target" = configuration ] && rss_limit=8192
    nice -n 19 "$fuzzer" "$target" "${budget[@]}" -timeout=10 -rss_limit_mb=$rss_limit -print_final_stats=1 \
        -artifact_prefix="$artifacts" "$corpus" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    seconds=$((SECONDS - started))
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    crashes=0
    if [ "$status" -ne 0 ]; then
        crashes=1
        failed=1
        echo "fuzz.sh: $target failed (status $status); see $log and $artifacts" >&2
    fi
    echo "| $target | ${executions:--} | $seconds | ${rate:--} | $crashes |"
done
exit $failed
