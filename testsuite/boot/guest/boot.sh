# SPDX-License-Identifier: GPL-2.0
#
# One boot of the matrix, in the guest (/init runs it for irqconv.test=boot).
# irqconv.driver=NAME names the row of /tests/boot-matrix, irqconv.variant=
# the variant.  Loads the modules, checks the driver bound, runs the
# row's workloads, and checks what the kernel shows of the interrupts:
# the count grew; converted: every irq/N-name thread of the row's thread
# actions exists and they ran; threadirqs: the same for all the row's
# actions; nomsi: no MSI.  Unloads the modules at the end (free_irq with
# DEBUG_SHIRQ calls a shared handler once more).  Exit 0 when all held.

. /tests/boot-lib.sh

driver=
variant=
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	irqconv.driver=*) driver=${arg#*=} ;;
	irqconv.variant=*) variant=${arg#*=} ;;
	esac
done
[ -n "$driver" ] || die "no irqconv.driver= on the command line"
row=$(awk -v n="$driver" '!/^#/ && $1 == n' /tests/boot-matrix)
[ -n "$row" ] || die "no row '$driver' in the matrix"
# Fields hold regular expressions: no globbing.
set -f
# shellcheck disable=SC2086
set -- $row
set +f
BOOT_NAME=$1
BOOT_BIND=$4
BOOT_IRQ=$5
thread_re=$6
[ "$thread_re" = = ] && thread_re=$BOOT_IRQ
# "-": the handler stays in hard-irq context (staged), no thread allowed
hardirq_only=
[ "$thread_re" = - ] && hardirq_only=1 && thread_re=
modules=$7
workloads=${10}
BOOT_VARIANT=$variant
export BOOT_NAME BOOT_VARIANT BOOT_BIND BOOT_IRQ

case "$variant" in
original|threadirqs) set=original ;;
converted|nomsi) set=converted ;;
*) die "unknown variant '$variant'" ;;
esac
case "$variant" in
threadirqs) grep -qw threadirqs /proc/cmdline || die "not booted with threadirqs" ;;
nomsi) grep -qw pci=nomsi /proc/cmdline || die "not booted with pci=nomsi" ;;
esac
# The row's own builds: the converted driver, or examples/ as written.
modset=/lib/modules/irqconv/$driver/$set
[ "$set" = original ] || [ -f "$modset/modules.deps" ] ||
	die "no converted modules in $modset"
kdeps=/lib/modules/$(uname -r)/modules.dep

loaded() {
	grep -q "^$1 " /proc/modules
}

# load NAME[:PARAM=VALUE...]: the row's own build of a module when there
# is one, else the kernel's; dependencies first, the row's builds of them
# preferred wherever they appear in the chain.
load() {
	local m params f d
	m=$(echo "${1%%:*}" | tr - _)
	params=
	case "$1" in *:*) params=$(echo "${1#*:}" | tr : ' ') ;; esac
	loaded "$m" && return 0
	f=$(awk -v m="$m" '$1 == m { print $2 }' "$modset/modules.deps" 2>/dev/null)
	if [ -n "$f" ]; then
		for d in $(awk -v m="$m" '$1 == m { for (i = 3; i <= NF; i++) print $i }' \
				"$modset/modules.deps"); do
			load "$d"
		done
		# shellcheck disable=SC2086
		insmod "$modset/$f" $params || die "insmod $modset/$f failed"
		say "loaded $m, the row's $set build"
	else
		for d in $(awk -v m="$m" '{
				f = $1; sub(/:$/, "", f); sub(/.*\//, "", f); sub(/\.ko$/, "", f)
				gsub(/-/, "_", f)
				if (f == m) for (i = 2; i <= NF; i++) print $i
			}' "$kdeps"); do
			d=${d##*/}
			load "${d%.ko}"
		done
		# shellcheck disable=SC2086
		modprobe "${1%%:*}" $params || die "modprobe ${1%%:*} failed"
		say "loaded $m, the kernel's"
	fi
}

bound() {
	local l
	for l in /sys/bus/*/drivers/"$1"/*; do
		[ -L "$l" ] && [ "${l##*/}" != module ] && return 0
	done
	return 1
}

# Total of the counts of the distinct lines in a table of irq_table.
irq_total() {
	awk '!seen[$1]++ { n += $3 } END { print n + 0 }' "$1"
}

# thread_snapshot TABLE ERE: "PID SWITCHES IRQ ACTION" for the actions of
# TABLE matching ERE; PID "-" when the thread is missing.  One pass: a
# process per lookup costs seconds under TCG.
thread_snapshot() {
	grep -H . /proc/[0-9]*/comm 2>/dev/null |
		sed 's|^/proc/\([0-9]*\)/comm:|\1 |' >/tmp/comms
	awk -v pat="^($2)\$" '
	FILENAME == "/tmp/comms" {
		pid = $1
		sub(/^[0-9]+ /, "")
		comm[$0] = pid
		next
	}
	$2 ~ pat {
		full = "irq/" $1 "-" $2
		cut = substr(full, 1, 15)
		p = (full in comm) ? comm[full] : ((cut in comm) ? comm[cut] : "-")
		n = 0
		if (p != "-") {
			f = "/proc/" p "/status"
			while ((getline l < f) > 0)
				if (l ~ /ctxt_switches/) {
					split(l, a, /[ \t]+/)
					n += a[2]
				}
			close(f)
		}
		print p, n, $1, $2
	}' /tmp/comms "$1"
}

say "row $driver, variant $variant, modules from $set"
: >/tmp/boot.loaded
for m in $(echo "$modules" | tr , ' '); do
	[ "$m" = - ] && continue
	keep=
	case "${m%%:*}" in *!) keep=1 ;; esac
	m=$(echo "$m" | sed 's/!//')
	load "$m"
	# Only the row's own modules are unloaded at the end: some of their
	# dependencies cannot be (bsg has no exit function); NAME! in the
	# matrix keeps one whose remove path is broken upstream.
	[ -n "$keep" ] || echo "${m%%:*}" | tr - _ >>/tmp/boot.loaded
done
for b in $(echo "$BOOT_BIND" | tr , ' '); do
	wait_for 20 "driver $b to bind a device" bound "$b"
	say "driver $b bound: $(ls -l /sys/bus/*/drivers/"$b"/ | sed -n "s|.* \([^ ]*\) -> .*devices/.*|\1|p" | tr "\n" " ")"
done

case "$variant" in
converted|nomsi) want=$thread_re ;;
threadirqs) want=$BOOT_IRQ ;;
*) want= ;;
esac
irq_table "$BOOT_IRQ" >/tmp/irq.before
thread_snapshot /tmp/irq.before "${want:-$BOOT_IRQ}" >/tmp/threads.before
for w in $(echo "$workloads" | tr + ' '); do
	[ -f "/tests/workload-$w.sh" ] || die "no workload $w (/tests/workload-$w.sh)"
	say "workload $w"
	sh "/tests/workload-$w.sh" || die "workload $w failed (status $?)"
done
irq_table "$BOOT_IRQ" >/tmp/irq.after

before=$(irq_total /tmp/irq.before)
after=$(irq_total /tmp/irq.after)
say "interrupts of '$BOOT_IRQ': $before before the workload, $after after"
sed 's/^/boot:   irq /' /tmp/irq.after
[ -s /tmp/irq.after ] || die "no interrupt action matches '$BOOT_IRQ' in /proc/interrupts"
[ "$after" -gt "$before" ] || die "the interrupt count did not grow ($before, then $after)"

if [ "$variant" = nomsi ] && grep -q MSI /tmp/irq.after; then
	die "booted with pci=nomsi, yet an interrupt is MSI: $(grep MSI /tmp/irq.after | head -1)"
fi

thread_snapshot /tmp/irq.after "${want:-$BOOT_IRQ}" >/tmp/threads.after
while read -r pid n irq act; do
	if [ "$pid" = - ]; then
		say "  no thread irq/$irq-$act"
	else
		say "  thread $pid $(cat "/proc/$pid/comm"): $n context switches"
	fi
done </tmp/threads.after
if [ -n "$want" ]; then
	grep -q . /tmp/threads.after || die "no interrupt action matches '$want'"
	missing=$(awk '$1 == "-" { print "irq/" $3 "-" $4 }' /tmp/threads.after | head -1)
	[ -z "$missing" ] || say "irq threads there are: $(cat /proc/[0-9]*/comm 2>/dev/null | grep "^irq/" | tr "\n" " ")"
	[ -z "$missing" ] || die "no $missing thread ($variant)"
	tb=$(awk '$1 != "-" { n += $2 } END { print n + 0 }' /tmp/threads.before)
	ta=$(awk '{ n += $2 } END { print n + 0 }' /tmp/threads.after)
	say "irq threads: $tb context switches before the workload, $ta after"
	[ "$ta" -gt "$tb" ] || die "the irq threads did not run during the workload ($tb, then $ta switches)"
fi
if [ -n "$hardirq_only" ] && [ "$variant" = converted ]; then
	extra=$(awk '$1 != "-" { print "irq/" $3 "-" $4 }' /tmp/threads.after | head -1)
	[ -z "$extra" ] || die "$extra exists, yet the row's handler stays in hard-irq context"
	say "no irq thread: the handler ran in hard-irq context"
fi

for b in $(echo "$BOOT_BIND" | tr , ' '); do
	bound "$b" || die "driver $b no longer bound after the workload"
done
for m in $(sed '1!G;h;$!d' /tmp/boot.loaded); do
	loaded "$m" || continue
	rmmod "$m" 2>/dev/null && continue
	# Held by the kernel (alarmtimer pins a wakeup-capable RTC's driver)
	# or by a module still loaded: not the driver's fault.
	refs=$(cat "/sys/module/$m/refcnt" 2>/dev/null)
	[ "${refs:-0}" -gt 0 ] || die "rmmod $m failed"
	say "$m is in use ($refs references), left loaded"
done
say "unloaded the row's modules: $(tr '\n' ' ' </tmp/boot.loaded)"
say "pass"
