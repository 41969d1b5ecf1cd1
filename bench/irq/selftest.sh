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
# The benchmark kernel's fragments: the test kernel's but debug.config, and
# each option debug.config sets decided again in bench/irq/kernel.config,
# kept or unset, so that a debug option added there cannot slip into the
# benchmark kernel (or a tracer it needs go missing) unnoticed.
bench_fragments() {
	local want got sym bad=0
	want=$(cd "$top" && printf '%s\n' testsuite/kernel/config/*.config |
		grep -vx testsuite/kernel/config/debug.config
		echo bench/irq/kernel.config)
	got=$(KERNEL_FLAVOUR=bench "$top/testsuite/kernel/build.sh" fragments)
	[ "$want" = "$got" ] ||
		{ echo "# bench kernel fragments: $got, want $want"; bad=1; }
	while read -r sym; do
		grep -qE "^($sym=|# $sym is not set)" "$top/bench/irq/kernel.config" &&
			continue
		echo "# $sym of debug.config is neither kept nor unset in bench/irq/kernel.config"
		bad=1
	done < <(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p' \
		"$top/testsuite/kernel/config/debug.config")
	return $bad
}

status=0
if bench_fragments; then
	echo "ok bench-kernel-fragments"
else
	echo "not ok bench-kernel-fragments"
	status=1
fi
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
