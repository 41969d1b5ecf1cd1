# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the NIC benchmarks (bench-irq-e1000.sh, bench-irq-ne2k-pci.sh)
# after they set DRIVER and NIC_MODULE. The host gives two NICs of the
# driver on one QEMU hub and an edu device on the INTx line of one of
# them: frames go from one NIC to the other (throughput, irqs-off,
# per-interrupt costs of both NICs), then edu interrupts and the NIC's
# handler on its line runs for nothing.
. /tests/bench-irq-lib.sh
NET_RX_SOFTIRQ=3
bench_init
N=${N:-$BENCH_N}

load_mod "$NIC_MODULE"
for i in 0 1; do
	ip link set eth$i up || die "eth$i up"
done
for t in $(seq 50); do
	[ "$(cat /sys/class/net/eth0/carrier /sys/class/net/eth1/carrier 2>/dev/null)" = "1
1" ] && break
	sleep 0.2
done
irqa=$(cat /sys/class/net/eth0/device/irq)
irqb=$(cat /sys/class/net/eth1/device/irq)
[ "$irqa" != "$irqb" ] || die "eth0 and eth1 share irq $irqa"
grep -E "^ *($irqa|$irqb):" /proc/interrupts
tick_hz
result threads "$(irq_threads "$irqa" | wc -l)"

# Throughput: frames eth0 -> eth1 through the hub, nothing traced.
rate=$(net-load eth0 eth1 $RATE_SECS) || die "net-load failed"
say "$rate"
rate=${rate#rx_per_s=}
result rate_per_s "${rate%% *}"
irqsoff_max $WINDOWS net-load eth0 eth1 $IRQSOFF_SECS

# Per interrupt (both NICs), from the trace; the work ends in NET_RX (NAPI,
# or the backlog netif_rx() fills) or when the irq thread switches out.
trace_events "$irqa $irqb" $NET_RX_SOFTIRQ
touch $SAMPLES/handler
tries=0
while [ "$(wc -l <$SAMPLES/handler)" -lt "$N" ]; do
	tries=$((tries + 1))
	[ $tries -le 30 ] || die "too few interrupts in the trace"
	trace_chunk net-load eth0 eth1 $CHUNK_SECS >/dev/null
	say "chunk: $(irqtrace -H "$hz" -i "$irqa" -i "$irqb" \
		-v $NET_RX_SOFTIRQ -t irq/ -o $SAMPLES <$T/trace)"
done
result_stat handler $SAMPLES/handler
result_stat section $SAMPLES/section
result_stat latency $SAMPLES/latency
echo 0 >$T/events/enable

# Shared line: edu, requested after the NIC, raises; the NIC's handler
# (action 0) runs for nothing, and under threadirqs its thread too.
insmod /lib/modules/irqconv/edu/original/edu.ko || die "insmod edu.ko"
eirq=$(cat /sys/class/misc/edu0/device/irq)
[ "$eirq" = "$irqa" ] || [ "$eirq" = "$irqb" ] || die "edu is on irq $eirq, no NIC's"
grep -E "^ *$eirq:" /proc/interrupts
shared_line "$eirq" /sys/class/misc/edu0
