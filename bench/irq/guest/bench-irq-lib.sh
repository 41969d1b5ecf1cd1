# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the in-guest benchmark scripts (busybox sh). The variant comes
# from the kernel command line: irqbench.variant=original|threadirqs|
# converted; results go to the console as
#   BENCH-RESULT DRIVER VARIANT KEY VALUE...
# which bench/irq/run.sh collects.

T=/sys/kernel/tracing
SAMPLES=/tmp/bench-samples
# Per CPU; a chunk of the event phase must fit or events are lost.
TRACE_BUF_KB=${TRACE_BUF_KB:-49152}

say() {
	echo "bench-irq: $*"
}

die() {
	echo "bench-irq: FAIL: $*"
	exit 1
}

result() {
	echo "BENCH-RESULT $DRIVER $VARIANT $*"
}

cmdline_arg() {
	local arg
	for arg in $(cat /proc/cmdline); do
		case "$arg" in
		"$1"=*) echo "${arg#*=}" ;;
		esac
	done
}

bench_init() {
	VARIANT=$(cmdline_arg irqbench.variant)
	case "$VARIANT" in
	original|converted) MOD=$VARIANT ;;
	threadirqs)
		MOD=original
		grep -qw threadirqs /proc/cmdline || die "threadirqs variant booted without threadirqs"
		;;
	*) die "irqbench.variant= must be original, threadirqs or converted" ;;
	esac
	[ -d $T/events ] || mount -t tracefs nodev $T || die "no tracefs"
	# The console is a slow 8250: no printk while measuring.
	echo 1 >/proc/sys/kernel/printk
	echo 0 >$T/tracing_on
	echo nop >$T/current_tracer
	rm -rf $SAMPLES
	mkdir -p $SAMPLES
	say "$DRIVER $VARIANT on $(uname -r)"
}

# The irq/N-name threads of line N, pids in creation (request) order.
irq_threads() {
	local s p
	for s in /proc/[0-9]*/comm; do
		case "$(cat "$s" 2>/dev/null)" in
		"irq/$1-"*) p=${s%/comm}; echo "${p#/proc/}" ;;
		esac
	done | sort -n
}

# result_stat KEY FILE: KEY_n, KEY_p50, KEY_p99, KEY_max (ns).
result_stat() {
	local n p50 p99 max mean
	set -- "$1" $(irqstat "$2" | tr '=' ' ')
	result "$1" "$3 $5 $7 $9 ${11}"
}

# irqsoff_max WINDOWS CMD...: the longest interrupts-off section while CMD
# runs, from the irqsoff tracer (with the ns local clock it needs), over
# WINDOWS windows of 0.6 s: irqsoff_max_us is the longest of all,
# irqsoff_med_us the median of the windows' longest, which a host that
# preempts QEMU's vCPU thread once does not move.
irqsoff_max() {
	local n=$1 i pid
	shift
	echo 0 >$T/tracing_on
	echo 0 >$T/events/enable
	echo local >$T/trace_clock
	echo irqsoff >$T/current_tracer
	"$@" >/dev/null &
	pid=$!
	sleep 1
	: >/tmp/irqsoff
	for i in $(seq "$n"); do
		echo 0 >$T/tracing_max_latency
		echo 1 >$T/tracing_on
		sleep 0.6
		echo 0 >$T/tracing_on
		cat $T/tracing_max_latency >>/tmp/irqsoff
	done
	wait $pid
	result irqsoff_max_us "$(sort -n /tmp/irqsoff | tail -n 1)"
	result irqsoff_med_us "$(sort -n /tmp/irqsoff | sed -n "$(((n + 1) / 2))p")"
	result irqsoff_windows_us "$(tr '\n' ' ' </tmp/irqsoff)"
	result irqsoff_where "$(sed -n 's/^# *=> *\(started\|ended\) at: *\(.*\)/\1 \2/p' \
		$T/trace | tr '\n' ' ')"
	echo nop >$T/current_tracer
}

# trace_events IRQS VEC: the events irqtrace reads, handler events of the
# lines IRQS (space separated) only.
trace_events() {
	local filter="" irq
	for irq in $1; do
		filter="${filter:+$filter || }irq == $irq"
	done
	echo 0 >$T/tracing_on
	echo nop >$T/current_tracer
	echo 0 >$T/events/enable
	echo x86-tsc >$T/trace_clock
	echo "$TRACE_BUF_KB" >$T/buffer_size_kb
	echo "$filter" >$T/events/irq/irq_handler_entry/filter
	echo "$filter" >$T/events/irq/irq_handler_exit/filter
	echo "vec == $2" >$T/events/irq/softirq_exit/filter
	echo 'prev_comm ~ "irq/*" || next_comm ~ "irq/*"' >$T/events/sched/sched_switch/filter
	for e in preemptirq/irq_disable preemptirq/irq_enable \
		 irq/irq_handler_entry irq/irq_handler_exit irq/softirq_exit \
		 sched/sched_switch; do
		echo 1 >$T/events/$e/enable || die "no trace event $e"
	done
}

# trace_chunk CMD...: CMD runs with tracing on, from an empty buffer.
trace_chunk() {
	echo >$T/trace
	echo 1 >$T/tracing_on
	"$@" || die "$*"
	echo 0 >$T/tracing_on
}

# shared_line IRQ MISCDEV: interrupts raised by MISCDEV's edu on line IRQ,
# where the first action (the other device's) runs for nothing; at least
# 2000 of them traced, in chunks of 1000 raises.  Needs $hz.
shared_line() {
	local irq=$1 dev=$2 fpid tries=0

	mkdir -p $SAMPLES/shared
	fpid=$(irq_threads "$irq" | head -n 1)
	trace_events "$irq" 6
	touch $SAMPLES/shared/foreign
	while [ "$(wc -l <$SAMPLES/shared/foreign)" -lt 2000 ]; do
		tries=$((tries + 1))
		[ $tries -le 6 ] || die "too few shared interrupts in the trace"
		trace_chunk edu-load raise "$dev" 1000 $SAMPLES/shared/roundtrip
		say "shared chunk: $(irqtrace -H "$hz" -i "$irq" -v 6 -t "irq/$irq-" \
			-f 0 ${fpid:+-P $fpid} -o $SAMPLES/shared <$T/trace)"
	done
	result_stat shared_foreign $SAMPLES/shared/foreign
	result_stat shared_foreign_thread $SAMPLES/shared/fthread
	result_stat shared_section $SAMPLES/shared/section
	echo 0 >$T/events/enable
}
