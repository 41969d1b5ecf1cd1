#!/bin/bash
# timeout: 120
# The matrix's expect field: every row has one, in the documented form,
# naming reason codes irqconv has; and run.sh fails a row whose irqconv
# outcome differs from it (a driver that stops converting, one refused
# with another code, one that starts converting) before any boot, and
# skips one refused as expected.  The outcomes here are written by the
# test (BOOT_MODS); build-modules.sh writes the real ones.
# shellcheck source=testsuite/lib/test-lib.sh
. "$TESTLIB"
# shellcheck source=testsuite/boot/matrix.sh
. "$TOP/testsuite/boot/matrix.sh"

codes=$("$IRQCONV" scan --list-reasons | awk '{ print $1 }')
[ -n "$codes" ] || fail "irqconv scan --list-reasons printed nothing"
n=0
for r in $(matrix_rows); do
	matrix_row "$r"
	n=$((n + 1))
	case "$ROW_EXPECT" in
	converts | converts:no-gain) ;;
	refused:?*)
		for c in $(tr , ' ' <<<"${ROW_EXPECT#refused:}"); do
			grep -qx -- "$c" <<<"$codes" ||
				fail "row $r: expect names '$c', which is no reason code of irqconv scan --list-reasons"
		done
		;;
	*) fail "row $r: expect '$ROW_EXPECT' is not converts, converts:no-gain or refused:CODE" ;;
	esac
	case "${ROW_QEMU[0]:-}" in
	'' | -*) ;;
	*) fail "row $r: '${ROW_QEMU[0]}' after expect is no QEMU option (a field missing?)" ;;
	esac
done
[ "$n" -ge 20 ] || fail "only $n rows in the matrix"

export BOOT_OUT=$TEST_TMP/out BOOT_MODS=$TEST_TMP/mod
# outcome ROW STATUS OUTCOME: what build-modules.sh would have written.
outcome() {
	mkdir -p "$BOOT_MODS/$1"
	echo "$2" >"$BOOT_MODS/$1/status"
	echo "$3" >"$BOOT_MODS/$1/outcome"
}

# run ROW VARIANT: run.sh's exit status, then its result line.
run() {
	local st=0
	"$TOP/testsuite/boot/run.sh" "$1" "$2" >/dev/null 2>&1 </dev/null || st=$?
	echo "$st $(cat "$BOOT_OUT/$1/$2.result" 2>/dev/null)"
}

outcome edu "refused edu_irq_handler: no quick check" refused:no-quick-check
expect_eq "edu stops converting: every variant fails" \
	"1 fail expect converts, but irqconv gives refused:no-quick-check (edu_irq_handler: no quick check): check the driver, then fix irqconv or the row's expect" \
	"$(run edu original)"
expect_match "edu stops converting, converted variant" \
	"^1 fail expect converts, but irqconv gives refused:no-quick-check" "$(run edu converted)"

outcome e1000 converted converts
expect_match "e1000 converts by default now: the row says no-gain" \
	"^1 fail expect converts:no-gain, but irqconv gives converts:" "$(run e1000 converted)"

outcome snd-ens1370 "refused snd_audiopci_interrupt: no write" refused:lock-before-check
expect_match "snd-ens1370 refused with another code" \
	"^1 fail expect refused:silencing-unproved, but irqconv gives refused:lock-before-check " \
	"$(run snd-ens1370 converted)"

outcome snd-ens1370 converted converts
expect_match "snd-ens1370 converts now" \
	"^1 fail expect refused:silencing-unproved, but irqconv gives converts:" \
	"$(run snd-ens1370 converted)"

outcome snd-ens1370 "refused snd_audiopci_interrupt: no write" refused:silencing-unproved
expect_eq "snd-ens1370 refused as expected: a skip, no boot" \
	"0 skip irqconv refused as expected: snd_audiopci_interrupt: no write" \
	"$(run snd-ens1370 converted)"

outcome xhci-hcd "refused two handlers" refused:handler-elsewhere,lock-before-check,requested-twice
expect_match "xhci-hcd: one code more than expected" \
	"^1 fail expect refused:handler-elsewhere,lock-plain-in-callee, but " "$(run xhci-hcd converted)"
