#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq-selftest: the trace parser and the statistics of
# bench-irq, built for the host and run on the traces of bench/irq/tests/
# (NAME.trace, the arguments on its "# args:" line, NAME.expect the counts
# and each sample file's summary). Seconds, no QEMU.

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in irqtrace irqstat; do
	gcc -O2 -Wall -Wextra -Werror -o "$tmp/$p" "$top/bench/irq/guest/$p.c"
done
status=0
for t in "$top"/bench/irq/tests/*.trace; do
	name=$(basename "$t" .trace)
	mkdir "$tmp/$name"
	read -r -a args < <(sed -n 's/^# args: //p' "$t")
	{
		echo "irqtrace: $("$tmp/irqtrace" "${args[@]}" -o "$tmp/$name" <"$t")"
		for f in handler section latency foreign fthread; do
			echo "$f: $("$tmp/irqstat" "$tmp/$name/$f")"
		done
	} >"$tmp/$name.out"
	if diff -u "${t%.trace}.expect" "$tmp/$name.out"; then
		echo "ok $name"
	else
		echo "not ok $name"
		status=1
	fi
done
exit $status
