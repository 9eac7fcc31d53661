#!/usr/bin/env bash
# Runs one fuzz target for N minutes (docs/reliability.md):
#
#   bash tests/fuzz/run.sh TARGET MINUTES        e.g.  bash tests/fuzz/run.sh pyspy_json 5
#   bash tests/fuzz/run.sh --list                the targets
#
# It configures and builds the "fuzz" preset when needed (clang-14, ASan + UBSan, build-fuzz/),
# makes a seed folder from tests/fixtures, ../shared/data (when there) and the target's
# hand-made hostile seeds, and runs libFuzzer with a 2 GB memory limit and a 10 s limit per
# input. The corpus it grows is kept in build-fuzz/corpus/TARGET for the next run; each input
# that crashes, hangs or runs out of memory is written to tests/fuzz/regressions/TARGET/
# (crash-*, timeout-*, oom-*), where the CTest case fuzz_regression_TARGET replays it. A line
# of figures is appended to build-fuzz/fuzz-runs.tsv.
#
# Environment: RANKSCOPE_FUZZ_BUILD (the build folder, default build-fuzz),
# RANKSCOPE_SHARED_DATA (default ../shared/data), RANKSCOPE_FUZZ_ARGS (more libFuzzer flags).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${RANKSCOPE_FUZZ_BUILD:-$ROOT/build-fuzz}"
SHARED="${RANKSCOPE_SHARED_DATA:-$ROOT/../shared/data}"
FIXTURES="$ROOT/tests/fixtures"
TARGETS=(pyspy_text pyspy_json folded pystack kineto_trace log_lines job_manifest archive
         flight_recorder nsight_sqlite)

usage() {
  echo "usage: $0 TARGET MINUTES   (targets: ${TARGETS[*]})" >&2
  exit 2
}

[ "${1:-}" = "--list" ] && { printf '%s\n' "${TARGETS[@]}"; exit 0; }
[ $# -eq 2 ] || usage
TARGET="$1"
MINUTES="$2"
[[ " ${TARGETS[*]} " == *" $TARGET "* ]] || usage
[[ "$MINUTES" =~ ^[0-9]+$ ]] && [ "$MINUTES" -gt 0 ] || usage

# Build only what this run needs (the machine may be shared: two jobs).
if [ ! -f "$BUILD/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake --preset fuzz -S "$ROOT" -B "$BUILD" "${launcher[@]}"
fi
cmake --build "$BUILD" -j 2 --target "fuzz_$TARGET" "fuzz_${TARGET}_replay"

# Seeds: files up to 1 MiB from where each format really occurs (libFuzzer cuts them to
# -max_len), then the hand-made hostile ones.
SEEDS="$BUILD/seeds/$TARGET"
rm -rf "$SEEDS"
mkdir -p "$SEEDS"
add_seeds() { # add_seeds FOLDER find-arguments...
  local dir="$1"
  shift
  [ -d "$dir" ] || return 0
  find "$dir" -type f -size -1024k "$@" -print0 2>/dev/null |
    while IFS= read -r -d '' file; do
      cp "$file" "$SEEDS/$(printf '%s' "$file" | sha1sum | cut -c1-12)-$(basename "$file")"
    done
}
max_len=65536
case "$TARGET" in
  pyspy_text)
    add_seeds "$FIXTURES/stacks" -name 'pyspy*.txt'
    add_seeds "$FIXTURES/stacks/messy" -name '*.txt'
    add_seeds "$FIXTURES/stacks/waits"
    add_seeds "$FIXTURES/bundle" -name 'trainer_*.txt' ;;
  pyspy_json)
    add_seeds "$FIXTURES/stacks" -name 'pyspy*.json'
    add_seeds "$FIXTURES/bundle" -name '*pyspy*.json' ;;
  folded)
    add_seeds "$FIXTURES/stacks" -name 'folded*'
    add_seeds "$SHARED/speedscope-samples/sample/profiles/stackcollapse"
    add_seeds "$SHARED/flamegraph-tests/test/results" -size -64k ;;
  pystack)
    add_seeds "$FIXTURES/stacks" -name 'pystack*' ;;
  kineto_trace)
    max_len=262144
    add_seeds "$FIXTURES/traces" -name '*.json'
    add_seeds "$FIXTURES/single" -name '*.json'
    add_seeds "$SHARED/speedscope-samples/sample/profiles/trace-event"
    add_seeds "$SHARED/hta-testdata" -name '*.json.gz' -size -256k
    add_seeds "$SHARED/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto" \
      -name 'worker0*' ;;
  log_lines)
    add_seeds "$FIXTURES/logs" -type f ! -name README.md
    add_seeds "$FIXTURES/bundle-logs/logs" ! -name '*.zst'
    add_seeds "$FIXTURES/single" \( -name '*.out' -o -name '*.log' \)
    add_seeds "$SHARED/loghub-2k/loghub" -name '*_2k.log' -size -512k
    # The real launcher logs are large: their first 256 KiB.
    if [ -d "$SHARED/bigscience-train-logs" ]; then
      find "$SHARED/bigscience-train-logs" -name '*.out' -print0 | head -z -n 4 |
        while IFS= read -r -d '' file; do
          head -c 262144 "$file" >"$SEEDS/head-$(basename "$file")"
        done
    fi ;;
  job_manifest)
    add_seeds "$FIXTURES" -name 'job*.json' ;;
  archive)
    max_len=131072
    work="$(mktemp -d)"
    tar -cf "$work/bundle.tar" -C "$FIXTURES" bundle
    tar -czf "$work/bundle.tar.gz" -C "$FIXTURES" bundle-logs
    if tar --zstd -cf "$work/stacks.tar.zst" -C "$FIXTURES" stacks/messy 2>/dev/null; then :; fi
    tar -cf "$work/single.tar" -C "$FIXTURES" single
    add_seeds "$work"
    rm -rf "$work"
    add_seeds "$SHARED/chakra-et" -name '*.tar.gz' -size -128k ;;
  nsight_sqlite)
    max_len=262144
    add_seeds "$SHARED/pipit-nsys-sqlite" -name '*.sqlite' ;;
  flight_recorder)
    max_len=131072
    add_seeds "$FIXTURES/flight_recorder" \( -name '*.pkl' -o -name '*.json' \)
    add_seeds "$FIXTURES/collectives" -name '*.json'
    add_seeds "$SHARED/nvrx-flight-recorder/fr_traces" ;;
esac
"$BUILD/tests/fuzz/fuzz_${TARGET}_replay" --write-seeds "$SEEDS"

CORPUS="$BUILD/corpus/$TARGET"
REGRESSIONS="$ROOT/tests/fuzz/regressions/$TARGET"
LOGS="$BUILD/fuzz-logs"
mkdir -p "$CORPUS" "$REGRESSIONS" "$LOGS"
LOG="$LOGS/$TARGET-$(date +%Y%m%d-%H%M%S).log"
dict=()
case "$TARGET" in
  pyspy_json | kineto_trace | job_manifest | flight_recorder) dict=(-dict="$ROOT/tests/fuzz/json.dict") ;;
esac
before=$(find "$REGRESSIONS" -type f ! -name README.md | wc -l)

echo "fuzzing $TARGET for $MINUTES min (log: $LOG)"
# One process (-jobs/-workers unset): the machine is shared. libFuzzer's exit status is
# non-zero when it finds something; the figures are still wanted, so it does not stop here.
set +e
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$ROOT/tests/fuzz/ubsan-known.supp" \
"$BUILD/tests/fuzz/fuzz_$TARGET" "$CORPUS" "$SEEDS" \
  -max_total_time=$((MINUTES * 60)) -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
  -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$REGRESSIONS/" \
  "${dict[@]}" ${RANKSCOPE_FUZZ_ARGS:-} >"$LOG" 2>&1
status=$?
set -e

stat() { sed -n "s/^stat::$1: *//p" "$LOG" | tail -1; }
execs=$(stat number_of_executed_units)
seconds=$(stat average_exec_per_sec)
peak=$(stat peak_rss_mb)
after=$(find "$REGRESSIONS" -type f ! -name README.md | wc -l)
found=$((after - before))
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$TARGET" "$MINUTES" \
  "${execs:-?}" "${seconds:-?}" "$found" "${peak:-?}" "$status" >>"$BUILD/fuzz-runs.tsv"
echo "$TARGET: ${execs:-?} executions, ${seconds:-?} exec/s, peak RSS ${peak:-?} MB," \
  "$found new input(s) in tests/fuzz/regressions/$TARGET (libFuzzer exit $status)"
if [ "$found" -gt 0 ]; then
  echo "minimize one with:  $BUILD/tests/fuzz/fuzz_$TARGET -minimize_crash=1 -runs=10000 FILE" \
    " -exact_artifact_path=FILE.min" >&2
  tail -n 40 "$LOG" >&2
fi
exit "$status"
