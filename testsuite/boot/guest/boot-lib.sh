# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the matrix's guest scripts (busybox sh): messages the host
# reads from the console.  A failure is one line "boot: FAIL: WHY"; the
# host shows the first one as the reason of the test's failure.
#
# Workloads (/tests/workload-NAME.sh) get from boot.sh, exported:
#   BOOT_NAME     the row (irqconv.driver=)
#   BOOT_VARIANT  original, converted, threadirqs or nomsi
#   BOOT_BIND     the drivers that must be bound, comma separated
#   BOOT_IRQ      the ERE of the row's interrupt action names

say() {
	echo "boot: $*"
}

die() {
	echo "boot: FAIL: $*"
	exit 1
}

# wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.2 s.
wait_for() {
	local limit=$1 what=$2 i=0
	shift 2
	while ! "$@"; do
		i=$((i + 1))
		[ $i -le $((limit * 5)) ] || die "timed out after ${limit}s waiting for $what"
		sleep 0.2
	done
}

# irq_table ERE: "IRQ ACTION COUNT CHIP" for each interrupt action of
# /proc/interrupts whose whole name matches ERE; COUNT is the line's
# count summed over CPUs.
irq_table() {
	awk -v pat="^($1)\$" '
	NR == 1 { ncpu = NF; next }
	$1 ~ /^[0-9]+:$/ {
		irq = $1
		sub(":", "", irq)
		n = 0
		for (i = 2; i <= ncpu + 1; i++)
			n += $i
		chip = $(ncpu + 2)
		acts = ""
		for (i = ncpu + 4; i <= NF; i++)
			acts = acts (acts == "" ? "" : " ") $i
		k = split(acts, a, ", ")
		for (i = 1; i <= k; i++)
			if (a[i] ~ pat)
				print irq, a[i], n, chip
	}' /proc/interrupts
}

# thread_pid IRQ ACTION: the pid of irq/IRQ-ACTION.  A task's name is cut
# to 15 characters, but since 5.17 /proc/PID/comm shows a kthread's whole.
thread_pid() {
	local full cut
	full="irq/$1-$2"
	cut=$(echo "$full" | cut -c1-15)
	grep -H . /proc/[0-9]*/comm 2>/dev/null | awk -v full="$full" -v cut="$cut" '
	{
		i = index($0, ":")
		c = substr($0, i + 1)
		if (c == full || c == cut) {
			split($0, p, "/")
			print p[3]
			found = 1
			exit
		}
	}
	END { exit !found }'
}

# switches PID: voluntary + involuntary context switches.
switches() {
	awk '/ctxt_switches/ { n += $2 } END { print n + 0 }' "/proc/$1/status" 2>/dev/null
}
