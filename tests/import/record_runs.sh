#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Record the runs of tests/import's live test (test_live.sh) into DIR:
# five rounds, each a quiet cyclictest run for side A, one for side B,
# and one beside a busy loop (`yes`) on every CPU for side L; so A and
# B alternate in time, and A and L too. cyclictest runs at SCHED_OTHER
# (no -p) in every run, one thread per CPU (-t -a), a wake-up every 200 us
# for 1 s (-i 200 -D 1), a histogram to 100 ms (-h 100000) so that a
# loaded run's tail stays inside it. Usage: record_runs.sh DIR [ROUNDS]
set -eu
dir=$1
rounds=${2:-5}
ct() {
	cyclictest -q -t -a -i 200 -D 1 -h 100000 --json="$1" >/dev/null
}
mkdir -p "$dir"
for i in $(seq 1 "$rounds"); do
	ct "$dir/A$i.json"
	ct "$dir/B$i.json"
	pids=
	for c in $(seq 1 "$(nproc)"); do
		yes >/dev/null &
		pids="$pids $!"
	done
	ct "$dir/L$i.json" || true
	for p in $pids; do
		kill "$p"
	done
	wait 2>/dev/null || true
done
