#!/usr/bin/env bash
# Submits one mankala run to Slurm (docs/distributed.md): a job that starts the run, then
# a job array of self-play workers, the trainer and the gatekeeper (after it, running
# together), then a job that writes the report (after the gatekeeper). Submitting again
# continues the run where its storage says it is.
#
#   deploy/slurm/submit.sh --run URL --config FILE [--workers N] [--seed S] [--threads T]
#                          [--logs DIR] [--poll SECONDS] [-- SBATCH-ARGS...]
#
# URL is a directory on a file system every node mounts, or s3://bucket/prefix (the jobs
# inherit the AWS_* variables). MANKALA names the binary (default: mankala on PATH).
# SBATCH-ARGS go to every sbatch (--partition, --time, --account ...).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
workers=4 seed="" threads=1 logs="" poll=10 run="" config=""
while [[ $# -gt 0 ]]; do
  case $1 in
  --run) run=$2; shift 2 ;;
  --config) config=$2; shift 2 ;;
  --workers) workers=$2; shift 2 ;;
  --seed) seed=$2; shift 2 ;;
  --threads) threads=$2; shift 2 ;;
  --logs) logs=$2; shift 2 ;;
  --poll) poll=$2; shift 2 ;;
  --) shift; break ;;
  *) echo "submit.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -n $run ]] || { echo "submit.sh: --run URL is required" >&2; exit 2; }
[[ -n $config && -f $config ]] || { echo "submit.sh: --config FILE is required (got '$config')" >&2; exit 2; }
[[ $workers =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --workers $workers: expected a positive number" >&2; exit 2; }
[[ -z $seed || $seed =~ ^[0-9]+$ ]] || { echo "submit.sh: --seed $seed: expected a number" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit.sh: sbatch not found" >&2; exit 3; }

logs=${logs:-slurm-logs}
mkdir -p "$logs"
logs=$(cd "$logs" && pwd)
config=$(cd "$(dirname "$config")" && pwd)/$(basename "$config")
mankala=${MANKALA:-$(command -v mankala || true)}
[[ -n $mankala ]] || { echo "submit.sh: set MANKALA to the mankala binary" >&2; exit 3; }

export MANKALA=$mankala RUN_URL=$run RUN_CONFIG=$config RUN_SEED=$seed RUN_THREADS=$threads \
  RUN_POLL=$poll RUN_LOGS=$logs
sb() { sbatch --parsable --export=ALL "$@"; }

start=$(sb "$@" --job-name=mankala-start -o "$logs/start-%j.out" "$here/start.sbatch")
after="--dependency=afterok:${start%%;*}"
selfplay=$(sb "$@" $after --job-name=mankala-selfplay --array="0-$((workers - 1))" \
  --cpus-per-task="$threads" -o "$logs/selfplay-%A-%a.out" "$here/selfplay.sbatch")
train=$(sb "$@" $after --job-name=mankala-train --cpus-per-task="$threads" \
  -o "$logs/train-%j.out" "$here/train.sbatch")
gate=$(sb "$@" $after --job-name=mankala-gate --cpus-per-task="$threads" \
  -o "$logs/gate-%j.out" "$here/gate.sbatch")
report=$(sb "$@" --dependency="afterok:${gate%%;*}" --job-name=mankala-report \
  -o "$logs/report-%j.out" "$here/report.sbatch")
echo "start ${start%%;*} selfplay ${selfplay%%;*} train ${train%%;*} gate ${gate%%;*} report ${report%%;*}"
echo "logs and the report: $logs"
