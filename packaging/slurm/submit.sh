#!/usr/bin/env bash
# Submits a sharded import to Slurm in one command: a job array of N shard imports
# (rankscope-shard.sbatch) and the merge that joins their parts (rankscope-merge.sbatch), which
# waits for them.
#
#   packaging/slurm/submit.sh BUNDLE OUT.rscache --shards N [--cli PATH] [--parts DIR]
#                             [--keep-events all|outliers|none] [--allow-missing]
#                             [-- EXTRA_SBATCH_ARGS...]
#
#   BUNDLE           the bundle folder or archive, on a file system every node sees
#   OUT.rscache      the merged cache to write (its folder must exist and be shared too)
#   --shards N       how many shards: array tasks 0..N-1, each importing whole nodes' files
#   --cli PATH       the rankscope-cli the jobs run, at the same path on every node
#                    (default: rankscope-cli on this PATH)
#   --parts DIR      where the parts (shard-K.rscache) and the jobs' output files go
#                    (default: OUT.parts beside OUT); must hold no parts of an earlier run
#   --keep-events K  merge --keep-events: all (default), outliers or none
#   --allow-missing  merge what the shards left even when some failed (the merge runs after
#                    the array whatever its tasks' states, afterany, and the cache names the
#                    missing shards); without it the merge runs only when every shard
#                    succeeded (afterok) and is cancelled otherwise
#   -- ARGS...       passed to both sbatch calls, e.g. -- --partition=cpu --account=ml
#
# Prints what it submitted on stderr and, on stdout, one line a script can read:
#   array_job=123 merge_job=124
# Exit status: 0 submitted, 2 bad arguments (one line says which), 1 sbatch failed.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

usage() {
  cat >&2 <<'EOF'
usage: packaging/slurm/submit.sh BUNDLE OUT.rscache --shards N [--cli PATH] [--parts DIR]
                                 [--keep-events all|outliers|none] [--allow-missing]
                                 [-- EXTRA_SBATCH_ARGS...]
(the options are described at the top of this script and in docs/scheduler.md)
EOF
  exit 2
}

fail() {
  echo "submit.sh: $1" >&2
  exit 2
}

absolute() {
  local path="$1"
  case "$path" in
    /*) echo "$path" ;;
    *) echo "$PWD/$path" ;;
  esac
}

BUNDLE=""
OUT=""
SHARDS=""
CLI=""
PARTS=""
KEEP_EVENTS=""
ALLOW_MISSING=0
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --shards | --cli | --parts | --keep-events)
      [ $# -ge 2 ] || fail "$1 needs a value"
      case "$1" in
        --shards) SHARDS="$2" ;;
        --cli) CLI="$2" ;;
        --parts) PARTS="$2" ;;
        --keep-events) KEEP_EVENTS="$2" ;;
      esac
      shift 2
      ;;
    --allow-missing)
      ALLOW_MISSING=1
      shift
      ;;
    -h | --help) usage ;;
    --)
      shift
      EXTRA=("$@")
      break
      ;;
    -*) fail "unknown option $1 (sbatch options go after --)" ;;
    *)
      if [ -z "$BUNDLE" ]; then
        BUNDLE="$1"
      elif [ -z "$OUT" ]; then
        OUT="$1"
      else
        fail "one bundle and one output expected, also got $1"
      fi
      shift
      ;;
  esac
done

if [ -z "$BUNDLE" ] || [ -z "$OUT" ]; then
  usage
fi
[ -n "$SHARDS" ] || fail "--shards N is required (how many array tasks import the bundle)"
[[ "$SHARDS" =~ ^[1-9][0-9]*$ ]] || fail "--shards needs a whole number of at least 1, not '$SHARDS'"
[ -e "$BUNDLE" ] || fail "the bundle $BUNDLE does not exist"
BUNDLE="$(absolute "$BUNDLE")"
case "$KEEP_EVENTS" in
  "" | all | outliers | none) ;;
  *) fail "--keep-events takes all, outliers or none, not '$KEEP_EVENTS'" ;;
esac

OUT="$(absolute "$OUT")"
[ ! -d "$OUT" ] || fail "the output $OUT is a folder; give the cache file to write (JOB.rscache)"
[ -d "$(dirname "$OUT")" ] || fail "the output's folder $(dirname "$OUT") does not exist"

if [ -z "$CLI" ]; then
  CLI="$(command -v rankscope-cli)" || fail "rankscope-cli is not on PATH; give --cli PATH"
fi
if [ ! -f "$CLI" ] || [ ! -x "$CLI" ]; then
  fail "--cli $CLI is not an executable file"
fi
CLI="$(absolute "$CLI")"

PARTS="$(absolute "${PARTS:-${OUT%.rscache}.parts}")"
mkdir -p "$PARTS" || fail "cannot create the parts folder $PARTS"
shopt -s nullglob
earlier=("$PARTS"/shard-*.rscache)
shopt -u nullglob
[ ${#earlier[@]} -eq 0 ] ||
  fail "$PARTS already holds ${#earlier[@]} parts of an earlier run (${earlier[0]##*/}, ...): remove them or give another --parts"

command -v sbatch >/dev/null 2>&1 || fail "sbatch is not on PATH (is this a Slurm login node?)"

export RANKSCOPE_BUNDLE="$BUNDLE"
export RANKSCOPE_PARTS="$PARTS"
export RANKSCOPE_OUT="$OUT"
export RANKSCOPE_CLI="$CLI"
export RANKSCOPE_SHARDS="$SHARDS"
export RANKSCOPE_KEEP_EVENTS="$KEEP_EVENTS"
export RANKSCOPE_ALLOW_MISSING="$ALLOW_MISSING"

# --parsable prints "jobid" or "jobid;cluster".
array_out="$(sbatch --parsable --export=ALL --array="0-$((SHARDS - 1))" \
  --output="$PARTS/rankscope-shard-%A_%a.out" ${EXTRA[@]+"${EXTRA[@]}"} \
  "$HERE/rankscope-shard.sbatch")" || {
  echo "submit.sh: sbatch refused the shard array" >&2
  exit 1
}
array_job="${array_out%%;*}"

if [ "$ALLOW_MISSING" = 1 ]; then
  dependency="afterany:$array_job"
else
  dependency="afterok:$array_job"
fi
merge_out="$(sbatch --parsable --export=ALL --dependency="$dependency" \
  --kill-on-invalid-dep=yes --output="$PARTS/rankscope-merge-%j.out" \
  ${EXTRA[@]+"${EXTRA[@]}"} "$HERE/rankscope-merge.sbatch")" || {
  echo "submit.sh: sbatch refused the merge job; cancelling the shard array $array_job" >&2
  scancel "$array_job" || true
  exit 1
}
merge_job="${merge_out%%;*}"

echo "submit.sh: shard array job $array_job: $SHARDS tasks import $BUNDLE into $PARTS" >&2
echo "submit.sh: merge job $merge_job ($dependency) writes $OUT" >&2
echo "array_job=$array_job merge_job=$merge_job"
