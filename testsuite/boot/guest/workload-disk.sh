#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Disk workload (ahci, ata_piix, sym53c8xx, usb-storage, sdhci/mmc): the
# row's modules have loaded the controller driver and the disk layer
# above it; the one disk QEMU gave the guest gets
# DISK_KIB KiB of a seeded pattern written and read back with O_DIRECT.
# O_DIRECT keeps the page cache out of it: what is read back came from
# the device model.  The rows give QEMU a null-co drive under a temporary
# snapshot overlay: a fresh, writable disk without an image file to make.
# shellcheck source=testsuite/boot/guest/workload-lib.sh
. /tests/workload-lib.sh

DISK_KIB=4096
DISK_SEED=0x1e9c0a7

# Disk probing is asynchronous (SCSI scan, USB enumeration, card init).
wl_wait 30 wl_have_disk || wl_fail "no disk appeared within 30 s"
disks=$(wl_disks)
[ "$(echo "$disks" | wc -l)" -eq 1 ] || wl_fail "more than one disk: $disks"
sysfs=$(readlink -f "/sys/block/${disks#/dev/}")
echo "workload: disk $disks, $(cat "/sys/block/${disks#/dev/}/size") sectors, $sysfs"
disk-pattern check "$disks" "$DISK_KIB" "$DISK_SEED" ||
	wl_fail "the pattern did not read back from $disks"
