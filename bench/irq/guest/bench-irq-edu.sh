# SPDX-License-Identifier: GPL-2.0
#
# edu under the benchmark. The host gives three edu devices: edu0 alone on
# its INTx line (throughput, irqs-off, per-interrupt costs) and edu1, edu2
# sharing one (the cost of edu1's handler on edu2's interrupts).
. /tests/bench-irq-lib.sh
DRIVER=edu
bench_init
N=${N:-$BENCH_N}
CHUNK=$((N < 2500 ? N : 2500))

insmod "/lib/modules/irqconv/edu/$MOD/edu.ko" || die "insmod $MOD edu.ko"
for i in 0 1 2; do
	[ -e /sys/class/misc/edu$i/raise ] || die "no edu$i"
done
irq0=$(cat /sys/class/misc/edu0/device/irq)
irq1=$(cat /sys/class/misc/edu1/device/irq)
irq2=$(cat /sys/class/misc/edu2/device/irq)
[ "$irq1" = "$irq2" ] && [ "$irq0" != "$irq1" ] ||
	die "want edu0 alone and edu1, edu2 on one line: irqs $irq0 $irq1 $irq2"
grep -E "^ *($irq0|$irq1):" /proc/interrupts
! grep -E "^ *$irq0:" /proc/interrupts | grep -q , ||
	die "edu0's line $irq0 is shared"
dev0=/sys/class/misc/edu0
tick_hz
result threads "$(irq_threads "$irq0" | wc -l)"

# Throughput: two processes keep the device busy, nothing traced.
if [ "$SHORT" != 1 ]; then
	result rate_per_s "$(edu-load rate $dev0 $RATE_SECS 2)"
	irqsoff_max $WINDOWS edu-load rate $dev0 $IRQSOFF_SECS 2
fi

# Per interrupt, from the trace, in chunks that fit the ring buffer.
trace_events "$irq0" 6
touch $SAMPLES/handler
tries=0
while [ "$(wc -l <$SAMPLES/handler)" -lt "$N" ]; do
	tries=$((tries + 1))
	[ $tries -le 8 ] || die "too few interrupts in the trace"
	trace_chunk edu-load raise $dev0 $CHUNK $SAMPLES/roundtrip
	say "chunk: $(irqtrace -H "$hz" -i "$irq0" -v 6 -t "irq/$irq0-" \
		-o $SAMPLES <$T/trace)"
done
result_stat handler $SAMPLES/handler
result_stat section $SAMPLES/section
result_stat latency $SAMPLES/latency
result_stat roundtrip $SAMPLES/roundtrip

# Shared line: edu2 interrupts, edu1's handler (requested first: action 0)
# runs for nothing; under threadirqs so does its thread (the older one).
shared_line "$irq1" /sys/class/misc/edu2
rmmod edu || die "rmmod edu"
