#!/usr/bin/env bash
# A one-node Slurm cluster on this host, for trying the scripts of deploy/slurm and for
# their test (tests/distributed_slurm.rs). Run as root, with Debian's slurm-wlm and munge.
#
#   deploy/slurm/single-node.sh start DIR [CPUS]   writes DIR/slurm.conf, starts munged,
#                                                  slurmctld -D and slurmd -D in the
#                                                  background, waits until the node is idle
#   deploy/slurm/single-node.sh stop DIR           cancels the jobs left, stops the daemons
#                                                  by the process ids in DIR
#
# The daemons listen on 127.0.0.1 only, munged on a socket in DIR.
# Then: export SLURM_CONF=DIR/slurm.conf and submit. The node claims CPUS CPUs (default 8,
# more than the host may have: the workers of a run poll, and must all run at once).
set -euo pipefail

cmd=${1:?usage: single-node.sh start|stop DIR [CPUS]}
dir=${2:?usage: single-node.sh start|stop DIR [CPUS]}
cpus=${3:-8}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop_pid() {
  local file=$1
  if [[ -s $file ]]; then
    local pid
    pid=$(cat "$file")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$file"
  fi
}

case $cmd in
stop)
  # Jobs first, while the controller can still cancel them: slurmd's end leaves them running.
  if [[ -s $dir/slurmctld.pid ]] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    export SLURM_CONF=$dir/slurm.conf
    scancel --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 100); do
      [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.1
    done
  fi
  stop_pid "$dir/slurmd.pid"
  stop_pid "$dir/slurmctld.pid"
  stop_pid "$dir/munged.pid"
  exit 0
  ;;
start) ;;
*)
  echo "single-node.sh: unknown command $cmd (expected start or stop)" >&2
  exit 2
  ;;
esac

for tool in munged mungekey slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || { echo "single-node.sh: $tool not found (apt-get install slurm-wlm munge)" >&2; exit 3; }
done

host=$(hostname -s)
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
[[ -s $dir/munge/munge.key ]] || mungekey --create --keyfile="$dir/munge/munge.key"
chmod 600 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"

# Ports chosen from the directory, so that two clusters on one host do not meet, below the
# kernel's ephemeral range (whose ports any client connection may hold), and skipped while
# a socket on this host holds either of them.
ephemeral=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
span=$(( (ephemeral - 20000) / 2 ))
((span > 100)) || span=1000
base=$((20000 + 2 * ($(printf '%s' "$dir" | cksum | cut -d' ' -f1) % span)))
port_busy() {
  local hex
  hex=$(printf ':%04X ' "$1")
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '{print $2}' | grep -q "${hex% }$"
}
for _ in $(seq 100); do
  port_busy "$base" || port_busy $((base + 1)) || break
  base=$((20000 + (base - 20000 + 2) % (2 * span)))
done
cat >"$dir/slurm.conf" <<CONF
ClusterName=mankala
SlurmctldHost=$host(127.0.0.1)
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -D -f "$dir/slurm.conf" >>"$dir/log/slurmctld.out" 2>&1 &
echo $! >"$dir/slurmctld.pid"
slurmd -D -f "$dir/slurm.conf" >>"$dir/log/slurmd.out" 2>&1 &
echo $! >"$dir/slurmd.pid"
for _ in $(seq 300); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
  if [[ $state == idle* ]]; then
    echo "slurm up: SLURM_CONF=$dir/slurm.conf, node $host idle"
    exit 0
  fi
  sleep 0.2
done
echo "single-node.sh: the node did not become idle; logs in $dir/log" >&2
tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
exit 1
