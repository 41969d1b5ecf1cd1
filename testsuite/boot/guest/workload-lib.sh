# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Shared by the device workloads of testsuite/boot/guest (busybox sh,
# sourced as /tests/workload-lib.sh).  A workload prints
# "workload: FAIL: why" and exits 1 on the first failed step.

wl_fail() {
	echo "workload: FAIL: $*"
	exit 1
}

# wl_wait SECONDS COMMAND...: retry COMMAND every half second.
wl_wait() {
	wl_left=$(($1 * 2))
	shift
	while ! "$@" 2>/dev/null; do
		wl_left=$((wl_left - 1))
		[ "$wl_left" -gt 0 ] || return 1
		usleep 500000
	done
}

# wl_disks: the whole disks there are (SCSI, ATA, USB storage, MMC), one
# /dev path a line; the initramfs has no other block devices.
wl_disks() {
	for wl_b in /sys/block/sd* /sys/block/mmcblk*; do
		case "${wl_b##*/}" in
		*boot[0-9]*|*rpmb|'sd*'|'mmcblk*') continue ;;
		esac
		[ -b "/dev/${wl_b##*/}" ] && echo "/dev/${wl_b##*/}"
	done
}

wl_have_disk() {
	[ -n "$(wl_disks)" ]
}
