#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# irqlab import and irqlab compare over imported runs, deterministic: the
# files of data/ (data/README.md) each become a folder with summary.json,
# import.json and the input; bad input is refused with FILE:LINE, exit 4,
# and writes nothing, not even the good files beside it. Then compare over
# the runs checked in under data/live/ (recorded on this project's machine
# by record_runs.sh: five rounds of a quiet cyclictest run for A, one for
# B, one beside a `yes` per CPU for L, each 1 s at SCHED_OTHER, -i 200,
# one thread per CPU): A against B, --metric p50, passes (exit 0); A
# against L, --metric p99, is a regression (exit 2) that the finding
# names; folders give what the files give.
# Usage: test_cli.sh IRQLAB SRCDIR
set -u
irqlab=$1
data=$2/tests/import/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

for f in "$data"/*.json "$data"/*.txt; do
	n=$(basename "$f")
	fmt=auto
	case $n in timerlat-no-header.txt) fmt=timerlat ;; esac
	"$irqlab" import $fmt "$f" -o "$tmp/$n" >/dev/null ||
		fail "import $n: exit $?"
	for k in summary.json import.json "input-$n"; do
		[ -f "$tmp/$n/$k" ] || fail "import $n: no $k"
	done
	cmp -s "$f" "$tmp/$n/input-$n" || fail "import $n: input differs"
done

printf '# Histogram\n000000 000001\n000001 x\n' >"$tmp/bad.txt"
"$irqlab" import auto "$data/timerlat-hist.txt" "$tmp/bad.txt" -o "$tmp/two" \
	2>"$tmp/err"
rc=$?
[ $rc -eq 4 ] || fail "bad input: exit $rc, not 4"
grep -q "bad.txt:3: " "$tmp/err" || fail "bad input: $(cat "$tmp/err")"
[ ! -e "$tmp/two" ] || fail "bad input: a folder was written"

"$irqlab" import auto "$data/timerlat-hist.txt" "$data/osnoise-hist.txt" \
	-o "$tmp/two" >/dev/null || fail "two files: exit $?"
[ -f "$tmp/two/run-1/summary.json" ] && [ -f "$tmp/two/run-2/import.json" ] ||
	fail "two files: no run-1 and run-2"

live=$data/live
"$irqlab" compare --metric p50 --base "$live"/A*.json -- "$live"/B*.json \
	>"$tmp/aa" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "A/A: exit $rc, not 0 (pass): $(tail -1 "$tmp/aa")"
grep -q "^\*\*Finding:\*\* no quantile of B differs" "$tmp/aa" ||
	fail "A/A: $(grep Finding "$tmp/aa")"
grep -q "The runs alternate in time" "$tmp/aa" || fail "A/A: not paired"
grep -q "^Runs a side to see a 10.0% change of a cell's p50" "$tmp/aa" ||
	fail "A/A: no runs a side"

"$irqlab" compare --metric p99 --json "$tmp/al.json" --base "$live"/A*.json \
	-- "$live"/L*.json >"$tmp/al" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "load: exit $rc, not 2 (regression): $(tail -1 "$tmp/al")"
grep -q "^\*\*Finding:\*\* B's p99 is higher by .* on threads 0-1" "$tmp/al" ||
	fail "load: $(grep Finding "$tmp/al")"
grep -q '"finding"' "$tmp/al.json" || fail "load: no finding in --json"

for s in A L; do
	"$irqlab" import cyclictest-json "$live"/$s*.json -o "$tmp/$s" \
		>/dev/null || fail "import $s: exit $?"
done
"$irqlab" compare --metric p99 --base "$tmp/A" -- "$tmp/L" >"$tmp/al2" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "load, folders: exit $rc, not 2"
grep "^\*\*Finding" "$tmp/al" >"$tmp/f1"
grep "^\*\*Finding" "$tmp/al2" >"$tmp/f2"
cmp -s "$tmp/f1" "$tmp/f2" || fail "folders and files differ: $(cat "$tmp/f2")"
# The false-regression rate of a baseline: the ten quiet runs split in
# halves 20 times; none calls a regression. Quiet and loaded runs taken
# as one "baseline" do; three runs are too few to split.
"$irqlab" compare --aa "$live"/A*.json "$live"/B*.json >"$tmp/aa2" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "--aa quiet: exit $rc, not 0: $(cat "$tmp/aa2")"
grep -q "^10 runs of one baseline, split into two halves 20 times.*: 0 false regressions" \
	"$tmp/aa2" || fail "--aa quiet: $(cat "$tmp/aa2")"
"$irqlab" compare --aa --metric p99 "$live"/A*.json "$live"/L*.json \
	>"$tmp/aa3" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "--aa mixed: exit $rc, not 2: $(cat "$tmp/aa3")"
"$irqlab" compare --aa "$live"/A1.json "$live"/A2.json "$live"/A3.json \
	>"$tmp/aa4" 2>&1
rc=$?
[ $rc -eq 4 ] || fail "--aa three runs: exit $rc, not 4"
exit 0
