#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq-selftest: the trace parser and the statistics of
# bench-irq, built for the host and run on the traces of bench/irq/tests/
# (NAME.trace, the arguments on its "# args:" line, NAME.expect the counts
# and each sample file's summary), report.sh on recorded results
# (report-NAME/), the benchmark kernel's fragments, and that a second run
# on a busy kernel stops. Seconds, no QEMU.

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

# report.sh on recorded results (tests/report-*/results*.txt): the table
# must match table.expect (units, runs side by side, ratios, how far the
# runs are apart, a refused conversion) and a PNG plot must come out.
for t in "$top"/bench/irq/tests/report-*/; do
	name=$(basename "$t")
	mkdir "$tmp/$name"
	cp "$t"/results*.txt "$tmp/$name/"
	if "$top/bench/irq/report.sh" "$tmp/$name" >"$tmp/$name.log" 2>&1 &&
	   diff -u "$t/table.expect" "$tmp/$name/table.md" &&
	   [ "$(head -c 4 "$tmp/$name/plot.png" | tail -c 3)" = PNG ]; then
		echo "ok $name"
	else
		sed 's/^/# /' "$tmp/$name.log"
		echo "not ok $name"
		status=1
	fi
done

# A run while another holds the kernel's results directory must stop before
# it boots anything, saying why (run.sh takes the lock first).
second_run_refused() {
	local msg
	mkdir -p "$tmp/build/bench-irq/bench"
	flock "$tmp/build/bench-irq/bench/.lock" sleep 30 &
	sleep 1
	if msg=$(BUILD="$tmp/build" BENCH_KERNEL=bench timeout 20 \
		"$top/bench/irq/run.sh" edu 2>&1); then
		echo "# a second run went ahead: $msg"
		return 1
	fi
	kill %1 2>/dev/null || true
	case "$msg" in
	*"another run is using"*) return 0 ;;
	esac
	echo "# a second run failed, but not on the lock: $msg"
	return 1
}
if second_run_refused; then
	echo "ok second-run-refused"
else
	echo "not ok second-run-refused"
	status=1
fi
exit $status
