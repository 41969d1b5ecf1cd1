#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Serial workload (8250: isa-serial, pci-serial): the port under test is
# the one that is not the console (ttyS0); QEMU connects it to the chardev
# host0, whose host side (host/serial.sh) echoes every byte.  1024 bytes,
# every value four times, must come back unchanged; the 8250 driver takes
# its interrupt only while the port is open, i.e. during this workload.
# shellcheck source=testsuite/boot/guest/workload-lib.sh
. /tests/workload-lib.sh

SERIAL_BYTES=1024

# A PCI port's tty hangs below its PCI device; an ISA one is the UART
# QEMU puts at 0x2f8 for the second isa-serial (COM2).
tty=
for t in /sys/bus/pci/drivers/serial/0000:*/tty/ttyS*; do
	[ -e "$t" ] && tty=${t##*/}
done
if [ -z "$tty" ]; then
	for t in /sys/class/tty/ttyS*; do
		[ "$(cat "$t/port" 2>/dev/null)" = 0x2F8 ] && tty=${t##*/}
	done
fi
[ -n "$tty" ] || wl_fail "no serial port besides the console"
[ "$tty" != ttyS0 ] || wl_fail "the port under test is the console"
echo "workload: serial port $tty, $(cat "/sys/class/tty/$tty/port") irq $(cat "/sys/class/tty/$tty/irq")"
# 8250 requests its interrupt at open and frees it at the last close: a
# holder keeps the port open, so that boot.sh still finds the action in
# /proc/interrupts (and its irq thread) after this workload.  raw -echo:
# the line discipline must not echo the host's echo back.
# shellcheck disable=SC2217 # sleep reads nothing: it only holds the port
sleep 100000 <"/dev/$tty" >/dev/null 2>&1 &
stty -F "/dev/$tty" raw -echo || wl_fail "stty $tty"
serial-echo "/dev/$tty" "$SERIAL_BYTES" ||
	wl_fail "bytes did not round-trip through $tty"
