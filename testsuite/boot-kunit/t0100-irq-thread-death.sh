#!/bin/bash
# An irq thread oopses (KUnit suite irq_thread_death, booted on its own):
# exactly one oops report, the kernel's notice about the dying irq thread,
# the KUnit case passes (no work for the dead thread, no leaked reference,
# no storm, free_irq() returns, the line works again), the system stays up
# to the end of /init, and the rest of the console is clean.
# timeout: 200
. "$TESTLIB"
. "$TOP/testsuite/lib/boot.sh"

boot_require
log=$TEST_TMP/irq-thread-death.console
status=0
boot "$BOOT_KERNEL" "$BOOT_INITRD" \
	"kunit.enable=1 kunit.filter_glob=irq_thread_death irqconv.test=kunit" \
	150 "$log" || status=$?
echo "console log: $log"
[ $status -eq 0 ] || fail "qemu exited with $status (124: timeout), log $log"

console=$(tr -d '\r' <"$log")
expect_match "the oops" "BUG: kernel NULL pointer dereference" "$console"
expect_match "oops in the irq thread" "Comm: irq/[0-9]+-qc-die" "$console"
expect_match "dying irq thread noticed" \
	'exiting task "irq/[0-9]+-qc-die" \([0-9]+\) is an active IRQ thread' "$console"
results=$(ktap_results "$log")
echo "$results"
expect_eq "KUnit result" "ok irq_thread_death.qc_thread_death" "$results"
expect_match "system up after the oops" "^IRQCONV-DONE" "$console"
BOOT_ALLOW_OOPS=1 console_check "$log" || fail "console not clean besides the one oops, log $log"
