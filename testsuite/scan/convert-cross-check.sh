#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# testsuite/scan/convert-cross-check.sh [-k] PATH...: does scan predict what
# convert does?  Each PATH (file or directory of the kernel tree) is scanned
# (--format=json) and converted (-o DIR, sites.json), and every site is
# compared:
#
#   scan convertible STRATEGY      convert converted STRATEGY
#   scan not_convertible, unanalysable   convert refused, the same reason code
#   scan already_threaded          convert already_threaded
#   scan code no-gain (per-queue,  convert declined, the same code
#   tasklet-optional: the codes
#   of reason_declines())
#
# One line per site on stdout, "agree ...", "veto ..." (scan convertible,
# convert refused by a check of what it would write: cocci-disagrees,
# edits-overlap, ...) or "disagree KIND ...", then the counts by kind.  A
# measuring tool for docs/analysis.md, and judge/t0003's engine.  PATHs are
# done one at a time, or -j N at once (each scanned with -j 1), so the
# caller decides the load (nice -n 19, a few directories per run).  -k keeps the
# work directory and prints its name.  -c DIR keeps each PATH's sites.json
# in DIR and reuses it: convert's side does not change with scan's analysis.

set -uo pipefail
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${IRQCONV:=$TOP/build/bin/irqconv}"
keep=no
cache=
jobs=1
while [ $# -gt 0 ]; do
	case $1 in
	-k) keep=yes; shift ;;
	-c) cache=$2; shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: $0 [-k] [-c DIR] [-j N] PATH..." >&2; exit 2; }
case $jobs in
''|*[!0-9]*|0) echo "$0: -j wants a number of jobs, not '$jobs'" >&2; exit 2 ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cross-check.XXXXXX")
[ $keep = yes ] && echo "work directory: $tmp" >&2 || trap 'rm -rf "$tmp"' EXIT
# Path N's records go to files of its own, joined in the order given.
one() {
	local n=$1 path=$2 c

	"$IRQCONV" scan -j 1 --format=json "$path" >"$tmp/scan.$n.json" \
		2>"$tmp/scan.$n.err"
	c=${cache:+$cache/$(printf '%s' "$path" | tr / _).json}
	if [ -n "$c" ] && [ -f "$c" ]; then
		cat "$c" >"$tmp/sites.$n.json"
		return
	fi
	"$IRQCONV" convert --author 'cross check <cc@irqconv.invalid>' \
		-o "$tmp/out.$n" "$path" >/dev/null 2>"$tmp/convert.$n.err"
	if [ -f "$tmp/out.$n/sites.json" ]; then
		cp "$tmp/out.$n/sites.json" "$tmp/sites.$n.json"
		[ -n "$c" ] && cp "$tmp/out.$n/sites.json" "$c"
	fi
	rm -rf "$tmp/out.$n"
}

n=0
running=0
for path in "$@"; do
	n=$((n + 1))
	one "$n" "$path" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
: >"$tmp/scan.json"
: >"$tmp/sites.json"
for ((i = 1; i <= n; i++)); do
	cat "$tmp/scan.$i.json" >>"$tmp/scan.json"
	cat "$tmp/scan.$i.err" >>"$tmp/scan.err"
	[ -f "$tmp/sites.$i.json" ] && cat "$tmp/sites.$i.json" >>"$tmp/sites.json"
	[ -f "$tmp/convert.$i.err" ] && cat "$tmp/convert.$i.err" >>"$tmp/convert.err"
done

# A site is its file, line and handler: a line whose handler resolves to
# several functions gives one scan record per handler, and one convert
# record with handler "?" when convert does not follow the choice.
jq -rn --slurpfile s "$tmp/scan.json" --slurpfile c "$tmp/sites.json" '
	def norm: sub("^(\\.\\./)+"; "");
	def key: "\(.file | norm):\(.line) \(.handler // "?")";
	def declines: .reason_codes[0] | IN("no-gain", "per-queue", "tasklet-optional");
	def sside: if declines then "declined/\(.reason_codes[0])"
		elif .verdict == "convertible" then "convertible/\(.strategy)"
		else if .verdict == "not_convertible" or .verdict == "unanalysable"
		then "\(.verdict)/\(.reason_codes[0] // "?")" else .verdict end end;
	def cside: if .verdict == "converted" then "converted/\(.strategy)"
		else "\(.verdict)/\(.reason_code // "?")" end;
	def veto: .verdict == "refused" and
		(.reason_code | IN("cocci-disagrees", "cocci-failed", "edits-overlap",
			"lock-via-macro", "softirq-in-return", "header-mismatch",
			"struct-outside-tree", "handler-referenced",
			"direct-call-unrewritable", "request-via-macro"));
	def agrees($a; $b):
		($a.verdict == "convertible" and ($a | declines | not) and
		 $b.verdict == "converted" and $a.strategy == $b.strategy) or
		(($a | declines) and $b.verdict == "declined" and
		 $b.reason_code == $a.reason_codes[0]) or
		(($a.verdict == "not_convertible" or $a.verdict == "unanalysable") and
		 $b.verdict == "refused" and
		 $a.reason_codes[0] == $b.reason_code) or
		($a.verdict == "already_threaded" and $b.verdict == "already_threaded");
	($s | map(select(.line != null)) | map({key: key, value: .}) | from_entries) as $sm |
	($c | map({key: key, value: .}) | from_entries) as $cm |
	($s | map(select(.line != null)) | map("\(.file | norm):\(.line) ?") | unique) as $split |
	(($sm | keys) + ($cm | keys | map(select(. as $x | $split | index([$x]) | not))) | unique)[] as $k |
	$sm[$k] as $a | ($cm[$k] // $cm[$k | sub(" [^ ]*$"; " ?")]) as $b |
	if $a == null then "disagree missing-in-scan=>\($b | cside) \($k)"
	elif $b == null then "disagree \($a | sside)=>missing-in-convert \($k)"
	elif agrees($a; $b) then "agree \($a | sside)=>\($b | cside) \($k)"
	elif $a.verdict == "convertible" and ($b | veto) then "veto \($a | sside)=>\($b | cside) \($k)"
	else "disagree \($a | sside)=>\($b | cside) \($k): \($b.reason // "")"
	end' >"$tmp/result.txt"
cat "$tmp/result.txt"
echo "== $(wc -l <"$tmp/result.txt") sites, $(grep -c '^agree' "$tmp/result.txt") agree, $(grep -c '^veto' "$tmp/result.txt") vetoed, $(grep -c '^disagree' "$tmp/result.txt") disagree"
awk '{ n[$1 " " $2]++ } END { for (k in n) printf "%6d %s\n", n[k], k }' \
	"$tmp/result.txt" | sort -k2,2 -k1,1nr
