#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Keyboard workload (i8042 + atkbd + evdev): the host side (host/keys.sh)
# waits for "key-events: ready" on the console, then sends the keys i, r,
# q through QEMU's monitor (sendkey) until "key-events: done"; they must
# reach the keyboard's /dev/input/eventN as presses, in order.
# shellcheck source=testsuite/boot/guest/workload-lib.sh
. /tests/workload-lib.sh

kbd_event() {
	for e in /sys/class/input/event*; do
		case "$(cat "$e/device/name" 2>/dev/null)" in
		"AT "*" keyboard")
			echo "${e##*/}"
			return 0
			;;
		esac
	done
	return 1
}

wl_wait 15 kbd_event >/dev/null || wl_fail "no AT keyboard event device"
ev=$(kbd_event)
[ -c "/dev/input/$ev" ] || wl_fail "/dev/input/$ev is missing"
echo "workload: keyboard /dev/input/$ev: $(cat "/sys/class/input/$ev/device/name")"
key-events "/dev/input/$ev" 60 || wl_fail "the key presses did not arrive"
