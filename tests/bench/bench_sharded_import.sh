#!/usr/bin/env bash
# The sharded import against the single-machine import of the same bundle, in one run
# (docs/performance.md, "Sharded import"): wall time and peak memory of the single import, of
# every shard, of the merge and of reopening the merged cache, the merged cache's size, and
# whether the merged cache answers `findings` and `stragglers` exactly as the bundle does.
#
#   tests/bench/bench_sharded_import.sh CLI BUNDLE WORKDIR [SHARDS]
#
# CLI is the built rankscope-cli, BUNDLE a bundle folder (for the issue's benchmark:
# `synth --scenario slow-node --ranks 2048 --iterations 100` with the fr/ folder of
# `synth --scenario network-hang --ranks 2048` copied in), WORKDIR an empty scratch folder,
# SHARDS the number of shards (default 8). Shards run one after another here; on a cluster
# they run side by side, one per node.
set -euo pipefail

CLI="$1"
BUNDLE="$2"
WORK="$3"
SHARDS="${4:-8}"
mkdir -p "$WORK"
rm -rf "${WORK:?}"/*

# "<seconds> <peak RSS MiB>" of one command, its stdout to $WORK/last.out.
measure() {
  /usr/bin/time -f '%e %M' -o "$WORK/time.txt" "$@" > "$WORK/last.out" 2> "$WORK/last.err" || {
    cat "$WORK/last.err" >&2
    return 1
  }
  awk '{ printf "%.2f %.0f", $1, $2 / 1024 }' "$WORK/time.txt"
}

row() { printf '| %s | %s s | %s MiB |\n' "$1" "${2% *}" "${2#* }"; }

echo "| step | wall | peak RSS |"
echo "|---|---|---|"
single=$(measure "$CLI" import "$BUNDLE" --cache-dir "$WORK/single-cache")
row "single-machine import (fresh cache)" "$single"
single_cache=$(ls "$WORK"/single-cache/*.sqlite)

mkdir -p "$WORK/parts"
total=0
for ((k = 0; k < SHARDS; k++)); do
  shard=$(measure "$CLI" import "$BUNDLE" --shard "$k/$SHARDS" \
    --out "$WORK/parts/shard-$k.rscache" --cache-dir "$WORK/shard-cache")
  row "shard $k/$SHARDS import" "$shard"
  total=$(awk -v a="$total" -v b="${shard% *}" 'BEGIN { print a + b }')
done
echo "| all shards, one after another | $total s | |"

merged=$(measure "$CLI" merge "$WORK"/parts/shard-*.rscache --out "$WORK/job.rscache")
row "merge of $SHARDS parts" "$merged"
reopen=$(measure "$CLI" import "$WORK/job.rscache")
row "reopen the merged cache (import JOB.rscache)" "$reopen"
outliers=$(measure "$CLI" merge "$WORK"/parts/shard-*.rscache --out "$WORK/outliers.rscache" \
  --keep-events outliers)
row "merge with --keep-events outliers" "$outliers"

size() { du -sm "$1" | cut -f1; }
echo
echo "| file | MiB |"
echo "|---|---|"
echo "| bundle | $(size "$BUNDLE") |"
echo "| single-machine cache | $(size "$single_cache") |"
echo "| $SHARDS parts together | $(size "$WORK/parts") |"
echo "| merged cache | $(size "$WORK/job.rscache") |"
echo "| merged cache, --keep-events outliers | $(size "$WORK/outliers.rscache") |"

echo
for command in findings stragglers; do
  "$CLI" "$command" "$BUNDLE" --format json --cache-dir "$WORK/single-cache" > "$WORK/a.json" 2> /dev/null
  "$CLI" "$command" "$WORK/job.rscache" --format json > "$WORK/b.json" 2> /dev/null
  if cmp -s "$WORK/a.json" "$WORK/b.json"; then
    echo "$command: merged cache and bundle give the same JSON"
  else
    echo "$command: the JSON DIFFERS"
  fi
done
