#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq: boots a kernel once per driver and variant (original,
# threadirqs, converted), one after the other, and collects the guest's
# BENCH-RESULT lines into $BUILD/bench-irq/KERNEL/results.txt (run 1)
# and results-runN.txt (the runs after it); then bench/irq/report.sh makes
# the table and the plot.
#
# usage: run.sh DRIVER...      (edu, e1000, pvscsi, ne2k-pci, ata_piix)
# Environment: BENCH_KERNEL, the kernel that boots: bench (the default,
# $BUILD/benchkernel with the modules of $BUILD/bench-irq/mod/) or test
# ($BUILD/testkernel, the debug kernel, with those of $BUILD/boot/mod/);
# BENCH_TIMEOUT (seconds per boot, default 900); BENCH_CLOCK, what the
# guest's clock counts: icount (the default: QEMU -icount shift=0, one
# instruction per ns of virtual time, one vCPU) or tcg (emulated time that
# follows the host, two vCPUs: the method before 2026-12-04); BENCH_RUNS,
# how many times each driver's three boots run (default 2 under icount,
# whose figures must repeat, 1 under tcg).
# BENCH_OUT, BENCH_VARIANTS and BENCH_SHORT=1 are for the check in make
# check (testsuite/bench): another results directory, fewer variants, and
# the guest's short mode (irqbench.short=1: a few hundred interrupts).
# A driver whose row irqconv refuses ($MODS/NAME/status) has its converted
# boot skipped, with the reason in the results.
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
out=${BENCH_OUT:-$build/bench-irq/$kernel}
variants=${BENCH_VARIANTS:-original threadirqs converted}
limit=${BENCH_TIMEOUT:-900}
clock=${BENCH_CLOCK:-icount}
case "$clock" in
icount) runs=${BENCH_RUNS:-2} ;;
tcg) runs=${BENCH_RUNS:-1} ;;
*) echo "bench-irq: BENCH_CLOCK is icount or tcg, not '$clock'" >&2; exit 2 ;;
esac
case "$runs" in
[1-9]) ;;
*) echo "bench-irq: BENCH_RUNS is 1 to 9, not '$runs'" >&2; exit 2 ;;
esac
# shellcheck source=testsuite/lib/test-lib.sh
. "$top/testsuite/lib/test-lib.sh"
# shellcheck source=testsuite/lib/boot.sh
. "$top/testsuite/lib/boot.sh"

# Under icount QEMU counts instructions: guest time advances one ns per
# instruction (shift=0), jumps to the next timer when the vCPU idles
# (sleep=off: no host time leaks in) and never waits for the host
# (align=off); the RTC runs on that clock from a fixed date. Only one
# vCPU: the test kernel hangs at SMP bring-up under icount with two, and
# icount has no multi-threaded TCG anyway.
clock_args() {
	case "$clock" in
	icount)
		echo "-icount shift=0,sleep=off,align=off" \
		     "-rtc clock=vm,base=2024-01-01T00:00:00"
		;;
	esac
}

# QEMU devices per driver. edu: edu0 (slot 3) alone on its INTx line,
# edu1 and edu2 (slots 4 and 8) on one line (q35 routes slot S, pin A to
# PIRQ E + S mod 4). e1000 and ne2k-pci: eth0 sends to eth1 through a
# QEMU hub, and an edu on eth0's line raises the interrupts that are not
# the NIC's. pvscsi: one null-co disk (reads only), and an edu on the
# adapter's INTx line. ata_piix: the PIIX3 IDE of machine pc with one
# null-co disk on its first channel (legacy IRQ 14, not shareable: no edu).
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
	ne2k-pci)
		echo "-netdev hubport,id=a,hubid=0 -device ne2k_pci,netdev=a,addr=4" \
		     "-netdev hubport,id=b,hubid=0 -device ne2k_pci,netdev=b,addr=3" \
		     "-device edu,addr=8"
		;;
	pvscsi)
		echo "-device pvscsi,id=scsi0,addr=4" \
		     "-drive if=none,id=d0,driver=null-co,size=64M,read-zeroes=on" \
		     "-device scsi-hd,drive=d0,bus=scsi0.0 -device edu,addr=8"
		;;
	ata_piix)
		echo "-drive if=none,id=d0,driver=null-co,size=64M,read-zeroes=on" \
		     "-device ide-hd,drive=d0,bus=ide.0"
		;;
	*)
		echo "bench-irq: no driver '$1' (edu, e1000, pvscsi, ne2k-pci, ata_piix)" >&2
		exit 2
		;;
	esac
}

# The machine: pc where the device is the PIIX3's, q35 for the rest.
machine() {
	case "$1" in
	ata_piix) echo pc ;;
	*) echo q35 ;;
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

# The converted boot needs irqconv's patch: none when it refused the row.
refused() {
	local st
	st=$(cat "$mods/$1/status" 2>/dev/null || echo "refused no status file")
	case "$st" in
	converted) return 1 ;;
	esac
	echo "${st#refused }"
}

# bench_boot DRIVER VARIANT RUN RESULTS: one boot, its BENCH-RESULT lines
# appended to RESULTS.
bench_boot() {
	local d=$1 v=$2 r=$3 res=$4 log append st start why
	log=$out/$d-$v-run$r.console
	if [ "$v" = converted ] && why=$(refused "$d"); then
		echo "bench-irq: $d converted skipped: irqconv refused it: $why"
		echo "$d $v skipped $why" >>"$res"
		return 0
	fi
	append="irqconv.test=bench-irq-$d irqbench.variant=$v irqbench.clock=$clock"
	[ "${BENCH_SHORT:-0}" = 0 ] || append="$append irqbench.short=1"
	[ "$v" = threadirqs ] && append="$append threadirqs"
	echo "bench-irq: $d $v, run $r of $runs, $clock (console $log)"
	start=$SECONDS
	echo "$d $v host_load $(cut -d" " -f1 /proc/loadavg)" >>"$res"
	st=0
	# shellcheck disable=SC2046,SC2086
	BOOT_MACHINE=$(machine "$d") BOOT_SMP=$smp \
		boot "$kdir/bzImage" "$rd" "$append" "$limit" "$log" \
		$(clock_args) $args || st=$?
	tr -d '\r' <"$log" | grep '^BENCH-RESULT ' | cut -d' ' -f2- >>"$res" || true
	echo "$d $v wall_s $((SECONDS - start))" >>"$res"
	if [ $st -ne 0 ] || ! tr -d '\r' <"$log" | grep -q "^IRQCONV-RESULT: bench-irq-$d 0"; then
		tr -d '\r' <"$log" | grep -E 'bench-irq|FAIL' | tail -5 >&2
		echo "bench-irq: $d $v: the benchmark boot failed (status $st), console $log" >&2
		echo "$d $v failed status $st" >>"$res"
		failed=$((failed + 1))
		return 0
	fi
	console_check "$log" || echo "bench-irq: warning: $d $v console not clean" >&2
	echo "bench-irq: $d $v done in $((SECONDS - start)) s"
}

# Run R's results file: results.txt for the first, results-runR.txt after.
results_file() {
	if [ "$1" = 1 ]; then
		echo "$out/results.txt"
	else
		echo "$out/results-run$1.txt"
	fi
}

mkdir -p "$out"
# One run per kernel at a time: two would interleave their results file
# and overwrite each other's consoles.
exec 9>"$out/.lock"
if ! flock -n 9; then
	echo "bench-irq: another run is using $out; wait for it to end" >&2
	exit 1
fi
failed=0
smp=2
[ "$clock" = tcg ] || smp=1
rm -f "$out"/results-run*.txt "$out"/results*.tmp
for r in $(seq "$runs"); do
	: >"$(results_file "$r").tmp"
done
for d in "$@"; do
	args=$(qemu_args "$d")
	rd=$(initrd "$d")
	for r in $(seq "$runs"); do
		for v in $variants; do
			bench_boot "$d" "$v" "$r" "$(results_file "$r").tmp"
		done
	done
done
for r in $(seq "$runs"); do
	mv "$(results_file "$r").tmp" "$(results_file "$r")"
done
{
	echo "date $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "command make bench-irq${ONLY:+ ONLY=\"$ONLY\"}${BENCH_KERNEL:+ BENCH_KERNEL=$BENCH_KERNEL} BENCH_CLOCK=$clock BENCH_RUNS=$runs"
	echo "kernel $kernel $(cat "$kdir/release")"
	echo "clock $clock, $smp vCPU, $runs runs: $(clock_args)"
	echo "host $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(qemu-system-x86_64 --version | head -1)"
} >"$out/run-info.txt"
"$top/bench/irq/report.sh" "$out"
# A failed boot does not stop the others: its driver's row shows what ran.
if [ $failed -gt 0 ]; then
	echo "bench-irq: $failed boots failed (results.txt: \"failed\" lines)" >&2
	exit 1
fi
