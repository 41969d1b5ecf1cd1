#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq: boots a kernel once per driver and variant (original,
# threadirqs, converted), one after the other, and collects the guest's
# BENCH-RESULT lines into $BUILD/bench-irq/KERNEL/results.txt; then
# bench/irq/report.sh makes the table and the plot.
#
# usage: run.sh DRIVER...      (edu, e1000, pvscsi)
# Environment: BENCH_KERNEL, the kernel that boots: bench (the default,
# $BUILD/benchkernel with the modules of $BUILD/bench-irq/mod/) or test
# ($BUILD/testkernel, the debug kernel, with those of $BUILD/boot/mod/);
# BENCH_TIMEOUT (seconds per boot, default 900).
# Needs: that kernel and its initramfs, $BUILD/bench-irq/guest/bench.cpio
# and the mods.cpio of edu and of each DRIVER (bench/irq/rules.mk makes them).

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
export BUILD=$build
kernel=${BENCH_KERNEL:-bench}
case "$kernel" in
bench) kdir=$build/benchkernel mods=$build/bench-irq/mod ;;
test) kdir=$build/testkernel mods=$build/boot/mod ;;
*) echo "bench-irq: BENCH_KERNEL is bench or test, not '$kernel'" >&2; exit 2 ;;
esac
out=$build/bench-irq/$kernel
limit=${BENCH_TIMEOUT:-900}
# shellcheck source=testsuite/lib/test-lib.sh
. "$top/testsuite/lib/test-lib.sh"
# shellcheck source=testsuite/lib/boot.sh
. "$top/testsuite/lib/boot.sh"

# QEMU devices per driver. edu: edu0 (slot 3) alone on its INTx line,
# edu1 and edu2 (slots 4 and 8) on one line (q35 routes slot S, pin A to
# PIRQ E + S mod 4). e1000: eth0 sends to eth1 through a QEMU hub, and an
# edu on eth0's line raises the interrupts that are not e1000's. pvscsi:
# one null-co disk (reads only), and an edu on the adapter's INTx line.
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
	pvscsi)
		echo "-device pvscsi,id=scsi0,addr=4" \
		     "-drive if=none,id=d0,driver=null-co,size=64M,read-zeroes=on" \
		     "-device scsi-hd,drive=d0,bus=scsi0.0 -device edu,addr=8"
		;;
	*)
		echo "bench-irq: no driver '$1' (edu, e1000, pvscsi)" >&2
		exit 2
		;;
	esac
}

initrd() {
	local d=$1 f sets=("$mods/edu/mods.cpio")
	f=$out/$d.cpio
	[ "$d" = edu ] || sets+=("$mods/$d/mods.cpio")
	cat "$kdir/initramfs.cpio" "${sets[@]}" \
		"$build/bench-irq/guest/bench.cpio" >"$f"
	echo "$f"
}

mkdir -p "$out"
# One run per kernel at a time: two would interleave their results file
# and overwrite each other's consoles.
exec 9>"$out/.lock"
if ! flock -n 9; then
	echo "bench-irq: another run is using $out; wait for it to end" >&2
	exit 1
fi
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
		boot "$kdir/bzImage" "$rd" "$append" "$limit" "$log" $args || st=$?
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
	echo "command make bench-irq${ONLY:+ ONLY=\"$ONLY\"}${BENCH_KERNEL:+ BENCH_KERNEL=$BENCH_KERNEL}"
	echo "kernel $kernel $(cat "$kdir/release")"
	echo "host $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(qemu-system-x86_64 --version | head -1)"
} >"$out/run-info.txt"
"$top/bench/irq/report.sh" "$out"
