# SPDX-License-Identifier: GPL-2.0
#
# sameline: the row's interrupt actions (BOOT_IRQ) all share one line, and
# the bound drivers all have an action there: the shared-line case, run
# after the workloads that request the interrupts.
. /tests/boot-lib.sh

irq_table "$BOOT_IRQ" >/tmp/sameline
lines=$(awk '{ print $1 }' /tmp/sameline | sort -u)
[ -n "$lines" ] || die "no interrupt action matches '$BOOT_IRQ'"
[ "$(echo "$lines" | wc -l)" -eq 1 ] ||
	die "the actions are on several lines: $(tr '\n' ' ' </tmp/sameline)"
[ "$(wc -l </tmp/sameline)" -ge 2 ] ||
	die "only one action on irq $lines: $(cat /tmp/sameline)"
say "irq $lines is shared by: $(awk '{ print $2 }' /tmp/sameline | tr '\n' ' ')"
for b in $(echo "$BOOT_BIND" | tr , ' '); do
	for dev in /sys/bus/pci/drivers/"$b"/0*; do
		[ -e "$dev" ] || continue
		[ "$(cat "$dev/irq")" = "$lines" ] ||
			die "${dev##*/} ($b) is on irq $(cat "$dev/irq"), not $lines"
	done
done
