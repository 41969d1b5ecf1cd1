#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq: boots the test kernel once per driver and variant
# (original, threadirqs, converted), one after the other, and collects the
# guest's BENCH-RESULT lines into $BUILD/bench-irq/results.txt; then
# bench/irq/report.sh makes the table and the plot.
#
# usage: run.sh DRIVER...      (edu, e1000)
# Needs: make test-kernel initramfs, $BUILD/bench-irq/guest/bench.cpio and
# $BUILD/boot/mod/{edu,DRIVER}/mods.cpio (bench/irq/rules.mk makes them).
# Environment: BENCH_TIMEOUT (seconds per boot, default 900).

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
export BUILD=$build
out=$build/bench-irq
limit=${BENCH_TIMEOUT:-900}
# shellcheck source=testsuite/lib/test-lib.sh
. "$top/testsuite/lib/test-lib.sh"
# shellcheck source=testsuite/lib/boot.sh
. "$top/testsuite/lib/boot.sh"

# QEMU devices per driver. edu: edu0 (slot 3) alone on its INTx line,
# edu1 and edu2 (slots 4 and 8) on one line (q35 routes slot S, pin A to
# PIRQ E + S mod 4). e1000: eth0 sends to eth1 through a QEMU hub, and an
# edu on eth0's line raises the interrupts that are not e1000's.
qemu_args() {
	case "$1" in
	edu)
		echo "-device edu,addr=3 -device edu,addr=4 -device edu,addr=8"
		;;
	e1000)
		echo "-netdev hubport,id=a,hubid=0 -device e1000,netdev=a,addr=4" \
		     "-netdev hubport,id=b,hubid=0 -device e1000,netdev=b,addr=3" \
		     "-device edu,addr=8"
		;;
	*)
		echo "bench-irq: no driver '$1' (edu, e1000)" >&2
		exit 2
		;;
	esac
}

initrd() {
	local d=$1 f mods=("$build/boot/mod/edu/mods.cpio")
	f=$out/$d.cpio
	[ "$d" = edu ] || mods+=("$build/boot/mod/$d/mods.cpio")
	cat "$build/testkernel/initramfs.cpio" "${mods[@]}" \
		"$out/guest/bench.cpio" >"$f"
	echo "$f"
}

mkdir -p "$out"
results=$out/results.txt
: >"$results.tmp"
for d in "$@"; do
	args=$(qemu_args "$d")
	rd=$(initrd "$d")
	for v in original threadirqs converted; do
		log=$out/$d-$v.console
		append="irqconv.test=bench-irq-$d irqbench.variant=$v"
		[ "$v" = threadirqs ] && append="$append threadirqs"
		echo "bench-irq: $d $v (console $log)"
		start=$SECONDS
		echo "$d $v host_load $(cut -d" " -f1 /proc/loadavg)" >>"$results.tmp"
		st=0
		# shellcheck disable=SC2086
		boot "$BOOT_KERNEL" "$rd" "$append" "$limit" "$log" $args || st=$?
		tr -d '\r' <"$log" | grep '^BENCH-RESULT ' | cut -d' ' -f2- >>"$results.tmp" || true
		if [ $st -ne 0 ] || ! tr -d '\r' <"$log" | grep -q "^IRQCONV-RESULT: bench-irq-$d 0"; then
			tr -d '\r' <"$log" | grep -E 'bench-irq|FAIL' | tail -5 >&2
			fail "$d $v: the benchmark boot failed (status $st), console $log"
		fi
		console_check "$log" || echo "bench-irq: warning: $d $v console not clean" >&2
		echo "bench-irq: $d $v done in $((SECONDS - start)) s"
	done
done
mv "$results.tmp" "$results"
{
	echo "date $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "command make bench-irq${ONLY:+ ONLY=\"$ONLY\"}"
	echo "host $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(qemu-system-x86_64 --version | head -1)"
} >"$out/run-info.txt"
"$top/bench/irq/report.sh" "$out"
