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
	bench_clock
	say "$DRIVER $VARIANT on $(uname -r)"
}

# bench_clock: what the guest's clock counts, from irqbench.clock= (run.sh
# sets it): tcg, emulated time that follows the host, or icount, QEMU's
# -icount shift=0: one ns of virtual time per instruction executed, so the
# TSC counts instructions (and jumps over idle time, sleep=off). Under
# icount the figures repeat from run to run, so fewer samples and shorter
# load phases do (BENCH_N interrupts, SHARED_N on the shared line, RATE_SECS
# of throughput, WINDOWS irqsoff windows of WINDOW_SECS in IRQSOFF_SECS
# of load (which must outlast LEAD_SECS before them and the windows),
# CHUNK_SECS of streaming load per trace chunk).
bench_clock() {
	CLOCK=$(cmdline_arg irqbench.clock)
	case "${CLOCK:=tcg}" in
	icount)
		BENCH_N=1000 SHARED_N=500 RATE_SECS=0.5 CHUNK_SECS=0.1
		WINDOWS=3 WINDOW_SECS=0.2 LEAD_SECS=0.2 IRQSOFF_SECS=1.5
		;;
	tcg)
		BENCH_N=10000 SHARED_N=2000 RATE_SECS=5 CHUNK_SECS=2
		WINDOWS=5 WINDOW_SECS=0.6 LEAD_SECS=1 IRQSOFF_SECS=6
		;;
	*) die "irqbench.clock= must be tcg or icount, not '$CLOCK'" ;;
	esac
	# irqbench.short=1 (the check in make check): the per-interrupt
	# figures of a few hundred interrupts, no throughput nor irqsoff phase.
	SHORT=$(cmdline_arg irqbench.short)
	if [ "$SHORT" = 1 ]; then
		BENCH_N=200 SHARED_N=100
		result short 1
	fi
	result clock "$CLOCK"
}

# tick_hz: sets hz, the trace clock's (x86-tsc) ticks per second of the
# guest's time. Under icount exactly 10^9, one tick per instruction: the ticks are
# then the instruction counts, and the samples irqtrace writes as "ns" are
# instructions. The rate measured in the guest goes to the results
# either way (tsc_hz), a check that the TSC does run on the virtual clock.
tick_hz() {
	hz=$(edu-load tsc-hz) || die "edu-load tsc-hz"
	result tsc_hz "$hz"
	[ "$CLOCK" != icount ] || hz=1000000000
}

# load_mod NAME [PARAM=VALUE]...: the converted variant loads the build of
# NAME in its row's set (/lib/modules/irqconv/DRIVER/converted, listed
# in modules.deps with its dependencies), the others and every module
# not in the set the kernel's, with modprobe.
load_mod() {
	local name=$1 set=/lib/modules/irqconv/$DRIVER/converted m f d
	shift
	m=$(echo "$name" | tr - _)
	grep -q "^$m " /proc/modules && return 0
	f=
	[ "$MOD" != converted ] ||
		f=$(awk -v m="$m" '$1 == m { print $2 }' $set/modules.deps 2>/dev/null)
	if [ -z "$f" ]; then
		modprobe "$name" "$@" || die "modprobe $name"
		return 0
	fi
	for d in $(awk -v m="$m" '$1 == m { for (i = 3; i <= NF; i++) print $i }' \
			$set/modules.deps); do
		load_mod "$d"
	done
	insmod "$set/$f" "$@" || die "insmod $set/$f"
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
# WINDOWS windows of WINDOW_SECS: irqsoff_max_us is the longest of all,
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
	sleep "$LEAD_SECS"
	: >/tmp/irqsoff
	for i in $(seq "$n"); do
		echo 0 >$T/tracing_max_latency
		echo 1 >$T/tracing_on
		sleep "$WINDOW_SECS"
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
# SHARED_N of them traced, in chunks of 1000 raises.  Needs $hz.
shared_line() {
	local irq=$1 dev=$2 fpid tries=0

	mkdir -p $SAMPLES/shared
	fpid=$(irq_threads "$irq" | head -n 1)
	trace_events "$irq" 6
	touch $SAMPLES/shared/foreign
	while [ "$(wc -l <$SAMPLES/shared/foreign)" -lt "$SHARED_N" ]; do
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
