# SPDX-License-Identifier: GPL-2.0
#
# e1000 under the benchmark. The host gives two e1000 on one QEMU hub and
# an edu device on the INTx line of one of them: frames go from one NIC
# to the other (throughput, irqs-off, per-interrupt costs of both NICs),
# then edu interrupts and the e1000 handler on its line runs for nothing.
. /tests/bench-irq-lib.sh
DRIVER=e1000
N=${N:-10000}
bench_init

case "$MOD" in
original) modprobe e1000 || die "modprobe e1000" ;;
converted)
	insmod /lib/modules/irqconv/e1000/converted/e1000.ko ||
		die "insmod converted e1000.ko"
	;;
esac
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
hz=$(edu-load tsc-hz)
result tsc_hz "$hz"
result threads "$(irq_threads "$irqa" | wc -l)"

# Throughput: frames eth0 -> eth1 through the hub, nothing traced.
rate=$(net-load eth0 eth1 5) || die "net-load failed"
say "$rate"
rate=${rate#rx_per_s=}
result rate_per_s "${rate%% *}"
irqsoff_max 5 net-load eth0 eth1 6

# Per interrupt (both NICs), from the trace; the work is NAPI (NET_RX).
trace_events "$irqa $irqb" 3
touch $SAMPLES/handler
tries=0
while [ "$(wc -l <$SAMPLES/handler)" -lt "$N" ]; do
	tries=$((tries + 1))
	[ $tries -le 30 ] || die "too few interrupts in the trace"
	trace_chunk net-load eth0 eth1 2 >/dev/null
	say "chunk: $(irqtrace -H "$hz" -i "$irqa" -i "$irqb" -v 3 -t irq/ \
		-o $SAMPLES <$T/trace)"
done
result_stat handler $SAMPLES/handler
result_stat section $SAMPLES/section
result_stat latency $SAMPLES/latency
echo 0 >$T/events/enable

# Shared line: edu, requested after the NIC, raises; the e1000 handler
# (action 0) runs for nothing, and under threadirqs its thread too.
insmod /lib/modules/irqconv/edu/original/edu.ko || die "insmod edu.ko"
eirq=$(cat /sys/class/misc/edu0/device/irq)
[ "$eirq" = "$irqa" ] || [ "$eirq" = "$irqb" ] || die "edu is on irq $eirq, no NIC's"
grep -E "^ *$eirq:" /proc/interrupts
shared_line "$eirq" /sys/class/misc/edu0
