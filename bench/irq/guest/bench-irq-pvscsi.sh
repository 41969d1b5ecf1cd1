# SPDX-License-Identifier: GPL-2.0
#
# pvscsi under the benchmark. The host gives a pvscsi adapter with one
# null-co disk, and an edu device on the adapter's INTx line. QEMU's
# pvscsi offers MSI (one vector, no MSI-X), which the driver takes:
# throughput (O_DIRECT reads, one at a time), irqs-off and the
# per-interrupt costs are measured there (pvscsi_isr(), moved to the
# thread whole when converted). An MSI vector is never shared, so the
# shared line needs INTx: the driver is loaded again with disable_msi=1
# (pvscsi_shared_isr(), split-mask when converted), its throughput taken
# once more, and edu raises interrupts on that line, where the pvscsi
# handler runs for nothing.
. /tests/bench-irq-lib.sh
DRIVER=pvscsi
BLOCK_SOFTIRQ=4
bench_init
N=${N:-$BENCH_N}

# load_pvscsi [PARAM]: the variant's vmw_pvscsi, then its one disk.
load_pvscsi() {
	case "$MOD" in
	original) modprobe vmw_pvscsi "$@" || die "modprobe vmw_pvscsi" ;;
	converted)
		insmod /lib/modules/irqconv/pvscsi/converted/vmw_pvscsi.ko "$@" ||
			die "insmod converted vmw_pvscsi.ko"
		;;
	esac
	for t in $(seq 150); do
		[ -b /dev/sda ] && break
		sleep 0.2
	done
	[ -b /dev/sda ] || die "no disk behind vmw_pvscsi"
	irq=$(awk '/ vmw_pvscsi$/ { sub(":", "", $1); print $1 }' /proc/interrupts)
	[ -n "$irq" ] || die "no vmw_pvscsi line in /proc/interrupts"
	grep -E "^ *$irq:" /proc/interrupts
}

modprobe sd_mod || die "modprobe sd_mod"
load_pvscsi
grep -E "^ *$irq:" /proc/interrupts | grep -q PCI-MSI ||
	die "vmw_pvscsi did not take MSI"
tick_hz
result threads "$(irq_threads "$irq" | wc -l)"

# Throughput: completed reads per second, nothing traced.
rate=$(disk-load /dev/sda $RATE_SECS) || die "disk-load failed"
say "$rate"
rate=${rate#io_per_s=}
result rate_per_s "${rate%% *}"
irqsoff_max $WINDOWS disk-load /dev/sda $IRQSOFF_SECS

# Per interrupt, from the trace; the work ends in BLOCK_SOFTIRQ (the
# original handler raises it) or when the irq thread switches out.
trace_events "$irq" $BLOCK_SOFTIRQ
touch $SAMPLES/handler
tries=0
while [ "$(wc -l <$SAMPLES/handler)" -lt "$N" ]; do
	tries=$((tries + 1))
	[ $tries -le 30 ] || die "too few interrupts in the trace"
	trace_chunk disk-load /dev/sda 2 >/dev/null
	say "chunk: $(irqtrace -H "$hz" -i "$irq" -v $BLOCK_SOFTIRQ -t irq/ \
		-o $SAMPLES <$T/trace)"
done
result_stat handler $SAMPLES/handler
result_stat section $SAMPLES/section
result_stat latency $SAMPLES/latency
echo 0 >$T/events/enable

# INTx: the same driver on its shared-capable path.
rmmod vmw_pvscsi || die "rmmod vmw_pvscsi"
for t in $(seq 50); do
	[ -b /dev/sda ] || break
	sleep 0.2
done
load_pvscsi disable_msi=1
grep -E "^ *$irq:" /proc/interrupts | grep -q 'PCI-MSI' &&
	die "vmw_pvscsi kept MSI with disable_msi=1"
rate=$(disk-load /dev/sda $RATE_SECS) || die "disk-load (INTx) failed"
say "INTx $rate"
rate=${rate#io_per_s=}
result rate_intx_per_s "${rate%% *}"

# Shared line: edu, requested after the adapter, raises; the pvscsi
# handler (action 0) runs for nothing, and under threadirqs its thread too.
insmod /lib/modules/irqconv/edu/original/edu.ko || die "insmod edu.ko"
eirq=$(cat /sys/class/misc/edu0/device/irq)
[ "$eirq" = "$irq" ] || die "edu is on irq $eirq, pvscsi on $irq"
grep -E "^ *$eirq:" /proc/interrupts
shared_line "$eirq" /sys/class/misc/edu0
