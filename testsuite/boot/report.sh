#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The results of boot/NAME/VARIANT targets as KTAP (one test per target,
# "# SKIP reason" for skips, the reason and console log before each
# failure), then a table row x variant and "N passed, N failed, N skipped".
# Exit 1 when a test failed or has no result.
#
# usage: report.sh boot/NAME/VARIANT...

set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac

# result TARGET: "pass", "skip WHY" or "fail WHY" (also for no result).
result() {
	local name=${1#boot/} variant r
	variant=${name#*/}
	name=${name%%/*}
	if r=$(cat "$build/boot/$name/$variant.result" 2>/dev/null); then
		echo "$r"
	elif [ ! -f "$build/boot/mod/$name/mods.cpio" ]; then
		echo "fail module build failed: $(tail -1 "$build/boot/mod/$name.log" 2>/dev/null), log $build/boot/mod/$name.log"
	else
		echo "fail no result (the boot did not run; see $build/boot/make.log)"
	fi
}

echo "KTAP version 1"
echo "1..$#"
n=0 pass=0 fail=0 skip=0
declare -A cell
rows=()
why=()
for t in "$@"; do
	n=$((n + 1))
	r=$(result "$t")
	name=${t#boot/}
	variant=${name#*/}
	name=${name%%/*}
	[ -n "${cell[$name]+x}" ] || { rows+=("$name"); cell[$name]=1; }
	case "$r" in
	pass)
		echo "ok $n $t"
		pass=$((pass + 1))
		cell[$name/$variant]=pass
		;;
	skip*)
		echo "ok $n $t # SKIP ${r#skip }"
		skip=$((skip + 1))
		cell[$name/$variant]=skip
		why+=("$t: $r")
		;;
	*)
		echo "# ${r#fail }"
		[ -f "$build/boot/$name/$variant.console" ] &&
			echo "# console: $build/boot/$name/$variant.console"
		echo "not ok $n $t"
		fail=$((fail + 1))
		cell[$name/$variant]=FAIL
		why+=("$t: $r")
		;;
	esac
done

variants="original converted threadirqs nomsi"
echo "#"
printf '# %-14s' row
for v in $variants; do printf ' %-10s' "$v"; done
echo
for name in "${rows[@]}"; do
	printf '# %-14s' "$name"
	for v in $variants; do printf ' %-10s' "${cell[$name/$v]:--}"; done
	echo
done
for r in "${why[@]}"; do echo "#   $r"; done
echo "# $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
