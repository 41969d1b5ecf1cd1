#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host side of workload-keys: once the guest reads its keyboard's evdev
# node ("key-events: ready"), press i, r, q through the QEMU monitor, once
# a second, until the guest says "key-events: done".  Keys pressed earlier
# would be lost while atkbd probes the keyboard, or confuse the probe.
set -euo pipefail
# shellcheck source=testsuite/boot/host/host-lib.sh
. "$(dirname "$0")/host-lib.sh"

chat=$(host_tool unix-chat)
host_wait_log 300 "key-events: ready" || exit 0
for _ in $(seq 60); do
	grep -qF "key-events: done" "$BOOT_LOG" && exit 0
	printf 'sendkey i\nsendkey r\nsendkey q\n' |
		"$chat" send "$BOOT_MONITOR" 5 >/dev/null || exit 0
	sleep 1
done
