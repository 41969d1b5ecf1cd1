#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# usage: JOBS=N testsuite/scan/bench.sh PATH...   (from the top of the repo)
# Times `irqconv scan` cold (--no-cache) and cached over PATH..., and
# clang-16 -fsyntax-only over the files scan parses, with the same flags
# (`irqconv flags`), N at a time.  Prints a Markdown table row set.

set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
irqconv=$top/build/bin/irqconv
ksrc=$top/build/linux-6.1
jobs=${JOBS:-$(nproc)}
out=$top/build/bench-scan
mkdir -p "$out"

now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc | xargs printf '%.0f'; }

echo "bench-scan: $* with -j $jobs on $(nproc) CPUs ($(uname -m)), $(date -u +%Y-%m-%d)" >&2

t=$(now)
"$irqconv" scan --no-cache --stats -j "$jobs" --summary "$@" \
	>"$out/cold.summary" 2>"$out/cold.err"
cold=$(since "$t")
t=$(now)
"$irqconv" scan --stats -j "$jobs" --summary "$@" \
	>"$out/cached.summary" 2>"$out/cached.err"
cached=$(since "$t")

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
t=$(now)
xargs -a "$out/files" -P "$jobs" -I{} bash -c 'syntax_one "$1"' _ {}
syntax=$(since "$t")

files=$(sed -n 's/^files //p' "$out/cold.summary")
sites=$(sed -n 's/^sites //p' "$out/cold.summary")
parsed=$(wc -l <"$out/files")
echo "| what | files | wall time (s) |"
echo "| --- | --- | --- |"
echo "| irqconv scan, cold (--no-cache), $sites sites | $files ($parsed parsed) | $cold |"
echo "| irqconv scan, cached | $files | $cached |"
echo "| clang-16 -fsyntax-only, same files and flags | $parsed | $syntax |"
cat "$out/cold.err" | tail -n 1 >&2
