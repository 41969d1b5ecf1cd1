# SPDX-License-Identifier: GPL-2.0
#
# edu: examples/edu/edu-test on every edu device (/dev/eduN): factorials
# with a completion interrupt, raised interrupts counted by the driver,
# DMA round trips; its KTAP goes to the console.
. /tests/boot-lib.sh

n=0
for d in /dev/edu[0-9]*; do
	[ -e "$d" ] || die "no /dev/eduN device"
	edu-test "${d#/dev/edu}" || die "edu-test ${d#/dev/edu} failed"
	n=$((n + 1))
done
say "edu-test passed on $n device(s)"
