# SPDX-License-Identifier: GPL-2.0
#
# nic: two network interfaces of the row's driver on one QEMU hub; both
# brought up (that requests their interrupts, left requested for the
# checks after the workload), then nic-exchange sends frames with known
# payloads from the first to the second and back and checks every one.
. /tests/boot-lib.sh

ifs=
for b in $(echo "$BOOT_BIND" | tr , ' '); do
	for dev in /sys/bus/pci/drivers/"$b"/0*/net/*; do
		[ -e "$dev" ] && ifs="$ifs ${dev##*/}"
	done
done
set -- $ifs
[ $# -eq 2 ] || die "expected two interfaces of $BOOT_BIND, found:$ifs"
carrier() {
	[ "$(cat "/sys/class/net/$1/carrier" 2>/dev/null)" = 1 ]
}
for i in "$1" "$2"; do
	ip link set "$i" up || die "ip link set $i up failed"
done
for i in "$1" "$2"; do
	wait_for 20 "carrier on $i" carrier "$i"
done
say "interfaces $1 and $2 up"
if ! nic-exchange "$1" "$2" 200; then
	grep -E "Inter|face|$1:|$2:" /proc/net/dev
	die "nic-exchange $1 $2 failed"
fi
