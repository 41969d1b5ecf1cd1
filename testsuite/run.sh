#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The test runner behind `make check`.  Prints KTAP v1 with one nested
# subtest per tier and ends with "N passed, N failed[, N skipped]".
#
# A tier is a directory testsuite/TIER/ holding:
#   t*.sh   tests, run in name order from the top of the repository; exit 0
#           passes, 77 skips (the last output line gives the reason), anything
#           else fails.  A line "# timeout: SECONDS" in a test overrides the
#           default limit of 1200 s.
#   cases   optional executable: `cases list` prints one case name per line,
#           `cases run NAME` runs one; each case is a test of its own.
#   needs   optional: make targets the tier needs, built before it runs.
# A new tier is a new directory; this script does not change.
#
# usage: testsuite/run.sh [testsuite/TIER | testsuite/TIER/TEST]

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export TOP=$top
export BUILD=$top/build
export IRQCONV=${IRQCONV:-$BUILD/bin/irqconv}
export KSRC=$BUILD/linux-6.1
export KOBJ=$BUILD/kbuild-6.1
export TESTLIB=$top/testsuite/lib/test-lib.sh
logs=$BUILD/tests

passed=0
failed=0
skipped=0

only_tier=
only_test=
if [ $# -gt 0 ] && [ -n "$1" ]; then
	target=${1%/}
	target=${target#./}
	if [ -d "$target" ]; then
		only_tier=$target
	elif [ -f "$target" ]; then
		only_tier=$(dirname "$target")
		only_test=$(basename "$target")
	else
		echo "run.sh: '$1': no such test or tier" >&2
		exit 2
	fi
	case "$only_tier" in
	testsuite/*) ;;
	*) echo "run.sh: '$1' is not under testsuite/" >&2; exit 2 ;;
	esac
fi

tiers=()
for dir in testsuite/*/; do
	dir=${dir%/}
	[ "$dir" = testsuite/lib ] && continue
	[ -n "$only_tier" ] && [ "$dir" != "$only_tier" ] && continue
	tiers+=("$dir")
done

# The tests of a tier, one per line: "script NAME" or "case NAME".
list_tests() {
	local dir=$1 t
	for t in "$dir"/t*.sh; do
		[ -f "$t" ] || continue
		t=$(basename "$t")
		[ -n "$only_test" ] && [ "$t" != "$only_test" ] && continue
		echo "script $t"
	done
	if [ -x "$dir/cases" ]; then
		"$dir/cases" list | while read -r t; do
			[ -n "$only_test" ] && [ "$t" != "$only_test" ] &&
				[ "$only_test" != cases ] && continue
			echo "case $t"
		done
	fi
}

timeout_of() {
	local limit
	limit=$(sed -n 's/^# timeout: *\([0-9][0-9]*\).*/\1/p' "$1" 2>/dev/null | head -1)
	echo "${limit:-1200}"
}

# run_one TIERDIR KIND NAME NUMBER: the test's KTAP lines on stdout, its
# result (pass, skip or fail) in $logs/TIER/NAME.result.
run_one() {
	local dir=$1 kind=$2 name=$3 n=$4
	local tier log status limit reason start took
	tier=$(basename "$dir")
	log=$logs/$tier/$name.log
	mkdir -p "$logs/$tier"
	export TEST_TMP=$logs/$tier/$name.tmp
	rm -rf "$TEST_TMP"
	mkdir -p "$TEST_TMP"
	start=$(date +%s)
	if [ "$kind" = script ]; then
		limit=$(timeout_of "$dir/$name")
		timeout -k 10 "$limit" bash "$dir/$name" >"$log" 2>&1 </dev/null
	else
		limit=$(timeout_of "$dir/cases")
		timeout -k 10 "$limit" "$dir/cases" run "$name" >"$log" 2>&1 </dev/null
	fi
	status=$?
	took=$(( $(date +%s) - start ))
	case $status in
	0)
		echo "    ok $n $name"
		echo pass >"$logs/$tier/$name.result"
		;;
	77)
		reason=$(tail -n 1 "$log")
		echo "    ok $n $name # SKIP ${reason#SKIP: }"
		echo skip >"$logs/$tier/$name.result"
		;;
	*)
		[ $status -eq 124 ] && echo "timed out after ${limit}s" >>"$log"
		tail -n 25 "$log" | sed 's/^/    # /'
		echo "    # log: $log"
		echo "    not ok $n $name"
		echo fail >"$logs/$tier/$name.result"
		;;
	esac
	# Where a tier's time goes: `tail -qn1 build/tests/TIER/*.log`.
	echo "# $name took $took s" >>"$log"
}

# collect TIERDIR NAME: print a finished test's lines and count its result.
collect() {
	local tier
	tier=$(basename "$1")
	cat "$logs/$tier/$2.ktap"
	case $(cat "$logs/$tier/$2.result" 2>/dev/null) in
	pass) passed=$((passed + 1)) ;;
	skip) skipped=$((skipped + 1)) ;;
	*) failed=$((failed + 1)); tier_ok=0 ;;
	esac
	rm -f "$logs/$tier/$2.ktap" "$logs/$tier/$2.result"
}

# The number of tests of TIERDIR run at once: a file "parallel" in it says
# the tier's tests share nothing and may run side by side, one per CPU.
jobs_of() {
	if [ -f "$1/parallel" ]; then
		nproc
	else
		echo 1
	fi
}

echo "KTAP version 1"
echo "1..${#tiers[@]}"
tn=0
for dir in "${tiers[@]}"; do
	tn=$((tn + 1))
	tier=$(basename "$dir")
	tier_ok=1
	tier_start=$(date +%s)
	echo "  KTAP version 1"
	echo "  # Subtest: $tier"
	if [ -f "$dir/needs" ]; then
		needs=$(grep -v '^#' "$dir/needs" | tr '\n' ' ')
		mkdir -p "$logs/$tier"
		if ! make --no-print-directory -s $needs >"$logs/$tier/needs.log" 2>&1; then
			tail -n 25 "$logs/$tier/needs.log" | sed 's/^/  # /'
			echo "  # setup failed: make $needs (log: $logs/$tier/needs.log)"
		fi
	fi
	mapfile -t tests < <(list_tests "$dir")
	echo "  1..${#tests[@]}"
	# Tests start in order, at most $jobs at a time, and are reported in
	# order: the oldest is collected before the next one starts.
	jobs=$(jobs_of "$dir")
	mkdir -p "$logs/$tier"
	pids=()
	names=()
	i=0
	for entry in "${tests[@]}"; do
		i=$((i + 1))
		name=${entry#* }
		run_one "$dir" "${entry%% *}" "$name" $i \
			>"$logs/$tier/$name.ktap" &
		pids+=($!)
		names+=("$name")
		if [ ${#pids[@]} -ge "$jobs" ]; then
			wait "${pids[0]}"
			collect "$dir" "${names[0]}"
			pids=("${pids[@]:1}")
			names=("${names[@]:1}")
		fi
	done
	for k in "${!pids[@]}"; do
		wait "${pids[$k]}"
		collect "$dir" "${names[$k]}"
	done
	# Where CI's time limit goes, tier by tier.
	echo "  # $tier took $(($(date +%s) - tier_start)) s"
	if [ $tier_ok -eq 1 ]; then
		echo "ok $tn $tier"
	else
		echo "not ok $tn $tier"
	fi
done

summary="$passed passed, $failed failed"
[ $skipped -gt 0 ] && summary="$summary, $skipped skipped"
echo "# $summary"
echo "$summary"
[ $failed -eq 0 ]
