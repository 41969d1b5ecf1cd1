#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/batch-summary.sh BATCHDIR: add up the results of `make batch`
# (BATCHDIR/results/*.txt of the units in BATCHDIR/units.mk).

set -euo pipefail

batch=$1
mapfile -t units < <(sed -n 's/^UNITS += //p' "$batch/units.mk")
files=()
missing=0
for u in "${units[@]}"; do
	if [ -f "$batch/results/$u.txt" ]; then
		files+=("$batch/results/$u.txt")
	else
		missing=$((missing + 1))
	fi
done

sum() {
	[ ${#files[@]} -gt 0 ] || { echo 0; return; }
	sed -n "s/^$1: \([0-9]*\)$/\1/p" "${files[@]}" | awk '{ s += $1 } END { print s + 0 }'
}
count() {
	[ ${#files[@]} -gt 0 ] || { echo 0; return; }
	cat "${files[@]}" | grep -cE "$1" || true
}

echo "batch summary ($batch)"
echo "  driver files:       ${#units[@]} ($missing without results, $(count '^status: failed') failed)"
echo "  request sites:      converted $(sum converted), refused $(sum refused), already threaded $(sum already_threaded)"
echo "  patches:            $(count '^patch: ')"
c_ok=$(count "^compile: ok")
c_failed=$(count "^compile: failed")
c_nic=$(count "^compile: ok [(]not in the configuration")
c_unbuildable=$(count "^compile: not buildable")
echo "  compiled:           $c_ok ok, $c_failed failed ($c_nic not in the configuration), $c_unbuildable not buildable here"
lines="0 of 0"
if [ ${#files[@]} -gt 0 ]; then
	lines=$(sed -n "s|^changed-lines-compiled: \([0-9]*\)/\([0-9]*\).*|\1 \2|p" "${files[@]}" |
		awk '{ a += $1; b += $2 } END { printf "%d of %d", a, b }')
fi
echo "  changed lines:      $lines compiled under the configuration"
s_conv=$(count "^scan-site: .*\): convertible")
s_not=$(count "^scan-site: .*\): not_convertible")
s_una=$(count "^scan-site: .*\): unanalysable")
s_thr=$(count "^scan-site: .*\): already_threaded")
echo "  scan verdicts:      convertible $s_conv, not convertible $s_not, unanalysable $s_una, already threaded $s_thr"
echo "  scan vs convert:    $(count "^disagree: ") sites where they disagree (disagree: lines in results)"
echo "  boot-tested:        $(count '^boot: (ok|failed)') ($(count '^boot: not run') not run)"
echo "  refused by reason code (irqconv scan --list-reasons):"
if [ ${#files[@]} -gt 0 ]; then
	sed -n 's/^refused-site: [^ ]* [^ ]*: \([^ :]*\): .*/\1/p' "${files[@]}" |
		sort | uniq -c | sort -rn | head -20 |
		awk '{ n = $1; $1 = ""; printf "    %5d %s\n", n, substr($0, 2) }'
fi
