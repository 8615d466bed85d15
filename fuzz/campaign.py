#!/usr/bin/env python3
"""Runs a fuzz campaign budgeted in CPU time, not wall time (docs/reliability.md).

Usage: fuzz/campaign.py TARGET CPU_SECONDS [--nice N]

Runs the libFuzzer binary that `cargo fuzz build --sanitizer none -O` left in
fuzz/target/x86_64-unknown-linux-gnu/release/TARGET on fuzz/corpus/TARGET (growing it), stops
it with SIGINT once the process has used CPU_SECONDS of CPU (user and system), and appends one
JSON line to fuzz/campaigns.jsonl: the target, the CPU seconds used, the inputs run, the corpus
before and after, and the artifacts (crashes, slow units, leaks) libFuzzer left in
fuzz/artifacts/TARGET. Budgeting CPU time lets a campaign share the machine with other work
(at a low priority, --nice 19) and still say how much fuzzing it was. Exits non-zero when the
target found something.
"""

import json
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User plus system CPU time of a running process, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def listing(folder):
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--nice"):
        print(__doc__, file=sys.stderr)
        return 2
    target, budget = argv[1], float(argv[2])
    niceness = int(argv[4]) if len(argv) == 5 else 0
    binary = os.path.join(HERE, "target/x86_64-unknown-linux-gnu/release", target)
    if not os.path.isfile(binary):
        print(f"{binary}: not built (cd fuzz; RUSTC_BOOTSTRAP=1 cargo fuzz build --sanitizer none -O)", file=sys.stderr)
        return 2
    corpus = os.path.join(HERE, "corpus", target)
    artifacts = os.path.join(HERE, "artifacts", target)
    os.makedirs(artifacts, exist_ok=True)
    corpus_before = len(listing(corpus))
    artifacts_before = set(listing(artifacts))
    log_path = os.path.join(HERE, "artifacts", f"{target}.log")
    started = time.time()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [binary, f"-artifact_prefix={artifacts}/", "-print_final_stats=1", corpus],
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: os.nice(niceness),
        )
        used = 0.0
        while proc.poll() is None:
            try:
                used = cpu_seconds(proc.pid)
            except (FileNotFoundError, ProcessLookupError):
                break
            if used >= budget:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    proc.kill()
                break
            time.sleep(min(5.0, max(0.5, budget - used)))
        proc.wait()
    text = open(log_path, errors="replace").read()
    runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", text)
    if not runs:
        runs = re.findall(r"#(\d+)\s", text)
    found = sorted(set(listing(artifacts)) - artifacts_before)
    record = {
        "target": target,
        "cpu_seconds": round(used, 1),
        "wall_seconds": round(time.time() - started, 1),
        "inputs_run": int(runs[-1]) if runs else None,
        "corpus_before": corpus_before,
        "corpus_after": len(listing(corpus)),
        "found": found,
        "exit": proc.returncode,
        "date": time.strftime("%Y-%m-%d"),
    }
    with open(os.path.join(HERE, "campaigns.jsonl"), "a") as f:
        f.write(json.dumps(record) + "\n")
    print(json.dumps(record))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
