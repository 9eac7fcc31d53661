#!/usr/bin/env bash
# A throwaway single-node Slurm cluster in one private folder, for the tests that submit real
# jobs (tests/packaging/test_slurm_sharded.cpp) and for trying packaging/slurm/ by hand.
#
#   tests/packaging/slurm/local_cluster.sh start DIR [--stop-with PID]
#   tests/packaging/slurm/local_cluster.sh status DIR
#   tests/packaging/slurm/local_cluster.sh stop DIR
#
# start writes DIR/slurm.conf and a fresh munge key, starts munged, slurmctld and slurmd on free
# ports (everything they write stays in DIR) and waits until sinfo reports the node idle
# (RANKSCOPE_SLURM_START_TIMEOUT seconds, default 60). Then point the Slurm commands at it:
#   export SLURM_CONF=DIR/slurm.conf
# --stop-with PID also stops the cluster once process PID ends (a test killed by a timeout
# leaves no daemons behind). stop cancels the cluster's jobs and ends the daemons start began,
# by the pids it recorded; status says which of them run. All three are idempotent.
#
# Needs root (the daemons run as SlurmUser=root and jobs as their submitter) and Debian's
# slurm-wlm and munge. Exit status: 0 done, 1 a daemon did not come up (the reason and the tail
# of its log on stderr), 2 cannot run here (usage, not root, a program is missing).
set -euo pipefail

PATH="$PATH:/usr/sbin:/sbin"
PROGRAMS=(munged slurmctld slurmd sinfo squeue scancel)

die() {
  echo "local_cluster: $1" >&2
  exit "${2:-1}"
}

usage() {
  die "usage: $0 start DIR [--stop-with PID] | status DIR | stop DIR" 2
}

# The pid recorded in a pid file, when that process still runs.
live_pid() {
  local file="$1" pid
  [ -f "$file" ] || return 1
  pid="$(tr -dc '0-9' <"$file")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

port_in_use() {
  local port="$1"
  if command -v ss >/dev/null 2>&1; then
    [ -n "$(ss -Htan "sport = :$port" 2>/dev/null)" ]
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
  fi
}

# Two adjacent free TCP ports from a random start in 20000-59999 (slurmctld, slurmd).
free_port_pair() {
  local port _
  for _ in $(seq 1 200); do
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    if ! port_in_use "$port" && ! port_in_use "$((port + 1))"; then
      echo "$port"
      return 0
    fi
  done
  die "no two free adjacent TCP ports found in 200 tries"
}

log_tail() {
  local file="$1"
  if [ -s "$file" ]; then
    echo "--- last lines of $file:" >&2
    tail -n 25 "$file" >&2
  else
    echo "--- $file is empty or absent" >&2
  fi
}

# Fails start: says why, shows the daemons' logs, stops what was started.
fail_start() {
  echo "local_cluster: $1" >&2
  log_tail "$DIR/munged.log"
  log_tail "$DIR/log/slurmctld.log"
  log_tail "$DIR/log/slurmd.log"
  stop_cluster >/dev/null 2>&1 || true
  exit 1
}

# The daemons write their pid files after they fork into the background.
wait_for_pid_file() {
  local name="$1" deadline="$2"
  until live_pid "$DIR/$name.pid" >/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] ||
      fail_start "$name wrote no pid file of a running process in ${timeout} s"
    sleep 0.2
  done
}

slurm() {
  SLURM_CONF="$DIR/slurm.conf" "$@"
}

node_state() {
  slurm sinfo -h -N -o '%t' 2>/dev/null | head -n 1
}

write_config() {
  local host="$1" port="$2" cpus
  cpus="$(nproc)"
  # Jobs finished an hour ago still show in scontrol (the tests read their exit codes there:
  # there is no accounting database).
  cat >"$DIR/slurm.conf" <<EOF
ClusterName=rankscopetest
SlurmctldHost=$host
AuthType=auth/munge
AuthInfo=socket=$DIR/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SwitchType=switch/none
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=rankscope Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start_cluster() {
  local owner="" host port deadline timeout state name program
  while [ $# -gt 0 ]; do
    case "$1" in
      --stop-with)
        [ $# -ge 2 ] || usage
        owner="$2"
        shift 2
        ;;
      *) usage ;;
    esac
  done
  [ "$(id -u)" -eq 0 ] || die "needs root: the daemons run as SlurmUser=root" 2
  for program in "${PROGRAMS[@]}"; do
    command -v "$program" >/dev/null 2>&1 ||
      die "$program is not installed (Debian: apt-get install slurm-wlm munge)" 2
  done

  if live_pid "$DIR/munged.pid" >/dev/null && live_pid "$DIR/slurmctld.pid" >/dev/null &&
    live_pid "$DIR/slurmd.pid" >/dev/null; then
    echo "local_cluster: already running in $DIR (SLURM_CONF=$DIR/slurm.conf)"
    return 0
  fi
  # Half a cluster (one daemon died): start again from nothing.
  stop_cluster >/dev/null 2>&1 || true

  chmod 700 "$DIR"
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log"
  # A Unix socket's path holds at most 107 bytes.
  [ "${#DIR}" -le 90 ] || die "the folder's path is too long for munge's socket: $DIR" 2

  rm -f "$DIR/munge.key"
  dd if=/dev/urandom of="$DIR/munge.key" bs=1024 count=1 status=none
  chmod 400 "$DIR/munge.key"
  if ! munged -f --socket="$DIR/munge.sock" --key-file="$DIR/munge.key" \
    --pid-file="$DIR/munged.pid" --log-file="$DIR/munged.log" \
    --seed-file="$DIR/munged.seed" 2>>"$DIR/munged.log"; then
    fail_start "munged did not start"
  fi

  host="$(hostname -s)"
  port="$(free_port_pair)"
  write_config "$host" "$port"
  if ! slurm slurmctld -c -i 2>>"$DIR/log/slurmctld.log"; then
    fail_start "slurmctld did not start"
  fi
  if ! slurm slurmd 2>>"$DIR/log/slurmd.log"; then
    fail_start "slurmd did not start"
  fi

  timeout="${RANKSCOPE_SLURM_START_TIMEOUT:-60}"
  deadline=$((SECONDS + timeout))
  wait_for_pid_file munged "$deadline"
  wait_for_pid_file slurmctld "$deadline"
  wait_for_pid_file slurmd "$deadline"
  state=""
  while [ "$SECONDS" -lt "$deadline" ]; do
    for name in munged slurmctld slurmd; do
      live_pid "$DIR/$name.pid" >/dev/null || fail_start "$name exited after starting"
    done
    state="$(node_state)"
    [ "$state" = "idle" ] && break
    sleep 1
  done
  [ "$state" = "idle" ] ||
    fail_start "the node is not idle after ${timeout} s (sinfo says '${state:-nothing}')"

  if [ -n "$owner" ]; then
    # Detached from the caller's terminal and process group, so it outlives a killed test.
    # shellcheck disable=SC2016 # expanded by the watcher's shell, from its arguments
    setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 2; done; exec "$2" stop "$3"' \
      watcher "$owner" "$(readlink -f "${BASH_SOURCE[0]}")" "$DIR" \
      </dev/null >>"$DIR/log/watcher.log" 2>&1 &
    echo "$!" >"$DIR/watcher.pid"
  fi
  echo "local_cluster: running in $DIR: slurmctld port $port, slurmd port $((port + 1)), node $host"
  echo "export SLURM_CONF=$DIR/slurm.conf"
}

# Ends one daemon by its pid file: TERM, up to 15 s, then KILL.
end_daemon() {
  local file="$1" pid _
  pid="$(live_pid "$file")" || {
    rm -f "$file"
    return 0
  }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 30); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop_cluster() {
  local pid _
  if live_pid "$DIR/slurmctld.pid" >/dev/null; then
    # A job's processes belong to slurmd's step daemons: cancel the jobs while slurmd runs.
    slurm scancel --user="$(id -un)" >/dev/null 2>&1 || true
    for _ in $(seq 1 20); do
      [ -z "$(slurm squeue -h -o '%A' 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  end_daemon "$DIR/slurmd.pid"
  end_daemon "$DIR/slurmctld.pid"
  if live_pid "$DIR/munged.pid" >/dev/null; then
    munged -s --socket="$DIR/munge.sock" >/dev/null 2>&1 || true
    end_daemon "$DIR/munged.pid"
  fi
  # The watcher, unless this is the watcher itself stopping the cluster.
  if pid="$(live_pid "$DIR/watcher.pid")" && [ "$pid" != "$$" ] && [ "$pid" != "$PPID" ]; then
    kill -TERM "$pid" 2>/dev/null || true
  fi
  rm -f "$DIR/watcher.pid"
  echo "local_cluster: stopped in $DIR"
}

status_cluster() {
  local running=0 name pid
  for name in munged slurmctld slurmd; do
    if pid="$(live_pid "$DIR/$name.pid")"; then
      echo "$name: running (pid $pid)"
      running=$((running + 1))
    else
      echo "$name: not running"
    fi
  done
  if [ "$running" -eq 3 ]; then
    echo "node: $(node_state)"
    echo "export SLURM_CONF=$DIR/slurm.conf"
    return 0
  fi
  return 1
}

[ $# -ge 2 ] || usage
COMMAND="$1"
shift
case "$COMMAND" in
  start)
    mkdir -p "$1"
    DIR="$(cd "$1" && pwd)"
    shift
    start_cluster "$@"
    ;;
  stop | status)
    [ $# -eq 1 ] || usage
    if [ ! -d "$1" ]; then
      echo "local_cluster: no cluster in $1 (no such folder)"
      [ "$COMMAND" = stop ]
      exit
    fi
    DIR="$(cd "$1" && pwd)"
    "${COMMAND}_cluster"
    ;;
  *) usage ;;
esac
