#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# usage: JOBS=N testsuite/scan/bench.sh PATH...   (from the top of the repo)
# Times `irqconv scan` cold (--no-cache) and cached over PATH..., and
# clang-16 -fsyntax-only over the files scan parses, with the same flags
# (`irqconv flags`), N at a time.  Prints Markdown table rows: wall time
# and CPU time (user + system, children included), since a shared machine
# stretches wall time.

set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
irqconv=$top/build/bin/irqconv
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

echo "bench-scan: $* with -j $jobs on $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d)" >&2

timed cold "$irqconv" scan --no-cache --stats -j "$jobs" --summary "$@" \
	>"$out/cold.summary" 2>"$out/cold.err"
timed cached "$irqconv" scan --stats -j "$jobs" --summary "$@" \
	>"$out/cached.summary" 2>"$out/cached.err"

# The files scan parses: those whose text names a request function.
(cd "$ksrc" && grep -rlE 'request_(threaded_|any_context_|percpu_)?irq|request_nmi' \
	--include='*.c' "$@" | sort) >"$out/files"
syntax_one() {
	local f=$1 line
	line=$("$irqconv" flags "$f" 2>/dev/null) || return 0
	line=${line#*: }
	eval "clang-16 -fsyntax-only -w $line $ksrc/$f" >/dev/null 2>&1 || true
}
export -f syntax_one
export irqconv ksrc
timed syntax xargs -a "$out/files" -P "$jobs" -I{} bash -c 'syntax_one "$1"' _ {}

# spatch finding the same call sites in the same files, 50 files per run.
(cd "$ksrc" && timed spatch xargs -a "$out/files" -n 50 -P "$jobs" \
	spatch -D report --very-quiet --no-includes \
	--sp-file "$top/testsuite/scan/bench-sites.cocci") >"$out/spatch.sites"

files=$(sed -n 's/^files //p' "$out/cold.summary")
sites=$(sed -n 's/^sites //p' "$out/cold.summary")
parsed=$(wc -l <"$out/files")
echo "| what | files | wall time (s) | CPU time (s) |"
echo "| --- | --- | --- | --- |"
row "irqconv scan, cold (--no-cache), $sites sites" "$files ($parsed parsed)" cold
row "irqconv scan, cached" "$files" cached
row "clang-16 -fsyntax-only, same files and flags" "$parsed" syntax
row "spatch, the same call sites ($(wc -l <"$out/spatch.sites") found)" "$parsed" spatch
tail -n 1 "$out/cold.err" >&2
