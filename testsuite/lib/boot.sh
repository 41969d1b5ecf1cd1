# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Boot tests: start the test kernel under QEMU (TCG), read its serial
# console, judge it.  Sourced by boot tests after test-lib.sh; bash only.
#
#   boot KERNEL INITRD APPEND TIMEOUT LOG [QEMU ARGS...]
#       One boot: qemu-system-x86_64 -M $BOOT_MACHINE (q35) -accel tcg,
#       512M, no network unless QEMU ARGS add devices on a hub, console
#       on ttyS0 written to LOG.  APPEND is added to the base command
#       line, which turns KUnit off (kunit.enable=0 is the kernel's
#       default here too).  Returns QEMU's status, 124 after TIMEOUT
#       seconds; QEMU never outlives the call.
#   boot_test NAME TIMEOUT [QEMU ARGS...]
#       boot the test kernel and initramfs with irqconv.test=NAME, log in
#       $BOOT_LOGDIR/NAME.console; fails the test unless the guest
#       reported "IRQCONV-RESULT: NAME 0" and the console is clean.
#   console_check LOG
#       fails (returns 1, says why) on any pattern of
#       testsuite/lib/console-bad-patterns outside the allowed oops
#       reports: BOOT_ALLOW_OOPS=N (default 0) demands exactly N.
#   ktap_results LOG
#       prints "ok|not ok|skip SUITE.CASE" per KUnit case found in LOG.
#
# Environment: BOOT_KERNEL, BOOT_INITRD (default: the test kernel from
# `make test-kernel initramfs`), BOOT_MACHINE, BOOT_SMP (default 2),
# BOOT_LOGDIR (default $TEST_TMP), BOOT_EXTRA_APPEND.  For boot():
# BOOT_MONITOR, a unix socket path for QEMU's monitor (default none);
# BOOT_HOST_CMD, a bash command run in a session of its own once that
# socket exists, output in LOG.host, killed with QEMU; its status is then
# in BOOT_HOST_STATUS ("killed" when QEMU ended first).

: "${BUILD:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/build}"
: "${BOOT_KERNEL:=$BUILD/testkernel/bzImage}"
: "${BOOT_INITRD:=$BUILD/testkernel/initramfs.cpio}"
: "${BOOT_MACHINE:=q35}"
: "${BOOT_SMP:=2}"
: "${BOOT_ALLOW_OOPS:=0}"
: "${BOOT_LOGDIR:=${TEST_TMP:-$BUILD/tests/boot}}"
BOOT_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# no_timer_check: under TCG on a loaded host the IO-APIC timer check can
# miss its ticks and panic ("IO-APIC + timer doesn't work!"), seen at load
# 18; KVM guests skip that check the same way.  watchdog_thresh=60: the
# soft-lockup report comes after 120 s instead of 20; at load 20 the
# tracer's boot-time work (tracer_init_tracefs_work_func) held a vCPU for
# 21-26 s of host time.  A handler that storms or livelocks still trips
# it well within BOOT_TIMEOUT.
BOOT_BASE_APPEND="console=ttyS0,115200 earlyprintk=serial,ttyS0,115200 panic=-1 kunit.enable=0 no_timer_check watchdog_thresh=60"

boot_require() {
	[ -f "$BOOT_KERNEL" ] || fail "no test kernel at $BOOT_KERNEL (make test-kernel)"
	[ -f "$BOOT_INITRD" ] || fail "no initramfs at $BOOT_INITRD (make initramfs)"
	command -v qemu-system-x86_64 >/dev/null || fail "qemu-system-x86_64 missing"
}

boot() {
	local kernel=$1 initrd=$2 append=$3 limit=$4 log=$5 pid status
	local monitor=none hostpid=
	shift 5
	mkdir -p "$(dirname "$log")"
	: >"$log"
	BOOT_HOST_STATUS=
	if [ -n "${BOOT_MONITOR:-}" ]; then
		rm -f "$BOOT_MONITOR"
		monitor=unix:$BOOT_MONITOR,server=on,wait=off
	fi
	timeout -k 5 "$limit" qemu-system-x86_64 \
		-M "$BOOT_MACHINE" -accel tcg -m 512M -smp "$BOOT_SMP" \
		-nographic -monitor "$monitor" -no-reboot -nic none \
		-serial "file:$log" \
		-kernel "$kernel" -initrd "$initrd" \
		-append "$BOOT_BASE_APPEND $append ${BOOT_EXTRA_APPEND:-}" \
		"$@" </dev/null >"$log.qemu" 2>&1 &
	pid=$!
	if [ -n "${BOOT_HOST_CMD:-}" ]; then
		boot_wait_monitor "$pid"
		# A session of its own, so that what it starts dies with it.
		setsid bash -c "$BOOT_HOST_CMD" >"$log.host" 2>&1 </dev/null &
		hostpid=$!
	fi
	# shellcheck disable=SC2064
	trap "kill $pid 2>/dev/null; ${hostpid:+kill -- -$hostpid 2>/dev/null;} wait $pid 2>/dev/null" EXIT INT TERM
	status=0
	wait "$pid" || status=$?
	trap - EXIT INT TERM
	if [ -n "$hostpid" ]; then
		boot_reap_host "$hostpid"
	fi
	if [ -s "$log.qemu" ]; then
		sed 's/^/qemu: /' "$log.qemu" >&2
	fi
	return $status
}

# The host side connects to QEMU's sockets: start it once they exist.
boot_wait_monitor() {
	local tries=100
	while [ $tries -gt 0 ]; do
		[ -z "${BOOT_MONITOR:-}" ] || [ -S "$BOOT_MONITOR" ] && return 0
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
		tries=$((tries - 1))
	done
}

# A host side that ended by itself gives its status; one still running
# when QEMU is gone is killed and reported as "killed", not as a failure.
# shellcheck disable=SC2034 # BOOT_HOST_STATUS is for the caller
boot_reap_host() {
	local st=0 state
	state=$(sed "s/.*) //" "/proc/$1/stat" 2>/dev/null | cut -d" " -f1)
	if [ -n "$state" ] && [ "$state" != Z ]; then
		kill -- "-$1" 2>/dev/null
		wait "$1" 2>/dev/null
		BOOT_HOST_STATUS=killed
		return 0
	fi
	wait "$1" || st=$?
	BOOT_HOST_STATUS=$st
}

# Drop the allowed oops reports (from their first line to "---[ end trace")
# and print what remains; the number of reports dropped goes to $1.count.
boot_strip_oopses() {
	awk -v countfile="$2" '
	function start(s) {
		return s ~ /BUG: |Oops|------------\[ cut here \]|kernel BUG at|general protection fault/
	}
	!inside && start($0) { inside = 1; n++ }
	inside { if ($0 ~ /---\[ end trace/) inside = 0; next }
	{ print }
	END { print n + 0 > countfile }
	' "$1"
}

console_check() {
	local log=$1 rest count bad
	rest=$(boot_strip_oopses "$log" "$log.oopses")
	count=$(cat "$log.oopses")
	if [ "$count" -ne "$BOOT_ALLOW_OOPS" ]; then
		echo "console: $count oops report(s), expected $BOOT_ALLOW_OOPS ($log)" >&2
		grep -nE 'BUG: |Oops|cut here|kernel BUG at' "$log" | head -5 >&2
		return 1
	fi
	bad=$(printf '%s\n' "$rest" |
		grep -E -f <(grep -v '^#' "$BOOT_LIB_DIR/console-bad-patterns") |
		head -10) || true
	if [ -n "$bad" ]; then
		echo "console: bad messages in $log:" >&2
		printf '%s\n' "$bad" >&2
		return 1
	fi
	return 0
}

# KUnit prints KTAP through printk: strip the timestamps, then track the
# suite of each nested "# Subtest:" and report its cases.
ktap_results() {
	tr -d "\r" <"$1" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] ?//' | awk '
	function indent(s) { match(s, /^ */); return RLENGTH }
	/^ *# Subtest: / {
		d = indent($0)
		suite[d] = $0
		sub(/^ *# Subtest: /, "", suite[d])
		next
	}
	/^ *(not )?ok [0-9]+ / {
		d = indent($0)
		if (!(d in suite))
			next
		line = $0
		sub(/^ */, "", line)
		res = "ok"
		if (line ~ /^not ok/) { res = "not ok"; sub(/^not ok [0-9]+ /, "", line) }
		else sub(/^ok [0-9]+ /, "", line)
		if (line ~ /# SKIP/) res = "skip"
		sub(/ *#.*/, "", line)
		print res, suite[d] "." line
	}'
}

boot_test() {
	local name=$1 limit=$2 log status
	shift 2
	boot_require
	log=$BOOT_LOGDIR/$name.console
	echo "boot: $name, console log $log"
	status=0
	boot "$BOOT_KERNEL" "$BOOT_INITRD" "irqconv.test=$name" "$limit" \
		"$log" "$@" || status=$?
	[ $status -eq 124 ] && fail "$name: no power-off within ${limit}s (hang?), log $log"
	[ $status -eq 0 ] || fail "$name: qemu exited with $status, log $log"
	console_check "$log" || fail "$name: console not clean, log $log"
	grep -q "^IRQCONV-RESULT: $name 0" <(tr -d '\r' <"$log") ||
		fail "$name: guest did not report success, log $log"
}
