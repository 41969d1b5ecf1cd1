#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# usage: [JOBS=N] [STEPS="cold cached syntax spatch"] [IRQCONV=BINARY]
#        testsuite/scan/bench.sh PATH...   (from the top of the repo)
# Times `irqconv scan` cold (--no-cache) and cached over PATH..., and
# clang-16 -fsyntax-only over the files scan parses, with the same flags
# (`irqconv flags`), N at a time.  Prints Markdown table rows: wall time
# and CPU time (user + system, children included), since a shared machine
# stretches wall time.

set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
irqconv=${IRQCONV:-$top/build/bin/irqconv}
steps=" ${STEPS:-cold cached syntax spatch} "
ksrc=$top/build/linux-6.1
jobs=${JOBS:-$(nproc)}
out=$top/build/bench-scan
mkdir -p "$out"

# timed NAME COMMAND...: run, keep "wall cpu" in $out/NAME.time
timed() {
	local name=$1
	shift
	/usr/bin/time -o "$out/$name.time" -f '%e %U %S' "$@"
}
row() {
	awk -v what="$1" -v files="$2" '{ printf "| %s | %s | %.0f | %.0f |\n", what, files, $1, $2 + $3 }' \
		"$out/$3.time"
}

# step NAME: whether STEPS asks for it; the rows of the others are left out.
step() {
	[[ $steps == *" $1 "* ]]
}

echo "bench-scan: $* with -j $jobs on $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg), steps$steps, $(date -u +%Y-%m-%d)" >&2

if step cold; then
	timed cold "$irqconv" scan --no-cache --stats -j "$jobs" --summary "$@" \
		>"$out/cold.summary" 2>"$out/cold.err"
fi
if step cached; then
	timed cached "$irqconv" scan --stats -j "$jobs" --summary "$@" \
		>"$out/cached.summary" 2>"$out/cached.err"
fi

# The files scan parses: those whose text names a request function.
(cd "$ksrc" && grep -rlE 'request_(threaded_|any_context_|percpu_)?irq|request_nmi' \
	--include='*.c' "$@" | sort) >"$out/files"
syntax_one() {
	local f=$1 line
	# No flags means no measurement: stop (exit 255 ends xargs) rather
	# than time nothing.  clang failing on a file is fine: scan meets the
	# same errors (its unanalysable records).
	if ! line=$("$irqconv" flags "$f"); then
		echo "bench-scan: no compile flags for $f" >&2
		exit 255
	fi
	line=${line#*: }
	eval "clang-16 -fsyntax-only -w $line $ksrc/$f" >/dev/null 2>&1 || true
}
export -f syntax_one
export irqconv ksrc
if step syntax; then
	timed syntax xargs -a "$out/files" -P "$jobs" -I{} bash -c 'syntax_one "$1"' _ {}
fi

# spatch finding the same call sites in the same files, 50 files per run.
if step spatch; then
	(cd "$ksrc" && timed spatch xargs -a "$out/files" -n 50 -P "$jobs" \
		spatch -D report --very-quiet --no-includes \
		--sp-file "$top/testsuite/scan/bench-sites.cocci") >"$out/spatch.sites"
fi

parsed=$(wc -l <"$out/files")
echo "| what | files | wall time (s) | CPU time (s) |"
echo "| --- | --- | --- | --- |"
if step cold; then
	files=$(sed -n 's/^files //p' "$out/cold.summary")
	sites=$(sed -n 's/^sites //p' "$out/cold.summary")
	row "irqconv scan, cold (--no-cache), $sites sites" "$files ($parsed parsed)" cold
	tail -n 1 "$out/cold.err" >&2
fi
step cached && row "irqconv scan, cached" "$(sed -n 's/^files //p' "$out/cached.summary")" cached
step syntax && row "clang-16 -fsyntax-only, same files and flags" "$parsed" syntax
step spatch && row "spatch, the same call sites ($(wc -l <"$out/spatch.sites") found)" "$parsed" spatch
exit 0
